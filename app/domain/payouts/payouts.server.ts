// Paying nurses (issue 15, docs/decisions/0027): a payout account per nurse at the payment
// provider, one transfer per night once it is payable (payout-rules.ts), problem reports that hold
// a night's payout until an admin releases or refunds it, and the ledger every screen reads.
//
// A transfer is a `payments` row of kind 'payout' (amount: what the nurse gets, fee: what the
// platform keeps of the night), a reversal one of kind 'reversal'. The row is written before the
// provider is called, under the night's idempotency key, so that of several servers running the
// job at once exactly one sends the night (the unique key refuses the others), and a server that
// dies between the two steps leaves a 'pending' row the next run sends again under the same key,
// which the provider answers with the first transfer.
import { and, asc, count, eq, exists, gte, inArray, isNull, lt, lte, notExists, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import {
  adminAuditLog,
  bookingOccurrences,
  bookings,
  nightProblems,
  nurseProfiles,
  payments,
  payoutAccounts,
  reservations,
  users,
} from '../../db/schema'
import { findWeekOfNight } from '../payments/charge-weeks.server'
import { DEPOSIT_REFUND_DAYS_BEFORE_DUE, depositFate } from '../payments/deposit-rules'
import { BOOKING_NOT_FOUND } from '../bookings/booking-rules'
import { addNightRefund, workedOrCancelledNight } from '../bookings/life-cycle.server'
import { nightShareCents } from '../bookings/cancellation'
import { formatNightDate } from '../time/shift-times'
import {
  changePaymentStatus,
  collectedCharge,
  createOrRetryReversal,
  createPaymentUnlessTaken,
  livePayment,
  updatePayments,
} from '../payments/payment-life-cycle.server'
import { findPaidCharge, markChargeRefundedWhenFull, refundPayment, RefundError } from '../payments/payments.server'
import {
  getPaymentProvider,
  getPaymentProviderNamed,
  PaymentProviderError,
  type ProviderPayoutAccount,
} from '../payments/payment-provider.server'
import { sendNightHeldNotice, sendPayoutFailedNotice, sendProblemResolvedNotices } from './payout-notices.server'
import { canReportProblem, PAYABLE_AFTER_HOURS, settleNight } from './payout-rules'
import { countOf, readPage, type Paged } from '../platform/paging'

/** What settling a night needs of its booking: the amounts its share of the total is taken from. */
export const SETTLED_BOOKING = {
  id: bookings.id,
  subtotalCents: bookings.subtotalCents,
  totalAmountCents: bookings.totalAmountCents,
}

/** In SQL, over a night joined to its booking: the night's share of the total (nightShareCents, rounded the same way). */
const nightShareSql = sql`round(${bookings.totalAmountCents}::numeric * ${bookingOccurrences.priceCents} / nullif(${bookings.subtotalCents}, 0))`

/**
 * In SQL, over a night joined to its booking: a payout is owed for this night. It was worked or
 * cancelled, its family was not refunded its whole share (so settleNight pays its nurse
 * something), its booking was paid, and no payout of it is made or on its way (a failed one still
 * owes it). The one rule of the payout job (which also waits for a failed payout's retry, an open
 * problem and the 24 hours) and of the admin's 'Payouts Due' (docs/decisions/0027, 0052).
 */
export function payoutOwed(): SQL {
  const db = getDb()
  return and(
    workedOrCancelledNight(),
    sql`coalesce(${bookingOccurrences.refundCents}, 0) < ${nightShareSql}`,
    exists(
      db
        .select({ one: sql`1` })
        .from(payments)
        .where(and(eq(payments.bookingId, bookings.id), eq(payments.kind, 'charge'), collectedCharge())),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(payments)
        .where(and(eq(payments.occurrenceId, bookingOccurrences.id), eq(payments.kind, 'payout'), livePayment())),
    ),
  )!
}

/**
 * In SQL, over a night joined to its booking: what its payout sends the nurse, settleNight's
 * transferCents (its price, or for a night refunded in part the kept part of its share in the
 * proportion price : share). Meaningful where payoutOwed holds.
 */
export function owedPayoutCents(): SQL<number> {
  const kept = sql`greatest(0, ${nightShareSql} - coalesce(${bookingOccurrences.refundCents}, 0))`
  return sql<number>`case when ${kept} = ${nightShareSql} then ${bookingOccurrences.priceCents}
    else round(${kept} * ${bookingOccurrences.priceCents} / nullif(${nightShareSql}, 0)) end`
}

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect
type Failure = { ok: false; status: 400 | 404 | 409 | 502; error: string }
const fail = (status: Failure['status'], error: string): Failure => ({ ok: false, status, error })

export const PAYOUT_ACCOUNT_FAILED = 'Your payout account could not be set up. Please try again.'
export const PROBLEM_NOT_ALLOWED = 'A problem can be reported from the start of a booked night until its payout is due.'

// --- Payout accounts ----------------------------------------------------------------------------

async function nurseOf(userId: number) {
  const [row] = await getDb()
    .select({ id: nurseProfiles.id, email: users.email })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.userId, userId))
  return row ?? null
}

/** The nurse's payout account, or null. An account at a provider this server does not use counts as none. */
export async function getPayoutAccount(nurseId: number): Promise<PayoutAccountRow | null> {
  const [row] = await getDb().select().from(payoutAccounts).where(eq(payoutAccounts.nurseId, nurseId))
  return row && row.provider === getPaymentProvider().name ? row : null
}

function accountColumns(account: ProviderPayoutAccount, now: Date) {
  return {
    detailsSubmitted: account.detailsSubmitted,
    payoutsEnabled: account.payoutsEnabled,
    requirementsDue: account.requirementsDue,
    disabledReason: account.disabledReason,
    bankLast4: account.bankLast4,
    updatedAt: now,
  }
}

/** Keeps the provider's new account as the nurse's one (a second connection replaces the first). */
async function saveAccount(nurseId: number, provider: string, account: ProviderPayoutAccount, now: Date) {
  const [row] = await getDb()
    .insert(payoutAccounts)
    .values({ nurseId, provider, accountId: account.id, ...accountColumns(account, now), createdAt: now })
    .onConflictDoUpdate({
      target: payoutAccounts.nurseId,
      set: { provider, accountId: account.id, ...accountColumns(account, now), lastFailure: null },
    })
    .returning()
  return row
}

/**
 * The built-in test provider's 'connect a bank account' form: the nurse types a test routing and
 * account number; payouts she was waiting for, and ones that failed, are sent on the next run.
 */
export async function connectTestPayoutAccount(
  userId: number,
  bank: { routingNumber: string; accountNumber: string },
  now: Date = new Date(),
): Promise<{ ok: true; account: PayoutAccountRow; sent: PayoutRunResult } | Failure> {
  const nurse = await nurseOf(userId)
  if (!nurse) return fail(404, 'Create your nurse profile first.')
  const provider = getPaymentProvider()
  if (provider.name !== 'test') return fail(404, 'Test payout accounts are not available on this server.')
  try {
    const account = await provider.createPayoutAccount({
      nurseId: nurse.id,
      email: nurse.email,
      idempotencyKey: `nurse-${nurse.id}-payout-account-${now.getTime()}`,
      bank,
    })
    const row = await saveAccount(nurse.id, provider.name, account, now)
    const sent = await sendBacklog(nurse.id, now)
    return { ok: true, account: row, sent }
  } catch (error) {
    if (error instanceof PaymentProviderError) return fail(400, error.message)
    console.error(`Nurse ${nurse.id}: connecting a test payout account failed:`, error)
    return fail(502, PAYOUT_ACCOUNT_FAILED)
  }
}

/**
 * Stripe Connect: makes the nurse's Express account the first time, then answers a fresh
 * onboarding link (links expire within minutes, so one is made per click); once her account is
 * paid, a link to her Express dashboard, where she changes her bank details.
 */
export async function startPayoutOnboarding(
  userId: number,
  now: Date = new Date(),
): Promise<{ ok: true; url: string } | Failure> {
  const nurse = await nurseOf(userId)
  if (!nurse) return fail(404, 'Create your nurse profile first.')
  const provider = getPaymentProvider()
  if (provider.name !== 'stripe') return fail(404, 'This server pays out through the built-in test provider.')
  try {
    let account = await getPayoutAccount(nurse.id)
    if (!account) {
      const created = await provider.createPayoutAccount({
        nurseId: nurse.id,
        email: nurse.email,
        idempotencyKey: `nurse-${nurse.id}-payout-account`,
      })
      account = await saveAccount(nurse.id, provider.name, created, now)
    }
    // Set up and paid: her bank details are changed in Stripe's Express dashboard.
    if (account.payoutsEnabled) {
      const dashboard = await provider.accountDashboardLink(account.accountId)
      return dashboard ? { ok: true, url: dashboard } : fail(502, PAYOUT_ACCOUNT_FAILED)
    }
    const origin = getConfig().APP_ORIGIN
    const url = await provider.onboardingLink({
      accountId: account.accountId,
      returnUrl: `${origin}/nurse/payouts/return`,
      refreshUrl: `${origin}/nurse/payouts/refresh`,
    })
    if (!url) return fail(502, PAYOUT_ACCOUNT_FAILED)
    return { ok: true, url }
  } catch (error) {
    console.error(`Nurse ${nurse.id}: starting payout onboarding failed:`, error)
    return fail(502, PAYOUT_ACCOUNT_FAILED)
  }
}

/** Reads the nurse's account back from the provider (the return from onboarding). */
export async function refreshPayoutAccount(userId: number, now: Date = new Date()): Promise<PayoutAccountRow | null> {
  const nurse = await nurseOf(userId)
  if (!nurse) return null
  const account = await getPayoutAccount(nurse.id)
  if (!account) return null
  const current = await getPaymentProviderNamed(account.provider).retrievePayoutAccount(account.accountId)
  return applyPayoutAccountUpdate(current, now)
}

/**
 * The provider's view of an account (onboarding's return, the `account.updated` webhook). Written
 * only when something changed; when payouts become enabled, what waited for them is sent.
 */
export async function applyPayoutAccountUpdate(account: ProviderPayoutAccount, now: Date = new Date()) {
  const db = getDb()
  const [before] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, account.id))
  if (!before) return null
  const { updatedAt: _updatedAt, ...columns } = accountColumns(account, now)
  const same = (Object.keys(columns) as Array<keyof typeof columns>).every(
    (key) => JSON.stringify(before[key]) === JSON.stringify(columns[key]),
  )
  if (same) return before
  const [row] = await db
    .update(payoutAccounts)
    .set(accountColumns(account, now))
    .where(eq(payoutAccounts.accountId, account.id))
    .returning()
  if (row?.payoutsEnabled && !before.payoutsEnabled) await sendBacklog(row.nurseId, now)
  return row ?? null
}

/** The bank refused a payout from the nurse's provider balance (Stripe's `payout.failed`). */
export async function recordPayoutAccountFailure(accountId: string, message: string, now: Date = new Date()) {
  await getDb().update(payoutAccounts).set({ lastFailure: message, updatedAt: now }).where(eq(payoutAccounts.accountId, accountId))
}

// --- The payout job -----------------------------------------------------------------------------

/** A claimed payout still 'pending' this long after its last try is sent again under its key. */
const STALE_CLAIM_MS = 10 * 60_000
const DAY_MS = 24 * 60 * 60 * 1000
const PAYABLE_AFTER_MS = PAYABLE_AFTER_HOURS * 60 * 60 * 1000
/** How far back the job looks for nights that fell due (docs/decisions/0027). */
export const LOOKBACK_DAYS = 30

const payoutKey = (occurrenceId: number, attempt: number) =>
  attempt === 0 ? `night-${occurrenceId}-payout` : `night-${occurrenceId}-payout-retry-${attempt}`
/** A kept deposit's payout, named by the deposit's charge; a retry counts the attempts before it. */
const depositPayoutKey = (chargeId: number, attempt: number) =>
  attempt === 0 ? `deposit-${chargeId}-payout` : `deposit-${chargeId}-payout-retry-${attempt}`

export interface PayoutRunResult {
  paid: number
  failed: number
  /** Claimed by another server, or nothing owed. */
  skipped: number
}

/**
 * Sends every payable night of nurses whose account can be paid (registered as a job on each
 * server; safe on several at once). Nights with a failed payout wait for an admin's retry or the
 * nurse's new account; nights on hold wait for an admin.
 */
export async function payDueNights(
  now: Date = new Date(),
  options: { limit?: number; nurseId?: number } = {},
): Promise<PayoutRunResult> {
  const db = getDb()
  const provider = getPaymentProvider()
  const dueBefore = new Date(now.getTime() - PAYABLE_AFTER_MS)
  // The job reads only nights that fell due in the last LOOKBACK_DAYS, so a run costs the same in
  // year five as in year one; one nurse's older nights are sent when she connects an account (or
  // Stripe enables hers again), and a released hold is sent at once.
  const dueAfter = options.nurseId === undefined ? new Date(dueBefore.getTime() - LOOKBACK_DAYS * DAY_MS) : null
  const due = await db
    .select({
      night: bookingOccurrences,
      booking: SETTLED_BOOKING,
      accountId: payoutAccounts.accountId,
    })
    .from(payoutAccounts)
    .innerJoin(bookingOccurrences, eq(bookingOccurrences.nurseId, payoutAccounts.nurseId))
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .where(
      and(
        eq(payoutAccounts.provider, provider.name),
        eq(payoutAccounts.payoutsEnabled, true),
        lte(bookingOccurrences.endsAt, dueBefore),
        dueAfter ? gte(bookingOccurrences.endsAt, dueAfter) : undefined,
        options.nurseId !== undefined ? eq(payoutAccounts.nurseId, options.nurseId) : undefined,
        payoutOwed(),
        // A night whose payout failed waits for an admin's retry or the nurse's new account.
        notExists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.occurrenceId, bookingOccurrences.id), eq(payments.kind, 'payout'), eq(payments.status, 'failed'))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(nightProblems)
            .where(and(eq(nightProblems.occurrenceId, bookingOccurrences.id), eq(nightProblems.status, 'open'))),
        ),
      ),
    )
    .orderBy(asc(bookingOccurrences.endsAt), asc(bookingOccurrences.id))
    .limit(options.limit ?? 200)

  const result: PayoutRunResult = { paid: 0, failed: 0, skipped: 0 }
  for (const { night, booking, accountId } of due) {
    const outcome = await payNight({ night, booking, accountId, now })
    result[outcome]++
  }
  for (const kept of await payKeptDeposits(now, options)) result[kept]++
  for (const stale of await staleClaims(now)) {
    const outcome = await sendClaimed(stale, now)
    result[outcome]++
  }
  return result
}

/**
 * The deposits families left to their nurse by withdrawing within 30 days of the due date
 * (decision 0073): each is sent to her payout account once, less the platform's fee inside it,
 * claimed under its key like a night's pay (a second server finds the claim and sends nothing).
 * A deposit whose payout failed waits, like a night, for an admin's retry or her new account.
 */
async function payKeptDeposits(now: Date, options: { limit?: number; nurseId?: number }): Promise<Array<keyof PayoutRunResult>> {
  const db = getDb()
  const provider = getPaymentProvider()
  const sent = alias(payments, 'deposit_payouts')
  const rows = await db
    .select({ charge: payments, reservation: reservations, accountId: payoutAccounts.accountId })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .innerJoin(payoutAccounts, eq(payoutAccounts.nurseId, reservations.nurseId))
    .where(
      and(
        eq(payments.kind, 'charge'),
        eq(payments.status, 'succeeded'),
        isNull(payments.bookingId),
        eq(reservations.status, 'cancelled'),
        eq(reservations.cancelledBy, reservations.parentId),
        eq(payoutAccounts.provider, provider.name),
        eq(payoutAccounts.payoutsEnabled, true),
        options.nurseId !== undefined ? eq(payoutAccounts.nurseId, options.nurseId) : undefined,
        // Sent, being sent, or failed: only an attempt a retry superseded ('canceled') is no payout.
        notExists(
          db
            .select({ one: sql`1` })
            .from(sent)
            .where(and(eq(sent.chargeId, payments.id), eq(sent.kind, 'payout'), sql`${sent.status} <> 'canceled'`)),
        ),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(options.limit ?? 200)
  const outcomes: Array<keyof PayoutRunResult> = []
  for (const { charge, reservation, accountId } of rows) {
    if (depositFate(reservation) !== 'keep') continue
    outcomes.push(await payKeptDeposit({ charge, reservation, accountId, now }))
  }
  return outcomes
}

/** Claims a kept deposit's payout under the key of its next attempt, then sends it. */
async function payKeptDeposit(input: {
  charge: PaymentRow
  reservation: { id: number }
  accountId: string
  now: Date
}): Promise<keyof PayoutRunResult> {
  const { charge, reservation, now } = input
  const db = getDb()
  const [{ attempts }] = await db
    .select({ attempts: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.chargeId, charge.id), eq(payments.kind, 'payout'), eq(payments.status, 'canceled')))
  const key = depositPayoutKey(charge.id, attempts)
  const claimed = await createPaymentUnlessTaken(db, {
    bookingId: null,
    reservationId: reservation.id,
    chargeId: charge.id,
    kind: 'payout',
    provider: getPaymentProvider().name,
    providerPaymentId: key,
    amountCents: charge.amountCents - charge.feeCents,
    feeCents: charge.feeCents,
    status: 'pending',
    reason: `Deposit kept: the family cancelled within ${DEPOSIT_REFUND_DAYS_BEFORE_DUE} days of the due date`,
    idempotencyKey: key,
    createdAt: now,
    updatedAt: now,
  })
  return claimed ? sendClaimed({ payment: claimed, accountId: input.accountId }, now) : 'skipped'
}

type Night = typeof bookingOccurrences.$inferSelect
type PaymentRow = typeof payments.$inferSelect

/**
 * Claims the night's payout under its key, then sends it. The key counts the night's attempts
 * already superseded ('canceled'), never the live ones: a server that finds the night just after
 * another claimed it computes the same key and is refused by it, so one of them sends the night.
 */
async function payNight(input: {
  night: Night
  booking: { id: number; subtotalCents: number; totalAmountCents: number }
  accountId: string
  now: Date
}): Promise<keyof PayoutRunResult> {
  const { night, booking, now } = input
  const db = getDb()
  // Paid for: the booking's charge, or (a series paid week by week) the charge of the night's week.
  const charge = await findPaidCharge(db, booking.id, (await findWeekOfNight(db, night.id))?.week ?? null)
  const settlement = charge ? settleNight(night, booking) : null
  if (!settlement) return 'skipped'
  const [{ attempts }] = await db
    .select({ attempts: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.occurrenceId, night.id), eq(payments.kind, 'payout'), eq(payments.status, 'canceled')))
  const feeCents = await isLastToSettle(night, booking.id)
    ? (await bookingBalance(booking.id)) - settlement.transferCents
    : settlement.feeCents
  const key = payoutKey(night.id, attempts)
  const provider = getPaymentProvider()
  const claimed = await createPaymentUnlessTaken(db, {
    bookingId: booking.id,
    occurrenceId: night.id,
    kind: 'payout',
    provider: provider.name,
    // The transfer's id replaces the key once the provider has answered.
    providerPaymentId: key,
    amountCents: settlement.transferCents,
    feeCents,
    status: 'pending',
    reason: `Night of ${formatNightDate(night.date)}`,
    idempotencyKey: key,
    createdAt: now,
    updatedAt: now,
  })
  if (!claimed) return 'skipped'
  return sendClaimed({ payment: claimed, accountId: input.accountId }, now)
}

/** Sends a claimed payout row to its account; the row ends 'succeeded', 'failed' or, when the provider could not be reached, stays 'pending'. */
async function sendClaimed(claim: { payment: PaymentRow; accountId: string }, now: Date): Promise<keyof PayoutRunResult> {
  const { payment } = claim
  const db = getDb()
  // The row was claimed 'pending' for this call; a webhook that recorded the transfer first wins.
  const sent = { where: eq(payments.id, payment.id), kind: 'payout', from: ['pending'], cause: 'provider-answer' } as const
  try {
    const transfer = await getPaymentProviderNamed(payment.provider).createTransfer({
      accountId: claim.accountId,
      amountCents: payment.amountCents,
      idempotencyKey: payment.idempotencyKey!,
      transferGroup: payment.bookingId === null ? `reservation-${payment.reservationId}` : `booking-${payment.bookingId}`,
      description: payment.reason ?? `Booking ${payment.bookingId}`,
      metadata:
        payment.bookingId === null
          ? { reservationId: String(payment.reservationId) }
          : { bookingId: String(payment.bookingId), occurrenceId: String(payment.occurrenceId) },
    })
    await changePaymentStatus(db, {
      ...sent,
      to: 'succeeded',
      set: { providerPaymentId: transfer.id, failureMessage: null, updatedAt: now },
    })
    await db.update(payoutAccounts).set({ lastFailure: null }).where(eq(payoutAccounts.accountId, claim.accountId))
    return 'paid'
  } catch (error) {
    if (!isRefusal(error)) {
      // The provider may or may not have made it: the next run asks again under the same key.
      console.error(`Payout ${payment.id} could not reach the provider; it will be sent again:`, error)
      await updatePayments(db, eq(payments.id, payment.id), { updatedAt: now })
      return 'skipped'
    }
    const message = error instanceof Error ? error.message : String(error)
    await changePaymentStatus(db, { ...sent, to: 'failed', set: { failureMessage: message, updatedAt: now } })
    if (error instanceof PaymentProviderError && error.code === 'payout_failed') {
      await recordPayoutAccountFailure(claim.accountId, message, now)
    }
    await sendPayoutFailedNotice(payment, message)
    return 'failed'
  }
}

/** The provider answered no (a bad account, a refused amount), as opposed to not answering. */
function isRefusal(error: unknown): boolean {
  if (error instanceof PaymentProviderError) return true
  const type = (error as { type?: string } | null)?.type
  return type === 'StripeInvalidRequestError' || type === 'StripePermissionError' || type === 'StripeCardError'
}

async function staleClaims(now: Date) {
  const db = getDb()
  const rows = await db
    .select({ payment: payments, accountId: payoutAccounts.accountId })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    // A kept deposit's payout names its reservation instead of a booking (decision 0073).
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .innerJoin(payoutAccounts, eq(payoutAccounts.nurseId, sql`coalesce(${bookings.nurseId}, ${reservations.nurseId})`))
    .where(
      and(
        eq(payments.kind, 'payout'),
        eq(payments.status, 'pending'),
        lt(payments.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
      ),
    )
    .limit(50)
  // Each stale row is taken by one server: the one whose update still finds the old time.
  const claimed = []
  for (const row of rows) {
    const [taken] = await updatePayments(
      db,
      and(eq(payments.id, row.payment.id), eq(payments.updatedAt, row.payment.updatedAt), eq(payments.status, 'pending')),
      { updatedAt: now },
    )
    if (taken) claimed.push({ payment: taken, accountId: row.accountId })
  }
  return claimed
}

/**
 * Whether no other night of the booking can still be paid out: the last payout of a booking takes
 * the platform's rounding remainder as its fee, so the booking's ledger ends at exactly zero.
 */
async function isLastToSettle(night: Night, bookingId: number): Promise<boolean> {
  const db = getDb()
  const [booking] = await db
    .select({ subtotalCents: bookings.subtotalCents, totalAmountCents: bookings.totalAmountCents })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
  const others = await db
    .select({ night: bookingOccurrences, payoutId: payments.id })
    .from(bookingOccurrences)
    .leftJoin(
      payments,
      and(eq(payments.occurrenceId, bookingOccurrences.id), eq(payments.kind, 'payout'), livePayment()),
    )
    .where(and(eq(bookingOccurrences.bookingId, bookingId), sql`${bookingOccurrences.id} <> ${night.id}`))
  return others.every(({ night: other, payoutId }) => payoutId !== null || settleNight(other, booking) === null)
}

/** What the platform still holds of the booking's money: charged − refunded − paid out − fees kept + reversed. */
async function bookingBalance(bookingId: number): Promise<number> {
  const ledger = await bookingLedger(bookingId)
  return ledger.balanceCents
}

// --- Retrying a failed payout -------------------------------------------------------------------

/**
 * Once a nurse's account can be paid: her failed payouts are tried again and every payable night
 * of hers is sent, however old (the job itself looks back LOOKBACK_DAYS only).
 */
async function sendBacklog(nurseId: number, now: Date): Promise<PayoutRunResult> {
  // The account is saved whatever happens here: a failure is logged, not reported as a failed
  // connection, and the job sends what it can on its next runs.
  try {
    await requeueFailedPayouts(nurseId, now)
    return await payDueNights(now, { nurseId, limit: 1000 })
  } catch (error) {
    console.error(`Sending the waiting payouts of nurse ${nurseId} failed; the job will try again:`, error)
    return { paid: 0, failed: 0, skipped: 0 }
  }
}

/** After the nurse connects a working account, her failed nights and kept deposits are sent again. */
async function requeueFailedPayouts(nurseId: number, now: Date) {
  const db = getDb()
  const failed = await db
    .select({ payment: payments })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .where(
      and(
        eq(sql`coalesce(${bookings.nurseId}, ${reservations.nurseId})`, nurseId),
        eq(payments.kind, 'payout'),
        eq(payments.status, 'failed'),
      ),
    )
  for (const { payment } of failed) await retryPayoutRow(payment, now)
}

/** An admin's Retry on a failed payout: a new attempt under a new key, now. */
export async function retryPayout(
  admin: { id: number },
  paymentId: number,
  now: Date = new Date(),
): Promise<{ ok: true; outcome: keyof PayoutRunResult } | Failure> {
  const db = getDb()
  const [payment] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.kind, 'payout')))
  if (!payment) return fail(404, 'No such payout.')
  if (payment.status !== 'failed') return fail(409, 'Only a failed payout can be retried.')
  const outcome = await retryPayoutRow(payment, now)
  await db.insert(adminAuditLog).values({
    actorId: admin.id,
    action: 'payout.retry',
    entityType: 'payment',
    entityId: payment.id,
    data: { occurrenceId: payment.occurrenceId, reservationId: payment.reservationId, outcome },
  })
  return { ok: true, outcome }
}

/** Marks a failed payout superseded ('canceled') so that its next attempt may be claimed; false when another got there first. */
async function supersede(payment: PaymentRow, now: Date): Promise<boolean> {
  const [superseded] = await changePaymentStatus(getDb(), {
    where: eq(payments.id, payment.id),
    kind: 'payout',
    from: ['failed'],
    to: 'canceled',
    cause: 'retry',
    set: { updatedAt: now },
  })
  return Boolean(superseded)
}

/** Marks the failed row as superseded and sends the night (or the kept deposit) again under the next attempt's key. */
async function retryPayoutRow(payment: PaymentRow, now: Date): Promise<keyof PayoutRunResult> {
  const db = getDb()
  if (payment.occurrenceId === null) return payment.chargeId === null ? 'skipped' : retryKeptDeposit(payment, payment.chargeId, now)
  if (!(await supersede(payment, now))) return 'skipped'
  const [row] = await db
    .select({
      night: bookingOccurrences,
      booking: SETTLED_BOOKING,
      accountId: payoutAccounts.accountId,
      open: nightProblems.id,
    })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .leftJoin(payoutAccounts, and(eq(payoutAccounts.nurseId, bookings.nurseId), eq(payoutAccounts.payoutsEnabled, true)))
    .leftJoin(nightProblems, and(eq(nightProblems.occurrenceId, bookingOccurrences.id), eq(nightProblems.status, 'open')))
    .where(eq(bookingOccurrences.id, payment.occurrenceId))
  // No account that can be paid, or a problem reported since: the job sends it when it can.
  if (!row?.accountId || row.open !== null) return 'skipped'
  return payNight({ night: row.night, booking: row.booking, accountId: row.accountId, now })
}

/** A kept deposit's failed payout, sent again to the nurse's account if one can be paid now. */
async function retryKeptDeposit(payment: PaymentRow, chargeId: number, now: Date): Promise<keyof PayoutRunResult> {
  if (!(await supersede(payment, now))) return 'skipped'
  const [row] = await getDb()
    .select({ charge: payments, reservation: reservations, accountId: payoutAccounts.accountId })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(payoutAccounts, and(eq(payoutAccounts.nurseId, reservations.nurseId), eq(payoutAccounts.payoutsEnabled, true)))
    .where(and(eq(payments.id, chargeId), eq(payments.kind, 'charge')))
  // No account that can be paid: the job sends it once she has one.
  if (!row?.accountId) return 'skipped'
  return payKeptDeposit({ charge: row.charge, reservation: row.reservation, accountId: row.accountId, now })
}

// --- Problem reports ----------------------------------------------------------------------------

/** 'Report a problem with this night' on the family's booking: holds the night's payout. */
export async function reportNightProblem(
  parent: { id: number },
  input: { bookingId: number; occurrenceId: number; description: string },
  now: Date = new Date(),
): Promise<{ ok: true; problemId: number } | Failure> {
  const db = getDb()
  const [row] = await db
    .select({ night: bookingOccurrences })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .where(
      and(
        eq(bookingOccurrences.id, input.occurrenceId),
        eq(bookingOccurrences.bookingId, input.bookingId),
        eq(bookings.parentId, parent.id),
      ),
    )
  if (!row) return fail(404, BOOKING_NOT_FOUND)
  if (!canReportProblem(row.night, now)) return fail(409, PROBLEM_NOT_ALLOWED)
  const [created] = await db
    .insert(nightProblems)
    .values({
      occurrenceId: row.night.id,
      bookingId: input.bookingId,
      reportedBy: parent.id,
      description: input.description,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: nightProblems.id })
  if (!created) return fail(409, 'A problem with this night has already been reported.')
  await sendNightHeldNotice(row.night.id)
  return { ok: true, problemId: created.id }
}

/**
 * An admin decides a held night: 'release' lets the payout go on the next run; 'refund' gives the
 * family the night's share back (what is left of it) and pays the nurse nothing for it, taking
 * back a transfer already made.
 */
export async function resolveNightProblem(
  admin: { id: number },
  input: { problemId: number; decision: 'release' | 'refund'; note: string },
  now: Date = new Date(),
): Promise<{ ok: true; refundCents: number; reversalFailure?: string } | Failure> {
  const db = getDb()
  const [problem] = await db.select().from(nightProblems).where(eq(nightProblems.id, input.problemId))
  if (!problem) return fail(404, 'No such problem report.')
  if (problem.status !== 'open') return fail(409, 'This problem has already been resolved.')
  let refundCents = 0
  let reversalFailure: string | null = null
  if (input.decision === 'refund') {
    const refunded = await refundNight(problem.occurrenceId, input.note, now)
    if (!refunded.ok) return refunded
    refundCents = refunded.refundCents
    reversalFailure = refunded.reversalFailure
  }
  const [resolved] = await db
    .update(nightProblems)
    .set({
      status: input.decision === 'refund' ? 'refunded' : 'released',
      resolvedBy: admin.id,
      resolutionNote: input.note,
      resolvedAt: now,
      updatedAt: now,
    })
    .where(and(eq(nightProblems.id, problem.id), eq(nightProblems.status, 'open')))
    .returning({ id: nightProblems.id })
  if (!resolved) return fail(409, 'This problem has already been resolved.')
  if (input.decision === 'release') {
    const [night] = await db
      .select({ nurseId: bookingOccurrences.nurseId })
      .from(bookingOccurrences)
      .where(eq(bookingOccurrences.id, problem.occurrenceId))
    // Sent now when it is due and her account is ready; else by the job, when it is.
    if (night) await payDueNights(now, { nurseId: night.nurseId, limit: 1000 })
  }
  await sendProblemResolvedNotices(problem.occurrenceId, input.decision, refundCents)
  await db.insert(adminAuditLog).values({
    actorId: admin.id,
    action: `night-problem.${input.decision}`,
    entityType: 'booking',
    entityId: problem.bookingId,
    notes: input.note,
    data: { problemId: problem.id, occurrenceId: problem.occurrenceId, refundCents, reversalFailure },
  })
  return reversalFailure ? { ok: true, refundCents, reversalFailure } : { ok: true, refundCents }
}

async function refundNight(
  occurrenceId: number,
  note: string,
  now: Date,
): Promise<{ ok: true; refundCents: number; reversalFailure: string | null } | Failure> {
  const db = getDb()
  const [row] = await db
    .select({ night: bookingOccurrences, booking: bookings })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .where(eq(bookingOccurrences.id, occurrenceId))
  if (!row) return fail(404, 'No such night.')
  const { night, booking } = row
  const left = nightShareCents(night.priceCents, booking) - (night.refundCents ?? 0)
  if (left <= 0) return { ok: true, refundCents: 0, reversalFailure: await reverseNightPayout(night.id, now) }
  try {
    await refundPayment({
      bookingId: booking.id,
      occurrenceId: night.id,
      amountCents: left,
      reason: `Problem with the night of ${formatNightDate(night.date)}: ${note}`.slice(0, 500),
      idempotencyKey: `night-${night.id}-problem-refund`,
    })
  } catch (error) {
    if (error instanceof RefundError) return fail(error.status === 404 ? 409 : error.status, error.message)
    throw error
  }
  await addNightRefund(db, night.id, left)
  const charge = await findPaidCharge(db, booking.id, (await findWeekOfNight(db, night.id))?.week ?? null)
  if (charge) await markChargeRefundedWhenFull(charge.id, now)
  const reversalFailure = await reverseNightPayout(night.id, now)
  return { ok: true, refundCents: left, reversalFailure }
}

/**
 * Takes back a night's transfer (the family was refunded after the nurse was paid). Answers why it
 * failed at the provider, or null.
 */
async function reverseNightPayout(occurrenceId: number, now: Date): Promise<string | null> {
  const db = getDb()
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.occurrenceId, occurrenceId), eq(payments.kind, 'payout'), eq(payments.status, 'succeeded')))
  if (!paid) {
    // A payout claimed but not sent yet would pay a refunded night: stop it.
    await changePaymentStatus(db, {
      where: eq(payments.occurrenceId, occurrenceId),
      kind: 'payout',
      from: ['failed'],
      to: 'canceled',
      cause: 'night-refunded',
      set: { failureMessage: 'The night was refunded.', updatedAt: now },
    })
    return null
  }
  const key = `night-${occurrenceId}-reversal`
  const [earlier] = await db.select().from(payments).where(eq(payments.idempotencyKey, key))
  if (earlier?.status === 'succeeded') return null
  const reversalRow = {
    bookingId: paid.bookingId,
    occurrenceId,
    kind: 'reversal' as const,
    provider: paid.provider,
    // The platform gives back the fee it kept on the night: the family had all of it back.
    feeCents: paid.feeCents,
    reason: 'The night was refunded to the family.',
    idempotencyKey: key,
    createdAt: now,
    updatedAt: now,
  }
  let reversal
  try {
    reversal = await getPaymentProviderNamed(paid.provider).reverseTransfer({
      transferId: paid.providerPaymentId,
      amountCents: paid.amountCents,
      idempotencyKey: key,
    })
  } catch (error) {
    // The family has their refund either way; the admin sees the reversal failed and why.
    console.error(`Reversing the payout of night ${occurrenceId} failed:`, error)
    const message = error instanceof Error ? error.message : String(error)
    await createOrRetryReversal(
      db,
      { ...reversalRow, providerPaymentId: key, amountCents: paid.amountCents, status: 'failed', failureMessage: message },
      { failureMessage: message, updatedAt: now },
    )
    return message
  }
  // A reversal that failed before and went through now takes over its row.
  const done = { providerPaymentId: reversal.id, amountCents: reversal.amountCents, status: 'succeeded' as const, failureMessage: null }
  await createOrRetryReversal(db, { ...reversalRow, ...done }, { ...done, updatedAt: now })
  return null
}

/**
 * Stripe's `transfer.created`: the transfer of a night whose payout call never came back (a server
 * died between Stripe's answer and our write) is recorded from Stripe's own record, so the night
 * reads 'paid' without waiting for the job's next run. The same amount, the same night, still
 * pending: anything else is not ours to change.
 */
export async function recordTransferCreated(
  transfer: { id: string; amountCents: number; occurrenceId: number | null },
  now: Date = new Date(),
): Promise<boolean> {
  if (!transfer.occurrenceId) return false
  const [recorded] = await changePaymentStatus(getDb(), {
    where: and(eq(payments.provider, 'stripe'), eq(payments.occurrenceId, transfer.occurrenceId), eq(payments.amountCents, transfer.amountCents)),
    kind: 'payout',
    from: ['pending'],
    to: 'succeeded',
    cause: 'provider-answer',
    set: { providerPaymentId: transfer.id, failureMessage: null, updatedAt: now },
  })
  return Boolean(recorded)
}

/** A reversal made at the provider (Stripe's `transfer.reversed`), recorded once per reversal. */
export async function recordTransferReversals(
  transferId: string,
  reversals: Array<{ id: string; amountCents: number }>,
  now: Date = new Date(),
) {
  const db = getDb()
  const [paid] = await db.select().from(payments).where(and(eq(payments.providerPaymentId, transferId), eq(payments.kind, 'payout')))
  if (!paid) return
  for (const reversal of reversals) {
    await createPaymentUnlessTaken(db, {
      bookingId: paid.bookingId,
      occurrenceId: paid.occurrenceId,
      kind: 'reversal',
      provider: paid.provider,
      providerPaymentId: reversal.id,
      amountCents: reversal.amountCents,
      status: 'succeeded',
      reason: 'Reversed at the payment provider',
      createdAt: now,
      updatedAt: now,
    })
  }
}

// --- The ledger ---------------------------------------------------------------------------------

export type LedgerKind = 'charge' | 'refund' | 'platform_fee' | 'transfer' | 'reversal' | 'fee_reversal'

export interface LedgerEntry {
  at: Date
  kind: LedgerKind
  /** Signed, from the platform's side: money in is positive, money out (or kept as fee) negative. */
  amountCents: number
  occurrenceId: number | null
  paymentId: number
}

/**
 * A booking's money as rows that add up: + the family's charge, − refunds, − each night's platform
 * fee and − its transfer to the nurse, + reversals. The balance is what the platform still holds
 * for nights not settled yet; once every night is settled it is zero.
 */
export async function bookingLedger(bookingId: number): Promise<{ entries: LedgerEntry[]; balanceCents: number }> {
  const rows = await getDb()
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        or(
          and(eq(payments.kind, 'charge'), collectedCharge()),
          and(inArray(payments.kind, ['refund', 'reversal']), livePayment()),
          and(eq(payments.kind, 'payout'), livePayment()),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
  const entries: LedgerEntry[] = []
  for (const row of rows) {
    const base = { at: row.createdAt, occurrenceId: row.occurrenceId, paymentId: row.id }
    if (row.kind === 'charge') entries.push({ ...base, kind: 'charge', amountCents: row.amountCents })
    else if (row.kind === 'refund') entries.push({ ...base, kind: 'refund', amountCents: -row.amountCents })
    else if (row.kind === 'payout') {
      if (row.feeCents !== 0) entries.push({ ...base, kind: 'platform_fee', amountCents: -row.feeCents })
      entries.push({ ...base, kind: 'transfer', amountCents: -row.amountCents })
    } else {
      entries.push({ ...base, kind: 'reversal', amountCents: row.amountCents })
      if (row.feeCents !== 0) entries.push({ ...base, kind: 'fee_reversal', amountCents: row.feeCents })
    }
  }
  return { entries, balanceCents: entries.reduce((sum, entry) => sum + entry.amountCents, 0) }
}

// --- What the family's booking page shows ------------------------------------------------------

export interface NightProblemView {
  occurrenceId: number
  status: 'open' | 'released' | 'refunded'
  description: string
  reportedAt: string
}

/**
 * The booking's problem reports, and which of its `nights` (all of them, as its page read them) a
 * problem can be reported for now.
 */
export async function getBookingProblems(
  bookingId: number,
  nights: readonly { id: number; status: string; startsAt: Date; endsAt: Date }[],
  now: Date,
): Promise<{ problems: NightProblemView[]; reportable: number[] }> {
  const problems = await getDb().select().from(nightProblems).where(eq(nightProblems.bookingId, bookingId))
  const reported = new Set(problems.map((problem) => problem.occurrenceId))
  return {
    problems: problems.map((problem) => ({
      occurrenceId: problem.occurrenceId,
      status: problem.status,
      description: problem.description,
      reportedAt: problem.createdAt.toISOString(),
    })),
    reportable: nights.filter((night) => !reported.has(night.id) && canReportProblem(night, now)).map((night) => night.id),
  }
}

// --- What the admin's payments tab shows -------------------------------------------------------

export interface HeldNight {
  problemId: number
  bookingId: number
  occurrenceId: number
  date: string
  nurseName: string
  parentName: string
  description: string
  reportedAt: string
  /** What the family would get back if the night is refunded. */
  refundableCents: number
}

export interface FailedPayout {
  paymentId: number
  /** A night's payout: its booking. A kept deposit's: null, and `reservationId` names its reservation. */
  bookingId: number | null
  reservationId: number | null
  date: string | null
  nurseName: string
  amountCents: number
  failureMessage: string | null
  failedAt: string
}

/** The payments tab's two lists, each a page of twenty, oldest first, with its full count. */
export interface PayoutAttention {
  holds: Paged<HeldNight>
  failures: Paged<FailedPayout>
}

/**
 * Holds waiting for a decision and payouts that failed, oldest first (the admin's payments tab and
 * `GET /_api/admin/payouts`): each list a page of twenty, so every item can be reached however many
 * wait, and each counted in full.
 */
export async function listPayoutAttention(pages: { holdsPage?: number; failuresPage?: number } = {}): Promise<PayoutAttention> {
  const db = getDb()
  const parents = db.$with('parents').as(db.select({ id: users.id, name: users.displayName }).from(users))
  const nurses = db.$with('nurses').as(
    db.select({ id: nurseProfiles.id, name: users.displayName }).from(nurseProfiles).innerJoin(users, eq(users.id, nurseProfiles.userId)),
  )
  const openProblem = eq(nightProblems.status, 'open')
  // A failed payout is listed with its nurse: the booking's, or a kept deposit's reservation's.
  const failedPayout = and(eq(payments.kind, 'payout'), eq(payments.status, 'failed'))
  const [holds, failures] = await Promise.all([
    readPage(
      pages.holdsPage ?? 1,
      (offset, limit) =>
        db
          .with(parents, nurses)
          .select({ problem: nightProblems, night: bookingOccurrences, booking: bookings, parentName: parents.name, nurseName: nurses.name })
          .from(nightProblems)
          .innerJoin(bookingOccurrences, eq(bookingOccurrences.id, nightProblems.occurrenceId))
          .innerJoin(bookings, eq(bookings.id, nightProblems.bookingId))
          .innerJoin(parents, eq(parents.id, bookings.parentId))
          .innerJoin(nurses, eq(nurses.id, bookings.nurseId))
          .where(openProblem)
          .orderBy(asc(nightProblems.createdAt), asc(nightProblems.id))
          .offset(offset)
          .limit(limit),
      () => countOf(db.select({ value: count() }).from(nightProblems).where(openProblem)),
    ),
    readPage(
      pages.failuresPage ?? 1,
      (offset, limit) =>
        db
          .with(nurses)
          .select({ payment: payments, date: bookingOccurrences.date, nurseName: nurses.name })
          .from(payments)
          .leftJoin(bookings, eq(bookings.id, payments.bookingId))
          .leftJoin(reservations, eq(reservations.id, payments.reservationId))
          .innerJoin(nurses, eq(nurses.id, sql`coalesce(${bookings.nurseId}, ${reservations.nurseId})`))
          .leftJoin(bookingOccurrences, eq(bookingOccurrences.id, payments.occurrenceId))
          .where(failedPayout)
          .orderBy(asc(payments.updatedAt), asc(payments.id))
          .offset(offset)
          .limit(limit),
      () => countOf(db.select({ value: count() }).from(payments).where(failedPayout)),
    ),
  ])
  return {
    holds: {
      ...holds,
      rows: holds.rows.map(({ problem, night, booking, parentName, nurseName }) => ({
        problemId: problem.id,
        bookingId: booking.id,
        occurrenceId: night.id,
        date: night.date,
        nurseName,
        parentName,
        description: problem.description,
        reportedAt: problem.createdAt.toISOString(),
        refundableCents: Math.max(0, nightShareCents(night.priceCents, booking) - (night.refundCents ?? 0)),
      })),
    },
    failures: {
      ...failures,
      rows: failures.rows.map(({ payment, date, nurseName }) => ({
        paymentId: payment.id,
        bookingId: payment.bookingId,
        reservationId: payment.bookingId === null ? payment.reservationId : null,
        date,
        nurseName,
        amountCents: payment.amountCents,
        failureMessage: payment.failureMessage,
        failedAt: payment.updatedAt.toISOString(),
      })),
    },
  }
}
