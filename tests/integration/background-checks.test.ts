// Background checks end to end (docs/decisions/0061), on both providers: the built-in test
// provider offline, and the real Checkr client against the local fake of Checkr's API with its
// signed webhooks. Her authorization orders the check; a clear report lets an admin approve her;
// a consider report goes through the pre-adverse notice, the wait of five business days (the
// clock is passed in) and the final notice; a webhook delivered twice is applied once and late
// events move nothing back; a suspended check is never approved.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { resetConfigForTests } from '../../app/config.server'
import { getDb } from '../../app/db/client.server'
import { backgroundCheckEvents, backgroundChecks, nurseProfiles, outboxEmails, processedProviderEvents, users } from '../../app/db/schema'
import { updateNurseVerification } from '../../app/domain/admin/admin.server'
import { approveCheck, listChecksToDecide, sendFinalNotice, startAdverseAction } from '../../app/domain/verification/adjudication.server'
import { getNurseCheck, startBackgroundCheck } from '../../app/domain/verification/background-checks.server'
import * as checkPage from '../../app/routes/nurse.background-check'
import * as adminCheckPage from '../../app/routes/admin.checks.$checkId'
import * as adminCheckList from '../../app/routes/admin.checks._index'
import * as webhook from '../../app/api/verification.webhook'
import * as publicProfileApi from '../../app/api/nurses.public-profile'
import { localToday } from '../../app/domain/time/shift-times'
import { createNurse, createUser } from '../support/factories'
import { FAKE_CHECKR_KEY, FAKE_CHECKR_WEBHOOK_SECRET, FakeCheckr } from '../support/fake-checkr'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const db = () => getDb()

async function checkOf(nurseProfileId: number) {
  const [check] = await db().select().from(backgroundChecks).where(eq(backgroundChecks.nurseProfileId, nurseProfileId))
  return check
}

async function logOf(checkId: number) {
  const rows = await db().select().from(backgroundCheckEvents).where(eq(backgroundCheckEvents.checkId, checkId)).orderBy(asc(backgroundCheckEvents.id))
  return rows.map((row) => row.action)
}

const approveNurse = (nurseProfileId: number, actorId: number, now: Date) =>
  updateNurseVerification({ nurseProfileId, verificationStatus: 'approved', actorId, now })

describe('on the built-in test provider', () => {
  test('an applicant authorizes her check on its page; it comes back clear and an admin can approve her', async () => {
    const nurse = await createNurse({ name: 'Clara Bell', email: 'clara.bell@example.com', status: 'pending' })
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(nurse.userId)
    const now = new Date()

    expect((await approveNurse(nurse.id, admin.id, now)).ok).toBe(false)
    const page = await call(checkPage.loader, makeRequest('/nurse/background-check', { cookie }))
    expect(await page.json()).toMatchObject({ check: null, canStart: true, accountName: 'Clara Bell' })

    // Without the box ticked, or with another name, nothing is ordered.
    const post = (form: Record<string, string>) => call(checkPage.action, makeRequest('/nurse/background-check', { cookie, form }))
    const unticked = await post({ intent: 'authorize', fullName: 'Clara Bell' })
    expect(unticked.status).toBe(400)
    expect(JSON.stringify(await unticked.json())).toContain('Tick the box to authorize the background check.')
    const otherName = await post({ intent: 'authorize', fullName: 'Someone Else', authorize: 'on' })
    expect(otherName.status).toBe(400)
    expect(JSON.stringify(await otherName.json())).toContain('Type your full name as it is on your account: Clara Bell.')
    expect(await checkOf(nurse.id)).toBeUndefined()

    const signed = await post({ intent: 'authorize', fullName: '  clara   bell ', authorize: 'on' })
    expect(signed.status).toBe(302)
    expect(signed.headers.get('Location')).toBe('/nurse/background-check')
    const check = await checkOf(nurse.id)
    expect(check).toMatchObject({ provider: 'test', status: 'clear', result: 'clear', consentName: 'clara   bell' })
    expect(check.screenings.map((screening) => `${screening.name}: ${screening.outcome}`)).toEqual([
      'SSN trace: clear',
      'Sex offender registry search: clear',
      'National criminal search: clear',
      'County criminal search: clear',
    ])
    expect(check.expiresAt!.getTime() - check.completedAt!.getTime()).toBeGreaterThan(364 * 24 * 3600 * 1000)
    expect(await logOf(check.id)).toEqual(['ordered', 'report-completed'])
    // Nothing we keep holds a social security number.
    expect(JSON.stringify(check)).not.toMatch(/ssn"?\s*:|\d{3}-\d{2}-\d{4}/i)

    // A second authorization orders nothing while this one is current.
    expect(await startBackgroundCheck({ userId: nurse.userId, fullName: 'Clara Bell', now })).toMatchObject({ ok: false, status: 409 })

    expect(await approveNurse(nurse.id, admin.id, now)).toMatchObject({ ok: true, verificationStatus: 'approved' })
    // Families read when it came back clear on her profile.
    const profile = await call(publicProfileApi.loader, makeRequest(`/_api/nurses/public-profile?slug=${nurse.slug}`))
    // The day in her zone (late at night in the United States it is already tomorrow in UTC).
    expect((await profile.json()).profile.backgroundCheckOn).toBe(localToday(nurse.timezone, check.completedAt!))
    // Twelve months on, the check has expired: she could not be approved on it again.
    const nextYear = new Date(check.expiresAt!.getTime() + 1000)
    expect((await getNurseCheck(nurse.userId, nextYear))?.canStart).toBe(true)
    await db().update(nurseProfiles).set({ verificationStatus: 'pending' }).where(eq(nurseProfiles.id, nurse.id))
    expect(await approveNurse(nurse.id, admin.id, nextYear)).toMatchObject({ ok: false, status: 409 })
  })

  test('consider: the admin starts an adverse action, she disputes, the final notice waits five business days', async () => {
    const nurse = await createNurse({ name: 'Dora Vance', email: 'dora+consider@example.com', status: 'pending' })
    const admin = await createUser({ role: 'admin', displayName: 'Ada Admin' })
    // Wednesday 11 March 2026, 3 PM in Boston.
    const notified = new Date('2026-03-11T19:00:00Z')
    const started = await startBackgroundCheck({ userId: nurse.userId, fullName: 'Dora Vance', now: new Date('2026-03-09T15:00:00Z') })
    expect(started).toMatchObject({ ok: true, check: { status: 'needs_review', result: 'consider' } })
    const check = await checkOf(nurse.id)
    expect(check.screenings.find((screening) => screening.outcome === 'consider')).toEqual({
      name: 'County criminal search',
      outcome: 'consider',
      record: 'Misdemeanor: disorderly conduct (2019)',
    })
    expect((await listChecksToDecide()).rows).toEqual([expect.objectContaining({ checkId: check.id, nurseName: 'Dora Vance', status: 'needs_review' })])
    // Not approvable as a nurse until the check is decided.
    expect((await approveNurse(nurse.id, admin.id, notified)).ok).toBe(false)

    const adverse = await startAdverseAction({ checkId: check.id, actorId: admin.id, now: notified })
    expect(adverse).toMatchObject({ ok: true })
    expect((adverse as { earliestFinalAt: Date }).earliestFinalAt.toISOString()).toBe('2026-03-18T19:00:00.000Z')
    const [notice] = await db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, nurse.email))
    expect(notice.subject).toBe('Pre-adverse action notice: your Nightlight background check')
    expect(notice.textBody).toContain('County criminal search: consider: Misdemeanor: disorderly conduct (2019)')
    expect(notice.textBody).toContain('A Summary of Your Rights Under the Fair Credit Reporting Act')
    expect(notice.textBody).toContain('Wednesday, March 18, 2026')

    // She answers on her page during the wait.
    const cookie = await cookieFor(nurse.userId)
    const answered = await call(
      checkPage.action,
      makeRequest('/nurse/background-check', { cookie, form: { intent: 'dispute', note: 'That charge was dismissed in 2020; I can send the court letter.' } }),
    )
    expect(answered.status).toBe(302)
    const mine = await getNurseCheck(nurse.userId, notified)
    expect(mine?.check).toMatchObject({ status: 'pre_adverse', adverse: { disputeNote: 'That charge was dismissed in 2020; I can send the court letter.' } })

    // The final notice is refused until the wait is over.
    const justBefore = new Date('2026-03-18T18:59:59Z')
    expect(await sendFinalNotice({ checkId: check.id, actorId: admin.id, now: justBefore })).toMatchObject({ ok: false, status: 409 })

    expect(await sendFinalNotice({ checkId: check.id, actorId: admin.id, now: new Date('2026-03-18T19:00:00Z') })).toEqual({ ok: true })
    expect(await sendFinalNotice({ checkId: check.id, actorId: admin.id, now: new Date('2026-03-19T19:00:00Z') })).toMatchObject({ ok: false })
    const mails = await db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, nurse.email)).orderBy(asc(outboxEmails.id))
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Pre-adverse action notice: your Nightlight background check',
      'Adverse action notice: your Nightlight application',
    ])
    const after = await checkOf(nurse.id)
    expect(after).toMatchObject({ status: 'adverse', decidedBy: admin.id })
    const events = await db().select().from(backgroundCheckEvents).where(eq(backgroundCheckEvents.checkId, check.id)).orderBy(asc(backgroundCheckEvents.id))
    expect(events.map(({ action, actorId }) => [action, actorId])).toEqual([
      ['ordered', nurse.userId],
      ['report-completed', null],
      ['pre-adverse-notice-sent', admin.id],
      ['disputed', nurse.userId],
      ['final-notice-sent', admin.id],
    ])
    // An adverse check is never approved after the fact.
    expect(await approveCheck({ checkId: check.id, actorId: admin.id, now: new Date('2026-03-20T12:00:00Z') })).toMatchObject({ ok: false, status: 409 })
  })


  test('a nurse who reads Spanish gets both notices in Spanish: her rights, the summary and the deadline', async () => {
    const nurse = await createNurse({ name: 'Sofía Reyes', email: 'sofia+consider@example.com', status: 'pending' })
    await db().update(users).set({ language: 'es' }).where(eq(users.id, nurse.userId))
    const admin = await createUser({ role: 'admin' })
    await startBackgroundCheck({ userId: nurse.userId, fullName: 'Sofía Reyes', now: new Date('2026-03-09T15:00:00Z') })
    const check = await checkOf(nurse.id)
    expect(await startAdverseAction({ checkId: check.id, actorId: admin.id, now: new Date('2026-03-11T19:00:00Z') })).toMatchObject({ ok: true })
    expect(await sendFinalNotice({ checkId: check.id, actorId: admin.id, now: new Date('2026-03-18T19:00:00Z') })).toEqual({ ok: true })
    const [notice, final] = await db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, nurse.email)).orderBy(asc(outboxEmails.id))
    expect(notice.subject).toBe('Aviso previo a una acción adversa: tu verificación de antecedentes de Nightlight')
    expect(notice.textBody).toContain('County criminal search: requiere revisión: Misdemeanor: disorderly conduct (2019)')
    expect(notice.textBody).toContain('Un resumen de sus derechos bajo la Ley de Informe Justo de Crédito')
    expect(notice.textBody).toContain('avísanos antes del miércoles, 18 de marzo de 2026')
    expect(notice.htmlBody).toContain('<html lang="es">')
    expect(final.subject).toBe('Aviso de acción adversa: tu solicitud en Nightlight')
    expect(final.textBody).toContain('La agencia no tomó esta decisión y no puede decirte por qué se tomó.')
  })
  test("the notice's deadline is the day in her zone, and her page and the admin's refusal say it in hers", async () => {
    const nurse = await createNurse({ name: 'Leilani Kai', email: 'leilani+consider@example.com', status: 'pending', baseLocation: 'Honolulu, HI 96813', timezone: 'Pacific/Honolulu' })
    const admin = await createUser({ role: 'admin' })
    await startBackgroundCheck({ userId: nurse.userId, fullName: 'Leilani Kai', now: new Date('2026-03-09T15:00:00Z') })
    const check = await checkOf(nurse.id)
    // Wednesday 11 March, 8 AM UTC: still Tuesday 10 March, 10 PM, in Honolulu. The wait ends five
    // business days later at the same moment: Tuesday 17 March, 10 PM, in Honolulu.
    const adverse = await startAdverseAction({ checkId: check.id, actorId: admin.id, now: new Date('2026-03-11T08:00:00Z') })
    expect((adverse as { earliestFinalAt: Date }).earliestFinalAt.toISOString()).toBe('2026-03-18T08:00:00.000Z')
    const [notice] = await db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, nurse.email))
    expect(notice.textBody).toContain('Tuesday, March 17, 2026')
    expect(notice.textBody).not.toContain('March 18')

    const tooSoon = await sendFinalNotice({ checkId: check.id, actorId: admin.id, now: new Date('2026-03-17T08:00:00Z') })
    expect(tooSoon).toMatchObject({ ok: false, status: 409 })
    expect((tooSoon as { error: string }).error.replace(/\u202f/g, ' ')).toContain('Mar 17, 10:00 PM HST')

    // Her page writes its days in her profile's zone until her browser tells its own.
    const cookie = await cookieFor(nurse.userId)
    const page = await call(checkPage.loader, makeRequest('/nurse/background-check', { cookie }))
    expect(await page.json()).toMatchObject({ zone: { timeZone: 'Pacific/Honolulu', told: false } })
    const told = await call(checkPage.loader, makeRequest('/nurse/background-check', { cookie: `${cookie}; tz=America/Chicago` }))
    expect(await told.json()).toMatchObject({ zone: { timeZone: 'America/Chicago', told: true } })
  })

  test("through the admin's page: the report beside the application, the pre-adverse notice, and no final notice before the wait", async () => {
    const nurse = await createNurse({ name: 'Joy Amari', email: 'joy+consider@example.com', status: 'pending' })
    const admin = await createUser({ role: 'admin' })
    await startBackgroundCheck({ userId: nurse.userId, fullName: 'Joy Amari', now: new Date() })
    const check = await checkOf(nurse.id)
    const cookie = await cookieFor(admin.id)
    const params = { checkId: String(check.id) }
    const page = await call(adminCheckPage.loader, makeRequest(`/admin/checks/${check.id}`, { cookie }), params)
    expect(await page.json()).toMatchObject({
      check: { status: 'needs_review', application: { name: 'Joy Amari', email: 'joy+consider@example.com' }, log: [{ action: 'report-completed' }, { action: 'ordered' }] },
    })
    const nurseCookie = await cookieFor(nurse.userId)
    expect((await call(adminCheckPage.loader, makeRequest(`/admin/checks/${check.id}`, { cookie: nurseCookie }), params)).status).toBe(403)
    const decide = (intent: string) =>
      call(adminCheckPage.action, makeRequest(`/admin/checks/${check.id}`, { cookie, form: { checkId: String(check.id), intent } }), params)
    expect((await decide('adverse')).status).toBe(302)
    const early = await decide('final')
    expect(early.status).toBe(409)
    expect((await early.json()).error).toMatch(/^The waiting period is not over: the final notice can go from [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s[AP]M [A-Z]{3,4}\.$/)
    expect((await checkOf(nurse.id)).status).toBe('pre_adverse')
  })

  test('a consider report that an admin approves lets the nurse be approved', async () => {
    const nurse = await createNurse({ name: 'Ena Park', email: 'ena+consider@example.com', status: 'pending' })
    const admin = await createUser({ role: 'admin' })
    const now = new Date()
    await startBackgroundCheck({ userId: nurse.userId, fullName: 'Ena Park', now })
    const check = await checkOf(nurse.id)
    expect(await approveCheck({ checkId: check.id, actorId: admin.id, now })).toEqual({ ok: true })
    expect(await checkOf(nurse.id)).toMatchObject({ status: 'approved', decidedBy: admin.id })
    expect(await approveNurse(nurse.id, admin.id, now)).toMatchObject({ ok: true })
    expect(await listChecksToDecide()).toMatchObject({ rows: [], totalRows: 0, totalPages: 1 })
  })

  test('a suspended check is never approved, and she may start a new one', async () => {
    const nurse = await createNurse({ name: 'Fay Lund', email: 'fay+suspended@example.com', status: 'pending' })
    const admin = await createUser({ role: 'admin' })
    const now = new Date()
    await startBackgroundCheck({ userId: nurse.userId, fullName: 'Fay Lund', now })
    const check = await checkOf(nurse.id)
    expect(check).toMatchObject({ status: 'suspended', result: 'suspended', completedAt: null, expiresAt: null })
    expect(await approveCheck({ checkId: check.id, actorId: admin.id, now })).toEqual({
      ok: false,
      status: 409,
      error: 'A suspended check cannot be approved: the provider could not finish it.',
    })
    expect(await startAdverseAction({ checkId: check.id, actorId: admin.id, now })).toMatchObject({ ok: false, status: 409 })
    expect((await approveNurse(nurse.id, admin.id, now)).ok).toBe(false)
    expect((await getNurseCheck(nurse.userId, now))?.canStart).toBe(true)
  })
})

describe('on Checkr (the real client against the local fake)', () => {
  const fake = new FakeCheckr()
  beforeAll(async () => {
    await fake.start()
    Object.assign(process.env, { CHECKR_API_KEY: FAKE_CHECKR_KEY, CHECKR_API_BASE: fake.url, CHECKR_WEBHOOK_SECRET: FAKE_CHECKR_WEBHOOK_SECRET })
    resetConfigForTests()
  })
  afterAll(async () => {
    for (const key of ['CHECKR_API_KEY', 'CHECKR_API_BASE', 'CHECKR_WEBHOOK_SECRET']) delete process.env[key]
    resetConfigForTests()
    await fake.stop()
  })
  beforeEach(() => {
    fake.requests = []
  })

  const deliver = (delivery: { body: string; signature: string }) =>
    call(webhook.action, makeRequest('/_api/verification/webhook', { body: delivery.body, headers: { 'X-Checkr-Signature': delivery.signature } }))

  test("her authorization sends her to Checkr's hosted form; signed events, twice and out of order, bring the clear report once", async () => {
    const nurse = await createNurse({ name: 'Gia Moreno', email: 'gia@example.com', status: 'pending' })
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(nurse.userId)
    const signed = await call(checkPage.action, makeRequest('/nurse/background-check', { cookie, form: { intent: 'authorize', fullName: 'Gia Moreno', authorize: 'on' } }))
    const check = await checkOf(nurse.id)
    expect(check).toMatchObject({ provider: 'checkr', status: 'invited', reportId: null })
    expect(signed.status).toBe(302)
    expect(signed.headers.get('Location')).toBe(`${fake.url}/hosted/${check.invitationId}`)
    const [candidate] = [...fake.candidates.values()]
    expect(candidate).toMatchObject({ first_name: 'Gia', last_name: 'Moreno', email: 'gia@example.com' })
    expect(JSON.stringify(fake.invitations.get(check.invitationId!))).toContain('"state":"MA"')
    expect((await getNurseCheck(nurse.userId, new Date()))?.check).toMatchObject({ status: 'invited', invitationUrl: `${fake.url}/hosted/${check.invitationId}` })

    // A forged or unsigned delivery changes nothing.
    const report = fake.completeInvitation(check.invitationId!)
    const created = fake.event('report.created', report)
    expect((await deliver({ body: created.body, signature: 'f'.repeat(64) })).status).toBe(400)
    expect((await deliver({ ...fake.event('report.created', report, 'not-the-secret') })).status).toBe(400)
    expect((await checkOf(nurse.id)).status).toBe('invited')

    // The report completes before its 'created' event arrives.
    fake.completeReport(String(report.id))
    const completed = fake.event('report.completed', report)
    const first = await deliver(completed)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true, duplicate: false })
    const again = await deliver(completed)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    const late = await deliver(created)
    expect(await late.json()).toEqual({ received: true, duplicate: false })

    const after = await checkOf(nurse.id)
    expect(after).toMatchObject({ status: 'clear', result: 'clear', reportId: report.id })
    expect(await logOf(check.id)).toEqual(['ordered', 'report-completed'])
    // The duplicate was answered without asking Checkr again.
    expect(fake.requests.filter((request) => request === `GET /v1/reports/${report.id}`)).toHaveLength(2)
    expect(await db().select().from(processedProviderEvents).where(eq(processedProviderEvents.id, `checkr:${completed.id}`))).toHaveLength(1)
    expect(await approveNurse(nurse.id, admin.id, new Date())).toMatchObject({ ok: true })
  })

  test('consider on Checkr: the adverse action is recorded at Checkr and withdrawn when the admin approves after her dispute', async () => {
    const nurse = await createNurse({ name: 'Hana Ito', email: 'hana+consider@example.com', status: 'pending' })
    const admin = await createUser({ role: 'admin' })
    await startBackgroundCheck({ userId: nurse.userId, fullName: 'Hana Ito', now: new Date() })
    const check = await checkOf(nurse.id)
    const report = fake.completeInvitation(check.invitationId!)
    fake.completeReport(String(report.id))
    await deliver(fake.event('invitation.completed', fake.invitations.get(check.invitationId!)!))
    expect(await checkOf(nurse.id)).toMatchObject({ status: 'needs_review', result: 'consider' })

    const now = new Date()
    expect(await startAdverseAction({ checkId: check.id, actorId: admin.id, now })).toMatchObject({ ok: true })
    const [action] = [...fake.adverseActions.values()]
    expect(action).toMatchObject({ report_id: report.id, status: 'pending' })
    expect(await approveCheck({ checkId: check.id, actorId: admin.id, now })).toEqual({ ok: true })
    expect(action.status).toBe('canceled')
    expect(await logOf(check.id)).toEqual(['ordered', 'report-completed', 'pre-adverse-notice-sent', 'approved'])
  })

  test('a suspended report on Checkr is never approved', async () => {
    const nurse = await createNurse({ name: 'Iris Oyelaran', email: 'iris+suspended@example.com', status: 'pending' })
    const admin = await createUser({ role: 'admin' })
    await startBackgroundCheck({ userId: nurse.userId, fullName: 'Iris Oyelaran', now: new Date() })
    const check = await checkOf(nurse.id)
    const report = fake.completeInvitation(check.invitationId!)
    fake.completeReport(String(report.id))
    await deliver(fake.event('report.suspended', report))
    expect(await checkOf(nurse.id)).toMatchObject({ status: 'suspended' })
    expect(await approveCheck({ checkId: check.id, actorId: admin.id, now: new Date() })).toMatchObject({ ok: false, status: 409 })
    expect((await approveNurse(nurse.id, admin.id, new Date())).ok).toBe(false)
  })
})

describe('the admins’ page of checks to decide', () => {
  test('shows every check waiting, twenty a page, the longest waiting first, and the nurses out of search on pages of their own', async () => {
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)
    const start = Date.parse('2026-10-01T15:00:00Z')
    const checkIds: number[] = []
    const lapsedIds: number[] = []
    for (let i = 0; i < 21; i++) {
      const nurse = await createNurse({ name: `Waiting Nurse ${i + 1}`, email: `waiting.nurse.${i + 1}@example.com`, status: 'pending' })
      const [check] = await db()
        .insert(backgroundChecks)
        .values({
          nurseProfileId: nurse.id,
          provider: 'test',
          candidateId: `candidate-${i + 1}`,
          status: 'needs_review',
          result: 'consider',
          consentName: `Waiting Nurse ${i + 1}`,
          consentedAt: new Date(start),
          completedAt: new Date(start + i * 60_000),
        })
        .returning({ id: backgroundChecks.id })
      checkIds.push(check.id)
      const out = await createNurse({ name: `Lapsed Nurse ${i + 1}`, email: `lapsed.nurse.${i + 1}@example.com` })
      await db()
        .update(nurseProfiles)
        .set({ lapsedAt: new Date(start + i * 60_000), lapsedReason: 'Infant CPR / NRP card expired' })
        .where(eq(nurseProfiles.id, out.id))
      lapsedIds.push(out.id)
    }
    const pageAt = async (search: string) => (await call(adminCheckList.loader, makeRequest(`/admin/checks${search}`, { cookie }))).json()

    const first = await pageAt('')
    expect(first.checks).toMatchObject({ page: 1, totalPages: 2, totalRows: 21 })
    expect(first.checks.rows.map((row: { checkId: number }) => row.checkId)).toEqual(checkIds.slice(0, 20))
    expect(first.lapsed).toMatchObject({ page: 1, totalPages: 2, totalRows: 21 })
    expect(first.lapsed.rows.map((row: { nurseProfileId: number }) => row.nurseProfileId)).toEqual(lapsedIds.slice(0, 20))

    // Each list turns its own pages and keeps the other's.
    const both = await pageAt('?page=2&lapsed=2')
    expect(both.checks.rows).toEqual([expect.objectContaining({ checkId: checkIds[20], nurseName: 'Waiting Nurse 21', status: 'needs_review' })])
    expect(both.lapsed.rows).toEqual([expect.objectContaining({ nurseProfileId: lapsedIds[20], name: 'Lapsed Nurse 21' })])
    const lapsedOnly = await pageAt('?lapsed=2')
    expect(lapsedOnly.checks.page).toBe(1)
    expect(lapsedOnly.lapsed.page).toBe(2)
    expect((await pageAt('?page=999999&lapsed=x')).checks.page).toBe(2)
  })
})
