// A family that must pay as it books (issue 33, docs/decisions/0045) is no longer stuck on its
// reservation page (issue 36, decisions 0069 and 0070): 'Start the nights' shows the pay-at-once
// step instead of a dead end, and one post with the saved card (or a card) books the plan at the
// quoted rates, pays its first week and starts the reservation. A backup nurse is booked the same
// way. Runs on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookings, reservations } from '../../app/db/schema'
import { releaseHolds } from '../../app/domain/bookings/bookings.server'
import { saveTestCardForParent } from '../../app/domain/payments/saved-cards.server'
import { TEST_CARD_DECLINED, TEST_CARD_SUCCEEDS } from '../../app/domain/payments/test-cards'
import { planNights, reservationWindow, weekdayOf } from '../../app/domain/reservations/reservation-window'
import { addDays } from '../../app/domain/time/shift-times'
import * as createBookingApi from '../../app/api/bookings.create'
import * as createApi from '../../app/api/reservations.create'
import * as reservationPage from '../../app/routes/parent.reservations.$reservationId'
import { createNurse, createUser, futureDates, publishNights } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'

const [TODAY] = futureDates(0)
const SHIFT = { startTimeLocal: '22:00', endTimeLocal: '06:00' }
// Two weeks, paid in one charge: the deposit pays the first, so the family pays the second here.
const PLAN = { weeks: 2, nightsPerWeek: 2, weekdays: [1, 3] }

function nextMonday(from: string) {
  let date = from
  while (weekdayOf(date) !== 1) date = addDays(date, 1)
  return date
}

/** A family with Nora's accepted reservation that left two unpaid holds today. */
async function cyclingFamily() {
  const due = addDays(TODAY, 30)
  const nora = await createNurse({ name: 'Nora Cycle', rateCents: 30000, profile: { instantReservations: true } })
  const parent = await createUser({ displayName: 'Robin Family' })
  const cookie = await cookieFor(parent.id)
  const made = await call(createApi.action as never, makeRequest('/_api/reservations/create', { cookie, body: { nurseId: nora.id, dueDate: due, ...PLAN, ...SHIFT, babies: 1, addressText: '12 Beacon Street, Boston, MA 02108', payWith: 'card', cardNumber: '4242 4242 4242 4242' } }))
  expect(made.status).toBe(201)
  const reservation = (await made.json()).reservation as { id: number; dueDate: string; windowBeforeDays: number; windowAfterDays: number; weekCents: number }
  // Two holds of another nurse's night, left unpaid.
  const other = await createNurse()
  const night = futureDates(5)
  await publishNights(other, night)
  for (let i = 0; i < 2; i++) {
    const held = await call(createBookingApi.action, makeRequest('/_api/bookings/create', { cookie, body: bookingPayload(other.id, night) }))
    expect(held.status).toBe(200)
    const { booking } = await held.json()
    expect(await releaseHolds([booking.id], new Date(), parent.id)).toEqual([booking.id])
  }
  return { nora, parent, cookie, reservation, due }
}

function post(cookie: string, id: number, form: Record<string, string>) {
  return call(reservationPage.action as never, makeRequest(`/parent/reservations/${id}`, { cookie, form }), { reservationId: String(id) })
}

describe("'Our baby is here' for a family that must pay as it books", () => {
  test('shows the pay-at-once step, then books and pays the first week in one post at the quoted rates; the reservation has started', async () => {
    const { nora, parent, cookie, reservation, due } = await cyclingFamily()
    const first = nextMonday(due)
    await publishNights(nora, planNights(PLAN, first), SHIFT)
    await saveTestCardForParent(parent.id, TEST_CARD_SUCCEEDS)

    const asked = await post(cookie, reservation.id, { intent: 'start', reservationId: String(reservation.id), firstNight: first })
    expect(asked.status).toBe(409)
    const step = (await asked.json()).payAtOnce
    expect(step.details).toEqual({ intent: 'start', reservationId: String(reservation.id), firstNight: first })
    expect(step.view.amountDueCents).toBe(reservation.weekCents)
    expect(step.view.savedCardLabel).toMatch(/4242/)
    expect(await getDb().select().from(bookings).where(eq(bookings.reservationId, reservation.id))).toHaveLength(0)

    // A declined card holds nothing and says so beside the card.
    const declined = await post(cookie, reservation.id, { ...step.details, payWith: 'card', cardNumber: TEST_CARD_DECLINED })
    expect(declined.status).toBe(402)
    expect((await declined.json()).payAtOnce.view.cardError).toMatch(/declined/i)

    const paid = await post(cookie, reservation.id, { ...step.details, payWith: 'saved_card' })
    expect(paid.status).toBe(302)
    // The declined card's booking was released at once; the paid one is the last.
    const made = await getDb().select().from(bookings).where(eq(bookings.reservationId, reservation.id)).orderBy(bookings.id)
    expect(made.map((row) => row.status)).toEqual(['cancelled', 'confirmed'])
    const booking = made[1]
    expect(paid.headers.get('Location')).toBe(`/parent/bookings/${booking.id}`)
    expect(booking).toMatchObject({ status: 'confirmed', nurseId: nora.id, nightlyRateCents: 30000 })
    const [after] = await getDb().select().from(reservations).where(eq(reservations.id, reservation.id))
    expect(after.status).toBe('started')
  })

  test('a backup nurse is booked and paid the same way', async () => {
    const { parent, cookie, reservation } = await cyclingFamily()
    const { lastStart } = reservationWindow(reservation)
    const first = nextMonday(addDays(lastStart, 1))
    const maya = await createNurse({ name: 'Maya Cycle', rateCents: 32000 })
    await publishNights(maya, planNights(PLAN, first), SHIFT)
    await saveTestCardForParent(parent.id, TEST_CARD_SUCCEEDS)
    const fields = { intent: 'backup', reservationId: String(reservation.id), nurseId: String(maya.id), firstNight: first }
    const asked = await post(cookie, reservation.id, fields)
    expect(asked.status).toBe(409)
    expect((await asked.json()).payAtOnce.details).toEqual(fields)
    const paid = await post(cookie, reservation.id, { ...fields, payWith: 'saved_card' })
    expect(paid.status).toBe(302)
    const [booking] = await getDb().select().from(bookings).where(eq(bookings.reservationId, reservation.id))
    expect(booking).toMatchObject({ status: 'confirmed', nurseId: maya.id, nightlyRateCents: 32000 })
    const [after] = await getDb().select().from(reservations).where(eq(reservations.id, reservation.id))
    expect(after.status).toBe('started')
  })
})
