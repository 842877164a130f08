// A night moved to a dearer night was paid by two charges: the booking's own (or its week's) and the
// move's difference (docs/decisions/0034). Cancelling it, night by night or by an admin, refunds
// everything the family paid: what the own charge cannot cover comes from the move charges, the
// moved night's own first, as separate refund rows each naming the charge it refunds, never more
// than a charge holds. The ledger ends at zero and the nurse is paid nothing for the refunded nights.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nurseProfiles, payments } from '../../app/db/schema'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { cancelBookingAsAdmin, cancelOccurrence, getCancellationPreview } from '../../app/domain/payments/cancellation.server'
import { moveOccurrence } from '../../app/domain/payments/move-night.server'
import { getParentBookingDetail } from '../../app/domain/parents/parent-bookings.server'
import { confirmPayment, createPaymentIntentForBooking, payWithTestCard } from '../../app/domain/payments/payments.server'
import { saveTestCardForParent } from '../../app/domain/payments/saved-cards.server'
import { TEST_CARD_SUCCEEDS } from '../../app/domain/payments/test-cards'
import { payableAt } from '../../app/domain/payouts/payout-rules'
import { TEST_ACCOUNT_SUCCEEDS, TEST_ROUTING_NUMBER } from '../../app/domain/payments/test-cards'
import { bookingLedger, connectTestPayoutAccount, payDueNights } from '../../app/domain/payouts/payouts.server'
import { BookingRequestSchema } from '../../app/schemas/booking'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, getBooking, getNight } from '../support/fixtures'

const RATE = 30000
const DEARER = 32000
// A night at $300 is $330 with the fee; at $320, $352: the move charges $22.
const SHARE = 33000
const DEARER_SHARE = 35200
const DIFFERENCE = DEARER_SHARE - SHARE

async function rowsOf(bookingId: number) {
  return getDb().select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id)
}

const setRate = (nurseId: number, nightlyRateCents: number) =>
  getDb().update(nurseProfiles).set({ nightlyRateCents }).where(eq(nurseProfiles.id, nurseId))

/** Every charge's live refunds add up to no more than it, and the refunds to everything charged. */
async function expectRefundedInFull(bookingId: number) {
  const rows = await rowsOf(bookingId)
  const charges = rows.filter((row) => row.kind === 'charge' && (row.status === 'succeeded' || row.status === 'refunded'))
  const refunds = rows.filter((row) => row.kind === 'refund' && (row.status === 'succeeded' || row.status === 'pending'))
  for (const charge of charges) {
    const refunded = refunds.filter((row) => row.chargeId === charge.id).reduce((sum, row) => sum + row.amountCents, 0)
    expect(refunded, `refunds of charge ${charge.id}`).toBe(charge.amountCents)
    expect(charge.status).toBe('refunded')
  }
  expect(refunds.every((row) => charges.some((charge) => charge.id === row.chargeId))).toBe(true)
  const paid = charges.reduce((sum, row) => sum + row.amountCents, 0)
  expect(refunds.reduce((sum, row) => sum + row.amountCents, 0)).toBe(paid)
  expect((await bookingLedger(bookingId)).balanceCents).toBe(0)
  return { charges, refunds }
}

/** Two paid nights, 10 and 11 days ahead, of a $300 nurse; the first moved to 12 days ahead at $320 on the saved card. */
async function bookedAndMovedDearer() {
  const [first, second, target] = futureDates(10, 11, 12)
  const nurse = await createNurse({ rateCents: RATE, name: 'Nora Night', openDates: [first, second, target] })
  const parent = await createUser({ displayName: 'Pat Parent' })
  const booking = await createBooking({ nurse, parent, dates: [first, second] })
  expect((await saveTestCardForParent(parent.id, TEST_CARD_SUCCEEDS)).ok).toBe(true)
  await setRate(nurse.id, DEARER)
  const [moved, kept] = booking.occurrenceIds
  const result = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId: moved, date: target, now: new Date() })
  expect(result).toMatchObject({ ok: true, differenceCents: DIFFERENCE })
  expect(await getBooking(booking.id)).toMatchObject({ totalAmountCents: SHARE + DEARER_SHARE })
  const [own, moveCharge] = (await rowsOf(booking.id)).filter((row) => row.kind === 'charge')
  expect(own).toMatchObject({ amountCents: 2 * SHARE, occurrenceId: null })
  expect(moveCharge).toMatchObject({ amountCents: DIFFERENCE, occurrenceId: moved, status: 'succeeded' })
  return { nurse, parent, booking, moved, kept, own, moveCharge }
}

describe('cancelling after a move to a dearer night', () => {
  test('night by night: the last refund takes what the booking’s charge lacks from the move charge', async () => {
    const { nurse, parent, booking, moved, kept, own, moveCharge } = await bookedAndMovedDearer()
    const first = await cancelOccurrence({ parentId: parent.id, occurrenceId: moved, now: new Date() })
    expect(first).toMatchObject({ ok: true, refundCents: DEARER_SHARE })
    // The last night's whole share, though only $308 is left of the booking's own charge.
    const preview = await getCancellationPreview({ parentId: parent.id, occurrenceId: kept, now: new Date() })
    expect(preview).toMatchObject({ refundableCents: SHARE })
    const last = await cancelOccurrence({ parentId: parent.id, occurrenceId: kept, now: new Date(), expectedRefundCents: SHARE })
    expect(last).toMatchObject({ ok: true, refundCents: SHARE, bookingCancelled: true })

    const { refunds } = await expectRefundedInFull(booking.id)
    expect(refunds.map((row) => [row.amountCents, row.chargeId, row.occurrenceId])).toEqual([
      [DEARER_SHARE, own.id, moved],
      [2 * SHARE - DEARER_SHARE, own.id, kept],
      [DIFFERENCE, moveCharge.id, kept],
    ])
    // Each part under its own key.
    expect(new Set(refunds.map((row) => row.idempotencyKey)).size).toBe(3)
    // The family's page: everything paid came back.
    const detail = await getParentBookingDetail({ parentId: parent.id, bookingId: booking.id, now: new Date() })
    expect(detail).toMatchObject({ refundedCents: 2 * SHARE + DIFFERENCE, netPaidCents: 0 })

    // The refunded nights pay the nurse nothing; the ledger stays at zero.
    await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    expect(await payDueNights(payableAt(await getNight(moved)))).toMatchObject({ paid: 0 })
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
  })

  test('the moved night last: its refund takes the rest of the booking’s charge, then its own move charge', async () => {
    const { parent, booking, moved, kept, own, moveCharge } = await bookedAndMovedDearer()
    expect(await cancelOccurrence({ parentId: parent.id, occurrenceId: kept, now: new Date() })).toMatchObject({ ok: true, refundCents: SHARE })
    expect(await cancelOccurrence({ parentId: parent.id, occurrenceId: moved, now: new Date() })).toMatchObject({
      ok: true,
      refundCents: DEARER_SHARE,
    })
    const { refunds } = await expectRefundedInFull(booking.id)
    expect(refunds.map((row) => [row.amountCents, row.chargeId])).toEqual([
      [SHARE, own.id],
      [SHARE, own.id],
      [DIFFERENCE, moveCharge.id],
    ])
  })

  test('an admin cancelling the booking refunds everything paid, split across the two charges', async () => {
    const { booking, own, moveCharge } = await bookedAndMovedDearer()
    const admin = await createUser({ role: 'admin' })
    const result = await cancelBookingAsAdmin({ bookingId: booking.id, actorId: admin.id, notes: null, now: new Date() })
    expect(result).toMatchObject({ ok: true, nightsCancelled: 2, refundCents: SHARE + DEARER_SHARE })
    expect(await getBooking(booking.id)).toMatchObject({ status: 'cancelled' })
    const { refunds } = await expectRefundedInFull(booking.id)
    expect(refunds.map((row) => [row.amountCents, row.chargeId])).toEqual([
      [2 * SHARE, own.id],
      [DIFFERENCE, moveCharge.id],
    ])
  })

  test('a refund never takes more than the charges hold', async () => {
    const { parent, booking, moved, kept } = await bookedAndMovedDearer()
    const { refundPayment, RefundError } = await import('../../app/domain/payments/payments.server')
    await expect(
      refundPayment({ bookingId: booking.id, occurrenceId: null, amountCents: 2 * SHARE + DIFFERENCE + 1, reason: 'Too much' }),
    ).rejects.toBeInstanceOf(RefundError)
    expect((await rowsOf(booking.id)).filter((row) => row.kind === 'refund')).toEqual([])
    await cancelOccurrence({ parentId: parent.id, occurrenceId: moved, now: new Date() })
    await cancelOccurrence({ parentId: parent.id, occurrenceId: kept, now: new Date() })
    await expect(refundPayment({ bookingId: booking.id, occurrenceId: null, amountCents: 1, reason: 'One cent more' })).rejects.toBeInstanceOf(
      RefundError,
    )
    await expectRefundedInFull(booking.id)
  })
})

describe('a series paid week by week, a night moved to a dearer night within its paid week', () => {
  /** A three-week series of two nights a week (10 and 11 days ahead, …), week 1 paid with the saved card; night 1 moved to day 13 at $320. */
  async function seriesMovedDearer() {
    const days = [10, 11, 17, 18, 24, 25]
    const [target] = futureDates(13)
    const nurse = await createNurse({ rateCents: RATE, openDates: [...futureDates(...days), target] })
    const parent = await createUser({ displayName: 'Wendy Weekly' })
    const request = BookingRequestSchema.parse(
      bookingPayload(nurse.id, futureDates(10, 11), { pattern: 'recurring', weeksCount: 3, nightsPerWeek: 2 }),
    )
    const made = await bookNights({ id: parent.id, role: 'parent' }, request)
    if (!made.ok) throw new Error(made.error)
    const intent = await createPaymentIntentForBooking(parent, made.booking.id)
    if (!intent.ok) throw new Error(intent.error)
    expect(intent.amountDueCents).toBe(2 * SHARE)
    const paid = await payWithTestCard({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: TEST_CARD_SUCCEEDS })
    if (!paid.ok) throw new Error(paid.error)
    expect((await confirmPayment({ id: parent.id, role: 'parent' }, intent.paymentIntentId)).ok).toBe(true)
    await setRate(nurse.id, DEARER)
    const [moved, kept] = made.booking.occurrences.map((night) => night.id)
    const result = await moveOccurrence({ parentId: parent.id, bookingId: made.booking.id, occurrenceId: moved, date: target, now: new Date() })
    expect(result).toMatchObject({ ok: true, differenceCents: DIFFERENCE })
    const [own, moveCharge] = (await rowsOf(made.booking.id)).filter((row) => row.kind === 'charge')
    expect(own).toMatchObject({ amountCents: 2 * SHARE, week: 1 })
    expect(moveCharge).toMatchObject({ amountCents: DIFFERENCE, week: 1, occurrenceId: moved })
    return { parent, booking: made.booking, moved, kept, own, moveCharge }
  }

  test('cancelling the week night by night refunds the week’s charge and the move charge in full', async () => {
    const { parent, booking, moved, kept, own, moveCharge } = await seriesMovedDearer()
    expect(await cancelOccurrence({ parentId: parent.id, occurrenceId: moved, now: new Date() })).toMatchObject({
      ok: true,
      refundCents: DEARER_SHARE,
    })
    expect(await cancelOccurrence({ parentId: parent.id, occurrenceId: kept, now: new Date() })).toMatchObject({ ok: true, refundCents: SHARE })
    const { refunds } = await expectRefundedInFull(booking.id)
    expect(refunds.map((row) => [row.amountCents, row.chargeId, row.week])).toEqual([
      [DEARER_SHARE, own.id, 1],
      [2 * SHARE - DEARER_SHARE, own.id, 1],
      [DIFFERENCE, moveCharge.id, 1],
    ])
  })

  test('an admin cancelling the series refunds week 1’s charge and its move charge; later weeks were never charged', async () => {
    const { booking, own, moveCharge } = await seriesMovedDearer()
    const admin = await createUser({ role: 'admin' })
    const result = await cancelBookingAsAdmin({ bookingId: booking.id, actorId: admin.id, notes: null, now: new Date() })
    expect(result).toMatchObject({ ok: true, nightsCancelled: 6, refundCents: SHARE + DEARER_SHARE })
    const { refunds } = await expectRefundedInFull(booking.id)
    expect(refunds.map((row) => [row.amountCents, row.chargeId])).toEqual([
      [2 * SHARE, own.id],
      [DIFFERENCE, moveCharge.id],
    ])
  })
})
