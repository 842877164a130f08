// The nurse application: the /_api calls and
// the /night-nurse-onboard page's forms, against a real database.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { files, nurseProfiles, users } from '../../app/db/schema'
import * as api from '../../app/api/nurses.onboarding'
import * as page from '../../app/routes/night-nurse-onboard/route'
import { createUser } from '../support/factories'
import { call, cookieFor, cookieFromResponse, makeRequest, ORIGIN } from '../support/fixtures'
import { pdfBytes, pngBytes } from '../support/upload-fixtures'

function dataUrl(type: string, bytes: Uint8Array) {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`
}

async function post(cookie: string, body: unknown) {
  return call(api.action, makeRequest('/_api/nurses/onboarding', { cookie, body }))
}

async function profileOf(userId: number) {
  const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.userId, userId))
  return row
}

async function filesOf(userId: number) {
  return getDb().select({ id: files.id, kind: files.kind }).from(files).where(eq(files.ownerId, userId))
}

const step = (n: number, extra: Record<string, unknown>) => ({
  type: 'flexible',
  step: `step${n}`,
  submitForReview: false,
  ...extra,
})

describe('GET and POST /_api/nurses/onboarding', () => {
  test('an outside address or another nurse\'s file as the photo is never stored (issue 10)', async () => {
    const nurse = await createUser({ role: 'nurse', displayName: 'Maria Lopez' })
    const other = await createUser({ role: 'nurse' })
    const [otherPhoto] = await getDb()
      .insert(files)
      .values({ ownerId: other.id, kind: 'photo', mediaType: 'image/jpeg', sizeBytes: 1, sha256: 'x', bytes: Buffer.from([1]) })
      .returning({ id: files.id })
    const cookie = await cookieFor(nurse.id)
    for (const photoUrl of ['https://evil.example/pixel.gif', `/files/${otherPhoto.id}`]) {
      const response = await post(cookie, step(1, { profileData: { yearsExperience: 7, photoUrl } }))
      expect(response.status).toBeLessThan(500)
      const stored = await profileOf(nurse.id)
      expect(stored.photoUrl).toBeNull()
      expect(stored.photoFileId).toBeNull()
    }
  })

  test('each step saves, and step 4 submits the application for review', async () => {
    const nurse = await createUser({
      role: 'nurse',
      displayName: 'Maria Lopez',
    })
    const cookie = await cookieFor(nurse.id)

    const before = await call(api.loader, makeRequest('/_api/nurses/onboarding', { cookie }))
    expect(before.status).toBe(200)
    const start = await before.json()
    expect(start.profile.verificationStatus).toBe('none')
    expect(start.user.displayName).toBe('Maria Lopez')
    // Her headline is hers to write: never her name until she does.
    expect(start.profile.headline).toBeNull()

    let response = await post(
      cookie,
      step(1, {
        userData: { phoneNumber: '512-555-0100' },
        profileData: {
          yearsExperience: 7,
          photoUrl: dataUrl('image/png', await pngBytes()),
        },
      }),
    )
    expect(response.status).toBe(200)
    let body = await response.json()
    expect(body.message).toBe('Progress saved!')
    expect(body.profile.yearsExperience).toBe(7)
    expect(body.profile.photoUrl).toMatch(/^\/files\/\d+$/)
    expect(body.profile.slug).toMatch(/^maria-lopez-\d+$/)
    expect(body.profile.headline).toBeNull()

    response = await post(
      cookie,
      step(2, {
        profileData: {
          credentials: ['RN', 'NCS'],
          specialties: ['Newborn Care'],
          bio: 'Ten years of nights.',
        },
      }),
    )
    expect((await response.json()).profile.credentials).toEqual(['RN', 'NCS'])

    response = await post(
      cookie,
      step(3, {
        profileData: {
          baseLocation: 'Austin, TX 78704',
          serviceRadiusMiles: 25,
          nightlyRateCents: 32550,
          idDocumentUrl: dataUrl('application/pdf', await pdfBytes()),
        },
      }),
    )
    body = await response.json()
    expect(body.profile.idDocumentUrl).toMatch(/^\/files\/\d+$/)
    const saved = await profileOf(nurse.id)
    expect(saved).toMatchObject({
      locationCity: 'Austin',
      locationState: 'TX',
      locationZip: '78704',
      timezone: 'America/Chicago',
      nightlyRateCents: 32550,
      verificationStatus: 'none',
    })

    response = await post(cookie, {
      ...step(4, { profileData: { headline: 'Maria Lopez, RN' } }),
      submitForReview: true,
    })
    expect(response.status).toBe(200)
    body = await response.json()
    expect(body.message).toBe('Profile submitted for verification!')
    expect(body.profile.verificationStatus).toBe('pending')
    expect(body.profile.submittedAt).not.toBeNull()
    const [account] = await getDb().select().from(users).where(eq(users.id, nurse.id))
    expect(account.phoneNumber).toBe('512-555-0100')

    const after = await (await call(api.loader, makeRequest('/_api/nurses/onboarding', { cookie }))).json()
    expect(after.profile).toMatchObject({
      verificationStatus: 'pending',
      headline: 'Maria Lopez, RN',
      bio: 'Ten years of nights.',
    })
  })

  test('step 4 without a government ID is refused with its message and changes nothing', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const cookie = await cookieFor(nurse.id)
    await post(cookie, step(1, { userData: { phoneNumber: '512-555-0100' } }))
    await post(
      cookie,
      step(3, {
        profileData: { baseLocation: 'Austin, TX', nightlyRateCents: 30000 },
      }),
    )
    const before = await profileOf(nurse.id)

    const response = await post(cookie, {
      ...step(4, {
        profileData: {
          bio: 'Changed',
          photoUrl: dataUrl('image/png', await pngBytes()),
        },
      }),
      submitForReview: true,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('A government ID is required.')
    expect(await profileOf(nurse.id)).toEqual(before)
    expect(await filesOf(nurse.id)).toHaveLength(0)
  })

  test('a nurse cannot approve herself', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const cookie = await cookieFor(nurse.id)
    const response = await post(
      cookie,
      step(1, {
        userData: { phoneNumber: '512-555-0100' },
        profileData: { yearsExperience: 3, verificationStatus: 'approved' },
        verificationStatus: 'approved',
      }),
    )
    expect(response.status).toBe(200)
    expect((await profileOf(nurse.id)).verificationStatus).toBe('none')
  })

  test('a rejected nurse may apply again: pending, and the old reason is cleared', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const cookie = await cookieFor(nurse.id)
    await post(
      cookie,
      step(3, {
        userData: { phoneNumber: '512-555-0100' },
        profileData: {
          baseLocation: 'Denver, CO',
          nightlyRateCents: 28000,
          idDocumentUrl: dataUrl('application/pdf', await pdfBytes()),
        },
      }),
    )
    await getDb()
      .update(nurseProfiles)
      .set({
        verificationStatus: 'rejected',
        rejectionReason: 'The ID is unreadable',
      })
      .where(eq(nurseProfiles.userId, nurse.id))
    const response = await post(cookie, {
      ...step(4, {}),
      submitForReview: true,
    })
    expect(response.status).toBe(200)
    expect(await profileOf(nurse.id)).toMatchObject({
      verificationStatus: 'pending',
      rejectionReason: null,
    })
  })

  test('a file is judged by its content: a text file sent as image/png is refused', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const cookie = await cookieFor(nurse.id)
    const response = await post(
      cookie,
      step(1, {
        userData: { phoneNumber: '512-555-0100' },
        profileData: {
          photoUrl: dataUrl('image/png', new TextEncoder().encode('not a picture')),
        },
      }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Invalid file type. Accepted: .jpg, .jpeg, .png')
    expect(await profileOf(nurse.id)).toBeUndefined()
    expect(await filesOf(nurse.id)).toHaveLength(0)
  })

  test('a replaced document is removed, and null takes a file away', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const cookie = await cookieFor(nurse.id)
    await post(
      cookie,
      step(2, {
        profileData: {
          certificationDocumentUrl: dataUrl('application/pdf', await pdfBytes('one')),
        },
      }),
    )
    await post(
      cookie,
      step(2, {
        profileData: {
          certificationDocumentUrl: dataUrl('application/pdf', await pdfBytes('two')),
        },
      }),
    )
    expect(await filesOf(nurse.id)).toHaveLength(1)
    await post(cookie, step(2, { profileData: { certificationDocumentUrl: null } }))
    expect(await filesOf(nurse.id)).toHaveLength(0)
    expect((await profileOf(nurse.id)).certificationFileId).toBeNull()
  })

  test('bad input answers 400 with the first message', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const cookie = await cookieFor(nurse.id)
    const response = await post(cookie, step(2, { profileData: { bio: 'x'.repeat(2001) } }))
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Bio must be at most 2000 characters')
    expect(await profileOf(nurse.id)).toBeUndefined()
  })

  test('a parent gets 403 and a visitor 401', async () => {
    const parent = await createUser({ role: 'parent' })
    const cookie = await cookieFor(parent.id)
    const read = await call(api.loader, makeRequest('/_api/nurses/onboarding', { cookie }))
    expect(read.status).toBe(403)
    expect((await read.json()).error).toBe('Access denied. Your role (parent) lacks required permissions.')
    expect((await post(cookie, step(1, {}))).status).toBe(403)
    expect((await call(api.loader, makeRequest('/_api/nurses/onboarding'))).status).toBe(401)
  })
})

// --- The page: real forms that work without JavaScript ------------------------------------------

function multipart(fields: Record<string, string | string[] | File>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const v of value) form.append(name, v)
    else form.append(name, value)
  }
  return form
}

function postPage(form: FormData, cookie?: string, search = '') {
  const headers = new Headers({ Origin: ORIGIN })
  if (cookie) headers.set('Cookie', cookie)
  return call(
    page.action,
    new Request(new URL(`/night-nurse-onboard${search}`, ORIGIN), {
      method: 'POST',
      headers,
      body: form,
    }),
  )
}

const asFile = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type })

describe('the /night-nurse-onboard page', () => {
  test('a signed-in nurse saves each step and is sent on to the next, then to the dashboard', async () => {
    const nurse = await createUser({
      role: 'nurse',
      displayName: 'Dana Reyes',
    })
    const cookie = await cookieFor(nurse.id)

    let response = await postPage(
      multipart({
        intent: 'step1',
        fullName: 'Dana Reyes',
        phoneNumber: '303-555-0111',
        yearsExperience: '3',
        photo: asFile(await pngBytes(), 'me.png', 'image/png'),
      }),
      cookie,
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/night-nurse-onboard?step=2#step2')
    expect((await profileOf(nurse.id)).photoFileId).not.toBeNull()

    response = await postPage(
      multipart({
        intent: 'step2',
        credentials: ['RN'],
        specialties: ['Sleep Training', 'Newborn Care'],
        bio: '',
      }),
      cookie,
    )
    expect(response.headers.get('Location')).toBe('/night-nurse-onboard?step=3#step3')
    expect((await profileOf(nurse.id)).specialties).toEqual(['Sleep Training', 'Newborn Care'])

    // Step 3 needs the government ID.
    response = await postPage(
      multipart({
        intent: 'step3',
        baseLocation: 'Denver, CO',
        serviceRadiusMiles: '20',
        nightlyRate: '280',
      }),
      cookie,
    )
    expect(response.status).toBe(400)
    expect(JSON.stringify(await response.json())).toContain('A government ID is required.')
    expect((await profileOf(nurse.id)).baseLocation).toBe('')

    response = await postPage(
      multipart({
        intent: 'step3',
        baseLocation: 'Denver, CO',
        serviceRadiusMiles: '20',
        nightlyRate: '280.50',
        idDocument: asFile(await pdfBytes(), 'id.pdf', 'application/pdf'),
      }),
      cookie,
    )
    expect(response.headers.get('Location')).toBe('/night-nurse-onboard?step=4#step4')
    expect((await profileOf(nurse.id)).nightlyRateCents).toBe(28050)

    response = await postPage(multipart({ intent: 'submit' }), cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/nurse/dashboard')
    expect((await profileOf(nurse.id)).verificationStatus).toBe('pending')
  })

  test('step 1 answers its messages for missing answers', async () => {
    const response = await postPage(
      multipart({
        intent: 'step1',
        fullName: '',
        phoneNumber: '',
        yearsExperience: '',
      }),
    )
    expect(response.status).toBe(400)
    const text = JSON.stringify(await response.json())
    expect(text).toContain('Full name is required')
    expect(text).toContain('Phone number is required')
    expect(text).toContain('Please select your years of experience.')
  })

  test('step 1 refuses a phone number without ten digits', async () => {
    for (const phoneNumber of ['()()()()()', '555-0101', 'call me maybe']) {
      const response = await postPage(multipart({ intent: 'step1', fullName: 'Ana Silva', phoneNumber, yearsExperience: '12' }))
      expect(response.status, phoneNumber).toBe(400)
      expect(JSON.stringify(await response.json())).toContain('A valid phone number is required')
    }
  })

  test('a visitor keeps steps 1-3 in a draft, then creates a nurse account that is submitted for review', async () => {
    let response = await postPage(
      multipart({
        intent: 'step1',
        fullName: 'Ana Silva',
        phoneNumber: '206-555-0199',
        yearsExperience: '12',
      }),
    )
    expect(response.headers.get('Location')).toBe('/night-nurse-onboard?step=2#step2')
    let draft = cookieFromResponse(response)
    expect(response.headers.get('Set-Cookie')).toContain('HttpOnly')

    response = await postPage(
      multipart({
        intent: 'step2',
        credentials: ['CNA', 'Doula'],
        bio: 'Calm nights.',
      }),
      draft,
    )
    draft = cookieFromResponse(response)
    response = await postPage(
      multipart({
        intent: 'step3',
        baseLocation: 'Seattle, WA',
        serviceRadiusMiles: '15',
        nightlyRate: '310',
      }),
      draft,
    )
    expect(response.headers.get('Location')).toBe('/night-nurse-onboard?step=4#step4')
    draft = cookieFromResponse(response)

    const view = await call(page.loader, makeRequest('/night-nurse-onboard?step=4', { cookie: draft }))
    const viewBody = await view.json()
    expect(viewBody.draft).toMatchObject({
      fullName: 'Ana Silva',
      nightlyRateCents: 31000,
      credentials: ['CNA', 'Doula'],
    })

    // The account form needs the government ID; without it no account is made.
    const email = `ana-${Date.now()}@example.com`
    response = await postPage(
      multipart({
        intent: 'register',
        displayName: 'Ana Silva',
        email,
        password: 'night-shift-1',
      }),
      draft,
    )
    expect(response.status).toBe(400)
    expect(JSON.stringify(await response.json())).toContain('A government ID is required.')
    expect(await getDb().select().from(users).where(eq(users.email, email))).toHaveLength(0)

    response = await postPage(
      multipart({
        intent: 'register',
        displayName: 'Ana Silva',
        email,
        password: 'night-shift-1',
        photo: asFile(await pngBytes(), 'ana.png', 'image/png'),
        idDocument: asFile(await pdfBytes(), 'license.pdf', 'application/pdf'),
      }),
      draft,
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/nurse/dashboard')
    const setCookies = response.headers.getSetCookie().join('\n')
    expect(setCookies).toContain('__session=')
    const [account] = await getDb().select().from(users).where(eq(users.email, email))
    expect(account).toMatchObject({
      role: 'nurse',
      displayName: 'Ana Silva',
      phoneNumber: '206-555-0199',
    })
    expect(await profileOf(account.id)).toMatchObject({
      verificationStatus: 'pending',
      headline: null,
      yearsExperience: 12,
      credentials: ['CNA', 'Doula'],
      bio: 'Calm nights.',
      baseLocation: 'Seattle, WA',
      nightlyRateCents: 31000,
      timezone: 'America/Los_Angeles',
    })
    expect((await filesOf(account.id)).map((f) => f.kind).sort()).toEqual(['id_document', 'photo'])
  })

  test('a nurse who signs in with a draft keeps its answers, and may add her ID on step 4', async () => {
    let response = await postPage(
      multipart({
        intent: 'step1',
        fullName: 'Gwen Google',
        phoneNumber: '615-555-0101',
        yearsExperience: '3',
      }),
    )
    let draft = cookieFromResponse(response)
    response = await postPage(
      multipart({
        intent: 'step3',
        baseLocation: 'Nashville, TN',
        serviceRadiusMiles: '30',
        nightlyRate: '275',
      }),
      draft,
    )
    draft = cookieFromResponse(response)

    // As after 'Continue with Google': a new nurse account, the draft cookie still there.
    const nurse = await createUser({ role: 'nurse', displayName: 'Gwen G.' })
    const cookies = `${await cookieFor(nurse.id)}; ${draft}`
    const view = await (await call(page.loader, makeRequest('/night-nurse-onboard?step=2', { cookie: cookies }))).json()
    expect(view.values).toMatchObject({
      phoneNumber: '615-555-0101',
      baseLocation: 'Nashville, TN',
      nightlyRateCents: 27500,
    })

    response = await postPage(multipart({ intent: 'step2', credentials: ['LPN'], bio: 'Nights only.' }), cookies)
    expect(response.headers.get('Location')).toBe('/night-nurse-onboard?step=3#step3')
    expect(response.headers.get('Set-Cookie')).toMatch(/__nurse_application=;.*Max-Age=0/)
    expect(await profileOf(nurse.id)).toMatchObject({
      headline: null,
      credentials: ['LPN'],
      bio: 'Nights only.',
      baseLocation: 'Nashville, TN',
      nightlyRateCents: 27500,
      verificationStatus: 'none',
    })

    const session = await cookieFor(nurse.id)
    response = await postPage(multipart({ intent: 'submit' }), session)
    expect(response.status).toBe(400)
    expect((await response.json()).submitError).toBe('A government ID is required.')
    response = await postPage(
      multipart({
        intent: 'submit',
        idDocument: asFile(await pdfBytes(), 'id.pdf', 'application/pdf'),
      }),
      session,
    )
    expect(response.headers.get('Location')).toBe('/nurse/dashboard')
    expect((await profileOf(nurse.id)).verificationStatus).toBe('pending')
  })

  test('a parent who opens the page is told they cannot apply with this account', async () => {
    const parent = await createUser({ role: 'parent' })
    const response = await call(
      page.loader,
      makeRequest('/night-nurse-onboard', {
        cookie: await cookieFor(parent.id),
      }),
    )
    expect(response.status).toBe(200)
    expect((await response.json()).mode).toBe('other-role')
    const refused = await postPage(
      multipart({
        intent: 'step1',
        fullName: 'X',
        phoneNumber: '1',
        yearsExperience: '0',
      }),
      await cookieFor(parent.id),
    )
    expect(refused.status).toBe(403)
  })
})
