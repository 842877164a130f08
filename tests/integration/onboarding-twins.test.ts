// Twins and triplets in the nurse application (issue 36): the rates step and
// /_api/nurses/onboarding take whether she takes twins or triplets and her extra per additional
// baby, as the dashboard's profile does, and the form shows what was saved.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nurseProfiles, users } from '../../app/db/schema'
import * as api from '../../app/api/nurses.onboarding'
import * as page from '../../app/routes/night-nurse-onboard/route'
import { createUser } from '../support/factories'
import { call, cookieFor, cookieFromResponse, makeRequest, ORIGIN } from '../support/fixtures'
import { pdfBytes } from '../support/upload-fixtures'

async function profileOf(userId: number) {
  const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.userId, userId))
  return row
}

function postPage(fields: Record<string, string | File>, cookie?: string) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const headers = new Headers({ Origin: ORIGIN })
  if (cookie) headers.set('Cookie', cookie)
  return call(page.action, new Request(new URL('/night-nurse-onboard', ORIGIN), { method: 'POST', headers, body: form }))
}

const idDocument = async () => new File([new Uint8Array(await pdfBytes())], 'id.pdf', { type: 'application/pdf' })

describe('twins and triplets in the nurse application', () => {
  test('a signed-in nurse says on the rates step that she takes twins and triplets at $45 more a baby, and step 3 shows it again', async () => {
    const nurse = await createUser({ role: 'nurse', displayName: 'Tess Moreau' })
    const cookie = await cookieFor(nurse.id)
    const response = await postPage(
      {
        intent: 'step3',
        baseLocation: 'Denver, CO',
        serviceRadiusMiles: '20',
        nightlyRate: '300',
        maxBabies: '3',
        extraBaby: '45.50',
        idDocument: await idDocument(),
      },
      cookie,
    )
    expect(response.headers.get('Location')).toBe('/night-nurse-onboard?step=4#step4')
    expect(await profileOf(nurse.id)).toMatchObject({ nightlyRateCents: 30000, maxBabies: 3, extraBabyCents: 4550 })

    const view = await (await call(page.loader, makeRequest('/night-nurse-onboard?step=3', { cookie }))).json()
    expect(view.values).toMatchObject({ maxBabies: 3, extraBabyCents: 4550 })
  })

  test('the rates step refuses a fourth baby and a negative extra with the profile form\'s messages', async () => {
    const nurse = await createUser({ role: 'nurse', displayName: 'Tess Moreau' })
    const response = await postPage(
      { intent: 'step3', baseLocation: 'Denver, CO', serviceRadiusMiles: '20', nightlyRate: '300', maxBabies: '4', extraBaby: '-5' },
      await cookieFor(nurse.id),
    )
    expect(response.status).toBe(400)
    const text = JSON.stringify(await response.json())
    expect(text).toContain('Choose single babies only, twins, or twins and triplets.')
    expect(text).toContain('The extra per additional baby must be an amount from $0 to $10,000, such as 40 or 42.50.')
    expect((await profileOf(nurse.id))?.maxBabies ?? 1).toBe(1)
  })

  test('a visitor\'s twins answer waits in her draft and is saved with her account', async () => {
    let response = await postPage({ intent: 'step1', fullName: 'Ines Alvarez', phoneNumber: '206-555-0142', yearsExperience: '3' })
    let draft = cookieFromResponse(response)
    response = await postPage(
      { intent: 'step3', baseLocation: 'Seattle, WA', serviceRadiusMiles: '15', nightlyRate: '310', maxBabies: '2', extraBaby: '60' },
      draft,
    )
    expect(response.headers.get('Location')).toBe('/night-nurse-onboard?step=4#step4')
    draft = cookieFromResponse(response)
    const email = `ines-${Date.now()}@example.com`
    response = await postPage(
      { intent: 'register', displayName: 'Ines Alvarez', email, password: 'night-shift-1', idDocument: await idDocument() },
      draft,
    )
    expect(response.headers.get('Location')).toBe('/nurse/dashboard')
    const [account] = await getDb().select().from(users).where(eq(users.email, email))
    expect(await profileOf(account.id)).toMatchObject({ verificationStatus: 'pending', maxBabies: 2, extraBabyCents: 6000 })
  })

  test('POST /_api/nurses/onboarding saves maxBabies and extraBabyCents, refuses bad ones, and GET answers them', async () => {
    const nurse = await createUser({ role: 'nurse', displayName: 'Tess Moreau' })
    const cookie = await cookieFor(nurse.id)
    const post = (profileData: Record<string, unknown>) =>
      call(api.action, makeRequest('/_api/nurses/onboarding', { cookie, body: { type: 'flexible', step: 'step3', profileData } }))

    let response = await post({ baseLocation: 'Austin, TX', nightlyRateCents: 32000, maxBabies: 2, extraBabyCents: 5000 })
    expect(response.status).toBe(200)
    expect((await response.json()).profile).toMatchObject({ maxBabies: 2, extraBabyCents: 5000 })
    expect(await profileOf(nurse.id)).toMatchObject({ maxBabies: 2, extraBabyCents: 5000 })

    response = await post({ maxBabies: 4 })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Choose single babies only, twins, or twins and triplets.')
    response = await post({ extraBabyCents: 12.5 })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('The extra per additional baby must be an amount from $0 to $10,000, such as 40 or 42.50.')

    const read = await (await call(api.loader, makeRequest('/_api/nurses/onboarding', { cookie }))).json()
    expect(read.profile).toMatchObject({ maxBabies: 2, extraBabyCents: 5000 })
  })
})
