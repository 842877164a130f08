// /book step 2 'Your Details': Back to the dates keeps what the parent typed (issue 11), with and
// without JavaScript (a plain form post), for this nurse's booking only, until the booking exists.
import { count } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookings } from '../../app/db/schema'
import * as bookPage from '../../app/routes/book/route'
import { createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const typed = {
  intent: 'details',
  back: 'dates',
  fullName: 'Paula Parent',
  phone: '(617) 555-0101',
  address: '12 Beacon Street, Boston, MA',
  notes: 'Twins.\nThe bassinet is in our room.',
  acceptTerms: 'on',
}

/** The request's cookies with the ones a response set laid over them. */
function withSetCookies(cookie: string, response: Response): string {
  const jar = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair]))
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0]
    jar.set(pair.split('=')[0], pair)
  }
  return [...jar.values()].join('; ')
}

async function bookingCount() {
  const [row] = await getDb().select({ value: count() }).from(bookings)
  return row.value
}

describe("Back from 'Your Details'", () => {
  async function setUp() {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser({ displayName: 'Paula Parent' })
    const base = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(',')}&times=22:00-06:00,22:00-06:00`
    return { nurse, dates, base, cookie: await cookieFor(parent.id) }
  }

  test('goes to the dates and keeps the address, notes and terms tick for the way back', async () => {
    const { base, cookie } = await setUp()
    const back = await call(bookPage.action, makeRequest(`${base}&step=2`, { cookie, form: typed }))
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe(base)
    expect(await bookingCount()).toBe(0)

    const again = await call(bookPage.loader, makeRequest(`${base}&step=2`, { cookie: withSetCookies(cookie, back) }))
    expect(await again.json()).toMatchObject({
      step: 2,
      details: {
        fullName: 'Paula Parent',
        phone: '(617) 555-0101',
        address: '12 Beacon Street, Boston, MA',
        notes: 'Twins.\nThe bassinet is in our room.',
        acceptTerms: true,
      },
    })
  })

  test('keeps half-typed details too: Back never asks for a valid form', async () => {
    const { base, cookie } = await setUp()
    const back = await call(
      bookPage.action,
      makeRequest(`${base}&step=2`, { cookie, form: { intent: 'details', back: 'dates', fullName: '', phone: '', address: '12 Bea', notes: '' } }),
    )
    expect(back.status).toBe(302)
    const again = await (await call(bookPage.loader, makeRequest(`${base}&step=2`, { cookie: withSetCookies(cookie, back) }))).json()
    expect(again.details).toMatchObject({ address: '12 Bea', acceptTerms: false })
  })

  test("another nurse's booking starts from the parent's own name and phone, not these details", async () => {
    const { base, cookie } = await setUp()
    const back = await call(bookPage.action, makeRequest(`${base}&step=2`, { cookie, form: typed }))
    const dates = futureDates(8)
    const other = await createNurse({ openDates: dates })
    const otherStep2 = `/book?nurseId=${other.id}&slug=${other.slug}&dates=${dates[0]}&times=22:00-06:00&step=2`
    const page = await (await call(bookPage.loader, makeRequest(otherStep2, { cookie: withSetCookies(cookie, back) }))).json()
    expect(page.details).toMatchObject({ fullName: 'Paula Parent', address: '', notes: '', acceptTerms: false })
  })

  test('once the booking is made, the kept details are cleared', async () => {
    const { base, cookie } = await setUp()
    const back = await call(bookPage.action, makeRequest(`${base}&step=2`, { cookie, form: typed }))
    const kept = withSetCookies(cookie, back)
    const { back: _back, ...details } = typed
    const booked = await call(bookPage.action, makeRequest(`${base}&step=2`, { cookie: kept, form: details }))
    expect(booked.status).toBe(302)
    expect(booked.headers.get('Location')).toMatch(/&step=3&bookingId=\d+$/)
    expect(booked.headers.getSetCookie().some((header) => /^__booking_details=;/.test(header) || /Max-Age=0/.test(header))).toBe(true)
  })

  test('text the database cannot hold is not kept, and nothing fails', async () => {
    const { base, cookie } = await setUp()
    const back = await call(
      bookPage.action,
      makeRequest(`${base}&step=2`, { cookie, form: { ...typed, address: '12 Beacon\u0000 Street' } }),
    )
    expect(back.status).toBe(302)
    const again = await (await call(bookPage.loader, makeRequest(`${base}&step=2`, { cookie: withSetCookies(cookie, back) }))).json()
    expect(again.details.address).toBe('')
  })
})
