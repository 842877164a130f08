// Calendar feeds (issue 17): a private, revocable .ics URL per family and per nurse, each night at
// its local times in the nurse's zone with a VTIMEZONE, so an overnight shift across a
// daylight-saving change lands on the right instants. The feed is checked by parsing it back with
// ical.js and converting its times through its own VTIMEZONE.
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { outboxEmails } from '../../app/db/schema'
import { confirmBookingPayment } from '../../app/domain/payments/booking-confirmation.server'
import { buildCalendarFeed } from '../../app/domain/calendars/calendar-feed'
import { createCalendarFeed, renderCalendarFeed, revokeCalendarFeeds } from '../../app/domain/calendars/calendar-feed.server'
import { nightInstants } from '../../app/domain/time/night-instants'
import * as feedRoute from '../../app/routes/calendar.$token[.]ics'
import * as calendarPage from '../../app/routes/calendar._index'
import { createBooking, createNurse, createPayment, createUser } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const tokenOf = (url: string) => url.split('/calendar/')[1].replace(/\.ics$/, '')

/** The feed's events with their instants, converted through the feed's own VTIMEZONEs. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      status: component.getFirstPropertyValue('status'),
      tzid: component.getFirstProperty('dtstart')!.getParameter('tzid'),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
    }
  })
}

describe('the feed', () => {
  test('an overnight shift across the spring and fall changes of time lands on the right instants', () => {
    const zone = 'America/New_York'
    const nights = [
      { id: 1, date: '2026-03-07', startTimeLocal: '21:00', endTimeLocal: '07:00' },
      { id: 2, date: '2026-10-31', startTimeLocal: '22:00', endTimeLocal: '06:00' },
      { id: 3, date: '2026-12-01', startTimeLocal: '19:00', endTimeLocal: '23:30' },
    ]
    const text = buildCalendarFeed({
      owner: 'nurse',
      origin: 'https://nightlight.example',
      nights: nights.map((night) => ({
        ...night,
        bookingId: 7,
        timezone: zone,
        status: night.id === 3 ? 'cancelled' : 'scheduled',
        otherName: 'Jordan',
        location: 'Boston, MA',
        createdAt: new Date('2026-01-01T00:00:00Z'),
        updatedAt: new Date('2026-01-01T00:00:00Z'),
      })),
    })
    expect(text).toContain('BEGIN:VTIMEZONE')
    expect(text).toContain('TZID:America/New_York')
    const events = parseFeed(text)
    expect(events).toHaveLength(3)
    for (const [index, night] of nights.entries()) {
      const instants = nightInstants(night.date, night.startTimeLocal, night.endTimeLocal, zone)
      expect(events[index].tzid).toBe(zone)
      expect(events[index].start.toISOString(), night.date).toBe(instants.startsAt.toISOString())
      expect(events[index].end.toISOString(), night.date).toBe(instants.endsAt.toISOString())
    }
    // 9 PM EST to 7 AM EDT is a nine-hour night.
    expect(events[0].end.getTime() - events[0].start.getTime()).toBe(9 * 60 * 60 * 1000)
    expect(events[0]).toMatchObject({ summary: "Night care: Jordan's family", location: 'Boston, MA', uid: 'night-1@nightlight' })
    expect(events[2].status).toBe('CANCELLED')
  })
})

describe('subscriptions', () => {
  test('each side sees its own nights; the nurse gets the address only once the booking is confirmed', async () => {
    const nurse = await createNurse({ name: 'Cleo Calendar', baseLocation: 'Boston, MA 02116' })
    const parent = await createUser({ displayName: 'Robin Feed' })
    const confirmed = await createBooking({ nurse, parent, dates: ['2026-12-10'], addressText: '5 Confirmed Way, Boston, MA 02116' })
    await createBooking({ nurse, parent, dates: ['2026-12-12'], status: 'pending', addressText: '9 Pending Road, Boston, MA 02116' })
    const other = await createBooking({ nurse: await createNurse(), dates: ['2026-12-11'] })
    const now = new Date('2026-11-26T12:00:00Z')

    const nurseFeed = parseFeed((await renderCalendarFeed(tokenOf(await createCalendarFeed(nurse.userId)), now))!)
    expect(nurseFeed).toEqual([expect.objectContaining({ summary: "Night care: Test's family", location: '5 Confirmed Way, Boston, MA 02116' })])
    const parentFeed = parseFeed((await renderCalendarFeed(tokenOf(await createCalendarFeed(parent.id)), now))!)
    expect(parentFeed.map((event) => event.summary)).toEqual(['Night nurse: Cleo Calendar'])
    expect(parentFeed.map((event) => event.uid)).not.toContain(`night-${other.occurrenceIds[0]}@nightlight`)
    expect(confirmed.id).toBeGreaterThan(0)
  })

  test('a new link revokes the old one, and stopping revokes it; unknown tokens are Not Found', async () => {
    const parent = await createUser()
    const first = await createCalendarFeed(parent.id)
    const second = await createCalendarFeed(parent.id)
    expect(await renderCalendarFeed(tokenOf(first))).toBeNull()
    expect(await renderCalendarFeed(tokenOf(second))).toContain('BEGIN:VCALENDAR')
    const response = await call(feedRoute.loader, makeRequest(`/calendar/${tokenOf(second)}.ics`), { token: tokenOf(second) })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
    await revokeCalendarFeeds(parent.id)
    expect((await call(feedRoute.loader, makeRequest('/calendar/x.ics'), { token: tokenOf(second) })).status).toBe(404)
    expect((await call(feedRoute.loader, makeRequest('/calendar/x.ics'), { token: 'not-a-token' })).status).toBe(404)
  })

  test('the page makes a link only on a POST, shows it once, and is for families and nurses', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    expect(await (await call(calendarPage.loader, makeRequest('/calendar', { cookie }))).json()).toMatchObject({ feed: null })
    const made = await call(calendarPage.action, makeRequest('/calendar', { cookie, form: { intent: 'create' } }))
    const { url } = await made.json()
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/)
    expect(await (await call(calendarPage.loader, makeRequest('/calendar', { cookie }))).json()).toMatchObject({ feed: { since: expect.any(String) } })
    await call(calendarPage.action, makeRequest('/calendar', { cookie, form: { intent: 'stop' } }))
    expect(await renderCalendarFeed(tokenOf(url))).toBeNull()
    const admin = await createUser({ role: 'admin' })
    expect([302, 403]).toContain((await call(calendarPage.loader, makeRequest('/calendar', { cookie: await cookieFor(admin.id) }))).status)
  })

  test('the booking confirmation carries the booked nights as an .ics file for each side', async () => {
    const nurse = await createNurse({ name: 'Ivy Invite' })
    const parent = await createUser({ displayName: 'Sky Attach' })
    const booking = await createBooking({ nurse, parent, dates: ['2026-12-20', '2026-12-21'], status: 'pending' })
    const paymentId = await createPayment({ bookingId: booking.id, amountCents: booking.totalAmountCents, status: 'pending' })
    expect(await confirmBookingPayment({ bookingId: booking.id, paymentId })).toEqual({ outcome: 'confirmed' })
    const [mail] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, parent.email))
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `nightlight-booking-${booking.id}.ics`, contentType: 'text/calendar; charset=utf-8' })])
    const events = parseFeed(mail.attachments[0].content)
    expect(events.map((event) => event.summary)).toEqual(['Night nurse: Ivy Invite', 'Night nurse: Ivy Invite'])
    expect(events[0].start.toISOString()).toBe(nightInstants('2026-12-20', '21:00', '07:00', nurse.timezone).startsAt.toISOString())
    const [nurseMail] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, nurse.email))
    expect(parseFeed(nurseMail.attachments[0].content)[0].summary).toBe("Night care: Test's family")
  })
})
