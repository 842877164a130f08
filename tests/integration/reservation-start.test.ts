// 'Our baby is here' (issue 36, docs/decisions/0069): an accepted reservation becomes an ordinary
// booking from the first night the family chooses inside the window, priced at the quoted rates,
// paid week by week like any other; once its first week is paid the reservation has started.
// Runs on PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getConfig } from '../../app/config.server'
import { getDb } from '../../app/db/client.server'
import { TOO_MANY_BOOKINGS } from '../../app/utils/rate-limit.server'
import { bookingChargeWeeks, bookingOccurrences, bookings, nurseProfiles, outboxEmails, payments, reservationEvents, reservations } from '../../app/db/schema'
import { releaseHolds } from '../../app/domain/bookings/bookings.server'
import { confirmPayment, createPaymentIntentForBooking, payWithTestCard } from '../../app/domain/payments/payments.server'
import { cancelOccurrence, getCancellationPreview } from '../../app/domain/payments/cancellation.server'
import { listParentBookings } from '../../app/domain/parents/parent-bookings.server'
import { settleNight } from '../../app/domain/payouts/payout-rules'
import {
  ALREADY_STARTED,
  FIRST_NIGHT_IN_THE_PAST,
  getStartedBooking,
  NOT_ACCEPTED_YET,
  startReservedPlan,
} from '../../app/domain/payments/start-reserved-plan.server'
import { TEST_CARD_SUCCEEDS } from '../../app/domain/payments/test-cards'
import { withdrawReservation } from '../../app/domain/reservations/reservations.server'
import { planNights, weekdayOf } from '../../app/domain/reservations/reservation-window'
import { addDays } from '../../app/domain/time/shift-times'
import * as createApi from '../../app/api/reservations.create'
import * as startApi from '../../app/api/reservations.start'
import { createNurse, createUser, futureDates, publishNights } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const [TODAY] = futureDates(0)
const SHIFT = { startTimeLocal: '22:00', endTimeLocal: '06:00' }

const plan = (nurseId: number, dueDate: string, extra: Record<string, unknown> = {}) => ({
  nurseId,
  dueDate,
  weeks: 3,
  nightsPerWeek: 3,
  weekdays: [1, 3, 5],
  ...SHIFT,
  babies: 1,
  addressText: '12 Beacon Street, Boston, MA 02108',
  // The deposit, paid with a card entered with the plan (decision 0073).
  payWith: 'card',
  cardNumber: '4242 4242 4242 4242',
  notes: 'Twins? No, one.',
  ...extra,
})

async function post(route: { action: unknown }, path: string, userId: number, body: unknown) {
  return call(route.action as never, makeRequest(path, { cookie: await cookieFor(userId), body }))
}

async function reserve(parentId: number, body: unknown) {
  const response = await post(createApi, '/_api/reservations/create', parentId, body)
  expect(response.status).toBe(201)
  return (await response.json()).reservation as { id: number; status: string; weekCents: number }
}

function nextMonday(from: string) {
  let date = from
  while (weekdayOf(date) !== 1) date = addDays(date, 1)
  return date
}

async function payFirstWeek(parent: { id: number; email: string }, bookingId: number) {
  const intent = await createPaymentIntentForBooking(parent, bookingId)
  if (!intent.ok) throw new Error(intent.error)
  const paid = await payWithTestCard({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: TEST_CARD_SUCCEEDS })
  if (!paid.ok) throw new Error(paid.error)
  const confirmed = await confirmPayment({ id: parent.id, role: 'parent' }, intent.paymentIntentId)
  if (!confirmed.ok) throw new Error(confirmed.error)
}

const statusOf = async (id: number) => (await getDb().select().from(reservations).where(eq(reservations.id, id)))[0]
const bookingsOf = (reservationId: number) => getDb().select().from(bookings).where(eq(bookings.reservationId, reservationId))

describe("'Our baby is here'", () => {
  test('inside the window: a weekly booking of the plan from that night, at the quoted rates, the nurse told; the deposit pays its first week, so it has started at once', async () => {
    const due = addDays(TODAY, 40)
    const first = nextMonday(addDays(due, 2))
    const nurse = await createNurse({ name: 'Nora Night', rateCents: 30000, profile: { instantReservations: true } })
    await publishNights(nurse, planNights({ weeks: 3, nightsPerWeek: 3, weekdays: [1, 3, 5] }, first), SHIFT)
    const parent = await createUser({ displayName: 'Jordan Family' })
    const reservation = await reserve(parent.id, plan(nurse.id, due))
    expect(reservation.status).toBe('accepted')
    const [deposit] = await getDb().select().from(payments).where(eq(payments.reservationId, reservation.id))
    expect(deposit).toMatchObject({ kind: 'charge', status: 'succeeded', bookingId: null, amountCents: reservation.weekCents })
    // She raises her rate after accepting: the plan keeps the quote.
    await getDb().update(nurseProfiles).set({ nightlyRateCents: 40000 }).where(eq(nurseProfiles.id, nurse.id))

    const actor = { id: parent.id, role: 'parent' as const }
    const started = await startReservedPlan(actor, { reservationId: reservation.id, firstNight: first })
    if (!started.ok) throw new Error(started.error)
    expect(started.existing).toBe(false)
    const booking = started.booking
    expect(booking).toMatchObject({ status: 'confirmed', pattern: 'recurring', weeksCount: 3, nightlyRateCents: 30000, startDate: first })
    expect(booking.occurrences.map((night) => night.date)).toEqual(planNights({ weeks: 3, nightsPerWeek: 3, weekdays: [1, 3, 5] }, first))
    expect(booking.occurrences.every((night) => night.startTimeLocal === '22:00' && night.endTimeLocal === '06:00')).toBe(true)
    const [row] = await bookingsOf(reservation.id)
    expect(row).toMatchObject({ id: booking.id, reservationId: reservation.id, addressText: '12 Beacon Street, Boston, MA 02108' })
    const mail = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, nurse.email))
    expect(mail.map((m) => m.subject)).toContain("Jordan's baby is here")
    expect(mail.find((m) => m.subject === "Jordan's baby is here")!.textBody).toContain('nights from')

    // The deposit is the first week's charge, and nothing more was taken for it.
    const charges = await getDb().select().from(payments).where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'charge')))
    expect(charges).toEqual([expect.objectContaining({ id: deposit.id, week: 1, amountCents: reservation.weekCents, reservationId: reservation.id })])
    const [week1] = await getDb().select().from(bookingChargeWeeks).where(and(eq(bookingChargeWeeks.bookingId, booking.id), eq(bookingChargeWeeks.week, 1)))
    expect(week1).toMatchObject({ status: 'paid', paymentId: deposit.id })
    expect(await createPaymentIntentForBooking(parent, booking.id)).toMatchObject({ ok: false, status: 409 })
    const after = await statusOf(reservation.id)
    expect(after.status).toBe('started')
    expect(after.startedAt).not.toBeNull()
    const events = await getDb().select().from(reservationEvents).where(eq(reservationEvents.reservationId, reservation.id)).orderBy(reservationEvents.id)
    expect(events.at(-1)).toMatchObject({ action: 'baby-home', fromStatus: 'accepted', toStatus: 'started', actorId: parent.id })
    expect(await getStartedBooking(parent.id, reservation.id)).toEqual({ id: booking.id, startDate: first })
    expect(await startReservedPlan(actor, { reservationId: reservation.id, firstNight: first })).toMatchObject({ ok: false, status: 409, error: ALREADY_STARTED })
  })

  test('a two-week plan is one charge: the family pays it less the deposit, and the deposit joins that charge', async () => {
    const due = addDays(TODAY, 40)
    const first = nextMonday(addDays(due, 2))
    const nurse = await createNurse({ name: 'Nora Night', rateCents: 30000, profile: { instantReservations: true } })
    const nights = planNights({ weeks: 2, nightsPerWeek: 3, weekdays: [1, 3, 5] }, first)
    await publishNights(nurse, nights, SHIFT)
    const parent = await createUser({ displayName: 'Jordan Family' })
    const reservation = await reserve(parent.id, plan(nurse.id, due, { weeks: 2 }))
    const actor = { id: parent.id, role: 'parent' as const }
    const started = await startReservedPlan(actor, { reservationId: reservation.id, firstNight: first })
    if (!started.ok) throw new Error(started.error)
    expect(started.booking).toMatchObject({ status: 'pending', weeksCount: 2 })
    // Nothing started until the rest is paid; pressed again, the same booking.
    expect((await statusOf(reservation.id)).status).toBe('accepted')
    expect(await startReservedPlan(actor, { reservationId: reservation.id, firstNight: addDays(first, 2) })).toMatchObject({ ok: true, existing: true, booking: { id: started.booking.id } })
    const intent = await createPaymentIntentForBooking(parent, started.booking.id)
    if (!intent.ok) throw new Error(intent.error)
    expect(intent.amountDueCents).toBe(started.booking.totalAmountCents - reservation.weekCents)
    await payFirstWeek(parent, started.booking.id)
    const charges = await getDb().select().from(payments).where(and(eq(payments.bookingId, started.booking.id), eq(payments.kind, 'charge')))
    expect(charges.map((charge) => charge.amountCents).sort()).toEqual([reservation.weekCents, started.booking.totalAmountCents - reservation.weekCents].sort())
    expect(charges.every((charge) => charge.status === 'succeeded')).toBe(true)
    expect((await statusOf(reservation.id)).status).toBe('started')
  })

  test('the API answers 201 with the booking; another family gets 404', async () => {
    const due = addDays(TODAY, 40)
    const first = nextMonday(due)
    const nurse = await createNurse({ profile: { instantReservations: true } })
    await publishNights(nurse, planNights({ weeks: 1, nightsPerWeek: 3, weekdays: [1, 3, 5] }, first), SHIFT)
    const parent = await createUser()
    const reservation = await reserve(parent.id, plan(nurse.id, due, { weeks: 1 }))
    const stranger = await createUser()
    const refused = await post(startApi, '/_api/reservations/start', stranger.id, { reservationId: reservation.id, firstNight: first })
    expect(refused.status).toBe(404)
    const response = await post(startApi, '/_api/reservations/start', parent.id, { reservationId: reservation.id, firstNight: first })
    expect(response.status).toBe(201)
    const { booking } = await response.json()
    // The deposit pays a one-week plan whole: confirmed as it is made.
    expect(booking).toMatchObject({ pattern: 'one_time', status: 'confirmed' })
    expect(booking.occurrences).toHaveLength(3)
    const bad = await post(startApi, '/_api/reservations/start', parent.id, { reservationId: reservation.id, firstNight: 'soon' })
    expect(bad.status).toBe(400)
  })

  test('each press counts as a booking attempt: past the hourly limit the family is told to wait', async () => {
    const due = addDays(TODAY, 40)
    const first = nextMonday(due)
    const nurse = await createNurse({ profile: { instantReservations: true } })
    await publishNights(nurse, planNights({ weeks: 2, nightsPerWeek: 3, weekdays: [1, 3, 5] }, first), SHIFT)
    const parent = await createUser()
    const reservation = await reserve(parent.id, plan(nurse.id, due, { weeks: 2 }))
    const press = () => post(startApi, '/_api/reservations/start', parent.id, { reservationId: reservation.id, firstNight: first })
    // Making the reservation (its deposit charged a card) was the first attempt of the hour.
    for (let i = 1; i < getConfig().BOOKING_RATE_LIMIT; i++) expect((await press()).status).toBeLessThan(300)
    const refused = await press()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await refused.json()).error).toBe(TOO_MANY_BOOKINGS)
    expect(await getDb().select().from(bookings).where(eq(bookings.parentId, parent.id))).toHaveLength(1)
  })

  test('before today, before her notice, outside the window, not accepted, cancelled or another family: refused, saying why', async () => {
    const due = addDays(TODAY, 3)
    const nurse = await createNurse({ name: 'Nora Night', profile: { instantReservations: true, minNoticeHours: 48 } })
    const parent = await createUser()
    const actor = { id: parent.id, role: 'parent' as const }
    const reservation = await reserve(parent.id, plan(nurse.id, due, { weekdays: [] }))
    const start = (firstNight: string, who = actor) => startReservedPlan(who, { reservationId: reservation.id, firstNight })

    expect(await start(addDays(TODAY, -1))).toMatchObject({ ok: false, status: 409, error: FIRST_NIGHT_IN_THE_PAST })
    const tooSoon = await start(TODAY)
    expect(tooSoon).toMatchObject({ ok: false, status: 409 })
    expect(!tooSoon.ok && tooSoon.error).toMatch(/^Nora needs 48 hours' notice before a first night\. The earliest first night she can start is /)
    expect(await start(addDays(due, 22))).toMatchObject({
      ok: false,
      status: 409,
      error: expect.stringMatching(/^Nora can start from .+ to .+\. For another first night, book one of the nurses near you who are open from that date, listed on your reservation page\.$/),
    })
    const stranger = await createUser()
    expect(await start(addDays(TODAY, 5), { id: stranger.id, role: 'parent' })).toMatchObject({ ok: false, status: 404 })
    expect(await start(addDays(TODAY, 5), { id: nurse.userId, role: 'nurse' as never })).toMatchObject({ ok: false, status: 403 })
    expect(await startReservedPlan(actor, { reservationId: 999999, firstNight: addDays(TODAY, 5) })).toMatchObject({ ok: false, status: 404 })

    const asking = await createNurse()
    const requested = await reserve(parent.id, plan(asking.id, due))
    expect(await startReservedPlan(actor, { reservationId: requested.id, firstNight: addDays(TODAY, 5) })).toMatchObject({
      ok: false,
      status: 409,
      error: NOT_ACCEPTED_YET,
    })
    expect((await withdrawReservation(actor, { reservationId: reservation.id })).ok).toBe(true)
    expect(await start(addDays(TODAY, 5))).toMatchObject({ ok: false, status: 409, error: 'This reservation no longer stands.' })
    expect(await bookingsOf(reservation.id)).toHaveLength(0)
  })

  test('a payment given up releases the booking and the reservation stays accepted, so the family can press again', async () => {
    const due = addDays(TODAY, 40)
    const first = nextMonday(due)
    const nurse = await createNurse({ profile: { instantReservations: true } })
    await publishNights(nurse, planNights({ weeks: 2, nightsPerWeek: 3, weekdays: [1, 3, 5] }, first), SHIFT)
    const parent = await createUser()
    const actor = { id: parent.id, role: 'parent' as const }
    const reservation = await reserve(parent.id, plan(nurse.id, due, { weeks: 2 }))
    const started = await startReservedPlan(actor, { reservationId: reservation.id, firstNight: first })
    if (!started.ok) throw new Error(started.error)
    await releaseHolds([started.booking.id], new Date(), parent.id)
    expect((await statusOf(reservation.id)).status).toBe('accepted')
    // The deposit stays with the reservation for the next press.
    expect((await getDb().select().from(payments).where(eq(payments.reservationId, reservation.id)))[0]).toMatchObject({ bookingId: null, status: 'succeeded' })
    const again = await startReservedPlan(actor, { reservationId: reservation.id, firstNight: first })
    expect(again).toMatchObject({ ok: true, existing: false })
    expect(again.ok && again.booking.id).not.toBe(started.booking.id)
  })
})

describe('a plan its deposit started, within 30 days of the due date', () => {
  test("the family cancelling a night of the week the deposit paid gets nothing back, as withdrawing would; the night is the nurse's", async () => {
    const due = addDays(TODAY, 14)
    const first = nextMonday(addDays(due, 2))
    const nurse = await createNurse({ name: 'Nora Night', rateCents: 30000, profile: { instantReservations: true } })
    const nights = planNights({ weeks: 3, nightsPerWeek: 3, weekdays: [1, 3, 5] }, first)
    await publishNights(nurse, nights, SHIFT)
    const parent = await createUser({ displayName: 'Jordan Family' })
    const reservation = await reserve(parent.id, plan(nurse.id, due))
    const started = await startReservedPlan({ id: parent.id, role: 'parent' }, { reservationId: reservation.id, firstNight: first })
    if (!started.ok) throw new Error(started.error)
    const booking = started.booking
    const firstNight = booking.occurrences.find((night) => night.date === first)!
    const now = new Date()

    // What the family is shown, on the dashboard and in the confirmation, is what happens.
    const preview = await getCancellationPreview({ parentId: parent.id, occurrenceId: firstNight.id, now })
    expect(preview).toMatchObject({ refundableCents: 0, policy: 'deposit', charged: true })
    const listed = await listParentBookings(parent.id, 'upcoming', now)
    const shown = listed.find((b) => b.id === booking.id)!.occurrences.find((night) => night.id === firstNight.id)
    expect(shown).toMatchObject({ refundableCents: 0, refundPolicy: 'deposit' })

    const result = await cancelOccurrence({ parentId: parent.id, occurrenceId: firstNight.id, now })
    expect(result).toMatchObject({ ok: true, refundCents: 0, policy: 'deposit' })
    expect(await getDb().select().from(payments).where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'refund')))).toEqual([])
    // Her pay for the night is its whole price, due as if she had worked it.
    const [night] = await getDb().select().from(bookingOccurrences).where(eq(bookingOccurrences.id, firstNight.id))
    const [row] = await bookingsOf(reservation.id)
    expect(settleNight(night, row)).toEqual({ transferCents: 30000, feeCents: expect.any(Number) })
  })
})
