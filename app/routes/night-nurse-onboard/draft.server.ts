// The application a visitor has filled in before having an account (decision 0005): steps 1-3's
// answers in a signed, httpOnly cookie, so the steps work with and without JavaScript. Files are
// never kept here; they travel with the account form on step 4.
import { OnboardingDraftSchema, type OnboardingDraft } from '~/schemas/onboarding'
import { signedCookie } from '~/utils/cookies.server'

const DRAFT_MAX_AGE_S = 7 * 24 * 60 * 60
// Browsers drop cookies over about 4 KB; refuse before that rather than lose answers silently.
const COOKIE_MAX_BYTES = 4000

const getDraftCookie = signedCookie('__nurse_application', DRAFT_MAX_AGE_S)

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
