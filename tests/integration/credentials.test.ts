// Credentials with dates end to end (docs/decisions/0062), through the pages' loaders and actions
// on a freshly migrated database: an RN license is looked up as she lists it, and each test
// identity puts it where the registry's answer says; a certificate waits for an admin, who
// confirms or refuses it (no one else may); she removes one only while no one has answered it;
// every step is logged with who and when. Then the same lookups through the real Nursys client
// against the local fake of its API.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetConfigForTests } from '../../app/config.server'
import { getDb } from '../../app/db/client.server'
import { files, nurseCredentialEvents, nurseCredentials } from '../../app/db/schema'
import { CREDENTIAL_MESSAGES, MAX_CREDENTIALS_PER_NURSE } from '../../app/domain/verification/credentials'
import { createCredential } from '../../app/domain/verification/credential-life-cycle.server'
import { listCredentialsToConfirm } from '../../app/domain/verification/credentials.server'
import * as adminCredential from '../../app/routes/admin.credentials.$credentialId'
import * as adminQueue from '../../app/routes/admin.credentials._index'
import * as page from '../../app/routes/nurse.credentials'
import { createNurse, createUser, daysFromNow } from '../support/factories'
import { FAKE_NURSYS_KEY, FakeNursys } from '../support/fake-nursys'
import { call, cookieFor, makeRequest, ORIGIN } from '../support/fixtures'
import { pdfBytes } from '../support/upload-fixtures'

const db = () => getDb()

/** Posts her credential form as a browser does: multipart, with a document when given. */
async function post(cookie: string, fields: Record<string, string>, document?: Uint8Array) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (document) form.append('document', new File([Buffer.from(document)], 'card.pdf', { type: 'application/pdf' }))
  const headers = new Headers({ Origin: ORIGIN, Cookie: cookie })
  return call(page.action, new Request(new URL('/nurse/credentials', ORIGIN), { method: 'POST', headers, body: form }))
}

async function credentialsOf(nurseProfileId: number) {
  return db().select().from(nurseCredentials).where(eq(nurseCredentials.nurseProfileId, nurseProfileId)).orderBy(asc(nurseCredentials.id))
}

async function logOf(credentialId: number) {
  return db().select().from(nurseCredentialEvents).where(eq(nurseCredentialEvents.credentialId, credentialId)).orderBy(asc(nurseCredentialEvents.id))
}

const decide = (cookie: string, credentialId: number, form: Record<string, string>) =>
  call(adminCredential.action, makeRequest(`/admin/credentials/${credentialId}`, { cookie, form: { credentialId: String(credentialId), ...form } }), {
    credentialId: String(credentialId),
  })

const license = (number: string) => ({ intent: 'add', kind: 'RN', number, state: 'MA', expiresOn: daysFromNow(400) })

describe('on the built-in test registry', () => {
  test.each([
    ['RN204518', 'current', 'active'],
    ['EXP204518', 'expired', 'expired'],
    ['ENC204518', 'revoked', 'encumbered'],
    ['NF204518', 'rejected', 'not_found'],
  ])('an RN license numbered %s is looked up as she lists it and becomes %s', async (number, status, outcome) => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    const before = new Date()
    const response = await post(cookie, license(number))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/nurse/credentials')
    const [credential] = await credentialsOf(nurse.id)
    expect(credential).toMatchObject({ kind: 'RN', number, issuer: 'MA', status, lookupOutcome: outcome, lookupSource: 'test', checkedBy: null })
    expect(credential.checkedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)
    // Listed by her, then moved by the registry (no one's hand), each with its time.
    const log = await logOf(credential.id)
    expect(log.map((event) => [event.action, event.actorId, event.fromStatus, event.toStatus])).toEqual([
      ['listed', nurse.userId, null, 'submitted'],
      ['looked-up', null, 'submitted', status],
    ])
    expect(log.every((event) => event.createdAt.getTime() >= before.getTime() - 1000)).toBe(true)
    // Her page says it in plain words.
    const loaded = await (await call(page.loader, makeRequest('/nurse/credentials', { cookie }))).json()
    expect(loaded.credentials[0].standing.label).toBe(
      { current: 'active', expired: 'Expired', revoked: 'The registry reports a restriction on this license', rejected: 'Not found in the registry: check the number' }[status],
    )
    // A license the registry refused shows in the admins' queue; an active one does not.
    const queue = await listCredentialsToConfirm({ nurseProfileId: nurse.id })
    expect(queue.refused.rows.map((row) => row.credentialId)).toEqual(status === 'current' ? [] : [credential.id])
  })

  test('an infant CPR card waits for an admin, who confirms it; a nurse may not', async () => {
    const nurse = await createNurse()
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(nurse.userId)
    const adminCookie = await cookieFor(admin.id)
    const response = await post(cookie, { intent: 'add', kind: 'CPR', issuer: 'American Red Cross', expiresOn: daysFromNow(300) }, await pdfBytes('Infant CPR'))
    expect(response.status).toBe(302)
    const [card] = await credentialsOf(nurse.id)
    expect(card).toMatchObject({ kind: 'CPR', status: 'submitted', lookupOutcome: null, issuer: 'American Red Cross' })
    const [document] = await db().select().from(files).where(eq(files.id, card.documentFileId!))
    expect(document).toMatchObject({ ownerId: nurse.userId, kind: 'certification', mediaType: 'application/pdf' })

    const queue = await call(adminQueue.loader, makeRequest('/admin/credentials', { cookie: adminCookie }))
    expect((await queue.json()).waiting.rows.map((row: { credentialId: number }) => row.credentialId)).toContain(card.id)
    // Neither the nurse nor a parent opens the queue or decides.
    expect((await call(adminQueue.loader, makeRequest('/admin/credentials', { cookie }))).status).toBe(403)
    expect((await decide(cookie, card.id, { intent: 'confirm' })).status).toBe(403)
    const parent = await createUser({ role: 'parent' })
    expect((await decide(await cookieFor(parent.id), card.id, { intent: 'confirm' })).status).toBe(403)
    expect((await credentialsOf(nurse.id))[0].status).toBe('submitted')

    const view = await (await call(adminCredential.loader, makeRequest(`/admin/credentials/${card.id}`, { cookie: adminCookie }), { credentialId: String(card.id) })).json()
    expect(view.credential.documentUrl).toBe(`/files/${card.documentFileId}`)
    expect(view.nurse).toMatchObject({ nurseProfileId: nurse.id, name: nurse.name })

    const confirmed = await decide(adminCookie, card.id, { intent: 'confirm' })
    expect(confirmed.status).toBe(302)
    expect((await credentialsOf(nurse.id))[0]).toMatchObject({ status: 'current', checkedBy: admin.id })
    expect((await logOf(card.id)).map((event) => [event.action, event.actorId, event.toStatus])).toEqual([
      ['listed', nurse.userId, 'submitted'],
      ['confirmed', admin.id, 'current'],
    ])
    // Confirmed once: a second click changes nothing.
    expect((await decide(adminCookie, card.id, { intent: 'confirm' })).status).toBe(409)
    const loaded = await (await call(page.loader, makeRequest('/nurse/credentials', { cookie }))).json()
    expect(loaded.credentials[0].standing).toMatchObject({ title: 'Infant CPR / NRP card · American Red Cross', label: 'current' })
  })

  test('an admin refuses a certificate with a reason she reads; without a reason nothing changes', async () => {
    const nurse = await createNurse()
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(nurse.userId)
    await post(cookie, { intent: 'add', kind: 'Doula', issuer: 'DONA International' }, await pdfBytes('Doula'))
    const [certificate] = await credentialsOf(nurse.id)
    const adminCookie = await cookieFor(admin.id)
    const bare = await decide(adminCookie, certificate.id, { intent: 'refuse', reason: '' })
    expect(bare.status).toBe(400)
    expect(JSON.stringify(await bare.json())).toContain(CREDENTIAL_MESSAGES.refuseReason)
    expect(await decide(adminCookie, certificate.id, { intent: 'refuse', reason: 'The name on the certificate is not yours.' })).toMatchObject({ status: 302 })
    expect((await credentialsOf(nurse.id))[0]).toMatchObject({ status: 'rejected', checkedBy: admin.id })
    const [, refused] = await logOf(certificate.id)
    expect(refused).toMatchObject({ action: 'refused', actorId: admin.id, fromStatus: 'submitted', toStatus: 'rejected', note: 'The name on the certificate is not yours.' })
    const loaded = await (await call(page.loader, makeRequest('/nurse/credentials', { cookie }))).json()
    expect(loaded.credentials[0].standing.label).toBe('Refused by an admin')
    expect(loaded.credentials[0].standing.detail).toContain('The name on the certificate is not yours.')
  })

  test('a refused try keeps what she typed and her document; an expiry already past is refused', async () => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    const refused = await post(cookie, { intent: 'add', kind: 'CPR', issuer: 'American Heart Association', expiresOn: daysFromNow(-2) }, await pdfBytes('CPR'))
    expect(refused.status).toBe(400)
    const body = await refused.json()
    expect(body.result.error).toEqual({ expiresOn: [CREDENTIAL_MESSAGES.expiryPast] })
    expect(body.result.initialValue).toMatchObject({ kind: 'CPR', issuer: 'American Heart Association' })
    expect(body.keptDocumentId).toEqual(expect.any(Number))
    expect(await credentialsOf(nurse.id)).toHaveLength(0)
    // The next try sends the kept document instead of the file.
    const fixed = await post(cookie, { intent: 'add', kind: 'CPR', issuer: 'American Heart Association', expiresOn: daysFromNow(200), keptDocumentId: String(body.keptDocumentId) })
    expect(fixed.status).toBe(302)
    expect((await credentialsOf(nurse.id))[0]).toMatchObject({ status: 'submitted', documentFileId: body.keptDocumentId })
    // Another nurse cannot use her document.
    const other = await createNurse()
    const stolen = await post(await cookieFor(other.userId), { intent: 'add', kind: 'CPR', issuer: 'AHA', expiresOn: daysFromNow(200), keptDocumentId: String(body.keptDocumentId) })
    expect(stolen.status).toBe(400)
    expect(await credentialsOf(other.id)).toHaveLength(0)
  })

  test('she removes a credential no one has answered; a checked one stays; another nurse’s is not hers to remove', async () => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    await post(cookie, { intent: 'add', kind: 'NCS', issuer: 'Newborn Care Specialist Association' }, await pdfBytes('NCS'))
    await post(cookie, license('RN55501'))
    const [waiting, checked] = await credentialsOf(nurse.id)
    const other = await createNurse()
    await post(await cookieFor(other.userId), { intent: 'remove', credentialId: String(waiting.id) })
    expect(await credentialsOf(nurse.id)).toHaveLength(2)
    const kept = await post(cookie, { intent: 'remove', credentialId: String(checked.id) })
    expect(kept.status).toBe(302)
    expect(await credentialsOf(nurse.id)).toHaveLength(2)
    await post(cookie, { intent: 'remove', credentialId: String(waiting.id) })
    expect((await credentialsOf(nurse.id)).map((row) => row.id)).toEqual([checked.id])
  })

  test('a nurse listing credentials without end stops at the most we keep, before any registry is asked', async () => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    const now = new Date()
    for (let i = 0; i < MAX_CREDENTIALS_PER_NURSE; i++) {
      await createCredential(db(), { nurseProfileId: nurse.id, kind: 'Other', number: null, issuer: `Body ${i}`, expiresOn: null, documentFileId: null, actorId: nurse.userId, now })
    }
    const refused = await post(cookie, license('RN999001'))
    expect(refused.status).toBe(409)
    expect(JSON.stringify(await refused.json())).toContain(CREDENTIAL_MESSAGES.tooMany)
    expect(await credentialsOf(nurse.id)).toHaveLength(MAX_CREDENTIALS_PER_NURSE)
  })

  test('a parent may not open the page; a nurse without a profile is sent to the application', async () => {
    const parent = await createUser({ role: 'parent' })
    expect((await call(page.loader, makeRequest('/nurse/credentials', { cookie: await cookieFor(parent.id) }))).status).toBe(403)
    const applicant = await createUser({ role: 'nurse' })
    const response = await call(page.loader, makeRequest('/nurse/credentials', { cookie: await cookieFor(applicant.id) }))
    expect(response.headers.get('Location')).toBe('/night-nurse-onboard')
  })
})

describe('on Nursys (the real client against the local fake)', () => {
  const fake = new FakeNursys()
  beforeAll(async () => {
    await fake.start()
    Object.assign(process.env, { NURSYS_API_KEY: FAKE_NURSYS_KEY, NURSYS_API_BASE: fake.url })
    resetConfigForTests()
  })
  afterAll(async () => {
    for (const key of ['NURSYS_API_KEY', 'NURSYS_API_BASE']) delete process.env[key]
    resetConfigForTests()
    await fake.stop()
  })

  test.each([
    ['RN900001', 'current'],
    ['EXP900001', 'expired'],
    ['ENC900001', 'revoked'],
    ['NF900001', 'rejected'],
  ])('an RN license numbered %s becomes %s', async (number, status) => {
    const nurse = await createNurse()
    expect((await post(await cookieFor(nurse.userId), license(number))).status).toBe(302)
    const [credential] = await credentialsOf(nurse.id)
    expect(credential).toMatchObject({ status, lookupSource: 'nursys' })
    expect(fake.lookups.at(-1)).toMatchObject({ LicenseNumber: number, JurisdictionAbbreviation: 'MA', LicenseType: 'RN' })
  })

  test('when Nursys cannot answer the license waits, and an admin looks it up again', async () => {
    const nurse = await createNurse()
    const admin = await createUser({ role: 'admin' })
    process.env.NURSYS_API_KEY = 'a-key-nursys-refuses'
    resetConfigForTests()
    try {
      await post(await cookieFor(nurse.userId), license('RN900002'))
    } finally {
      process.env.NURSYS_API_KEY = FAKE_NURSYS_KEY
      resetConfigForTests()
    }
    const [credential] = await credentialsOf(nurse.id)
    expect(credential.status).toBe('submitted')
    expect((await logOf(credential.id)).map((event) => event.action)).toEqual(['listed', 'lookup-failed'])
    expect((await listCredentialsToConfirm({ nurseProfileId: nurse.id })).waiting.rows.map((row) => row.credentialId)).toEqual([credential.id])
    expect((await decide(await cookieFor(admin.id), credential.id, { intent: 'lookup' })).status).toBe(302)
    expect((await credentialsOf(nurse.id))[0]).toMatchObject({ status: 'current', lookupSource: 'nursys' })
  })
})

describe('the admins’ queue of credentials', () => {
  test('pages each list by twenty, and a refused license a valid one replaced since is neither listed nor counted', async () => {
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)
    const start = Date.parse('2026-11-02T12:00:00Z')
    const waiting: number[] = []
    const refused: number[] = []
    for (let i = 0; i < 21; i++) {
      const nurse = await createNurse({ name: `Queue Nurse ${i + 1}`, email: `credential.queue.${i + 1}@example.com` })
      const [card] = await db()
        .insert(nurseCredentials)
        .values({ nurseProfileId: nurse.id, kind: 'CPR', issuer: 'American Red Cross', expiresOn: daysFromNow(300), createdAt: new Date(start + i * 60_000) })
        .returning({ id: nurseCredentials.id })
      waiting.push(card.id)
      const [license] = await db()
        .insert(nurseCredentials)
        .values({
          nurseProfileId: nurse.id,
          kind: 'RN',
          number: `RN${i + 1}`,
          issuer: 'TX',
          status: 'rejected',
          lookupOutcome: 'not_found',
          checkedAt: new Date(start + i * 60_000),
        })
        .returning({ id: nurseCredentials.id })
      refused.push(license.id)
    }
    // The first nurse lists a valid license after her refused one: hers is settled.
    const first = await db().select({ nurseProfileId: nurseCredentials.nurseProfileId }).from(nurseCredentials).where(eq(nurseCredentials.id, refused[0]))
    await db().insert(nurseCredentials).values({ nurseProfileId: first[0].nurseProfileId, kind: 'RN', number: 'RN1-NEW', issuer: 'TX', status: 'current', lookupOutcome: 'active' })

    const queueAt = async (search: string) => (await call(adminQueue.loader, makeRequest(`/admin/credentials${search}`, { cookie }))).json()
    const page1 = await queueAt('')
    expect(page1.waiting).toMatchObject({ page: 1, totalPages: 2, totalRows: 21 })
    expect(page1.waiting.rows.map((row: { credentialId: number }) => row.credentialId)).toEqual(waiting.slice(0, 20))
    // The latest checked first; the settled one is gone: twenty refused, one page.
    expect(page1.refused).toMatchObject({ page: 1, totalPages: 1, totalRows: 20 })
    expect(page1.refused.rows.map((row: { credentialId: number }) => row.credentialId)).toEqual(refused.slice(1).reverse())

    const page2 = await queueAt('?page=2&refused=3')
    expect(page2.waiting.rows.map((row: { credentialId: number }) => row.credentialId)).toEqual([waiting[20]])
    expect(page2.refused.page).toBe(1)
    // One nurse's queue keeps her alone.
    const hers = await queueAt(`?nurse=${first[0].nurseProfileId}`)
    expect(hers.waiting).toMatchObject({ totalRows: 1, rows: [{ credentialId: waiting[0] }] })
    expect(hers.refused).toMatchObject({ totalRows: 0, rows: [] })
  })
})
