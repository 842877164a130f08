// The deposit of a due-date reservation (issue 36, docs/decisions/0073): charged as the reservation
// is made, refunded when it ends without the family at fault, kept for the nurse when the family
// withdraws within 30 days of the due date, and moved to a backup nurse's booking.
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getConfig } from '../../app/config.server'
import { listAdminPayments } from '../../app/domain/admin/admin.server'
import { getDb } from '../../app/db/client.server'
import { TOO_MANY_BOOKINGS } from '../../app/utils/rate-limit.server'
import { bookings, outboxEmails, payments, reservations } from '../../app/db/schema'
import { bookBackupNurse } from '../../app/domain/payments/backup-nurses.server'
import { confirmPayment, createPaymentIntentForBooking, payWithTestCard } from '../../app/domain/payments/payments.server'
import { readDeposit, sweepReservations } from '../../app/domain/payments/reservation-deposits.server'
import { getSavedCard, saveTestCardForParent } from '../../app/domain/payments/saved-cards.server'
import { TEST_ACCOUNT_FAILS, TEST_ACCOUNT_SUCCEEDS, TEST_CARD_DECLINED, TEST_CARD_SUCCEEDS, TEST_ROUTING_NUMBER } from '../../app/domain/payments/test-cards'
import { connectTestPayoutAccount, listPayoutAttention, payDueNights, retryPayout } from '../../app/domain/payouts/payouts.server'
import { formatCents } from '../../app/domain/bookings/pricing'
import { getNursePayouts } from '../../app/domain/payouts/nurse-payouts.server'
import { createReservation, findReservedNights } from '../../app/domain/reservations/reservations.server'
import { heldNights, planNights, reservationWindow, weekdayOf } from '../../app/domain/reservations/reservation-window'
import { addDays } from '../../app/domain/time/shift-times'
import * as cancelApi from '../../app/api/reservations.cancel'
import * as changeDueDateApi from '../../app/api/reservations.change-due-date'
import * as createApi from '../../app/api/reservations.create'
import * as listApi from '../../app/api/reservations.list'
import * as respondApi from '../../app/api/reservations.respond'
import { ReservationRequestSchema } from '../../app/schemas/reservations'
import { getParentReceipt, listParentPaymentsPage } from '../../app/domain/parents/parent-bookings.server'
import { createNurse, createUser, futureDates, publishNights } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const [TODAY] = futureDates(0)
const SHIFT = { startTimeLocal: '22:00', endTimeLocal: '06:00' }
const PLAN = { weeks: 2, nightsPerWeek: 3, weekdays: [1, 3, 5] }
const CARD = { payWith: 'card', cardNumber: TEST_CARD_SUCCEEDS }

const plan = (nurseId: number, dueDate: string, extra: Record<string, unknown> = {}) => ({
  nurseId,
  dueDate,
  ...PLAN,
  ...SHIFT,
  babies: 1,
  addressText: '12 Beacon Street, Boston, MA 02108',
  ...CARD,
  ...extra,
})

async function post(route: { action: unknown }, path: string, userId: number, body: unknown) {
  return call(route.action as never, makeRequest(path, { cookie: await cookieFor(userId), body }))
}

const chargesOf = (reservationId: number) =>
  getDb().select().from(payments).where(and(eq(payments.reservationId, reservationId), eq(payments.kind, 'charge')))
const refundsOf = (reservationId: number) =>
  getDb().select().from(payments).where(and(eq(payments.reservationId, reservationId), eq(payments.kind, 'refund')))

function nextMonday(from: string) {
  let date = from
  while (weekdayOf(date) !== 1) date = addDays(date, 1)
  return date
}

async function reserved(options: { due?: string; instant?: boolean } = {}) {
  const due = options.due ?? addDays(TODAY, 60)
  const nurse = await createNurse({ name: 'Nora Deposit', rateCents: 30000, profile: { instantReservations: options.instant ?? false } })
  const parent = await createUser({ displayName: 'Jordan Family' })
  const response = await post(createApi, '/_api/reservations/create', parent.id, plan(nurse.id, due))
  expect(response.status).toBe(201)
  const { reservation } = await response.json()
  return { nurse, parent, reservation: reservation as { id: number; status: string; weekCents: number; dueDate: string }, due }
}

describe('the deposit as a reservation is made', () => {
  test('her first week is charged with the card entered; the request reaches her only once it is paid', async () => {
    const { parent, reservation } = await reserved()
    expect(reservation.status).toBe('requested')
    const [charge] = await chargesOf(reservation.id)
    expect(charge).toMatchObject({ status: 'succeeded', bookingId: null, amountCents: reservation.weekCents, provider: 'test' })
    expect(charge.feeCents).toBeGreaterThan(0)
    expect(await readDeposit(reservation.id)).toMatchObject({ state: 'held', amountCents: reservation.weekCents })
    // The card that paid it is kept for the plan's later weeks.
    expect(await getSavedCard(parent.id)).toMatchObject({ last4: '4242' })
    // The admin's payments tab lists it with the reservation's people.
    const { rows } = await listAdminPayments({ page: 1 })
    expect(rows.find((row) => row.id === charge.id)).toMatchObject({ bookingId: null, reservationId: reservation.id, parentName: 'Jordan Family', nurseName: 'Nora Deposit', kind: 'charge' })
  })

  test('the family’s payment history lists the deposit and, once it ends, its refund, each linking to the reservation', async () => {
    const { nurse, parent, reservation } = await reserved()
    const before = await listParentPaymentsPage(parent.id, 10)
    expect(before.total).toBe(1)
    expect(before.list[0]).toMatchObject({ kind: 'charge', label: 'Deposit: night care with Nora Deposit', bookingId: null, reservationId: reservation.id, amountCents: reservation.weekCents })
    // Its receipt: the first week it pays for, no nights yet; no other family reads it.
    const receipt = await getParentReceipt({ reader: parent, paymentId: before.list[0].id })
    expect(receipt).toMatchObject({ bookingId: null, nights: [], totalAmountCents: reservation.weekCents, forLine: `Deposit for reservation #R-${String(reservation.id).padStart(6, '0')}` })
    expect(await getParentReceipt({ reader: await createUser(), paymentId: before.list[0].id })).toBeNull()
    await post(respondApi, '/_api/reservations/respond', nurse.userId, { reservationId: reservation.id, answer: 'decline', reason: 'Away' })
    const after = await listParentPaymentsPage(parent.id, 10)
    expect(after.list.map((payment) => [payment.kind, payment.amountCents])).toEqual([
      ['refund', reservation.weekCents],
      ['charge', reservation.weekCents],
    ])
  })

  test('a declined card reserves nothing: no reservation on either side, and the nights are free at once', async () => {
    const nurse = await createNurse({ rateCents: 30000 })
    const parent = await createUser()
    const declined = await post(createApi, '/_api/reservations/create', parent.id, plan(nurse.id, addDays(TODAY, 60), { cardNumber: TEST_CARD_DECLINED }))
    expect(declined.status).toBe(402)
    expect((await declined.json()).reason).toMatch(/declined/i)
    expect(await getDb().select().from(reservations).where(eq(reservations.parentId, parent.id))).toHaveLength(0)
    const listed = await call(listApi.loader as never, makeRequest('/_api/reservations/list', { cookie: await cookieFor(nurse.userId) }))
    expect((await listed.json()).reservations).toEqual([])
    // Another family reserves the same nights straight away.
    const other = await createUser()
    expect((await post(createApi, '/_api/reservations/create', other.id, plan(nurse.id, addDays(TODAY, 60)))).status).toBe(201)
  })

  test('the saved card pays it when none is entered; without a saved card the family is asked for one and nothing is made', async () => {
    const nurse = await createNurse({ rateCents: 30000 })
    const parent = await createUser()
    const body = plan(nurse.id, addDays(TODAY, 60), { payWith: undefined, cardNumber: undefined })
    const refused = await post(createApi, '/_api/reservations/create', parent.id, body)
    expect(refused.status).toBe(409)
    expect((await refused.json()).error).toBe('You have no saved card. Please enter a card to pay the deposit.')
    expect(await getDb().select().from(reservations).where(eq(reservations.parentId, parent.id))).toHaveLength(0)
    await saveTestCardForParent(parent.id, TEST_CARD_SUCCEEDS)
    const made = await post(createApi, '/_api/reservations/create', parent.id, body)
    expect(made.status).toBe(201)
    const { reservation } = await made.json()
    expect((await chargesOf(reservation.id))[0]).toMatchObject({ status: 'succeeded' })
  })

  test('each try charges a card, so each counts as a booking attempt: past the hourly limit the family is told to wait and no card is tried', async () => {
    const nurse = await createNurse({ rateCents: 30000 })
    const parent = await createUser()
    const body = plan(nurse.id, addDays(TODAY, 60), { cardNumber: TEST_CARD_DECLINED })
    for (let i = 0; i < getConfig().BOOKING_RATE_LIMIT; i++) expect((await post(createApi, '/_api/reservations/create', parent.id, body)).status).toBe(402)
    const refused = await post(createApi, '/_api/reservations/create', parent.id, body)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await refused.json()).error).toBe(TOO_MANY_BOOKINGS)
    const tried = await getDb().select().from(payments).where(and(eq(payments.kind, 'charge'), eq(payments.status, 'failed')))
    expect(tried.filter((charge) => charge.failureMessage?.match(/declined/i)).length).toBeGreaterThanOrEqual(getConfig().BOOKING_RATE_LIMIT)
  })

  test('while its deposit is being paid an unpaid reservation holds the nights for 15 minutes and is shown to nobody; then the sweep takes it back', async () => {
    const nurse = await createNurse({ rateCents: 30000 })
    const parent = await createUser()
    const madeAt = new Date(Date.now() - 20 * 60_000)
    const made = await createReservation(parent, ReservationRequestSchema.parse(plan(nurse.id, addDays(TODAY, 60))), madeAt)
    if (!made.ok) throw new Error(made.error)
    expect(made.reservation.status).toBe('unpaid')
    const [row] = await getDb().select().from(reservations).where(eq(reservations.id, made.reservation.id))
    const nights = heldNights(row, row.timezone).slice(0, 2)
    const other = await createUser()
    // Within its 15 minutes another family is refused those nights; after them, not.
    expect(await findReservedNights(getDb(), { nurseId: nurse.id, parentId: other.id, nights, now: new Date(madeAt.getTime() + 5 * 60_000) })).toEqual(nights.map((night) => night.date))
    expect(await findReservedNights(getDb(), { nurseId: nurse.id, parentId: other.id, nights, now: new Date() })).toEqual([])
    const listed = await call(listApi.loader as never, makeRequest('/_api/reservations/list', { cookie: await cookieFor(parent.id) }))
    expect((await listed.json()).reservations).toEqual([])
    await sweepReservations()
    expect(await getDb().select().from(reservations).where(eq(reservations.id, made.reservation.id))).toHaveLength(0)
  })
})

describe('when the reservation ends', () => {
  test('she declines: the deposit goes back in full', async () => {
    const { nurse, reservation } = await reserved()
    const answered = await post(respondApi, '/_api/reservations/respond', nurse.userId, { reservationId: reservation.id, answer: 'decline', reason: 'Away that month' })
    expect(answered.status).toBe(200)
    const [refund] = await refundsOf(reservation.id)
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: reservation.weekCents, bookingId: null })
    expect((await chargesOf(reservation.id))[0].status).toBe('refunded')
    expect(await readDeposit(reservation.id)).toMatchObject({ state: 'refunded' })
  })

  test('an unanswered request lapses: the deposit goes back in full, once', async () => {
    const nurse = await createNurse({ rateCents: 30000 })
    const parent = await createUser()
    const response = await post(createApi, '/_api/reservations/create', parent.id, plan(nurse.id, addDays(TODAY, 60)))
    const { reservation } = await response.json()
    await getDb().update(reservations).set({ respondBy: new Date(Date.now() - 1000) }).where(eq(reservations.id, reservation.id))
    await Promise.all([sweepReservations(), sweepReservations()])
    await sweepReservations()
    expect((await getDb().select().from(reservations).where(eq(reservations.id, reservation.id)))[0].status).toBe('lapsed')
    const refunds = await refundsOf(reservation.id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0].amountCents).toBe(reservation.weekCents)
  })

  test('she withdraws, even the day before the due date: the deposit goes back in full', async () => {
    const { nurse, reservation } = await reserved({ due: addDays(TODAY, 1), instant: true })
    expect(reservation.status).toBe('accepted')
    expect((await post(cancelApi, '/_api/reservations/cancel', nurse.userId, { reservationId: reservation.id })).status).toBe(200)
    expect((await refundsOf(reservation.id)).reduce((sum, row) => sum + row.amountCents, 0)).toBe(reservation.weekCents)
  })

  test('the family withdraws more than 30 days before the due date: back in full', async () => {
    const { parent, reservation } = await reserved({ due: addDays(TODAY, 45), instant: true })
    expect((await post(cancelApi, '/_api/reservations/cancel', parent.id, { reservationId: reservation.id })).status).toBe(200)
    expect((await refundsOf(reservation.id)).reduce((sum, row) => sum + row.amountCents, 0)).toBe(reservation.weekCents)
  })

  test('the family withdraws within 30 days of the due date: kept, and paid to her less the platform fee, once', async () => {
    const { nurse, parent, reservation } = await reserved({ due: addDays(TODAY, 20), instant: true })
    expect((await post(cancelApi, '/_api/reservations/cancel', parent.id, { reservationId: reservation.id })).status).toBe(200)
    expect(await refundsOf(reservation.id)).toHaveLength(0)
    expect(await readDeposit(reservation.id)).toMatchObject({ state: 'kept' })
    const [charge] = await chargesOf(reservation.id)
    const connected = await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    if (!connected.ok) throw new Error(connected.error)
    const payouts = await getDb().select().from(payments).where(and(eq(payments.reservationId, reservation.id), eq(payments.kind, 'payout')))
    expect(payouts).toEqual([expect.objectContaining({ status: 'succeeded', amountCents: charge.amountCents - charge.feeCents, chargeId: charge.id, bookingId: null })])
    // Her payouts tab lists it beside her nights.
    const tab = await getNursePayouts(nurse.userId, new Date())
    expect(tab?.keptDeposits).toEqual([expect.objectContaining({ reservationId: reservation.id, parentFirstName: 'Jordan', state: 'paid', payoutCents: charge.amountCents - charge.feeCents })])
    // A second run sends nothing more.
    await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    expect(await getDb().select().from(payments).where(and(eq(payments.reservationId, reservation.id), eq(payments.kind, 'payout')))).toHaveLength(1)
  })
})

describe('a change of due date', () => {
  const change = (parentId: number, reservationId: number, dueDate: string) =>
    post(changeDueDateApi, '/_api/reservations/change-due-date', parentId, { reservationId, dueDate })

  test('within the 30 days does not give back a deposit that had become hers, however far the new date', async () => {
    const { parent, reservation, due } = await reserved({ due: addDays(TODAY, 21), instant: true })
    const before = await readDeposit(reservation.id)
    expect(before?.refundUntil).toBe(addDays(due, -31))
    expect((await change(parent.id, reservation.id, addDays(TODAY, 290))).status).toBe(200)
    // Moved again, later still and then earlier: the deposit still counts from the first due date.
    expect((await change(parent.id, reservation.id, addDays(TODAY, 250))).status).toBe(200)
    expect((await readDeposit(reservation.id))?.refundUntil).toBe(addDays(due, -31))
    const list = await call(listApi.loader, makeRequest('/_api/reservations/list', { cookie: await cookieFor(parent.id) }))
    const listed = (await list.json()).reservations.find((r: { id: number }) => r.id === reservation.id)
    expect(listed).toMatchObject({ dueDate: addDays(TODAY, 250), deposit: expect.objectContaining({ refundUntil: addDays(due, -31) }) })
    expect((await post(cancelApi, '/_api/reservations/cancel', parent.id, { reservationId: reservation.id })).status).toBe(200)
    expect(await refundsOf(reservation.id)).toHaveLength(0)
    expect(await readDeposit(reservation.id)).toMatchObject({ state: 'kept' })
  })

  test('before its last refund day moves that day with the due date, either way', async () => {
    const { parent, reservation } = await reserved({ due: addDays(TODAY, 60), instant: true })
    expect((await change(parent.id, reservation.id, addDays(TODAY, 90))).status).toBe(200)
    expect((await readDeposit(reservation.id))?.refundUntil).toBe(addDays(TODAY, 90 - 31))
    expect((await change(parent.id, reservation.id, addDays(TODAY, 45))).status).toBe(200)
    expect((await readDeposit(reservation.id))?.refundUntil).toBe(addDays(TODAY, 45 - 31))
    expect((await post(cancelApi, '/_api/reservations/cancel', parent.id, { reservationId: reservation.id })).status).toBe(200)
    expect((await refundsOf(reservation.id)).reduce((sum, row) => sum + row.amountCents, 0)).toBe(reservation.weekCents)
  })
})

describe("a kept deposit's payout that fails", () => {
  test('is listed for the admins and told to the nurse; a retry sends it again once her account can be paid, once', async () => {
    const { nurse, parent, reservation } = await reserved({ due: addDays(TODAY, 20), instant: true })
    expect((await post(cancelApi, '/_api/reservations/cancel', parent.id, { reservationId: reservation.id })).status).toBe(200)
    const [charge] = await chargesOf(reservation.id)
    // Her first account refuses every transfer.
    await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_FAILS })
    const payoutsOf = () =>
      getDb().select().from(payments).where(and(eq(payments.reservationId, reservation.id), eq(payments.kind, 'payout'))).orderBy(payments.id)
    const [failed] = await payoutsOf()
    expect(failed).toMatchObject({ status: 'failed', bookingId: null, chargeId: charge.id })
    // The job does not send it again by itself: it waits for an admin or a new account.
    await payDueNights(new Date())
    expect(await payoutsOf()).toHaveLength(1)

    const { failures } = await listPayoutAttention()
    expect(failures.rows).toEqual([
      expect.objectContaining({ paymentId: failed.id, bookingId: null, reservationId: reservation.id, nurseName: 'Nora Deposit', date: null }),
    ])
    const told = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, nurse.email))
    expect(told.map((mail) => mail.subject)).toContain(`Your payout of ${formatCents(failed.amountCents)} could not be sent`)

    // Retried while her account still refuses: a second attempt, failed too, under its own key.
    const admin = await createUser({ role: 'admin' })
    expect(await retryPayout(admin, failed.id)).toEqual({ ok: true, outcome: 'failed' })
    const [superseded, second] = await payoutsOf()
    expect(superseded.status).toBe('canceled')
    expect(second).toMatchObject({ status: 'failed', idempotencyKey: `deposit-${charge.id}-payout-retry-1` })

    // A working account sends her failed payouts again, this one included: paid once.
    await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    const after = await payoutsOf()
    expect(after.map((row) => row.status)).toEqual(['canceled', 'canceled', 'succeeded'])
    expect(after[2]).toMatchObject({ amountCents: charge.amountCents - charge.feeCents, idempotencyKey: `deposit-${charge.id}-payout-retry-2` })
    expect((await listPayoutAttention()).failures.rows).toEqual([])
    const tab = await getNursePayouts(nurse.userId, new Date())
    expect(tab?.keptDeposits).toEqual([expect.objectContaining({ reservationId: reservation.id, state: 'paid' })])
    await payDueNights(new Date())
    expect(await payoutsOf()).toHaveLength(3)
  })
})

describe('a backup nurse', () => {
  test('outside her window the deposit moves to the backup’s booking: the family pays only the rest, and the first nurse keeps none of it', async () => {
    const due = addDays(TODAY, 30)
    const nora = await createNurse({ name: 'Nora Reserved', rateCents: 30000, profile: { instantReservations: true, reservationWindowBeforeDays: 7, reservationWindowAfterDays: 7 } })
    const parent = await createUser({ displayName: 'Jordan Family' })
    const made = await post(createApi, '/_api/reservations/create', parent.id, plan(nora.id, due))
    const { reservation } = await made.json()
    const { lastStart } = reservationWindow(reservation)
    const first = nextMonday(addDays(lastStart, 1))
    const maya = await createNurse({ name: 'Maya Backup', rateCents: 32000 })
    await publishNights(maya, planNights(PLAN, first), SHIFT)
    const actor = { id: parent.id, role: 'parent' as const }
    const booked = await bookBackupNurse(actor, { reservationId: reservation.id, nurseId: maya.id, firstNight: first })
    if (!booked.ok) throw new Error(booked.error)
    const intent = await createPaymentIntentForBooking(parent, booked.booking.id)
    if (!intent.ok) throw new Error(intent.error)
    expect(intent.amountDueCents).toBe(booked.booking.totalAmountCents - reservation.weekCents)
    expect((await payWithTestCard({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: TEST_CARD_SUCCEEDS })).ok).toBe(true)
    expect((await confirmPayment(actor, intent.paymentIntentId)).ok).toBe(true)
    const charges = await getDb().select().from(payments).where(and(eq(payments.bookingId, booked.booking.id), eq(payments.kind, 'charge')))
    expect(charges.reduce((sum, charge) => sum + charge.amountCents, 0)).toBe(booked.booking.totalAmountCents)
    expect(charges.find((charge) => charge.reservationId === reservation.id)).toMatchObject({ amountCents: reservation.weekCents, status: 'succeeded' })
    expect((await getDb().select().from(bookings).where(eq(bookings.id, booked.booking.id)))[0].status).toBe('confirmed')
    expect(await readDeposit(reservation.id)).toMatchObject({ state: 'applied' })
    // Nora is paid nothing of it: no payout names the reservation.
    expect(await getDb().select().from(payments).where(and(eq(payments.reservationId, reservation.id), eq(payments.kind, 'payout')))).toHaveLength(0)
  })
})
