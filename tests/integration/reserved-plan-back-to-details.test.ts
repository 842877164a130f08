// /book's 'Back to Details' on a booking started from a due-date reservation ('Our baby is here',
// docs/decisions/0069): the booking keeps its reservation and the rates she quoted. Back goes to
// the reservation's page, and a details form posted for that booking anyway (an old tab, a
// bookmarked step 2) is sent there too: it never makes a booking without the reservation at
// today's rates. Runs on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookings, nurseProfiles } from '../../app/db/schema'
import { startReservedPlan } from '../../app/domain/payments/start-reserved-plan.server'
import { planNights, weekdayOf } from '../../app/domain/reservations/reservation-window'
import { addDays } from '../../app/domain/time/shift-times'
import * as createApi from '../../app/api/reservations.create'
import * as bookPage from '../../app/routes/book/route'
import { bookUrl } from '../../app/routes/book/book-state'
import { createNurse, createUser, futureDates, publishNights } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const [TODAY] = futureDates(0)
const SHIFT = { startTimeLocal: '22:00', endTimeLocal: '06:00' }
// Two weeks, so that the deposit (the first week) leaves the second to pay at /book.
const WEEK = { weeks: 2, nightsPerWeek: 3, weekdays: [1, 3, 5] }

function nextMonday(from: string) {
  let date = from
  while (weekdayOf(date) !== 1) date = addDays(date, 1)
  return date
}

async function startedPlan() {
  const due = addDays(TODAY, 40)
  const first = nextMonday(due)
  const nurse = await createNurse({ name: 'Nora Night', rateCents: 30000, profile: { instantReservations: true } })
  await publishNights(nurse, planNights(WEEK, first), SHIFT)
  const parent = await createUser({ displayName: 'Jordan Family' })
  const cookie = await cookieFor(parent.id)
  const made = await call(
    createApi.action,
    makeRequest('/_api/reservations/create', {
      cookie,
      body: { nurseId: nurse.id, dueDate: due, ...WEEK, ...SHIFT, babies: 1, addressText: '12 Beacon Street, Boston, MA 02108', payWith: 'card', cardNumber: '4242 4242 4242 4242' },
    }),
  )
  const reservation = (await made.json()).reservation as { id: number }
  // She raises her rate after accepting: the plan keeps the quote.
  await getDb().update(nurseProfiles).set({ nightlyRateCents: 40000 }).where(eq(nurseProfiles.id, nurse.id))
  const started = await startReservedPlan({ id: parent.id, role: 'parent' }, { reservationId: reservation.id, firstNight: first })
  if (!started.ok) throw new Error(started.error)
  const { booking } = started
  const link = {
    nurseId: nurse.id,
    slug: nurse.slug,
    nights: booking.occurrences.map(({ date, startTimeLocal, endTimeLocal }) => ({ date, startTimeLocal, endTimeLocal })),
    weeks: null,
    babies: 1,
  }
  return { reservation, booking, cookie, link }
}

const details = { intent: 'details', fullName: 'Jordan Family', phone: '(617) 555-0101', address: '12 Beacon Street, Boston, MA 02108', acceptTerms: 'on' }

describe("'Back to Details' on a booking from a reservation", () => {
  test("the payment step's Back goes to the reservation's page, not to /book's details", async () => {
    const { reservation, booking, cookie, link } = await startedPlan()
    const payment = await call(bookPage.loader, makeRequest(bookUrl(link, { step: 3, bookingId: booking.id }), { cookie }))
    const body = await payment.json()
    expect(body.step).toBe(3)
    expect(body.back).toEqual({ to: `/parent/reservations/${reservation.id}`, label: 'Back to your reservation' })
  })

  test('step 2 of that booking, opened or posted, goes to the reservation; the booking keeps its reservation and quoted rate', async () => {
    const { reservation, booking, cookie, link } = await startedPlan()
    const step2 = bookUrl(link, { step: 2, bookingId: booking.id })
    const opened = await call(bookPage.loader, makeRequest(step2, { cookie }))
    expect(opened.status).toBe(302)
    expect(opened.headers.get('Location')).toBe(`/parent/reservations/${reservation.id}`)

    const posted = await call(bookPage.action, makeRequest(step2, { cookie, form: details }))
    expect(posted.status).toBe(302)
    expect(posted.headers.get('Location')).toBe(`/parent/reservations/${reservation.id}`)

    const rows = await getDb().select().from(bookings).where(eq(bookings.parentId, booking.parentId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: booking.id, status: 'pending', reservationId: reservation.id, nightlyRateCents: 30000 })
  })
})
