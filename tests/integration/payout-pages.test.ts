// The pages of paying nurses (issue 15), with real Requests as a browser without JavaScript sends
// them: the family's problem report, the nurse's test bank account and her statements, and the
// admin's holds and failed payouts. Who may do what is checked on each.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { adminAuditLog, bookingOccurrences, nightProblems, payments, payoutAccounts } from '../../app/db/schema'
import { payableAt } from '../../app/domain/payouts/payout-rules'
import { TEST_ACCOUNT_FAILS, TEST_ACCOUNT_SUCCEEDS, TEST_ROUTING_NUMBER } from '../../app/domain/payments/test-cards'
import { connectTestPayoutAccount, payDueNights } from '../../app/domain/payouts/payouts.server'
import * as adminPayoutsApi from '../../app/api/admin.payouts'
import * as resolveApi from '../../app/api/admin.payouts.resolve'
import * as retryApi from '../../app/api/admin.payouts.retry'
import * as reportApi from '../../app/api/bookings.report-problem'
import * as payoutAccountApi from '../../app/api/nurses.payout-account'
import * as payoutsApi from '../../app/api/nurses.payouts'
import * as adminDashboard from '../../app/routes/admin.dashboard/route'
import * as nurseDashboard from '../../app/routes/nurse.dashboard/route'
import * as earningsCsv from '../../app/routes/nurse.earnings.$year[.]csv'
import * as statementCsv from '../../app/routes/nurse.statements.$month[.]csv'
import * as statementPdf from '../../app/routes/nurse.statements.$month[.]pdf'
import * as bookingPage from '../../app/routes/parent.bookings.$bookingId/route'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, getNight, makeRequest } from '../support/fixtures'

async function paidNurse() {
  const nurse = await createNurse({ name: 'Nora Night' })
  const connected = await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
  expect(connected.ok).toBe(true)
  const booking = await createBooking({ nurse, dates: futureDates(-4, -3) })
  await payDueNights(new Date())
  return { nurse, booking, cookie: await cookieFor(nurse.userId) }
}

describe("the family's 'Report a problem with this night'", () => {
  /** A booking whose one night ended an hour ago: it can be reported until 23 hours from now. */
  async function lastNight() {
    const nurse = await createNurse()
    const booking = await createBooking({ nurse, dates: futureDates(-1) })
    const hour = 60 * 60 * 1000
    await getDb()
      .update(bookingOccurrences)
      .set({ startsAt: new Date(Date.now() - 11 * hour), endsAt: new Date(Date.now() - hour) })
      .where(eq(bookingOccurrences.id, booking.occurrenceIds[0]))
    const night = await getNight(booking.occurrenceIds[0])
    return { booking, night, cookie: await cookieFor(booking.parentId) }
  }

  const post = (bookingId: number, cookie: string, form: Record<string, string>) =>
    call(bookingPage.action, makeRequest(`/parent/bookings/${bookingId}`, { cookie, form }), { bookingId: String(bookingId) })

  test('offered on a night inside its window, and holds the payout once posted', async () => {
    const { booking, night, cookie } = await lastNight()
    const page = await call(bookingPage.loader, makeRequest(`/parent/bookings/${booking.id}`, { cookie }), { bookingId: String(booking.id) })
    expect((await page.json()).reportable).toEqual([night.id])
    const response = await post(booking.id, cookie, {
      intent: 'report-problem',
      occurrenceId: String(night.id),
      description: 'The nurse fell asleep and the baby cried for an hour.',
    })
    expect(response.status).toBe(302)
    const [problem] = await getDb().select().from(nightProblems).where(eq(nightProblems.occurrenceId, night.id))
    expect(problem).toMatchObject({ status: 'open', reportedBy: booking.parentId })
    expect(await payDueNights(payableAt(night))).toEqual({ paid: 0, failed: 0, skipped: 0 })
  })

  test('a description too short is refused with what was typed, and nothing is held', async () => {
    const { booking, night, cookie } = await lastNight()
    const response = await post(booking.id, cookie, { intent: 'report-problem', occurrenceId: String(night.id), description: 'bad' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      report: { occurrenceId: night.id, description: 'bad', error: 'Please tell us what happened (at least 10 characters).' },
    })
    expect(await getDb().select().from(nightProblems)).toEqual([])
  })

  test("another family's night is Not Found, and changes nothing", async () => {
    const { booking, night } = await lastNight()
    const stranger = await createUser()
    const response = await post(booking.id, await cookieFor(stranger.id), {
      intent: 'report-problem',
      occurrenceId: String(night.id),
      description: 'Not my booking at all, just trying.',
    })
    expect(response.status).toBe(404)
    expect(await getDb().select().from(nightProblems)).toEqual([])
  })
})

describe("the nurse's payouts", () => {
  const dashboard = (cookie: string, form: Record<string, string>) =>
    call(nurseDashboard.action, makeRequest('/nurse/dashboard?tab=bookings', { cookie, form }))

  test('the Bookings & Payments tab shows the account, each night’s payout and the months', async () => {
    const { cookie } = await paidNurse()
    const response = await call(nurseDashboard.loader, makeRequest('/nurse/dashboard?tab=bookings', { cookie }))
    const body = await response.json()
    expect(body.payoutProvider).toBe('test')
    expect(body.payouts.account).toMatchObject({ state: 'ready', bankLast4: '6789', advice: null })
    expect(body.payouts.nights.map((night: { state: string }) => night.state)).toEqual(['paid', 'paid'])
    expect(body.payouts.totals.paidCents).toBe(60000)
  })

  test('a wrong test bank number is refused with the numbers typed kept; the right one connects', async () => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    const refused = await dashboard(cookie, { intent: 'connect-test-payout', routingNumber: '110000000', accountNumber: '1234' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      intent: 'payout',
      payout: { routingNumber: '110000000', accountNumber: '1234', error: expect.stringContaining(TEST_ACCOUNT_SUCCEEDS) },
    })
    const malformed = await dashboard(cookie, { intent: 'connect-test-payout', routingNumber: '12', accountNumber: 'abc' })
    expect(malformed.status).toBe(400)
    expect(await getDb().select().from(payoutAccounts)).toEqual([])

    const connected = await dashboard(cookie, { intent: 'connect-test-payout', routingNumber: '110 000 000', accountNumber: TEST_ACCOUNT_FAILS })
    expect(connected.status).toBe(302)
    const [account] = await getDb().select().from(payoutAccounts)
    expect(account).toMatchObject({ nurseId: nurse.id, bankLast4: '1116', payoutsEnabled: true })
  })

  test('statements: her own month as CSV and PDF, a month without nights and a malformed month are Not Found', async () => {
    const { nurse, cookie } = await paidNurse()
    const month = futureDates(-4)[0].slice(0, 7)
    const csv = await call(statementCsv.loader, makeRequest(`/nurse/statements/${month}.csv`, { cookie }), { month })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('Content-Type')).toMatch(/text\/csv/)
    const text = await csv.text()
    expect(text.split('\n')[0]).toBe('Night,Family,Night status,Payout status,Payout,Paid on,Transfer,Booking reference')
    expect(text).toContain('Paid,300.00')
    const pdf = await call(statementPdf.loader, makeRequest(`/nurse/statements/${month}.pdf`, { cookie }), { month })
    expect(pdf.status).toBe(200)
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

    for (const other of ['1999-01', '2026-13', 'x']) {
      const missing = await call(statementCsv.loader, makeRequest(`/nurse/statements/${other}.csv`, { cookie }), { month: other })
      expect(missing.status).toBe(404)
    }
    // Another nurse has no nights that month: her statement is Not Found, never Nora's.
    const other = await createNurse()
    const theirs = await call(statementCsv.loader, makeRequest(`/nurse/statements/${month}.csv`, { cookie: await cookieFor(other.userId) }), { month })
    expect(theirs.status).toBe(404)
    // A parent is refused.
    const parent = await createUser()
    const refused = await call(statementPdf.loader, makeRequest(`/nurse/statements/${month}.pdf`, { cookie: await cookieFor(parent.id) }), { month })
    expect(refused.status).toBe(403)

    const year = new Date().getFullYear().toString()
    const summary = await call(earningsCsv.loader, makeRequest(`/nurse/earnings/${year}.csv`, { cookie }), { year })
    // The nights were paid just now; the year is the nurse's (New York's), which the server's clock agrees with.
    const nurseYear = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: nurse.timezone }).format(new Date())
    const ownYear = await call(earningsCsv.loader, makeRequest(`/nurse/earnings/${nurseYear}.csv`, { cookie }), { year: nurseYear })
    expect(await ownYear.text()).toContain(`Total paid in ${nurseYear},,,600.00`)
    expect(summary.status).toBe(year === nurseYear ? 200 : 404)
  })
})

describe("the admin's holds and failed payouts", () => {
  test('the payments tab lists a hold; releasing it needs a note, and is written to the audit log', async () => {
    const nurse = await createNurse()
    const booking = await createBooking({ nurse, dates: futureDates(-1) })
    const [problem] = await getDb()
      .insert(nightProblems)
      .values({ occurrenceId: booking.occurrenceIds[0], bookingId: booking.id, reportedBy: booking.parentId, description: 'Late arrival.' })
      .returning()
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)
    const page = await call(adminDashboard.loader, makeRequest('/admin/dashboard?tab=payments', { cookie }))
    const { table } = await page.json()
    expect(table.attention.holds.rows).toEqual([expect.objectContaining({ problemId: problem.id, description: 'Late arrival.', refundableCents: 33000 })])

    const post = (form: Record<string, string>) =>
      call(adminDashboard.action, makeRequest('/admin/dashboard?tab=payments', { cookie, form }))
    const noNote = await post({ intent: 'resolve-problem', problemId: String(problem.id), decision: 'release', note: ' ' })
    expect(noNote.status).toBe(400)
    const released = await post({ intent: 'resolve-problem', problemId: String(problem.id), decision: 'release', note: 'Arrived 10 minutes late; fine.' })
    expect(released.status).toBe(302)
    const [audit] = await getDb().select().from(adminAuditLog).where(eq(adminAuditLog.action, 'night-problem.release'))
    expect(audit).toMatchObject({ actorId: admin.id, notes: 'Arrived 10 minutes late; fine.' })

    // A parent or a nurse cannot post the admin's intents.
    const parentCookie = await cookieFor(booking.parentId)
    const refused = await call(
      adminDashboard.action,
      makeRequest('/admin/dashboard?tab=payments', { cookie: parentCookie, form: { intent: 'retry-payout', paymentId: '1' } }),
    )
    expect(refused.status).toBe(403)
  })

  test('a failed payout is listed and retried from the tab', async () => {
    const nurse = await createNurse()
    await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_FAILS })
    const booking = await createBooking({ nurse, dates: futureDates(-3) })
    await payDueNights(new Date())
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)
    const { table } = await (await call(adminDashboard.loader, makeRequest('/admin/dashboard?tab=payments', { cookie }))).json()
    expect(table.attention.failures.rows).toEqual([expect.objectContaining({ bookingId: booking.id, amountCents: 30000 })])
    const retried = await call(
      adminDashboard.action,
      makeRequest('/admin/dashboard?tab=payments', { cookie, form: { intent: 'retry-payout', paymentId: String(table.attention.failures.rows[0].paymentId) } }),
    )
    expect(retried.status).toBe(302)
    const rows = (await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'payout')
    expect(rows.map((row) => row.status).sort()).toEqual(['canceled', 'failed'])
  })
})

describe("the payments tab's lists, twenty a page", () => {
  /** 21 nights held by a report and 21 failed payouts, the oldest first by a minute each. */
  async function manyWaiting() {
    const nurse = await createNurse({ name: 'Nora Night' })
    const offsets = Array.from({ length: 21 }, (_, i) => i - 30)
    const booking = await createBooking({ nurse, dates: futureDates(...offsets) })
    const minute = 60 * 1000
    const start = Date.now() - 60 * minute
    const problems = await getDb()
      .insert(nightProblems)
      .values(
        booking.occurrenceIds.map((occurrenceId, i) => ({
          occurrenceId,
          bookingId: booking.id,
          reportedBy: booking.parentId,
          description: `Report number ${i + 1}.`,
          createdAt: new Date(start + i * minute),
        })),
      )
      .returning()
    const failed = await getDb()
      .insert(payments)
      .values(
        booking.occurrenceIds.map((occurrenceId, i) => ({
          bookingId: booking.id,
          occurrenceId,
          kind: 'payout' as const,
          provider: 'test',
          providerPaymentId: `failed-payout-${booking.id}-${i}`,
          amountCents: 27000,
          status: 'failed' as const,
          failureMessage: `Refused number ${i + 1}.`,
          updatedAt: new Date(start + i * minute),
        })),
      )
      .returning()
    const admin = await createUser({ role: 'admin' })
    return { problems, failed, cookie: await cookieFor(admin.id) }
  }

  test('each list shows its oldest twenty and counts all; its own page number reaches the rest', async () => {
    const { problems, failed, cookie } = await manyWaiting()
    const read = async (search: string) =>
      (await (await call(adminDashboard.loader, makeRequest(`/admin/dashboard?tab=payments${search}`, { cookie }))).json()).table.attention
    const first = await read('')
    expect(first.holds.rows.map((hold: { problemId: number }) => hold.problemId)).toEqual(problems.slice(0, 20).map((problem) => problem.id))
    expect(first.holds).toMatchObject({ page: 1, totalPages: 2, totalRows: 21 })
    expect(first.failures.rows.map((payout: { paymentId: number }) => payout.paymentId)).toEqual(failed.slice(0, 20).map((row) => row.id))
    expect(first.failures).toMatchObject({ page: 1, totalPages: 2, totalRows: 21 })
    // Each list turns its own page; a page past the end shows the last, a nonsense one the first.
    const second = await read('&holds=2&failed=9')
    expect(second.holds.rows.map((hold: { problemId: number }) => hold.problemId)).toEqual([problems[20].id])
    expect(second.failures).toMatchObject({ page: 2, rows: [expect.objectContaining({ paymentId: failed[20].id, failureMessage: 'Refused number 21.' })] })
    expect((await read('&holds=x')).holds.page).toBe(1)
  })

  test('GET /_api/admin/payouts pages the same way, and refuses a page that is not a number', async () => {
    const { problems, cookie } = await manyWaiting()
    const answer = async (search: string) => call(adminPayoutsApi.loader, makeRequest(`/_api/admin/payouts${search}`, { cookie }))
    const first = await (await answer('')).json()
    expect(first.holds).toHaveLength(20)
    expect(first.pages).toEqual({ holds: { page: 1, totalPages: 2, totalRows: 21 }, failures: { page: 1, totalPages: 2, totalRows: 21 } })
    const second = await (await answer('?holds=2')).json()
    expect(second.holds.map((hold: { problemId: number }) => hold.problemId)).toEqual([problems[20].id])
    expect(second.failures).toHaveLength(20)
    const bad = await answer('?holds=two')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: 'page must be a positive integer' })
  })
})

describe('the /_api calls of payouts', () => {
  const json = (handler: Parameters<typeof call>[0], path: string, cookie: string, body?: unknown) =>
    call(handler, makeRequest(path, { cookie, body }))

  test('a nurse reads her payouts and connects a test account; other roles are refused', async () => {
    const { cookie } = await paidNurse()
    const read = await json(payoutsApi.loader, '/_api/nurses/payouts', cookie)
    expect(read.status).toBe(200)
    expect(read.headers.get('Cache-Control')).toMatch(/private/)
    expect((await read.json()).totals.paidCents).toBe(60000)

    const fresh = await createNurse()
    const freshCookie = await cookieFor(fresh.userId)
    const bad = await json(payoutAccountApi.action, '/_api/nurses/payout-account', freshCookie, { routingNumber: 'x', accountNumber: '1' })
    expect(bad.status).toBe(400)
    const good = await json(payoutAccountApi.action, '/_api/nurses/payout-account', freshCookie, {
      routingNumber: TEST_ROUTING_NUMBER,
      accountNumber: TEST_ACCOUNT_SUCCEEDS,
    })
    expect(good.status).toBe(200)
    expect(await good.json()).toMatchObject({ account: { bankLast4: '6789', payoutsEnabled: true }, sent: { paid: 0 } })

    const parent = await createUser()
    expect((await json(payoutsApi.loader, '/_api/nurses/payouts', await cookieFor(parent.id))).status).toBe(403)
    expect((await call(payoutsApi.loader, makeRequest('/_api/nurses/payouts'))).status).toBe(401)
  })

  test('a family reports a problem through the API; an admin lists, releases and retries', async () => {
    const nurse = await createNurse()
    await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_FAILS })
    const booking = await createBooking({ nurse, dates: futureDates(-1) })
    const hour = 60 * 60 * 1000
    await getDb()
      .update(bookingOccurrences)
      .set({ startsAt: new Date(Date.now() - 11 * hour), endsAt: new Date(Date.now() - hour) })
      .where(eq(bookingOccurrences.id, booking.occurrenceIds[0]))
    const parentCookie = await cookieFor(booking.parentId)
    const body = { bookingId: booking.id, occurrenceId: booking.occurrenceIds[0], description: 'She left at four in the morning.' }
    const reported = await json(reportApi.action, '/_api/bookings/report-problem', parentCookie, body)
    expect(reported.status).toBe(201)
    const { problemId } = await reported.json()
    expect((await json(reportApi.action, '/_api/bookings/report-problem', parentCookie, body)).status).toBe(409)
    const short = await json(reportApi.action, '/_api/bookings/report-problem', parentCookie, { ...body, description: 'no' })
    expect(short.status).toBe(400)

    const admin = await createUser({ role: 'admin' })
    const adminCookie = await cookieFor(admin.id)
    const listed = await (await json(adminPayoutsApi.loader, '/_api/admin/payouts', adminCookie)).json()
    expect(listed.holds.map((hold: { problemId: number }) => hold.problemId)).toEqual([problemId])
    const nurseCookie = await cookieFor(nurse.userId)
    expect((await json(adminPayoutsApi.loader, '/_api/admin/payouts', nurseCookie)).status).toBe(403)

    const resolved = await json(resolveApi.action, '/_api/admin/payouts/resolve', adminCookie, { problemId, decision: 'release', note: 'Fine.' })
    expect(resolved.status).toBe(200)
    expect(await resolved.json()).toEqual({ refundCents: 0 })
    // The night is not due yet: released, it waits for the job, which meets the failing account.
    await payDueNights(new Date(Date.now() + 24 * hour))
    const [failed] = (await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'payout')
    expect(failed.status).toBe('failed')
    const retried = await json(retryApi.action, '/_api/admin/payouts/retry', adminCookie, { paymentId: failed.id })
    expect(await retried.json()).toEqual({ outcome: 'failed' })
    expect((await json(retryApi.action, '/_api/admin/payouts/retry', nurseCookie, { paymentId: failed.id })).status).toBe(403)
  })
})
