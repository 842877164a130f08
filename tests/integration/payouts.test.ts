// Paying nurses (issue 15): a night is payable 24 hours after it ends, sent once however many
// servers run the job, held while the family's problem report is open, and every booking's ledger
// ends at zero. On the built-in test provider and on Stripe (the real SDK against a local fake).
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, bookings, nightProblems, outboxEmails, payments, payoutAccounts, testProviderTransfers, users } from '../../app/db/schema'
import { readAdminStats } from '../../app/domain/admin/admin.server'
import { nightShareCents } from '../../app/domain/bookings/cancellation'
import { getNursePayouts } from '../../app/domain/payouts/nurse-payouts.server'
import { payableAt, settleNight } from '../../app/domain/payouts/payout-rules'
import { TEST_ACCOUNT_FAILS, TEST_ACCOUNT_SUCCEEDS, TEST_ROUTING_NUMBER } from '../../app/domain/payments/test-cards'
import {
  bookingLedger,
  connectTestPayoutAccount,
  LOOKBACK_DAYS,
  owedPayoutCents,
  payDueNights,
  refreshPayoutAccount,
  reportNightProblem,
  resolveNightProblem,
  retryPayout,
  startPayoutOnboarding,
} from '../../app/domain/payouts/payouts.server'
import * as webhookApi from '../../app/api/payments.webhook'
import { createBooking, createNurse, createPayment, createUser, futureDates, type TestNurse } from '../support/factories'
import { call, getNight, makeRequest } from '../support/fixtures'
import { runOnFakeStripe } from '../support/fake-stripe-keys'

const HOUR = 60 * 60 * 1000

/** The subjects of the e-mails sent to this account. */
async function subjectsTo(userId: number) {
  const [user] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId))
  const sent = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email))
  return sent.map((email) => email.subject)
}

async function payoutsOf(bookingId: number) {
  const rows = await getDb().select().from(payments).where(eq(payments.bookingId, bookingId))
  return rows.filter((row) => row.kind === 'payout')
}

async function connectTestAccount(nurse: TestNurse, accountNumber = TEST_ACCOUNT_SUCCEEDS) {
  const result = await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber })
  if (!result.ok) throw new Error(result.error)
  return result.account
}

/** A paid booking of nights that ended (2 and 3 days ago) with a nurse at $300 a night. */
async function workedBooking(options: { dates?: string[]; rateCents?: number; connect?: boolean } = {}) {
  const nurse = await createNurse({ rateCents: options.rateCents ?? 30000 })
  if (options.connect !== false) await connectTestAccount(nurse)
  const booking = await createBooking({ nurse, dates: options.dates ?? futureDates(-4, -3) })
  return { nurse, booking }
}

describe('payouts with the built-in test provider', () => {
  test('a night is payable 24 hours after it ends, not a millisecond before', async () => {
    const { booking } = await workedBooking({ dates: futureDates(-1) })
    const night = await getNight(booking.occurrenceIds[0])
    const due = payableAt(night)
    expect(await payDueNights(new Date(due.getTime() - 1))).toEqual({ paid: 0, failed: 0, skipped: 0 })
    expect(await payoutsOf(booking.id)).toEqual([])
    expect(await payDueNights(due)).toMatchObject({ paid: 1 })
    const [payout] = await payoutsOf(booking.id)
    expect(payout).toMatchObject({ status: 'succeeded', amountCents: 30000, occurrenceId: night.id, provider: 'test' })
    expect(payout.providerPaymentId).toMatch(/^tr_test_/)
  })

  test('two servers running the job at once send each night once', async () => {
    const { booking } = await workedBooking()
    const now = new Date()
    const runs = await Promise.all([payDueNights(now), payDueNights(now), payDueNights(now)])
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(2)
    const rows = await payoutsOf(booking.id)
    expect(rows).toHaveLength(2)
    expect(new Set(rows.map((row) => row.occurrenceId)).size).toBe(2)
    expect(await getDb().select().from(testProviderTransfers)).toHaveLength(2)
    // And again later: nothing more is sent.
    expect(await payDueNights(new Date(now.getTime() + HOUR))).toEqual({ paid: 0, failed: 0, skipped: 0 })
  })

  test('the ledger of a worked booking sums to zero: charge − fees − transfers', async () => {
    const { booking } = await workedBooking()
    expect((await bookingLedger(booking.id)).balanceCents).toBe(booking.totalAmountCents)
    await payDueNights(new Date())
    const ledger = await bookingLedger(booking.id)
    expect(ledger.entries.map((entry) => [entry.kind, entry.amountCents])).toEqual([
      ['charge', 66000],
      ['platform_fee', -3000],
      ['transfer', -30000],
      ['platform_fee', -3000],
      ['transfer', -30000],
    ])
    expect(ledger.balanceCents).toBe(0)
  })

  test('an odd rate leaves no cent behind: the last night takes the rounding', async () => {
    // 3 nights at $123.45: subtotal 37,035, fee 3,704 (rounded), total 40,739; shares round to 13,580.
    const { booking } = await workedBooking({ dates: futureDates(-5, -4, -3), rateCents: 12345 })
    await payDueNights(new Date())
    const rows = await payoutsOf(booking.id)
    expect(rows.map((row) => row.amountCents)).toEqual([12345, 12345, 12345])
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
  })

  test('a cancelled night pays the nurse her share of the cancellation fee kept, and nothing else', async () => {
    const { nurse, booking } = await workedBooking({ dates: futureDates(-4, -3) })
    const [kept, refunded] = booking.occurrenceIds
    const share = nightShareCents(30000, booking)
    const half = Math.round(share / 2)
    // Night one cancelled within 48 hours (half refunded), night two more than 48 hours ahead (all of it).
    for (const [id, refund] of [
      [kept, half],
      [refunded, share],
    ] as const) {
      await getDb().update(bookingOccurrences).set({ status: 'cancelled', refundCents: refund, cancelledAt: new Date() }).where(eq(bookingOccurrences.id, id))
      await createPayment({ bookingId: booking.id, kind: 'refund', amountCents: refund, occurrenceId: id })
    }
    await payDueNights(new Date())
    const rows = await payoutsOf(booking.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ occurrenceId: kept, amountCents: Math.round(((share - half) * 30000) / share) })
    expect(rows[0].amountCents + rows[0].feeCents).toBe(share - half)
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
    const overview = await getNursePayouts(nurse.userId, new Date())
    expect(overview!.nights.map((night) => [night.occurrenceId, night.state])).toEqual([[kept, 'paid']])
  })

  test('no payout account: the night waits as payable, and is sent once the nurse connects one', async () => {
    const { nurse, booking } = await workedBooking({ connect: false })
    expect(await payDueNights(new Date())).toEqual({ paid: 0, failed: 0, skipped: 0 })
    const before = await getNursePayouts(nurse.userId, new Date())
    expect(before!.account.state).toBe('missing')
    expect(before!.account.advice).toMatch(/Connect a bank account/)
    expect(before!.nights.map((night) => night.state)).toEqual(['payable', 'payable'])
    expect(before!.totals.payableCents).toBe(60000)
    // Connecting sends what was waiting at once.
    const connected = await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    expect(connected).toMatchObject({ ok: true, sent: { paid: 2, failed: 0 } })
    expect(await payDueNights(new Date())).toEqual({ paid: 0, failed: 0, skipped: 0 })
    const after = await getNursePayouts(nurse.userId, new Date())
    expect(after!.totals).toMatchObject({ paidCents: 60000, payableCents: 0 })
    expect(await payoutsOf(booking.id)).toHaveLength(2)
  })

  test(`the job looks back ${LOOKBACK_DAYS} days; older nights are sent when the nurse connects again`, async () => {
    const { nurse, booking } = await workedBooking({ dates: futureDates(-(LOOKBACK_DAYS + 5)) })
    // workedBooking connected her before the booking existed: nothing was waiting then.
    expect(await payDueNights(new Date())).toEqual({ paid: 0, failed: 0, skipped: 0 })
    expect(await payoutsOf(booking.id)).toEqual([])
    const again = await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    expect(again).toMatchObject({ ok: true, sent: { paid: 1 } })
  })

  test('a test bank number that is not one of the test numbers is refused with the numbers to use', async () => {
    const nurse = await createNurse()
    const result = await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: '12345678' })
    expect(result).toMatchObject({ ok: false, status: 400, error: expect.stringContaining(TEST_ACCOUNT_SUCCEEDS) })
    expect(await getDb().select().from(payoutAccounts)).toEqual([])
  })

  test('a payout that fails is shown to the nurse and sent again once she connects a working account', async () => {
    const nurse = await createNurse()
    await connectTestAccount(nurse, TEST_ACCOUNT_FAILS)
    const booking = await createBooking({ nurse, dates: futureDates(-3) })
    expect(await payDueNights(new Date())).toMatchObject({ paid: 0, failed: 1 })
    const [failed] = await payoutsOf(booking.id)
    expect(failed.status).toBe('failed')
    const overview = await getNursePayouts(nurse.userId, new Date())
    expect(overview!.nights[0]).toMatchObject({ state: 'failed', failure: expect.stringContaining('could not accept') })
    expect(await subjectsTo(nurse.userId)).toEqual(['Your payout of $300.00 could not be sent'])
    expect(overview!.account.advice).toMatch(/Your last payout failed/)
    // The job does not hammer a failing account.
    expect(await payDueNights(new Date())).toEqual({ paid: 0, failed: 0, skipped: 0 })
    await connectTestAccount(nurse)
    const rows = await payoutsOf(booking.id)
    expect(rows.map((row) => row.status).sort()).toEqual(['canceled', 'succeeded'])
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
  })

  test("an admin's retry of a failed payout sends it under a new key; a paid one cannot be retried", async () => {
    const nurse = await createNurse()
    await connectTestAccount(nurse, TEST_ACCOUNT_FAILS)
    const booking = await createBooking({ nurse, dates: futureDates(-3) })
    await payDueNights(new Date())
    const [failed] = await payoutsOf(booking.id)
    const admin = await createUser({ role: 'admin' })
    // Still the failing account: the retry fails again, under a new key.
    expect(await retryPayout(admin, failed.id)).toEqual({ ok: true, outcome: 'failed' })
    // The nurse's account is fixed at the provider (a new account replaces it), then the admin retries.
    await getDb().update(payoutAccounts).set({ payoutsEnabled: false }).where(eq(payoutAccounts.nurseId, nurse.id))
    await connectTestAccount(nurse)
    const rows = await payoutsOf(booking.id)
    const paid = rows.find((row) => row.status === 'succeeded')!
    expect(paid.idempotencyKey).toMatch(/-retry-2$/)
    expect(await retryPayout(admin, paid.id)).toMatchObject({ ok: false, status: 409 })
    expect(await retryPayout(admin, 999_999)).toMatchObject({ ok: false, status: 404 })
  })

  test("a retry while the nurse's account cannot be paid waits, and is sent when it can", async () => {
    const nurse = await createNurse()
    await connectTestAccount(nurse, TEST_ACCOUNT_FAILS)
    const booking = await createBooking({ nurse, dates: futureDates(-3) })
    await payDueNights(new Date())
    const [failed] = await payoutsOf(booking.id)
    // The provider paused her account; an admin retries meanwhile.
    await getDb().update(payoutAccounts).set({ payoutsEnabled: false }).where(eq(payoutAccounts.nurseId, nurse.id))
    const admin = await createUser({ role: 'admin' })
    expect(await retryPayout(admin, failed.id)).toEqual({ ok: true, outcome: 'skipped' })
    expect((await payoutsOf(booking.id)).map((row) => row.status)).toEqual(['canceled'])
    expect((await getNursePayouts(nurse.userId, new Date()))!.nights[0].state).toBe('payable')
    // A working account: the night is sent under the next attempt's key.
    await connectTestAccount(nurse)
    const rows = await payoutsOf(booking.id)
    expect(rows.map((row) => [row.status, row.idempotencyKey])).toEqual([
      ['canceled', `night-${booking.occurrenceIds[0]}-payout`],
      ['succeeded', `night-${booking.occurrenceIds[0]}-payout-retry-1`],
    ])
  })

  test('a payout claimed by a server that died is sent again under the same key, once', async () => {
    const { booking } = await workedBooking({ dates: futureDates(-3) })
    const night = booking.occurrenceIds[0]
    const key = `night-${night}-payout`
    const longAgo = new Date(Date.now() - HOUR)
    await getDb().insert(payments).values({
      bookingId: booking.id,
      occurrenceId: night,
      kind: 'payout',
      provider: 'test',
      providerPaymentId: key,
      amountCents: 30000,
      feeCents: 3000,
      status: 'pending',
      idempotencyKey: key,
      createdAt: longAgo,
      updatedAt: longAgo,
    })
    const runs = await Promise.all([payDueNights(new Date()), payDueNights(new Date())])
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(1)
    const [row] = await payoutsOf(booking.id)
    expect(row).toMatchObject({ status: 'succeeded', idempotencyKey: key })
    expect(await getDb().select().from(testProviderTransfers)).toHaveLength(1)
  })
})

describe("one rule for 'a payout is owed for this night': the job's and the admin's 'Payouts Due'", () => {
  test("Payouts Due is what the job then sends: a worked night, the share kept of a late cancellation, a cancelled booking's worked night", async () => {
    const { nurse, booking } = await workedBooking({ dates: futureDates(-6, -5, -4) })
    const [worked, lateCancelled, earlyCancelled] = booking.occurrenceIds
    const share = nightShareCents(30000, booking)
    const half = Math.round(share / 2)
    for (const [id, refund] of [
      [lateCancelled, half],
      [earlyCancelled, share],
    ] as const) {
      await getDb().update(bookingOccurrences).set({ status: 'cancelled', refundCents: refund, cancelledAt: new Date() }).where(eq(bookingOccurrences.id, id))
      await createPayment({ bookingId: booking.id, kind: 'refund', amountCents: refund, occurrenceId: id })
    }
    // An admin cancelled this one after its first night was worked: that night stays, and is owed.
    const cut = await createBooking({ nurse, dates: futureDates(-3, 20) })
    await getDb().update(bookingOccurrences).set({ status: 'cancelled', refundCents: share, cancelledAt: new Date() }).where(eq(bookingOccurrences.id, cut.occurrenceIds[1]))
    await getDb().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cut.id))

    const now = new Date()
    const due = (await readAdminStats(now)).totalPayoutsDueCents
    expect(await payDueNights(now)).toMatchObject({ paid: 3, failed: 0 })
    const sent = [...(await payoutsOf(booking.id)), ...(await payoutsOf(cut.id))]
    expect(sent.map((row) => row.occurrenceId).sort()).toEqual([worked, lateCancelled, cut.occurrenceIds[0]].sort())
    expect(due).toBe(sent.reduce((sum, row) => sum + row.amountCents, 0))
    expect(due).toBe(30000 + Math.round(((share - half) * 30000) / share) + 30000)
    expect((await readAdminStats(now)).totalPayoutsDueCents).toBe(0)
  })

  test("the amount owed in SQL is settleNight's, whatever part of the night was refunded", async () => {
    // An odd rate, so the shares and the proportions round.
    const nurse = await createNurse({ rateCents: 12345 })
    const booking = await createBooking({ nurse, dates: futureDates(-5, -4, -3) })
    const id = booking.occurrenceIds[1]
    const share = nightShareCents(12345, booking)
    for (const refundCents of [null, 0, 1, 2, Math.round(share / 3), Math.round(share / 2), share - 2, share - 1]) {
      await getDb().update(bookingOccurrences).set({ status: 'cancelled', refundCents }).where(eq(bookingOccurrences.id, id))
      const [row] = await getDb()
        .select({ cents: sql<number>`${owedPayoutCents()}`.mapWith(Number) })
        .from(bookingOccurrences)
        .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
        .where(eq(bookingOccurrences.id, id))
      const night = await getNight(id)
      expect(row.cents, `refund ${refundCents}`).toBe(settleNight(night, booking)!.transferCents)
    }
  })
})

describe("a family's problem report holds the night's payout", () => {
  async function nightWithReport() {
    const { nurse, booking } = await workedBooking({ dates: futureDates(-1) })
    const night = await getNight(booking.occurrenceIds[0])
    const now = new Date(night.endsAt.getTime() + 2 * HOUR)
    const report = await reportNightProblem(
      { id: booking.parentId },
      { bookingId: booking.id, occurrenceId: night.id, description: 'The nurse left at 3 am.' },
      now,
    )
    if (!report.ok) throw new Error(report.error)
    return { nurse, booking, night, report, now, admin: await createUser({ role: 'admin' }) }
  }

  test('a held night is not paid, whatever the time', async () => {
    const { nurse, booking, night } = await nightWithReport()
    expect(await payDueNights(new Date(payableAt(night).getTime() + 48 * HOUR))).toEqual({ paid: 0, failed: 0, skipped: 0 })
    expect(await payoutsOf(booking.id)).toEqual([])
    const overview = await getNursePayouts(nurse.userId, new Date())
    expect(overview!.nights[0].state).toBe('on_hold')
    expect(await subjectsTo(nurse.userId)).toEqual([expect.stringMatching(/^Payout on hold: /)])
    expect(overview!.totals.onHoldCents).toBe(30000)
  })

  test('released by an admin after it fell due, it is paid at once, and both sides are told', async () => {
    const { nurse, booking, night, report, admin } = await nightWithReport()
    const release = { problemId: report.problemId, decision: 'release' as const, note: 'Spoke to both.' }
    expect(await resolveNightProblem(admin, release, payableAt(night))).toEqual({ ok: true, refundCents: 0 })
    expect((await payoutsOf(booking.id)).map((row) => [row.status, row.amountCents])).toEqual([['succeeded', 30000]])
    expect(await payDueNights(payableAt(night))).toEqual({ paid: 0, failed: 0, skipped: 0 })
    expect(await subjectsTo(nurse.userId)).toEqual([expect.stringMatching(/^Payout on hold/), expect.stringMatching(/^Payout released/)])
    expect(await subjectsTo(booking.parentId)).toEqual([expect.stringMatching(/^About the problem with your night/)])
    expect(await resolveNightProblem(admin, { problemId: report.problemId, decision: 'refund', note: 'again' })).toMatchObject({
      ok: false,
      status: 409,
    })
  })

  test('refunded by an admin, the family gets the night back, the nurse nothing, and the ledger is zero', async () => {
    const { booking, night, report, admin } = await nightWithReport()
    const result = await resolveNightProblem(admin, { problemId: report.problemId, decision: 'refund', note: 'Nurse left early.' })
    expect(result).toEqual({ ok: true, refundCents: booking.totalAmountCents })
    expect(await payDueNights(payableAt(night))).toEqual({ paid: 0, failed: 0, skipped: 0 })
    expect(await payoutsOf(booking.id)).toEqual([])
    expect(await subjectsTo(booking.parentId)).toEqual([expect.stringMatching(/^Refund for your night of /)])
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
  })

  test('a refund after the payout went out takes the transfer back', async () => {
    // The report raced the job: the night was paid in the same moment the family reported it.
    const { booking } = await workedBooking({ dates: futureDates(-1) })
    const night = await getNight(booking.occurrenceIds[0])
    await payDueNights(payableAt(night))
    const [problem] = await getDb()
      .insert(nightProblems)
      .values({ occurrenceId: night.id, bookingId: booking.id, reportedBy: booking.parentId, description: 'Left early.' })
      .returning()
    const admin = await createUser({ role: 'admin' })
    const refunded = await resolveNightProblem(admin, { problemId: problem.id, decision: 'refund', note: 'Found more.' })
    expect(refunded).toEqual({ ok: true, refundCents: booking.totalAmountCents })
    const rows = await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))
    expect(rows.filter((row) => row.kind === 'reversal')).toEqual([expect.objectContaining({ amountCents: 30000, feeCents: 3000 })])
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
    const [transfer] = await getDb().select().from(testProviderTransfers)
    expect(transfer.reversedCents).toBe(30000)
  })

  test('a reversal the provider refuses leaves the family refunded and tells the admin why', async () => {
    const { booking } = await workedBooking({ dates: futureDates(-1) })
    const night = await getNight(booking.occurrenceIds[0])
    await payDueNights(payableAt(night))
    // The transfer was already taken back at the provider by other means: nothing is left to reverse.
    await getDb().update(testProviderTransfers).set({ reversedCents: 30000 })
    const [problem] = await getDb()
      .insert(nightProblems)
      .values({ occurrenceId: night.id, bookingId: booking.id, reportedBy: booking.parentId, description: 'Left early.' })
      .returning()
    const admin = await createUser({ role: 'admin' })
    const result = await resolveNightProblem(admin, { problemId: problem.id, decision: 'refund', note: 'Refund it.' })
    expect(result).toEqual({ ok: true, refundCents: booking.totalAmountCents, reversalFailure: expect.stringContaining('more than is left') })
    const rows = await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))
    expect(rows.filter((row) => row.kind === 'refund').map((row) => row.amountCents)).toEqual([booking.totalAmountCents])
    expect(rows.filter((row) => row.kind === 'reversal').map((row) => row.status)).toEqual(['failed'])
    const [resolved] = await getDb().select().from(nightProblems).where(eq(nightProblems.id, problem.id))
    expect(resolved.status).toBe('refunded')
    // The ledger shows what the platform is out of pocket until the payout is recovered.
    expect((await bookingLedger(booking.id)).balanceCents).toBe(-33000)
  })

  test('only the family of the booking may report, from the night’s start until it is payable, once', async () => {
    const { booking, night, now } = await nightWithReport()
    const stranger = await createUser()
    const input = { bookingId: booking.id, occurrenceId: night.id, description: 'x' }
    expect(await reportNightProblem(stranger, input, now)).toMatchObject({ ok: false, status: 404 })
    expect(await reportNightProblem({ id: booking.parentId }, input, now)).toMatchObject({ ok: false, status: 409 })

    const nurse = await createNurse()
    const later = await createBooking({ nurse, dates: futureDates(3) })
    const future = await getNight(later.occurrenceIds[0])
    const ask = (at: Date) =>
      reportNightProblem({ id: later.parentId }, { bookingId: later.id, occurrenceId: future.id, description: 'x' }, at)
    expect(await ask(new Date(future.startsAt.getTime() - 1))).toMatchObject({ ok: false, status: 409 })
    expect(await ask(payableAt(future))).toMatchObject({ ok: false, status: 409 })
    expect(await ask(future.startsAt)).toMatchObject({ ok: true })
  })
})

describe('payouts through Stripe Connect (the real SDK against a local fake)', () => {
  const WEBHOOK_SECRET = 'whsec_fake_payouts'
  const CONNECT_SECRET = 'whsec_fake_connect'
  const fake = runOnFakeStripe({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET })

  /** A delivery to the webhook; Connect events come from the Connect endpoint, with its own secret. */
  async function deliver(type: string, object: unknown, connected?: { account: string }, secret?: string) {
    const signedWith = secret ?? (connected ? CONNECT_SECRET : WEBHOOK_SECRET)
    const event = fake.signedEvent(type, object, signedWith, undefined, connected)
    return call(
      webhookApi.action,
      makeRequest('/_api/payments/webhook', { body: event.payload, headers: { 'Stripe-Signature': event.signature } }),
    )
  }

  /** A nurse who went through Stripe's onboarding, and her account at the fake. */
  async function onboardedNurse() {
    const nurse = await createNurse()
    const started = await startPayoutOnboarding(nurse.userId)
    if (!started.ok) throw new Error(started.error)
    const link = new URL(started.url)
    const accountId = link.searchParams.get('account')!
    expect(link.searchParams.get('return_url')).toMatch(/\/nurse\/payouts\/return$/)
    expect(link.searchParams.get('refresh_url')).toMatch(/\/nurse\/payouts\/refresh$/)
    fake.completeOnboarding(accountId)
    const account = await refreshPayoutAccount(nurse.userId)
    expect(account).toMatchObject({ accountId, payoutsEnabled: true, detailsSubmitted: true, bankLast4: '6789' })
    return { nurse, accountId }
  }

  test('onboarding makes one Express account and a fresh link per click; before it is finished nothing is paid', async () => {
    const nurse = await createNurse()
    const first = await startPayoutOnboarding(nurse.userId)
    const second = await startPayoutOnboarding(nurse.userId)
    expect(first.ok && second.ok).toBe(true)
    expect(fake.accounts.size).toBe(1)
    const overview = await getNursePayouts(nurse.userId, new Date())
    expect(overview!.account.state).toBe('incomplete')
    await createBooking({ nurse, dates: futureDates(-3) })
    expect(await payDueNights(new Date())).toEqual({ paid: 0, failed: 0, skipped: 0 })
    // The test provider's form is not offered on a Stripe server.
    expect(await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })).toMatchObject({
      ok: false,
      status: 404,
    })
  })

  test('a nurse whose account is set up is sent to her Express dashboard to change her bank details', async () => {
    const { nurse, accountId } = await onboardedNurse()
    const again = await startPayoutOnboarding(nurse.userId)
    expect(again).toEqual({ ok: true, url: `${fake.url}/express/${accountId}` })
    expect(fake.accounts.size).toBe(1)
  })

  test('each night becomes one transfer with its idempotency key, even with the job on two servers', async () => {
    const { nurse, accountId } = await onboardedNurse()
    const booking = await createBooking({ nurse, dates: futureDates(-4, -3) })
    await Promise.all([payDueNights(new Date()), payDueNights(new Date())])
    expect(fake.transfers.size).toBe(2)
    const transfers = [...fake.transfers.values()]
    expect(transfers.every((transfer) => transfer.destination === accountId && transfer.amount === 30000)).toBe(true)
    expect(transfers.map((transfer) => transfer.transfer_group)).toEqual([`booking-${booking.id}`, `booking-${booking.id}`])
    const keys = fake.requests.filter((r) => r.path === '/v1/transfers').map((r) => r.idempotencyKey)
    expect(new Set(keys)).toEqual(new Set(booking.occurrenceIds.map((id) => `night-${id}-payout`)))
    const rows = await payoutsOf(booking.id)
    expect(rows.map((row) => row.providerPaymentId).sort()).toEqual(transfers.map((t) => t.id).sort())
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
  })

  test('webhooks: transfer.created records a payout whose call never came back, and nothing else', async () => {
    const { nurse } = await onboardedNurse()
    const booking = await createBooking({ nurse, dates: futureDates(-3) })
    await payDueNights(new Date())
    const [transfer] = fake.transfers.values()
    const [payout] = await payoutsOf(booking.id)
    // As if the server had died after Stripe made the transfer and before our row said so.
    await getDb().update(payments).set({ status: 'pending', providerPaymentId: payout.idempotencyKey! }).where(eq(payments.id, payout.id))
    // A transfer of another amount for the night is not taken for ours.
    expect((await deliver('transfer.created', { ...transfer, id: 'tr_fake_other', amount: 1 })).status).toBe(200)
    expect((await payoutsOf(booking.id))[0]).toMatchObject({ status: 'pending' })
    expect((await deliver('transfer.created', transfer)).status).toBe(200)
    expect((await payoutsOf(booking.id))[0]).toMatchObject({ status: 'succeeded', providerPaymentId: transfer.id })
    // Delivered again: nothing changes, and the job sends nothing more.
    expect((await deliver('transfer.created', transfer)).status).toBe(200)
    expect(await payDueNights(new Date())).toEqual({ paid: 0, failed: 0, skipped: 0 })
    expect(fake.transfers.size).toBe(1)
  })

  test('webhooks: account.updated pauses payouts, transfer.reversed is recorded once, payout.failed is shown', async () => {
    const { nurse, accountId } = await onboardedNurse()
    const booking = await createBooking({ nurse, dates: futureDates(-3) })
    await payDueNights(new Date())
    const [transfer] = fake.transfers.values()

    // Stripe asks for more: payouts stop, and the nurse is told what is missing.
    const account = fake.accounts.get(accountId)!
    account.payouts_enabled = false
    account.requirements.currently_due = ['individual.verification.document']
    expect((await deliver('account.updated', account)).status).toBe(200)
    const overview = await getNursePayouts(nurse.userId, new Date())
    expect(overview!.account).toMatchObject({ state: 'restricted', advice: expect.stringContaining('an identity document') })

    // A reversal made in Stripe's dashboard.
    const reversal = { id: 'trr_fake_dashboard', object: 'transfer_reversal' as const, amount: 30000, transfer: transfer.id }
    transfer.reversals.data.push(reversal)
    transfer.amount_reversed = 30000
    expect((await deliver('transfer.reversed', transfer)).status).toBe(200)
    expect((await deliver('transfer.reversed', transfer)).status).toBe(200)
    const reversals = (await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'reversal')
    expect(reversals).toEqual([expect.objectContaining({ providerPaymentId: 'trr_fake_dashboard', amountCents: 30000 })])
    expect((await getNursePayouts(nurse.userId, new Date()))!.nights[0].state).toBe('reversed')

    const payout = { id: 'po_fake_1', object: 'payout', amount: 30000, failure_message: 'The bank account has been closed.' }
    // Signed with neither endpoint's secret: refused, and nothing recorded.
    expect((await deliver('payout.failed', payout, { account: accountId }, 'whsec_someone_else')).status).toBe(400)
    expect((await deliver('payout.failed', payout, { account: accountId })).status).toBe(200)
    const [row] = await getDb().select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId))
    expect(row.lastFailure).toBe('The bank account has been closed.')
  })
})
