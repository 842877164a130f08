// Unpaid holds cannot be hoarded (issue 9; docs/decisions/0012): one unpaid booking per parent
// and nurse, a cap on the nights a parent holds unpaid, a cap on a nurse's nights held unpaid,
// a 15-minute hold, and a per-account limit on starting bookings. Each refusal answers a clear
// message, in the /_api call and on /book, and creates nothing.
import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, bookings } from '../../app/db/schema'
import {
  MAX_HELD_NIGHTS_PER_NURSE,
  MAX_HELD_NIGHTS_PER_PARENT,
  TOO_MANY_HELD_NIGHTS_FOR_NURSE,
  TOO_MANY_HELD_NIGHTS_FOR_PARENT,
  UNPAID_BOOKING_WITH_NURSE,
} from '../../app/domain/bookings/booking-rules'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { releaseExpiredHolds } from '../../app/domain/payments/reconciliation.server'
import * as createApi from '../../app/api/bookings.create'
import * as bookPage from '../../app/routes/book/route'
import { BookingRequestSchema } from '../../app/schemas/booking'
import { TOO_MANY_BOOKINGS } from '../../app/utils/rate-limit.server'
import { createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'

const payload = (nurseId: number, dates: string[]) =>
  bookingPayload(nurseId, dates, { nightsPerWeek: Math.min(7, dates.length) })
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i)

async function counts() {
  const [b] = await getDb().select({ n: count() }).from(bookings)
  const [o] = await getDb().select({ n: count() }).from(bookingOccurrences)
  return { bookings: b.n, nights: o.n }
}

async function postBooking(cookie: string, body: unknown) {
  return call(createApi.action, makeRequest('/_api/bookings/create', { cookie, body }))
}

async function book(parent: { id: number; role: 'parent' | 'nurse' | 'admin' }, nurseId: number, dates: string[]) {
  const result = await bookNights(parent, BookingRequestSchema.parse(payload(nurseId, dates)))
  if (!result.ok) throw new Error(result.error)
  return result.booking
}

describe('holds cannot be hoarded', () => {
  test('a parent has one unpaid booking per nurse: the second answers 409 naming the first, and creates nothing', async () => {
    const dates = futureDates(5, 6, 7)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const first = await postBooking(cookie, payload(nurse.id, [dates[0]]))
    expect(first.status).toBe(200)
    const held = (await first.json()).booking
    const before = await counts()

    const second = await postBooking(cookie, payload(nurse.id, [dates[1], dates[2]]))
    expect(second.status).toBe(409)
    expect(await second.json()).toEqual({ error: UNPAID_BOOKING_WITH_NURSE, unpaidBookingId: held.id })
    expect(await counts()).toEqual(before)

    // Another parent is not held back by it, and the same parent can book another nurse.
    const other = await createUser()
    expect((await postBooking(await cookieFor(other.id), payload(nurse.id, [dates[1]]))).status).toBe(200)
    const elsewhere = await createNurse({ openDates: dates })
    expect((await postBooking(cookie, payload(elsewhere.id, [dates[0]]))).status).toBe(200)
  })

  test('once the hold has run out, the parent may book that nurse again', async () => {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const now = new Date()
    const first = await bookNights(parent, BookingRequestSchema.parse(payload(nurse.id, [dates[0]])), { now })
    expect(first.ok).toBe(true)
    const later = new Date(now.getTime() + 16 * 60 * 1000)
    const again = await bookNights(parent, BookingRequestSchema.parse(payload(nurse.id, [dates[1]])), {
      now: later,
    })
    expect(again.ok).toBe(true)
  })

  test('a parent holds at most so many unpaid nights over all nurses', async () => {
    const dates = futureDates(...range(3, MAX_HELD_NIGHTS_PER_PARENT))
    const a = await createNurse({ openDates: dates })
    const b = await createNurse({ openDates: dates })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    await book(parent, a.id, dates.slice(0, MAX_HELD_NIGHTS_PER_PARENT - 2))
    const before = await counts()

    const tooMany = await postBooking(cookie, payload(b.id, dates.slice(0, 3)))
    expect(tooMany.status).toBe(409)
    expect(await tooMany.json()).toEqual({ error: TOO_MANY_HELD_NIGHTS_FOR_PARENT })
    expect(await counts()).toEqual(before)
    expect((await postBooking(cookie, payload(b.id, dates.slice(0, 2)))).status).toBe(200)
  })

  test("unpaid bookings of all parents hold at most so many of one nurse's nights", async () => {
    const dates = futureDates(...range(3, MAX_HELD_NIGHTS_PER_NURSE + 2))
    const nurse = await createNurse({ openDates: dates })
    let used = 0
    while (used < MAX_HELD_NIGHTS_PER_NURSE) {
      const size = Math.min(MAX_HELD_NIGHTS_PER_PARENT, MAX_HELD_NIGHTS_PER_NURSE - used)
      await book(await createUser(), nurse.id, dates.slice(used, used + size))
      used += size
    }
    const before = await counts()
    const late = await createUser()
    const refused = await postBooking(await cookieFor(late.id), payload(nurse.id, [dates[used]]))
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ error: TOO_MANY_HELD_NIGHTS_FOR_NURSE })
    expect(await counts()).toEqual(before)
  })

  test('the attack of the issue: 120 nights in one request is refused, and no night is held', async () => {
    const dates = futureDates(...range(3, 120))
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const response = await postBooking(await cookieFor(parent.id), payload(nurse.id, dates))
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe(`A booking can have at most ${MAX_HELD_NIGHTS_PER_PARENT} nights.`)
    expect(await counts()).toEqual({ bookings: 0, nights: 0 })
  })

  test('a hold lasts 15 minutes', async () => {
    const dates = futureDates(5)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const now = new Date()
    const result = await bookNights(parent, BookingRequestSchema.parse(payload(nurse.id, dates)), { now })
    if (!result.ok) throw new Error(result.error)
    expect(result.booking.holdExpiresAt!.getTime() - now.getTime()).toBe(15 * 60 * 1000)
    const minutes = (n: number) => new Date(now.getTime() + n * 60 * 1000)
    expect((await releaseExpiredHolds(minutes(14))).releasedBookingIds).toEqual([])
    expect((await releaseExpiredHolds(minutes(15))).releasedBookingIds).toEqual([result.booking.id])
  })
})

describe('starting bookings is rate limited per account', () => {
  test('past the limit the call answers 429 with a message and books nothing; other parents go on', async () => {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ openDates: [dates[0]] })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    // Attempts count whether or not they book anything: these nights are not published.
    for (let i = 0; i < 30; i++) {
      expect((await postBooking(cookie, payload(nurse.id, [dates[1]]))).status).toBe(409)
    }
    const limited = await postBooking(cookie, payload(nurse.id, [dates[0]]))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({ error: TOO_MANY_BOOKINGS })
    expect(await counts()).toEqual({ bookings: 0, nights: 0 })

    const other = await createUser()
    expect((await postBooking(await cookieFor(other.id), payload(nurse.id, [dates[0]]))).status).toBe(200)
  })
})

describe('on the /book page', () => {
  function step2(nurse: { id: number; slug: string }, dates: string[]) {
    return `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(',')}&times=${dates
      .map(() => '22:00-06:00')
      .join(',')}&step=2`
  }
  const details = {
    intent: 'details',
    fullName: 'Paula Parent',
    phone: '(617) 555-0101',
    address: '12 Beacon Street, Boston, MA',
    acceptTerms: 'on',
  }

  test('a second unpaid booking with the nurse shows the message and a way to the unpaid one', async () => {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const first = await call(bookPage.action, makeRequest(step2(nurse, [dates[0]]), { cookie, form: details }))
    expect(first.status).toBe(302)
    const heldId = Number(/bookingId=(\d+)/.exec(first.headers.get('Location')!)![1])

    const second = await call(bookPage.action, makeRequest(step2(nurse, [dates[1]]), { cookie, form: details }))
    expect(second.status).toBe(409)
    expect((await second.json()).paymentError).toMatchObject({ message: UNPAID_BOOKING_WITH_NURSE, unpaidBookingId: heldId })
    expect((await counts()).bookings).toBe(1)

    // Going back to change the details of the held booking replaces it, as before.
    const replaced = await call(
      bookPage.action,
      makeRequest(`${step2(nurse, [dates[0]])}&bookingId=${heldId}`, { cookie, form: details }),
    )
    expect(replaced.status).toBe(302)
    const [held] = await getDb().select().from(bookings).where(eq(bookings.id, heldId))
    expect(held.status).toBe('cancelled')
  })

  test('past the rate limit the page says so with 429 and books nothing', async () => {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ openDates: [dates[0]] })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    for (let i = 0; i < 30; i++) {
      expect((await call(bookPage.action, makeRequest(step2(nurse, [dates[1]]), { cookie, form: details }))).status).toBe(409)
    }
    const limited = await call(bookPage.action, makeRequest(step2(nurse, [dates[0]]), { cookie, form: details }))
    expect(limited.status).toBe(429)
    expect((await limited.json()).paymentError.message).toBe(TOO_MANY_BOOKINGS)
    expect((await counts()).bookings).toBe(0)
  })
})
