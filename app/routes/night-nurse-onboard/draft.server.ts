// The application a visitor has filled in before having an account (decision 0005): steps 1-3's
// answers in a signed, httpOnly cookie, so the steps work with and without JavaScript. Files are
// never kept here; they travel with the account form on step 4.
import { createCookie } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { OnboardingDraftSchema, type OnboardingDraft } from '~/schemas/onboarding'

const DRAFT_MAX_AGE_S = 7 * 24 * 60 * 60
// Browsers drop cookies over about 4 KB; refuse before that rather than lose answers silently.
const COOKIE_MAX_BYTES = 4000

let draftCookie: ReturnType<typeof createCookie> | undefined

function getDraftCookie() {
  if (!draftCookie) {
    const config = getConfig()
    draftCookie = createCookie('__nurse_application', {
      httpOnly: true,
      sameSite: 'lax',
      // '/' and not the page path: Remix's data requests go to /night-nurse-onboard.data.
      path: '/',
      secure: config.APP_ORIGIN.startsWith('https://'),
      secrets: [config.SESSION_SECRET],
      maxAge: DRAFT_MAX_AGE_S,
    })
  }
  return draftCookie
}

export async function readDraft(request: Request): Promise<OnboardingDraft | null> {
  const value = await getDraftCookie().parse(request.headers.get('Cookie'))
  if (!value) return null
  const parsed = OnboardingDraftSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** The Set-Cookie header keeping this draft, or null when it would be too large for a cookie. */
export async function draftHeader(draft: OnboardingDraft): Promise<string | null> {
  const header = await getDraftCookie().serialize(draft)
  return header.length > COOKIE_MAX_BYTES ? null : header
}

export function clearDraftHeader(): Promise<string> {
  return getDraftCookie().serialize('', { maxAge: 0 })
}
