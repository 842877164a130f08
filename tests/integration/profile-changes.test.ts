// Edits after approval (docs/decisions/0063): an approved nurse's new name, photo, documents and
// credentials wait in her one pending change while families keep seeing the approved ones, and the
// rest of her edit goes live at once; an admin approves (once) or refuses with a reason she reads
// once; only an admin decides; a nurse not yet approved edits as before.
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nurseProfileChanges, nurseProfiles, outboxEmails, users } from '../../app/db/schema'
import { clearPublicNurseCache } from '../../app/domain/nurses/nurses.server'
import * as dashboard from '../../app/routes/nurse.dashboard/route'
import * as profileApi from '../../app/api/nurses.profile'
import * as onboardingApi from '../../app/api/nurses.onboarding'
import * as publicProfileApi from '../../app/api/nurses.public-profile'
import * as searchApi from '../../app/api/nurses.search'
import * as filesRoute from '../../app/routes/files.$fileId'
import * as queuePage from '../../app/routes/admin.profile-changes._index'
import * as reviewPage from '../../app/routes/admin.profile-changes.$changeId'
import { createNurse, createUser, type TestNurse } from '../support/factories'
import { call, cookieFor, makeRequest, ORIGIN } from '../support/fixtures'
import { pdfBytes, pngBytes } from '../support/upload-fixtures'

const db = () => getDb()

beforeEach(() => {
  clearPublicNurseCache()
})

/** The Profile tab's form as a browser posts it without JavaScript: multipart, with its file field. */
async function saveProfileForm(nurse: TestNurse, changes: { displayName?: string; bio?: string; photo?: boolean; credentials?: string[] }) {
  const form = new FormData()
  const fields: Array<[string, string]> = [
    ['intent', 'profile'],
    ['displayName', changes.displayName ?? nurse.name],
    ['headline', 'Calm nights, rested parents'],
    ['bio', changes.bio ?? 'I care for newborns overnight.'],
    ['baseLocation', nurse.baseLocation],
    ['serviceRadiusMiles', '20'],
    ['nightlyRate', '300'],
    ['minHours', '8'],
    ['maxHours', '12'],
    ['yearsExperience', '5'],
    ['languages', 'English'],
  ]
  for (const [name, value] of fields) form.append(name, value)
  for (const credential of changes.credentials ?? ['RN']) form.append('credentials', credential)
  form.append(
    'photo',
    changes.photo ? new File([await pngBytes(80, 80)], 'me.png', { type: 'image/png' }) : new File([], '', { type: 'application/octet-stream' }),
  )
  const request = new Request(new URL('/nurse/dashboard?tab=profile', ORIGIN), {
    method: 'POST',
    headers: { Cookie: await cookieFor(nurse.userId) },
    body: form,
  })
  return call(dashboard.action, request)
}

async function publicProfile(nurse: TestNurse) {
  clearPublicNurseCache()
  const response = await call(publicProfileApi.loader, makeRequest(`/_api/nurses/public-profile?slug=${nurse.slug}`))
  expect(response.status).toBe(200)
  return (await response.json()).profile as { displayName: string; photoUrl: string | null; bio: string | null; credentials: string[] }
}

async function searchCard(nurse: TestNurse) {
  const response = await call(searchApi.loader, makeRequest('/_api/nurses/search?location=Boston&limit=100'))
  const { nurses } = (await response.json()) as { nurses: Array<{ id: number; displayName: string; photoUrl: string | null }> }
  return nurses.find((card) => card.id === nurse.id)
}

async function pendingOf(nurse: TestNurse) {
  const rows = await db()
    .select()
    .from(nurseProfileChanges)
    .where(and(eq(nurseProfileChanges.nurseProfileId, nurse.id), eq(nurseProfileChanges.status, 'pending')))
  expect(rows.length).toBeLessThanOrEqual(1)
  return rows[0]
}

async function dashboardData(nurse: TestNurse) {
  const response = await call(dashboard.loader, makeRequest('/nurse/dashboard?tab=profile', { cookie: await cookieFor(nurse.userId) }))
  expect(response.status).toBe(200)
  return response.json()
}

function decide(changeId: number, cookie: string, form: Record<string, string>) {
  return call(
    reviewPage.action,
    makeRequest(`/admin/profile-changes/${changeId}`, { cookie, form: { changeId: String(changeId), ...form } }),
    { changeId: String(changeId) },
  )
}

async function mailsTo(email: string) {
  return db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, email))
}

/** An approved nurse who has asked for a new name and photo and a new bio. */
async function nurseWithPendingChange(name: string) {
  const nurse = await createNurse({ name, email: `${name.split(' ')[0].toLowerCase()}@example.com` })
  const saved = await saveProfileForm(nurse, { displayName: `${name} Bright`, bio: 'Now also twins.', photo: true })
  expect(saved.status).toBe(302)
  const change = await pendingOf(nurse)
  expect(change).toBeDefined()
  return { nurse, change }
}

describe('an approved nurse edits her profile', () => {
  test('edits after approval wait for review: the bio is live at once, the new name and photo are not public', async () => {
    const nurse = await createNurse({ name: 'Nora Nightingale' })
    const response = await saveProfileForm(nurse, { displayName: 'Nora Bright', bio: 'Twelve years of newborn nights.', photo: true })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/nurse/dashboard?tab=profile')

    // Families: the new bio, the approved name and photo, on her profile and her search card.
    const shown = await publicProfile(nurse)
    expect(shown).toMatchObject({ displayName: 'Nora Nightingale', photoUrl: '/images/nurses/nurse-01.svg', bio: 'Twelve years of newborn nights.' })
    expect(await searchCard(nurse)).toMatchObject({ displayName: 'Nora Nightingale', photoUrl: '/images/nurses/nurse-01.svg' })
    const [account] = await db().select({ displayName: users.displayName }).from(users).where(eq(users.id, nurse.userId))
    expect(account.displayName).toBe('Nora Nightingale')

    // One pending change holds the name and photo; nothing else waits.
    const change = await pendingOf(nurse)
    expect(change).toMatchObject({ displayName: 'Nora Bright', certificationFileId: null, idDocumentFileId: null, credentials: null })
    expect(change.photoFileId).not.toBeNull()
    // The new photo is not public before approval; she sees it herself.
    expect((await call(filesRoute.loader, makeRequest(`/files/${change.photoFileId}`), { fileId: String(change.photoFileId) })).status).toBe(404)
    const own = await call(filesRoute.loader, makeRequest(`/files/${change.photoFileId}`, { cookie: await cookieFor(nurse.userId) }), {
      fileId: String(change.photoFileId),
    })
    expect(own.status).toBe(200)

    // Her dashboard says what waits, since when, and fills the form with what she entered.
    const page = await dashboardData(nurse)
    expect(page.pendingChange).toMatchObject({ fields: ['displayName', 'photoFileId'], displayName: 'Nora Bright', photoUrl: `/files/${change.photoFileId}` })
    expect(page.pendingChange.submittedAt).toBe(change.submittedAt.toISOString())

    // The /_api call answers the approved profile and what waits.
    const api = await call(profileApi.loader, makeRequest('/_api/nurses/profile', { cookie: await cookieFor(nurse.userId) }))
    const body = await api.json()
    expect(body.profile.photoUrl).toBe('/images/nurses/nurse-01.svg')
    expect(body.pendingChange).toMatchObject({ fields: ['displayName', 'photoFileId'], displayName: 'Nora Bright' })
  })

  test('a second edit merges into the one pending change; a name edited back no longer waits; nothing left, no change', async () => {
    const { nurse, change } = await nurseWithPendingChange('Ada Lane')
    const cookie = await cookieFor(nurse.userId)
    const post = (body: Record<string, unknown>) => call(profileApi.action, makeRequest('/_api/nurses/profile', { cookie, body }))

    const credentials = await post({ baseLocation: nurse.baseLocation, credentials: ['RN', 'NCS'], headline: 'Twins welcome' })
    expect(credentials.status).toBe(200)
    const merged = await credentials.json()
    expect(merged.profile).toMatchObject({ headline: 'Twins welcome', credentials: ['RN'] })
    expect(merged.pendingChange.fields).toEqual(['displayName', 'photoFileId', 'credentials'])
    expect((await pendingOf(nurse)).id).toBe(change.id)

    const back = await (await post({ baseLocation: nurse.baseLocation, displayName: 'Ada Lane', credentials: ['RN'] })).json()
    expect(back.pendingChange.fields).toEqual(['photoFileId'])
    // Removing the photo is no change to review: it goes at once, and the new photo no longer waits.
    const removed = await (await post({ baseLocation: nurse.baseLocation, photoUrl: null })).json()
    expect(removed).toMatchObject({ profile: { photoUrl: null }, pendingChange: null })
    expect(await pendingOf(nurse)).toBeUndefined()
  })

  test('a new document and credentials through the application wait too; the approved document stays', async () => {
    const nurse = await createNurse({ name: 'Iris Doc' })
    const [before] = await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    const dataUrl = `data:application/pdf;base64,${Buffer.from(await pdfBytes('RN license')).toString('base64')}`
    const response = await call(
      onboardingApi.action,
      makeRequest('/_api/nurses/onboarding', {
        cookie: await cookieFor(nurse.userId),
        body: {
          type: 'flexible',
          step: 'step2',
          profileData: { credentials: ['RN', 'NCS'], bio: 'Newborn care specialist too.', certificationDocumentUrl: dataUrl },
        },
      }),
    )
    const body = await response.json()
    expect(response.status, JSON.stringify(body)).toBe(200)
    expect(body.profile).toMatchObject({ bio: 'Newborn care specialist too.', credentials: ['RN'], certificationDocumentUrl: null })
    expect(body.message).toContain('wait for an admin')
    const change = await pendingOf(nurse)
    expect(change).toMatchObject({ credentials: ['RN', 'NCS'], displayName: null })
    expect(change.certificationFileId).not.toBeNull()
    const [after] = await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    expect(after.certificationFileId).toBe(before.certificationFileId)
  })
})

describe('an admin reviews the change', () => {
  test('the queue lists it; approving puts the new name and photo on her public profile and e-mails her', async () => {
    const { nurse, change } = await nurseWithPendingChange('Bea Moss')
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)

    const queue = await (await call(queuePage.loader, makeRequest('/admin/profile-changes', { cookie }))).json()
    expect(queue.changes).toMatchObject({ page: 1, totalPages: 1, totalRows: 1 })
    expect(queue.changes.rows).toEqual([{ id: change.id, nurseName: 'Bea Moss', fields: ['displayName', 'photoFileId'], submittedAt: change.submittedAt.toISOString() }])
    const review = await (await call(reviewPage.loader, makeRequest(`/admin/profile-changes/${change.id}`, { cookie }), { changeId: String(change.id) })).json()
    expect(review.change).toMatchObject({
      status: 'pending',
      approved: { displayName: 'Bea Moss', photoUrl: '/images/nurses/nurse-01.svg' },
      proposed: { displayName: 'Bea Moss Bright', photoUrl: `/files/${change.photoFileId}` },
    })

    const approved = await decide(change.id, cookie, { intent: 'approve' })
    expect(approved.status).toBe(302)
    expect(approved.headers.get('Location')).toBe('/admin/profile-changes')
    expect(await publicProfile(nurse)).toMatchObject({ displayName: 'Bea Moss Bright', photoUrl: `/files/${change.photoFileId}`, bio: 'Now also twins.' })
    expect(await searchCard(nurse)).toMatchObject({ displayName: 'Bea Moss Bright' })
    // The approved photo is now public.
    expect((await call(filesRoute.loader, makeRequest(`/files/${change.photoFileId}`), { fileId: String(change.photoFileId) })).status).toBe(200)
    const [decided] = await db().select().from(nurseProfileChanges).where(eq(nurseProfileChanges.id, change.id))
    expect(decided).toMatchObject({ status: 'approved', decidedBy: admin.id })
    expect(decided.decidedAt).not.toBeNull()
    const mails = await mailsTo(nurse.email)
    expect(mails.map((mail) => mail.subject)).toEqual(['Your profile change is approved'])
    expect((await dashboardData(nurse)).pendingChange).toBeNull()
    expect((await (await call(queuePage.loader, makeRequest('/admin/profile-changes', { cookie }))).json()).changes.rows).toEqual([])
  })

  test('a double approve applies once', async () => {
    const { nurse, change } = await nurseWithPendingChange('Cleo Park')
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)
    const [first, second] = await Promise.all([decide(change.id, cookie, { intent: 'approve' }), decide(change.id, cookie, { intent: 'approve' })])
    expect([first.status, second.status].sort()).toEqual([302, 409])
    // Her next change waits again; the old form submitted once more changes nothing.
    await saveProfileForm(nurse, { displayName: 'Cleo Rivers' })
    const again = await decide(change.id, cookie, { intent: 'approve' })
    expect(again.status).toBe(409)
    expect(JSON.stringify(await again.json())).toContain('This change has already been decided.')
    expect((await publicProfile(nurse)).displayName).toBe('Cleo Park Bright')
    expect((await mailsTo(nurse.email)).length).toBe(1)
  })

  test('refusing needs a reason; the approved version stays and she reads the reason once', async () => {
    const { nurse, change } = await nurseWithPendingChange('Dana Reed')
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)

    const blank = await decide(change.id, cookie, { intent: 'refuse', reason: '  ' })
    expect(blank.status).toBe(400)
    expect(JSON.stringify(await blank.json())).toContain('Give the reason for refusing: she reads it.')
    const tooLong = await decide(change.id, cookie, { intent: 'refuse', reason: 'x'.repeat(501) })
    expect(tooLong.status).toBe(400)
    expect((await pendingOf(nurse))?.id).toBe(change.id)

    const refused = await decide(change.id, cookie, { intent: 'refuse', reason: 'The photo does not show your face clearly.' })
    expect(refused.status).toBe(302)
    expect(await publicProfile(nurse)).toMatchObject({ displayName: 'Dana Reed', photoUrl: '/images/nurses/nurse-01.svg', bio: 'Now also twins.' })
    const [decided] = await db().select().from(nurseProfileChanges).where(eq(nurseProfileChanges.id, change.id))
    expect(decided).toMatchObject({ status: 'rejected', decidedBy: admin.id, reason: 'The photo does not show your face clearly.' })
    const [mail] = await mailsTo(nurse.email)
    expect(mail.subject).toBe('Your profile change was not approved')
    expect(mail.textBody).toContain('The photo does not show your face clearly.')

    const first = await dashboardData(nurse)
    expect(first.refusal).toMatchObject({ reason: 'The photo does not show your face clearly.', fields: ['displayName', 'photoFileId'] })
    expect(first.pendingChange).toBeNull()
    expect((await dashboardData(nurse)).refusal).toBeNull()
    // Refused once, decided: approving it afterwards changes nothing.
    expect((await decide(change.id, cookie, { intent: 'approve' })).status).toBe(409)
    expect((await publicProfile(nurse)).displayName).toBe('Dana Reed')
  })

  test('a nurse or a parent cannot see the queue or decide (403), and nothing changes', async () => {
    const { nurse, change } = await nurseWithPendingChange('Evie Stone')
    const parent = await createUser({ role: 'parent' })
    for (const userId of [nurse.userId, parent.id]) {
      const cookie = await cookieFor(userId)
      expect((await call(queuePage.loader, makeRequest('/admin/profile-changes', { cookie }))).status).toBe(403)
      expect((await call(reviewPage.loader, makeRequest(`/admin/profile-changes/${change.id}`, { cookie }), { changeId: String(change.id) })).status).toBe(403)
      expect((await decide(change.id, cookie, { intent: 'approve' })).status).toBe(403)
    }
    expect((await pendingOf(nurse))?.id).toBe(change.id)
    expect((await publicProfile(nurse)).displayName).toBe('Evie Stone')
  })
})

describe('a nurse not yet approved', () => {
  test('her edits of name, photo and credentials apply at once, and nothing waits', async () => {
    const nurse = await createNurse({ name: 'Faye Applicant', status: 'pending' })
    const response = await saveProfileForm(nurse, { displayName: 'Faye Newname', photo: true, credentials: ['RN', 'NCS'] })
    expect(response.status).toBe(302)
    const [account] = await db().select({ displayName: users.displayName }).from(users).where(eq(users.id, nurse.userId))
    expect(account.displayName).toBe('Faye Newname')
    const [profile] = await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    expect(profile.photoFileId).not.toBeNull()
    expect(profile.credentials).toEqual(['RN', 'NCS'])
    expect(await pendingOf(nurse)).toBeUndefined()
    expect((await dashboardData(nurse)).pendingChange).toBeNull()
  })
})

describe('the admins’ queue of profile changes', () => {
  test('shows every waiting change, twenty a page, the longest waiting first; a page past the end shows the last', async () => {
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)
    const start = Date.parse('2026-11-01T12:00:00Z')
    // Twenty-one nurses, each with a new name waiting: the first sent hers first.
    const ids: number[] = []
    for (let i = 0; i < 21; i++) {
      const nurse = await createNurse({ name: `Queue Nurse ${i + 1}`, email: `queue.nurse.${i + 1}@example.com` })
      const [change] = await db()
        .insert(nurseProfileChanges)
        .values({ nurseProfileId: nurse.id, displayName: `Queue Nurse ${i + 1} Bright`, submittedAt: new Date(start + i * 60_000) })
        .returning({ id: nurseProfileChanges.id })
      ids.push(change.id)
    }
    const queueAt = async (search: string) =>
      (await (await call(queuePage.loader, makeRequest(`/admin/profile-changes${search}`, { cookie }))).json()).changes

    const first = await queueAt('')
    expect(first).toMatchObject({ page: 1, totalPages: 2, totalRows: 21 })
    expect(first.rows.map((row: { id: number }) => row.id)).toEqual(ids.slice(0, 20))
    const second = await queueAt('?page=2')
    expect(second).toMatchObject({ page: 2, totalPages: 2, totalRows: 21 })
    expect(second.rows).toEqual([{ id: ids[20], nurseName: 'Queue Nurse 21', fields: ['displayName'], submittedAt: new Date(start + 20 * 60_000).toISOString() }])
    // Typed or kept addresses: past the end, the last page; nonsense, the first.
    expect(await queueAt('?page=999999')).toMatchObject({ page: 2, rows: [{ id: ids[20] }] })
    expect((await queueAt('?page=two')).page).toBe(1)
  })
})
