// Charging a long series week by week (issue 15, docs/decisions/0028; the rule: payments/charge-weeks.ts).
// - `chargeDueWeeks` (the 'charge-weeks' job, every few minutes on every server): each week due is
//   claimed by one server ('scheduled' → 'charging' in one guarded UPDATE), its charge row written
//   under its key first, then the saved card charged off-session with that key, so two servers or a
//   retried run never charge a week twice. A claim left by a server that died is driven again under
//   the same key after ten minutes.
// - A declined charge marks the week 'failed' and e-mails the family a link to pay; the booking page
//   pays it with the saved card (`payWeekNow`). `releaseUnpaidWeeks` releases a week still unpaid
//   48 hours after the decline and tells both sides.
import { and, asc, count, eq, inArray, lte, ne, or, sql } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { bookingChargeWeeks, bookings, payments } from '../../db/schema'
import { readBookingPeople } from '../bookings/booking-people.server'
import { nightShareCents } from '../bookings/cancellation'
import { unpaidWeekReleaseAt, UNPAID_WEEK_HOLD_HOURS, weekFeeCents } from './charge-weeks'
import { getWeekAmounts, type ChargeWeekRow } from './charge-weeks.server'
import { isBookedNight } from '../bookings/life-cycle'
import * as lifeCycle from '../bookings/life-cycle.server'
import { formatBookingReference } from '../bookings/booking-rules'
import { firstName } from '../accounts/display-name'
import { sendEmail } from '../notifications/email.server'
import { weekChargedEmail, weekChargeFailedEmail, weekReleasedEmail } from './weekly-charge-emails'
import { getPaymentProviderNamed } from './payment-provider.server'
import type { PaymentCause } from './payment-life-cycle'
import { changePaymentStatus, createPaymentUnlessTaken, updatePayments } from './payment-life-cycle.server'
import { settleCharge, type PaymentRow } from './payments.server'
import { PaymentProviderError } from './providers/types'
import { getSavedCard, saveTestCardForParent } from './saved-cards.server'

const STALE_CLAIM_MS = 10 * 60 * 1000
export const NO_SAVED_CARD = 'No card is saved for the weekly payments.'

export interface WeekRunResult {
  charged: number
  failed: number
  waived: number
  skipped: number
}

const weekChargeKey = (bookingId: number, week: number, attempt: number) =>
  `booking-${bookingId}-week-${week}-charge${attempt > 0 ? `-retry-${attempt}` : ''}`

/** Charges every week now due (and re-drives claims left by a server that died). */
export async function chargeDueWeeks(now: Date = new Date(), { limit = 200 } = {}): Promise<WeekRunResult> {
  const result: WeekRunResult = { charged: 0, failed: 0, waived: 0, skipped: 0 }
  const due = await getDb()
    .select({ week: bookingChargeWeeks })
    .from(bookingChargeWeeks)
    .innerJoin(bookings, eq(bookings.id, bookingChargeWeeks.bookingId))
    .where(
      and(
        sql`${bookingChargeWeeks.week} > 1`,
        lte(bookingChargeWeeks.dueAt, now),
        // Never a booking still waiting for its first payment (a cancelled one's week is waived).
        ne(bookings.status, 'pending'),
        or(
          eq(bookingChargeWeeks.status, 'scheduled'),
          and(eq(bookingChargeWeeks.status, 'charging'), lte(bookingChargeWeeks.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
        ),
      ),
    )
    .orderBy(asc(bookingChargeWeeks.dueAt))
    .limit(limit)
  for (const { week } of due) result[await chargeWeek(week, now, { offSession: true })]++
  return result
}

/** Claims the week for this server; null when another has it. */
async function claimWeek(week: ChargeWeekRow, now: Date, from: ReadonlyArray<ChargeWeekRow['status']>) {
  const [claimed] = await getDb()
    .update(bookingChargeWeeks)
    .set({ status: 'charging', updatedAt: now })
    .where(
      and(
        eq(bookingChargeWeeks.id, week.id),
        or(
          inArray(bookingChargeWeeks.status, [...from]),
          and(eq(bookingChargeWeeks.status, 'charging'), lte(bookingChargeWeeks.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
        ),
      ),
    )
    .returning()
  return claimed ?? null
}

async function setWeek(weekId: number, set: Partial<typeof bookingChargeWeeks.$inferInsert>) {
  await getDb().update(bookingChargeWeeks).set(set).where(eq(bookingChargeWeeks.id, weekId))
}

/**
 * Charges one week to the parent's saved card. `from`: the statuses it may be charged from
 * ('scheduled' for the job; 'failed' when the parent pays after a decline).
 */
async function chargeWeek(
  week: ChargeWeekRow,
  now: Date,
  options: { offSession: boolean; from?: ReadonlyArray<ChargeWeekRow['status']> },
): Promise<keyof WeekRunResult> {
  const db = getDb()
  const claimed = await claimWeek(week, now, options.from ?? ['scheduled'])
  if (!claimed) return 'skipped'
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, week.bookingId))
  const plan = (await getWeekAmounts(db, week.bookingId)).find((row) => row.week === week.week)
  const amountCents = plan?.amountDueCents ?? 0
  // Every night of the week cancelled (or the booking): nothing is charged.
  if (amountCents === 0 || booking.status === 'cancelled') {
    await setWeek(week.id, { status: 'waived', updatedAt: now })
    return 'waived'
  }
  // An earlier attempt of this week still in flight (a server died mid-charge) is driven again
  // under its own key; otherwise a new attempt gets the next key.
  const attempts = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, week.bookingId), eq(payments.kind, 'charge'), eq(payments.week, week.week)))
    .orderBy(asc(payments.id))
  const inFlight = attempts.find((row) => row.status === 'pending')
  const card = await getSavedCard(booking.parentId)
  if (!card && !inFlight) return failWeek(claimed, null, NO_SAVED_CARD, now)
  const key = inFlight?.idempotencyKey ?? weekChargeKey(week.bookingId, week.week, attempts.length)
  const provider = getPaymentProviderNamed(inFlight?.provider ?? card!.provider)
  let payment: PaymentRow | undefined = inFlight
  if (!payment) {
    payment = await createPaymentUnlessTaken(db, {
      bookingId: week.bookingId,
      kind: 'charge',
      provider: provider.name,
      // The intent's id replaces the key once the provider has answered.
      providerPaymentId: key,
      amountCents,
      feeCents: weekFeeCents(amountCents, booking),
      status: 'pending',
      idempotencyKey: key,
      week: week.week,
      createdAt: now,
      updatedAt: now,
    })
    if (!payment) return 'skipped'
  }
  if (!card) return failWeek(claimed, payment, NO_SAVED_CARD, now, 'no-saved-card')
  try {
    const intent = await provider.chargeSavedCard({
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: payment.amountCents,
      platformFeeCents: payment.feeCents,
      idempotencyKey: key,
      description: `Night care, week ${week.week} (${formatBookingReference(week.bookingId)})`,
      metadata: { bookingId: String(week.bookingId), week: String(week.week) },
      offSession: options.offSession,
    })
    const [recorded] = await updatePayments(db, eq(payments.id, payment.id), { providerPaymentId: intent.id, updatedAt: now })
    const outcome = await settleCharge(recorded, now, intent)
    if (outcome === 'confirmed') await sendWeekChargedEmail(week, recorded.amountCents, card)
    if (outcome === 'confirmed' || outcome === 'already-confirmed') return 'charged'
    if (outcome === 'refunded-late') return 'skipped'
    return failWeek(claimed, recorded, intent.lastError ?? 'The payment did not go through.', now)
  } catch (error) {
    if (!isRefusal(error)) {
      // The provider may or may not have charged: the claim stays, and is driven again later under the same key.
      console.error(`Week ${week.week} of booking ${week.bookingId} could not reach the provider; it will be tried again:`, error)
      return 'skipped'
    }
    const message = error instanceof Error ? error.message : String(error)
    return failWeek(claimed, payment, message, now)
  }
}

function isRefusal(error: unknown): boolean {
  if (error instanceof PaymentProviderError) return true
  const type = (error as { type?: string } | null)?.type
  return type === 'StripeInvalidRequestError' || type === 'StripeCardError' || type === 'StripePermissionError'
}

/** The week's charge was declined: the week waits 48 hours for the parent, who is e-mailed the link. */
async function failWeek(
  week: ChargeWeekRow,
  payment: PaymentRow | null | undefined,
  reason: string,
  now: Date,
  cause: PaymentCause = 'provider-answer',
): Promise<'failed'> {
  const db = getDb()
  if (payment) {
    await changePaymentStatus(db, {
      where: eq(payments.id, payment.id),
      kind: 'charge',
      from: ['pending'],
      to: 'failed',
      cause,
      set: { failureMessage: reason, updatedAt: now },
    })
  }
  // A week that failed before keeps its first deadline: paying late never buys more time.
  const failedAt = week.failedAt ?? now
  await setWeek(week.id, { status: 'failed', failedAt, lastError: reason, updatedAt: now })
  if (!week.failedAt) await sendWeekFailedEmail(week, payment?.amountCents ?? 0, reason, unpaidWeekReleaseAt(failedAt))
  return 'failed'
}

/** The webhook's payment_intent.payment_failed for a weekly charge: the week fails as if the job had been declined. */
export async function failWeekOfCharge(intentId: string, now: Date): Promise<void> {
  const db = getDb()
  const [payment] = await db.select().from(payments).where(and(eq(payments.providerPaymentId, intentId), eq(payments.kind, 'charge')))
  if (!payment || payment.bookingId === null || payment.week === null || payment.week < 2 || payment.status !== 'failed') return
  const [week] = await db
    .select()
    .from(bookingChargeWeeks)
    .where(and(eq(bookingChargeWeeks.bookingId, payment.bookingId), eq(bookingChargeWeeks.week, payment.week)))
  if (!week || (week.status !== 'charging' && week.status !== 'scheduled')) return
  await failWeek(week, payment, payment.failureMessage ?? 'The payment did not go through.', now)
}

/** Releases the nights of every week still unpaid 48 hours after its charge was declined. */
export async function releaseUnpaidWeeks(now: Date = new Date()): Promise<number> {
  const db = getDb()
  const cutoff = new Date(now.getTime() - UNPAID_WEEK_HOLD_HOURS * 60 * 60 * 1000)
  const overdue = await db
    .select()
    .from(bookingChargeWeeks)
    .where(and(eq(bookingChargeWeeks.status, 'failed'), lte(bookingChargeWeeks.failedAt, cutoff)))
    .limit(200)
  let released = 0
  for (const week of overdue) {
    const plan = (await getWeekAmounts(db, week.bookingId)).find((row) => row.week === week.week)
    const outcome = await db.transaction(async (tx) => {
      // One server releases the week: the status moves once.
      const [claimed] = await tx
        .update(bookingChargeWeeks)
        .set({ status: 'released', releasedAt: now, updatedAt: now })
        .where(and(eq(bookingChargeWeeks.id, week.id), eq(bookingChargeWeeks.status, 'failed')))
        .returning()
      if (!claimed) return null
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, week.bookingId)).for('update')
      const open = (plan?.nights ?? []).filter((night) => isBookedNight(night.status))
      // Each released night is credited its whole share: nothing was charged for it.
      const nights = open.map((night) => ({ id: night.id, date: night.date, refundCents: nightShareCents(night.priceCents, booking) }))
      const result = await lifeCycle.releaseUnpaidWeek(tx, week.bookingId, nights, now)
      return { ...result, dates: nights.filter((night) => result.released.includes(night.id)).map((night) => night.date) }
    })
    if (!outcome) continue
    released++
    await sendWeekReleasedEmails(week, outcome.dates, outcome.bookingCancelled)
  }
  return released
}

export type PayWeekResult = { ok: true } | { ok: false; status: 400 | 402 | 404 | 409; error: string }

/**
 * The family pays a week whose charge was declined, from the booking page: with the saved card,
 * or (built-in provider) a test card typed there, which becomes the saved card.
 */
export async function payWeekNow(input: { parentId: number; bookingId: number; week: number; cardNumber?: string; now?: Date }): Promise<PayWeekResult> {
  const now = input.now ?? new Date()
  const db = getDb()
  const [week] = await db
    .select({ week: bookingChargeWeeks })
    .from(bookingChargeWeeks)
    .innerJoin(bookings, eq(bookings.id, bookingChargeWeeks.bookingId))
    .where(and(eq(bookingChargeWeeks.bookingId, input.bookingId), eq(bookingChargeWeeks.week, input.week), eq(bookings.parentId, input.parentId)))
  if (!week) return { ok: false, status: 404, error: 'This payment could not be found.' }
  if (week.week.status === 'paid') return { ok: true }
  if (week.week.status !== 'failed') return { ok: false, status: 409, error: 'This week has no payment waiting.' }
  if (input.cardNumber) {
    const saved = await saveTestCardForParent(input.parentId, input.cardNumber)
    if (!saved.ok) return { ok: false, status: saved.status === 402 ? 402 : 400, error: saved.error }
  }
  const outcome = await chargeWeek(week.week, now, { offSession: false, from: ['failed'] })
  if (outcome === 'charged') return { ok: true }
  const [after] = await db.select().from(bookingChargeWeeks).where(eq(bookingChargeWeeks.id, week.week.id))
  if (after?.status === 'paid') return { ok: true }
  return { ok: false, status: 402, error: after?.lastError ?? 'The payment did not go through.' }
}

/** How many weeks of this parent's bookings are waiting for a payment after a decline (the payment page's warning). */
export async function countWeeksAwaitingPayment(parentId: number): Promise<number> {
  const [row] = await getDb()
    .select({ value: count() })
    .from(bookingChargeWeeks)
    .innerJoin(bookings, eq(bookings.id, bookingChargeWeeks.bookingId))
    .where(and(eq(bookings.parentId, parentId), eq(bookingChargeWeeks.status, 'failed')))
  return row.value
}

/** Weeks of this parent's bookings still to be charged to the saved card. */
export async function countScheduledWeeks(parentId: number): Promise<number> {
  const [row] = await getDb()
    .select({ value: count() })
    .from(bookingChargeWeeks)
    .innerJoin(bookings, eq(bookings.id, bookingChargeWeeks.bookingId))
    .where(and(eq(bookings.parentId, parentId), inArray(bookingChargeWeeks.status, ['scheduled', 'failed']), eq(bookings.status, 'confirmed')))
  return row.value
}

// --- E-mails (never undo what they report) --------------------------------------------------------

/** What both week e-mails to the family say of the week: its booking, its nights still booked, and who. */
async function weekEmailBasis(week: ChargeWeekRow) {
  const row = await readBookingPeople(week.bookingId)
  if (!row) return null
  const plan = (await getWeekAmounts(getDb(), week.bookingId)).find((item) => item.week === week.week)
  return {
    parentEmail: row.parentEmail,
    timeZone: row.booking.timezone,
    plannedCents: plan?.amountDueCents ?? 0,
    message: {
      origin: getConfig().APP_ORIGIN,
      parentName: firstName(row.booking.contactName || row.parentName),
      nurseName: row.nurseName,
      bookingId: week.bookingId,
      week: week.week,
      nightDates: (plan?.nights ?? []).filter((night) => night.status !== 'cancelled').map((night) => night.date),
    },
  }
}

async function sendWeekFailedEmail(week: ChargeWeekRow, amountCents: number, reason: string, deadline: Date) {
  try {
    const basis = await weekEmailBasis(week)
    if (!basis) return
    await sendEmail(
      basis.parentEmail,
      (t) => weekChargeFailedEmail({
        ...basis.message,
        amountCents: amountCents || basis.plannedCents,
        reason,
        deadline,
        timeZone: basis.timeZone,
      }, t),
    )
  } catch (error) {
    console.error(`The week-payment-failed e-mail of booking ${week.bookingId} could not be sent:`, error)
  }
}

async function sendWeekChargedEmail(week: ChargeWeekRow, amountCents: number, card: { brand: string; last4: string }) {
  try {
    const basis = await weekEmailBasis(week)
    if (!basis) return
    await sendEmail(
      basis.parentEmail,
      (t) => weekChargedEmail({
        ...basis.message,
        amountCents,
        cardLabel: `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`,
      }, t),
    )
  } catch (error) {
    console.error(`The week-charged e-mail of booking ${week.bookingId} could not be sent:`, error)
  }
}

async function sendWeekReleasedEmails(week: ChargeWeekRow, dates: string[], bookingCancelled: boolean) {
  try {
    const row = await readBookingPeople(week.bookingId)
    if (!row || dates.length === 0) return
    const origin = getConfig().APP_ORIGIN
    const parentFirst = firstName(row.booking.contactName || row.parentName)
    await sendEmail(
      row.parentEmail,
      (t) => weekReleasedEmail({ origin, recipient: 'parent', name: parentFirst, otherName: row.nurseName, week: week.week, nightDates: dates, bookingCancelled }, t),
    )
    await sendEmail(
      row.nurseEmail,
      (t) => weekReleasedEmail({ origin, recipient: 'nurse', name: firstName(row.nurseName), otherName: parentFirst, week: week.week, nightDates: dates, bookingCancelled }, t),
    )
  } catch (error) {
    console.error(`The week-released e-mails of booking ${week.bookingId} could not be sent:`, error)
  }
}
