// Due-date reservations (issue 36, docs/decisions/0066): the life cycle (request, accept, decline,
// lapse, cancel, a new due date) and no double booking both ways under the nurse's lock, a
// reservation and a plain booking racing for the same nights included. Runs on PGlite and PostgreSQL.
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getConfig } from '../../app/config.server'
import { getDb } from '../../app/db/client.server'
import { bookings, outboxEmails, reservationEvents, reservations } from '../../app/db/schema'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { moveOccurrence } from '../../app/domain/payments/move-night.server'
import {
  ALREADY_RESERVED,
  answerReservation,
  changeDueDate,
  lapseUnansweredReservations,
  listReservations,
  sendDueDateReminders,
  TOO_MANY_RESERVATIONS,
} from '../../app/domain/reservations/reservations.server'
import { weekdayOf } from '../../app/domain/reservations/reservation-window'
import { reserveWithDeposit } from '../../app/domain/payments/reservation-deposits.server'
import { TEST_CARD_SUCCEEDS } from '../../app/domain/payments/test-cards'
import { addDays } from '../../app/domain/time/shift-times'
import * as availabilityApi from '../../app/api/nurses.availability'
import * as feedRoute from '../../app/routes/calendar.$token[.]ics'
import * as nurseDashboard from '../../app/routes/nurse.dashboard/route'
import * as bookPage from '../../app/routes/book/route'
import * as reservePage from '../../app/routes/reserve'
import { createCalendarFeed } from '../../app/domain/calendars/calendar-feed.server'
import * as cancelApi from '../../app/api/reservations.cancel'
import * as createApi from '../../app/api/reservations.create'
import * as listApi from '../../app/api/reservations.list'
import * as respondApi from '../../app/api/reservations.respond'
import { BookingRequestSchema } from '../../app/schemas/booking'
import { PLAN_TOO_LONG_MESSAGE, ReservationRequestSchema } from '../../app/schemas/reservations'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'

const [TODAY] = futureDates(0)
/** The due date: 40 days ahead, so the default window (14 before, 21 after) is all in the future. */
const DUE = addDays(TODAY, 40)

/** The first date on or after `from` falling on `weekday`. */
function next(weekday: number, from = addDays(DUE, -7)) {
  let date = from
  while (weekdayOf(date) !== weekday) date = addDays(date, 1)
  return date
}

const plan = (nurseId: number, extra: Record<string, unknown> = {}) => ({
  nurseId,
  dueDate: DUE,
  weeks: 2,
  nightsPerWeek: 3,
  weekdays: [1, 3, 5],
  startTimeLocal: '22:00',
  endTimeLocal: '06:00',
  babies: 1,
  addressText: '12 Beacon Street, Boston, MA 02108',
  // The deposit, paid with a card entered with the plan (decision 0073).
  payWith: 'card',
  cardNumber: '4242 4242 4242 4242',
  ...extra,
})

async function post(route: { action: unknown }, path: string, userId: number, body: unknown) {
  return call(route.action as never, makeRequest(path, { cookie: await cookieFor(userId), body }))
}

const TEST_CARD = { cardNumber: TEST_CARD_SUCCEEDS }
const reserve = (parentId: number, body: unknown) => post(createApi, '/_api/reservations/create', parentId, body)
const book = (parentId: number, nurseId: number, dates: string[]) =>
  bookNights({ id: parentId, role: 'parent' }, BookingRequestSchema.parse(bookingPayload(nurseId, dates)))
const mailTo = (email: string) => getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, email))

describe("/reserve's plan step", () => {
  test('refuses a due date it could not reserve around before asking for a deposit, and keeps what was typed', async () => {
    const nurse = await createNurse({ name: 'Nora Plan' })
    const parent = await createUser()
    const form = { nurseId: String(nurse.id), dueDate: '2020-01-01', weeks: '4', nightsPerWeek: '3', startTimeLocal: '21:00', endTimeLocal: '07:00', babies: '1', addressText: '22 Elm Street, Boston' }
    for (const dueDate of ['2020-01-01', addDays(TODAY, -1), addDays(TODAY, 400)]) {
      const response = await call(reservePage.action, makeRequest(`/reserve?nurse=${nurse.slug}`, { form: { ...form, dueDate }, cookie: await cookieFor(parent.id) }))
      expect(response.status, dueDate).toBe(400)
      const body = await response.json()
      expect(body.deposit, dueDate).toBeNull()
      expect(body.result.error.dueDate).toEqual(['Your due date must be from today to ten months ahead'])
      expect(body.result.initialValue).toMatchObject({ dueDate, addressText: '22 Elm Street, Boston' })
    }
    const fine = await call(reservePage.action, makeRequest(`/reserve?nurse=${nurse.slug}`, { form: { ...form, dueDate: DUE }, cookie: await cookieFor(parent.id) }))
    expect(fine.status).toBe(200)
    expect((await fine.json()).deposit).not.toBeNull()
  })
})

describe('a family reserves a nurse around its due date', () => {
  test('the request is priced at her rates, told to her with a respond-by, and listed on both sides', async () => {
    const nurse = await createNurse({ name: 'Sarah Night', rateCents: 30000, profile: { maxBabies: 2, extraBabyCents: 5000 } })
    const parent = await createUser({ displayName: 'Dana Family' })
    const before = Date.now()
    const response = await reserve(parent.id, plan(nurse.id, { babies: 2 }))
    expect(response.status).toBe(201)
    const { reservation } = await response.json()
    expect(reservation).toMatchObject({
      status: 'requested',
      dueDate: DUE,
      windowBeforeDays: 14,
      windowAfterDays: 21,
      firstStart: addDays(DUE, -14),
      lastStart: addDays(DUE, 21),
      weekdays: [1, 3, 5],
      nightlyRateCents: 30000,
      extraBabyCents: 5000,
      // Three nights a week of 35,000 each, plus the 10% fee.
      weekCents: 115500,
      totalCents: 231000,
      holding: true,
    })
    const respondIn = new Date(reservation.respondBy).getTime() - before
    expect(respondIn).toBeGreaterThanOrEqual(48 * 3600_000 - 5000)
    expect(respondIn).toBeLessThanOrEqual(48 * 3600_000 + 5000)
    const [mail] = await mailTo(nurse.email)
    expect(mail.subject).toBe('Reservation request from Dana Family')
    expect(mail.textBody).toContain('Please accept or decline by')

    const nurseList = await call(listApi.loader as never, makeRequest('/_api/reservations/list', { cookie: await cookieFor(nurse.userId) }))
    expect((await nurseList.json()).reservations.map((r: { id: number }) => r.id)).toEqual([reservation.id])
    const stranger = await createUser()
    const strangerList = await call(listApi.loader as never, makeRequest('/_api/reservations/list', { cookie: await cookieFor(stranger.id) }))
    expect((await strangerList.json()).reservations).toEqual([])
  })

  test('babies beyond her maximum, a shift outside her hours, a past due date and a nurse role are refused', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    expect(await (await reserve(parent.id, plan(nurse.id, { babies: 2 }))).json()).toMatchObject({ error: 'She cares for one baby at a time' })
    expect((await reserve(parent.id, plan(nurse.id, { endTimeLocal: '01:00' }))).status).toBe(400)
    expect(await (await reserve(parent.id, plan(nurse.id, { dueDate: addDays(TODAY, -1) }))).json()).toMatchObject({
      error: 'Your due date must be from today to ten months ahead',
    })
    const weekdays = await reserve(parent.id, plan(nurse.id, { weekdays: [1, 1, 3] }))
    expect(await weekdays.json()).toMatchObject({ error: 'Choose each weekday once' })
    expect((await reserve(nurse.userId, plan(nurse.id))).status).toBe(403)
  })

  test('she accepts; the family is told; another nurse answering it is told it is not found', async () => {
    const nurse = await createNurse({ name: 'Sarah Night' })
    const other = await createNurse()
    const parent = await createUser()
    const { reservation } = await (await reserve(parent.id, plan(nurse.id))).json()
    const stranger = await post(respondApi, '/_api/reservations/respond', other.userId, { reservationId: reservation.id, answer: 'accept' })
    expect(stranger.status).toBe(404)
    const accepted = await post(respondApi, '/_api/reservations/respond', nurse.userId, { reservationId: reservation.id, answer: 'accept' })
    expect(accepted.status).toBe(200)
    expect((await accepted.json()).reservation.status).toBe('accepted')
    expect((await mailTo(parent.email)).map((m) => m.subject)).toEqual(['Sarah Night accepted your reservation'])
    const again = await post(respondApi, '/_api/reservations/respond', nurse.userId, { reservationId: reservation.id, answer: 'decline', reason: 'x' })
    expect(again.status).toBe(409)
    const events = await getDb().select().from(reservationEvents).where(eq(reservationEvents.reservationId, reservation.id)).orderBy(reservationEvents.id)
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.actorId])).toEqual([
      ['made', null, 'unpaid', parent.id],
      ['deposit-paid', 'unpaid', 'requested', null],
      ['nurse-accept', 'requested', 'accepted', nurse.userId],
    ])
  })

  test('a nurse who takes reservations instantly has accepted as the family asks', async () => {
    const nurse = await createNurse({ profile: { instantReservations: true } })
    const parent = await createUser()
    const { reservation } = await (await reserve(parent.id, plan(nurse.id))).json()
    expect(reservation.status).toBe('accepted')
    expect(await mailTo(parent.email)).toHaveLength(1)
  })

  test('she declines with a reason, which the family reads; without one she is asked for it', async () => {
    const nurse = await createNurse({ name: 'Sarah Night' })
    const parent = await createUser()
    const { reservation } = await (await reserve(parent.id, plan(nurse.id))).json()
    const bare = await post(respondApi, '/_api/reservations/respond', nurse.userId, { reservationId: reservation.id, answer: 'decline' })
    expect(await bare.json()).toMatchObject({ error: 'Please tell the family why' })
    const declined = await post(respondApi, '/_api/reservations/respond', nurse.userId, {
      reservationId: reservation.id,
      answer: 'decline',
      reason: 'I am away that month',
    })
    expect((await declined.json()).reservation).toMatchObject({ status: 'declined', reason: 'I am away that month', holding: false })
    const [mail] = await mailTo(parent.email)
    expect(mail.textBody).toContain('Her reason: I am away that month')
  })

  test('an unanswered request lapses once, the family is told, and a late answer is refused', async () => {
    const nurse = await createNurse({ name: 'Sarah Night' })
    const parent = await createUser()
    const asked = new Date(Date.now() - 49 * 3600_000)
    const created = await reserveWithDeposit(parent, ReservationRequestSchema.parse(plan(nurse.id)), TEST_CARD, asked)
    if (!created.ok) throw new Error(created.error)
    // Past its 48 hours it holds nothing already: another family can book its nights.
    expect(created.reservation.id).toBeGreaterThan(0)
    const late = await answerReservation({ id: nurse.userId, role: 'nurse' }, { reservationId: created.reservation.id, answer: 'accept' })
    expect(late).toMatchObject({ ok: false, status: 409, error: 'This request has lapsed: it was not answered within 48 hours.' })
    const other = await createUser()
    const second = await reserveWithDeposit(other, ReservationRequestSchema.parse(plan(nurse.id)), TEST_CARD, new Date(Date.now() - 49 * 3600_000))
    if (!second.ok) throw new Error(second.error)
    expect(await Promise.all([lapseUnansweredReservations(), lapseUnansweredReservations()]).then((n) => n[0] + n[1])).toBe(1)
    expect(await lapseUnansweredReservations()).toBe(0)
    const [row] = await getDb().select().from(reservations).where(eq(reservations.id, second.reservation.id))
    expect(row.status).toBe('lapsed')
    const mails = await mailTo(other.email)
    expect(mails).toHaveLength(1)
    expect(mails[0].textBody).toContain('Sarah Night did not answer in time. Your deposit of ')
    expect((await mailTo(parent.email))[0].subject).toBe('Sarah Night did not answer in time')
  })

  test('either side cancels; the other is told; someone else gets not found; the nights are free again', async () => {
    const nurse = await createNurse({ openDates: [next(1)] })
    const parent = await createUser({ displayName: 'Dana Family' })
    const { reservation } = await (await reserve(parent.id, plan(nurse.id))).json()
    const stranger = await createUser()
    expect((await post(cancelApi, '/_api/reservations/cancel', stranger.id, { reservationId: reservation.id })).status).toBe(404)
    const other = await createUser()
    expect(await book(other.id, nurse.id, [next(1)])).toMatchObject({ ok: false, status: 409 })
    const cancelled = await post(cancelApi, '/_api/reservations/cancel', parent.id, { reservationId: reservation.id })
    expect((await cancelled.json()).reservation.status).toBe('cancelled')
    expect((await mailTo(nurse.email)).map((m) => m.subject)).toContain('Reservation cancelled by Dana Family')
    expect(await book(other.id, nurse.id, [next(1)])).toMatchObject({ ok: true })
    expect((await post(cancelApi, '/_api/reservations/cancel', parent.id, { reservationId: reservation.id })).status).toBe(409)
  })
})

describe('held nights and plain bookings never clash', () => {
  test("a held night refuses another family's booking, naming it; a night the plan never uses stays bookable; her own family may book", async () => {
    const monday = next(1)
    const tuesday = next(2)
    const nurse = await createNurse({ openDates: [monday, tuesday] })
    const parent = await createUser()
    expect((await reserve(parent.id, plan(nurse.id))).status).toBe(201)
    const other = await createUser()
    const refused = await book(other.id, nurse.id, [monday])
    expect(refused).toMatchObject({ ok: false, status: 409, clashes: [monday] })
    expect(!refused.ok && refused.error).toMatch(/^These nights are reserved for a family expecting a baby: /)
    expect(await book(other.id, nurse.id, [tuesday])).toMatchObject({ ok: true })
    expect(await book(parent.id, nurse.id, [monday])).toMatchObject({ ok: true })
  })

  test("the nights a reservation holds are not offered to another family as open, on her profile's call; the reserving family and a night the plan never uses still see them", async () => {
    const monday = next(1)
    const tuesday = next(2)
    const nurse = await createNurse({ openDates: [monday, tuesday] })
    const parent = await createUser()
    expect((await reserve(parent.id, plan(nurse.id))).status).toBe(201)
    const openTo = async (userId: number | null) => {
      const request = makeRequest(`/_api/nurses/availability?slug=${nurse.slug}`, userId ? { cookie: await cookieFor(userId) } : {})
      const response = await call(availabilityApi.loader as never, request)
      return ((await response.json()).dates as Array<{ date: string }>).map((night) => night.date)
    }
    const other = await createUser()
    expect(await openTo(other.id)).toEqual([tuesday])
    expect(await openTo(null)).toEqual([tuesday])
    expect(await openTo(parent.id)).toEqual([monday, tuesday])
  })

  test("both sides' calendar feeds show the start window as a tentative all-day event, and cancelled once it is cancelled", async () => {
    const nurse = await createNurse({ name: 'Wren Window' })
    const parent = await createUser({ displayName: 'Dana Feed' })
    const { reservation } = await (await reserve(parent.id, plan(nurse.id))).json()
    const feedOf = async (userId: number) => {
      const token = (await createCalendarFeed(userId)).split('/calendar/')[1].replace(/\.ics$/, '')
      const response = await call(feedRoute.loader as never, makeRequest(`/calendar/${token}.ics`), { token })
      const text = (await response.text()).replace(/\r\n /g, '')
      return text.split('BEGIN:VEVENT').find((event) => event.includes(`UID:reservation-${reservation.id}@nightlight`)) ?? ''
    }
    const first = addDays(DUE, -14).replaceAll('-', '')
    const afterLast = addDays(DUE, 22).replaceAll('-', '')
    const familyEvent = await feedOf(parent.id)
    expect(familyEvent).toContain('STATUS:TENTATIVE')
    expect(familyEvent).toContain(`DTSTART;VALUE=DATE:${first}`)
    expect(familyEvent).toContain(`DTEND;VALUE=DATE:${afterLast}`)
    expect(familyEvent).toContain('SUMMARY:Night nurse reserved: Wren Window (start window)')
    const nurseEvent = await feedOf(nurse.userId)
    expect(nurseEvent).toContain('STATUS:TENTATIVE')
    expect(nurseEvent).toContain("SUMMARY:Reserved: Dana's family (start window)")
    await post(cancelApi, '/_api/reservations/cancel', parent.id, { reservationId: reservation.id })
    expect(await feedOf(parent.id)).toContain('STATUS:CANCELLED')
    expect(await feedOf(nurse.userId)).toContain('STATUS:CANCELLED')
  })

  test('a family holds at most three nurses, one reservation each; two requests at once count each other', async () => {
    const parent = await createUser()
    const nurses = await Promise.all([0, 1, 2, 3, 4].map(() => createNurse()))
    expect((await reserve(parent.id, plan(nurses[0].id))).status).toBe(201)
    const again = await reserve(parent.id, plan(nurses[0].id, { dueDate: addDays(DUE, 3) }))
    expect(again.status).toBe(409)
    expect((await again.json()).error).toBe(ALREADY_RESERVED)
    expect((await reserve(parent.id, plan(nurses[1].id))).status).toBe(201)
    // The third and a fourth at once: exactly one of them is the third.
    const racing = await Promise.all([reserve(parent.id, plan(nurses[2].id)), reserve(parent.id, plan(nurses[3].id))])
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409])
    const refused = await reserve(parent.id, plan(nurses[4].id))
    expect(refused.status).toBe(409)
    expect((await refused.json()).error).toBe(TOO_MANY_RESERVATIONS)
    expect(await getDb().select().from(reservations).where(eq(reservations.parentId, parent.id))).toHaveLength(3)
    // Cancelling one makes room for another nurse.
    const [first] = await getDb().select().from(reservations).where(eq(reservations.parentId, parent.id)).limit(1)
    await post(cancelApi, '/_api/reservations/cancel', parent.id, { reservationId: first.id })
    expect((await reserve(parent.id, plan(nurses[4].id))).status).toBe(201)
  })

  test("her own calendar marks the nights her reservations hold", async () => {
    const monday = next(1)
    const tuesday = next(2)
    const nurse = await createNurse({ openDates: [monday, tuesday] })
    const parent = await createUser()
    expect((await reserve(parent.id, plan(nurse.id))).status).toBe(201)
    const response = await call(nurseDashboard.loader as never, makeRequest('/nurse/dashboard?tab=availability', { cookie: await cookieFor(nurse.userId) }))
    const { availability } = await response.json()
    expect(availability.reserved).toContain(monday)
    expect(availability.reserved).not.toContain(tuesday)
  })

  test('a plan longer than one booking can hold is refused when it is asked, naming the limit', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const refused = await reserve(parent.id, plan(nurse.id, { weeks: 13, nightsPerWeek: 5, weekdays: [1, 2, 3, 4, 5] }))
    expect(refused.status).toBe(400)
    expect(JSON.stringify(await refused.json())).toContain(PLAN_TOO_LONG_MESSAGE)
    expect((await reserve(parent.id, plan(nurse.id, { weeks: 12, nightsPerWeek: 5, weekdays: [1, 2, 3, 4, 5] }))).status).toBe(201)
  })

  test("/book's dates step names a night another family's reservation holds, before any booking is made", async () => {
    const monday = next(1)
    const tuesday = next(2)
    const nurse = await createNurse({ openDates: [monday, tuesday] })
    const parent = await createUser()
    expect((await reserve(parent.id, plan(nurse.id))).status).toBe(201)
    const other = await createUser()
    const continueWith = async (userId: number, date: string) =>
      call(
        bookPage.action as never,
        makeRequest(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${date}`, {
          cookie: await cookieFor(userId),
          form: { intent: 'dates', 'nights[0].date': date, 'nights[0].startTimeLocal': '22:00', 'nights[0].endTimeLocal': '06:00', weeksCount: '1' },
        }),
      )
    const refused = await continueWith(other.id, monday)
    expect(refused.status).toBe(409)
    expect(JSON.stringify(await refused.json())).toContain('These nights are reserved for a family expecting a baby: ')
    // A night the plan never uses goes on; so does the reserving family's own.
    expect((await continueWith(other.id, tuesday)).headers.get('Location')).toContain('step=2')
    expect((await continueWith(parent.id, monday)).headers.get('Location')).toContain('step=2')
    expect(await getDb().select().from(bookings).where(eq(bookings.nurseId, nurse.id))).toHaveLength(0)
  })

  test('a night outside the window plus the weeks is not held', async () => {
    // Last start DUE + 21, two weeks: the last possible night is before DUE + 35.
    const after = next(1, addDays(DUE, 36))
    const before = next(1, addDays(DUE, -22))
    const nurse = await createNurse({ openDates: [after, before] })
    const parent = await createUser()
    await reserve(parent.id, plan(nurse.id))
    const other = await createUser()
    expect(await book(other.id, nurse.id, [before, after])).toMatchObject({ ok: true })
  })

  test("a reservation is refused where another family's night is booked or another reservation holds, naming the nights", async () => {
    const wednesday = next(3)
    const nurse = await createNurse()
    const earlier = await createUser()
    await createBooking({ nurse, parent: earlier, dates: [wednesday], status: 'confirmed' })
    const parent = await createUser()
    const refused = await reserve(parent.id, plan(nurse.id))
    expect(refused.status).toBe(409)
    const body = await refused.json()
    expect(body.clashes).toEqual([wednesday])
    expect(body.error).toMatch(/^She is not free for this plan. These nights are already taken: /)
    // Tuesdays and Thursdays touch nothing booked: that plan is free.
    const free = await reserve(parent.id, plan(nurse.id, { weekdays: [2, 4], nightsPerWeek: 2 }))
    expect(free.status).toBe(201)
    const third = await createUser()
    const overlapping = await reserve(third.id, plan(nurse.id, { weekdays: [4], nightsPerWeek: 1, dueDate: addDays(DUE, 3) }))
    expect(overlapping.status).toBe(409)
  })

  test('a booked night cannot be moved onto a night held for another family', async () => {
    const [first] = futureDates(10)
    const monday = next(1)
    const nurse = await createNurse({ openDates: [first, monday] })
    const other = await createUser()
    const booking = await createBooking({ nurse, parent: other, dates: [first], status: 'confirmed' })
    const parent = await createUser()
    await reserve(parent.id, plan(nurse.id))
    const moved = await moveOccurrence({ parentId: other.id, bookingId: booking.id, occurrenceId: booking.occurrenceIds[0], date: monday, now: new Date() })
    expect(moved).toMatchObject({ ok: false, status: 409 })
    expect(!moved.ok && moved.error).toMatch(/^These nights are reserved for a family expecting a baby/)
  })

  test('a reservation and a plain booking racing for the same nights: exactly one wins, every round', async () => {
    const monday = next(1)
    for (let round = 0; round < 4; round++) {
      const nurse = await createNurse({ openDates: [monday] })
      const family = await createUser()
      const booker = await createUser()
      const [reserved, booked] = await Promise.all([reserve(family.id, plan(nurse.id)), book(booker.id, nurse.id, [monday])])
      const wins = [reserved.status === 201, booked.ok].filter(Boolean)
      expect(wins, `round ${round}: reservation ${reserved.status}, booking ${JSON.stringify(booked)}`).toHaveLength(1)
      expect([reserved.status, booked.ok ? 200 : booked.status]).toContain(409)
      const [held] = await getDb().select({ n: count() }).from(reservations).where(eq(reservations.nurseId, nurse.id))
      const [made] = await getDb().select({ n: count() }).from(bookings).where(eq(bookings.nurseId, nurse.id))
      expect(held.n + made.n).toBe(1)
    }
  })

  test('two families reserving the same nights at once: exactly one wins', async () => {
    const nurse = await createNurse()
    const families = await Promise.all([createUser(), createUser(), createUser()])
    const responses = await Promise.all(families.map((family) => reserve(family.id, plan(nurse.id))))
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409])
  })
})

describe('a new due date', () => {
  test('moves the window when its nights are free; the nurse is told; a taken window is refused', async () => {
    const nurse = await createNurse({ name: 'Sarah Night' })
    const parent = await createUser({ displayName: 'Dana Family' })
    const { reservation } = await (await reserve(parent.id, plan(nurse.id))).json()
    const later = addDays(DUE, 10)
    const changed = await changeDueDate(parent, { reservationId: reservation.id, dueDate: later })
    expect(changed).toMatchObject({ ok: true, reservation: { dueDate: later, firstStart: addDays(later, -14) } })
    const mails = await mailTo(nurse.email)
    expect(mails.map((m) => m.subject)).toContain('Dana Family changed their due date')
    // Another family books a Friday the newer window would need; moving there is refused.
    const friday = next(5, addDays(later, 40))
    const other = await createUser()
    await createBooking({ nurse, parent: other, dates: [friday], status: 'confirmed' })
    const refused = await changeDueDate(parent, { reservationId: reservation.id, dueDate: addDays(later, 20) })
    expect(refused).toMatchObject({ ok: false, status: 409, clashes: [friday] })
    const stranger = await createUser()
    expect(await changeDueDate(stranger, { reservationId: reservation.id, dueDate: DUE })).toMatchObject({ ok: false, status: 404 })
    const [row] = await getDb().select().from(reservations).where(and(eq(reservations.id, reservation.id)))
    expect(row.dueDate).toBe(later)
  })
})

describe('due-date reminders', () => {
  test('four weeks before the due date the family is asked once whether it is still right', async () => {
    const nurse = await createNurse({ profile: { instantReservations: true } })
    const parent = await createUser()
    const dueDate = addDays(TODAY, 20)
    const created = await reserveWithDeposit(parent, ReservationRequestSchema.parse(plan(nurse.id, { dueDate })), TEST_CARD, new Date(Date.now() - 20 * 86400_000))
    if (!created.ok) throw new Error(created.error)
    const before = (await mailTo(parent.email)).length
    expect(await sendDueDateReminders()).toBe(1)
    expect(await sendDueDateReminders()).toBe(0)
    const mails = await mailTo(parent.email)
    expect(mails).toHaveLength(before + 1)
    expect(mails.at(-1)!.subject).toMatch(/still your due date\?$/)
    expect(mails.at(-1)!.textBody).toContain("press 'Our baby is here'")
    expect((await listReservations(parent))[0].status).toBe('accepted')
  })

  test("on the due date the family of an accepted reservation gets 'Our baby is here', once", async () => {
    const nurse = await createNurse({ profile: { instantReservations: true } })
    const parent = await createUser()
    const created = await reserveWithDeposit(parent, ReservationRequestSchema.parse(plan(nurse.id, { dueDate: TODAY })), TEST_CARD, new Date(Date.now() - 20 * 86400_000))
    if (!created.ok) throw new Error(created.error)
    expect(created.reservation.status).toBe('accepted')
    expect(await sendDueDateReminders()).toBe(1)
    expect(await sendDueDateReminders()).toBe(0)
    const mail = (await mailTo(parent.email)).at(-1)!
    expect(mail.subject).toBe('Is your baby here?')
    expect(mail.textBody).toContain(`Our baby is here: ${getConfig().APP_ORIGIN.replace(/\/$/, '')}/parent/reservations/${created.reservation.id}`)
  })
})
