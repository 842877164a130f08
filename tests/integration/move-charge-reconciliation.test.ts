// A dearer night's charge that no move applied (docs/decisions/0034): the move was refused and its
// refund did not go through, or the server stopped between the charge and the move, or before the
// provider answered. Reconciliation settles it from the provider and, when the family was charged,
// refunds it in full and tells them; a charge a move applied is never touched.
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nurseProfiles, outboxEmails, payments, users } from '../../app/db/schema'
import { moveOccurrence, UNAPPLIED_MOVE_CHARGE_MINUTES } from '../../app/domain/payments/move-night.server'
import { reconcilePayments } from '../../app/domain/payments/reconciliation.server'
import { getPaymentProviderNamed } from '../../app/domain/payments/payment-provider.server'
import { getSavedCard, saveTestCardForParent } from '../../app/domain/payments/saved-cards.server'
import { TEST_CARD_SAVED_DECLINES, TEST_CARD_SUCCEEDS } from '../../app/domain/payments/test-cards'
import { bookingLedger } from '../../app/domain/payouts/payouts.server'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { getNight } from '../support/fixtures'

const MINUTE = 60 * 1000
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE)

async function subjectsTo(userId: number) {
  const [user] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId))
  return (await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email))).map((email) => email.subject)
}

const rowsOf = (bookingId: number) => getDb().select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id)

/** A paid night 10 days ahead; the parent has a saved card (one that pays, unless told). */
async function paidNight(card = TEST_CARD_SUCCEEDS) {
  const [night, target] = futureDates(10, 12)
  const nurse = await createNurse({ rateCents: 30000, openDates: [night, target] })
  const parent = await createUser({ displayName: 'Pat Parent' })
  const booking = await createBooking({ nurse, parent, dates: [night] })
  expect((await saveTestCardForParent(parent.id, card)).ok).toBe(true)
  return { nurse, parent, booking, occurrenceId: booking.occurrenceIds[0], target }
}

/**
 * A move's charge as chargeDifference writes it, left where a stopped server would leave it:
 * answered by the provider (`asked`: the provider was reached under its key) or never answered.
 */
async function orphanMoveCharge(input: Awaited<ReturnType<typeof paidNight>>, options: { asked: boolean; answered: boolean }) {
  const key = `booking-${input.booking.id}-occurrence-${input.occurrenceId}-move-${Date.now()}-charge`
  const card = (await getSavedCard(input.parent.id))!
  let intentId = key
  let status: 'pending' | 'succeeded' = 'pending'
  if (options.asked) {
    const intent = await getPaymentProviderNamed(card.provider).chargeSavedCard({
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: 2200,
      platformFeeCents: 200,
      idempotencyKey: key,
      description: 'Moved night',
      metadata: { bookingId: String(input.booking.id), occurrenceId: String(input.occurrenceId) },
      offSession: true,
    })
    if (options.answered) {
      intentId = intent.id
      status = intent.status === 'succeeded' ? 'succeeded' : 'pending'
    }
  }
  const [row] = await getDb()
    .insert(payments)
    .values({
      bookingId: input.booking.id,
      occurrenceId: input.occurrenceId,
      kind: 'charge',
      provider: card.provider,
      providerPaymentId: intentId,
      amountCents: 2200,
      feeCents: 200,
      status,
      reason: 'Night moved',
      idempotencyKey: key,
    })
    .returning()
  return row
}

describe('a move charge no move applied', () => {
  test('charged and answered, then the server stopped: refunded in full after ten minutes, and the family told', async () => {
    const paid = await paidNight()
    const ledgerBefore = (await bookingLedger(paid.booking.id)).balanceCents
    const charge = await orphanMoveCharge(paid, { asked: true, answered: true })
    expect(charge.status).toBe('succeeded')
    // Not within the ten minutes a move may still be under way.
    expect((await reconcilePayments(later(UNAPPLIED_MOVE_CHARGE_MINUTES - 1))).refundedMoveChargeIds).toEqual([])

    const result = await reconcilePayments(later(UNAPPLIED_MOVE_CHARGE_MINUTES + 1))
    expect(result.refundedMoveChargeIds).toEqual([charge.id])
    const rows = await rowsOf(paid.booking.id)
    expect(rows.find((row) => row.id === charge.id)).toMatchObject({ status: 'refunded' })
    expect(rows.filter((row) => row.kind === 'refund')).toEqual([
      expect.objectContaining({ chargeId: charge.id, amountCents: 2200, status: 'succeeded' }),
    ])
    // The ledger is back where it was before the move's charge.
    expect((await bookingLedger(paid.booking.id)).balanceCents).toBe(ledgerBefore)
    expect(await subjectsTo(paid.parent.id)).toContain('Your $22.00 for moving a night is refunded')
    // The night did not move, and the booking's own charge is untouched.
    expect((await getNight(paid.occurrenceId)).date).toBe(futureDates(10)[0])

    // Once refunded, never again.
    expect((await reconcilePayments(later(3 * UNAPPLIED_MOVE_CHARGE_MINUTES))).refundedMoveChargeIds).toEqual([])
  })

  test('the provider charged the card but its answer never came back: asked again under the key, then refunded', async () => {
    const paid = await paidNight()
    const charge = await orphanMoveCharge(paid, { asked: true, answered: false })
    expect(charge).toMatchObject({ status: 'pending', providerPaymentId: charge.idempotencyKey })
    expect((await reconcilePayments(later(UNAPPLIED_MOVE_CHARGE_MINUTES + 1))).refundedMoveChargeIds).toEqual([charge.id])
    const [settled] = await getDb().select().from(payments).where(eq(payments.id, charge.id))
    expect(settled.status).toBe('refunded')
    expect(settled.providerPaymentId).not.toBe(charge.idempotencyKey)
    // One intent under the key: the refund is of the charge the card took.
    const refunds = await getDb().select().from(payments).where(and(eq(payments.kind, 'refund'), eq(payments.chargeId, charge.id)))
    expect(refunds).toHaveLength(1)
  })

  test('a declined charge is settled as failed and nothing is refunded', async () => {
    const paid = await paidNight(TEST_CARD_SAVED_DECLINES)
    const charge = await orphanMoveCharge(paid, { asked: false, answered: false })
    expect((await reconcilePayments(later(UNAPPLIED_MOVE_CHARGE_MINUTES + 1))).refundedMoveChargeIds).toEqual([])
    const [settled] = await getDb().select().from(payments).where(eq(payments.id, charge.id))
    expect(settled.status).toBe('failed')
    expect((await rowsOf(paid.booking.id)).filter((row) => row.kind === 'refund')).toEqual([])
  })

  test('a move that went through keeps its charge: applied in the move, never refunded', async () => {
    const paid = await paidNight()
    await getDb().update(nurseProfiles).set({ nightlyRateCents: 32000 }).where(eq(nurseProfiles.id, paid.nurse.id))
    const moved = await moveOccurrence({ parentId: paid.parent.id, bookingId: paid.booking.id, occurrenceId: paid.occurrenceId, date: paid.target, now: new Date() })
    expect(moved).toMatchObject({ ok: true, differenceCents: 2200 })
    const [charge] = (await rowsOf(paid.booking.id)).filter((row) => row.kind === 'charge' && row.occurrenceId !== null)
    expect(charge.appliedAt).not.toBeNull()
    expect((await reconcilePayments(later(UNAPPLIED_MOVE_CHARGE_MINUTES + 1))).refundedMoveChargeIds).toEqual([])
    expect((await rowsOf(paid.booking.id)).filter((row) => row.kind === 'refund')).toEqual([])
  })
})
