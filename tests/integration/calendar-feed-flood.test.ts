// A nurse's calendar feed cannot be flooded (issue 33, docs/decisions/0045): it lists only nights of
// bookings confirmed at some point, never an unpaid hold (live or abandoned), and no number of other
// rows can push a live night to come out of it.
import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../app/db/client.server'
import { bookings } from '../../app/db/schema'
import { releaseHolds } from '../../app/domain/bookings/bookings.server'
import { confirmBookingPayment } from '../../app/domain/payments/booking-confirmation.server'
import { cancelBookingByAdmin } from '../../app/domain/bookings/life-cycle.server'
import { createCalendarFeed, FEED_OTHER_NIGHTS, renderCalendarFeed } from '../../app/domain/calendars/calendar-feed.server'
import { createBooking, createNurse, createPayment, createUser, futureDates } from '../support/factories'

const tokenOf = (url: string) => url.split('/calendar/')[1].replace(/\.ics$/, '')
const uidOf = (nightId: number) => `night-${nightId}@nightlight`

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((component) => ({
    uid: String(component.getFirstPropertyValue('uid')),
    status: String(component.getFirstPropertyValue('status')),
  }))
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

describe("a nurse's feed under a flood of abandoned holds", () => {
  test('36 holds of 60 nights, each abandoned, leave her one booked night in the feed and none of theirs', async () => {
    const nurse = await createNurse({ name: 'Faye Flooded' })
    const holdDates = futureDates(...range(1, 60))
    const abandonedNightIds: number[] = []
    // 2,160 abandoned nights, every one starting before the booked night (the feed used to keep the
    // first 2,000 by start). Three accounts, as in the issue.
    const parents = [await createUser(), await createUser(), await createUser()]
    for (let cycle = 0; cycle < 36; cycle++) {
      const parent = parents[cycle % parents.length]
      const hold = await createBooking({ nurse, parent, dates: holdDates, status: 'pending' })
      expect(await releaseHolds([hold.id], new Date(), parent.id)).toEqual([hold.id])
      abandonedNightIds.push(...hold.occurrenceIds)
    }
    const booked = await createBooking({ nurse, dates: futureDates(70) })
    const cancelledAfterPaying = await createBooking({ nurse, dates: futureDates(71), status: 'cancelled' })
    const stillHeld = await createBooking({ nurse, dates: futureDates(72), status: 'pending' })

    const events = eventsOf((await renderCalendarFeed(tokenOf(await createCalendarFeed(nurse.userId))))!)
    expect(events).toEqual([
      { uid: uidOf(booked.occurrenceIds[0]), status: 'CONFIRMED' },
      { uid: uidOf(cancelledAfterPaying.occurrenceIds[0]), status: 'CANCELLED' },
    ])
    const uids = new Set(events.map((event) => event.uid))
    expect(abandonedNightIds.filter((id) => uids.has(uidOf(id)))).toEqual([])
    expect(uids.has(uidOf(stillHeld.occurrenceIds[0]))).toBe(false)
  })

  test('more cancelled nights than the bound never hide a live night to come, and the newest cancelled ones are kept', async () => {
    const nurse = await createNurse({ name: 'Gail Bounded' })
    // Paid and cancelled nights (shown as cancelled; cancelled nights may share dates), more than the
    // bound, all before her booked night.
    const dates = futureDates(...range(1, 300))
    const first = await createBooking({ nurse, dates, status: 'cancelled' })
    const second = await createBooking({ nurse, dates, status: 'cancelled' })
    const booked = await createBooking({ nurse, dates: futureDates(320) })

    const events = eventsOf((await renderCalendarFeed(tokenOf(await createCalendarFeed(nurse.userId))))!)
    expect(events[0]).toEqual({ uid: uidOf(booked.occurrenceIds[0]), status: 'CONFIRMED' })
    expect(events).toHaveLength(1 + FEED_OTHER_NIGHTS)
    expect(events.slice(1).every((event) => event.status === 'CANCELLED')).toBe(true)
    // Newest first: the latest cancelled nights are kept, the earliest are left out.
    const uids = events.map((event) => event.uid)
    expect(uids).toContain(uidOf(first.occurrenceIds[299]))
    expect(uids).toContain(uidOf(second.occurrenceIds[299]))
    expect(uids).not.toContain(uidOf(second.occurrenceIds[0]))
    expect(uids).not.toContain(uidOf(first.occurrenceIds[0]))
  })
})

describe('a booking confirmed once stays in the feed', () => {
  test('paid, then cancelled: its night is in the feed as cancelled, so her calendar removes it', async () => {
    const nurse = await createNurse({ name: 'Hana Paid' })
    const hold = await createBooking({ nurse, dates: futureDates(9), status: 'pending' })
    const paymentId = await createPayment({ bookingId: hold.id, amountCents: hold.totalAmountCents, status: 'pending' })
    expect(await confirmBookingPayment({ bookingId: hold.id, paymentId })).toEqual({ outcome: 'confirmed' })
    await getDb().transaction((tx) => cancelBookingByAdmin(tx, hold.id, [{ id: hold.occurrenceIds[0], refundCents: hold.totalAmountCents }], new Date()))
    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, hold.id))
    expect(row.status).toBe('cancelled')
    expect(row.confirmedAt).not.toBeNull()

    const events = eventsOf((await renderCalendarFeed(tokenOf(await createCalendarFeed(nurse.userId))))!)
    expect(events).toEqual([{ uid: uidOf(hold.occurrenceIds[0]), status: 'CANCELLED' }])
  })
})
