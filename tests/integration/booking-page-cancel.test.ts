// Cancelling a night from its booking's page (issue 38): 'Cancel' asks on the same page, with the
// refund shown, and the family stays on the booking page afterwards instead of landing on the
// dashboard. Owner-only, as everywhere; the refund shown is the refund made.
import { describe, expect, test } from 'vitest'
import * as bookingPage from '../../app/routes/parent.bookings.$bookingId/route'
import { readToast } from '../../app/utils/toast.server'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, getNight, makeRequest } from '../support/fixtures'

async function bookedNights() {
  const dates = futureDates(10, 11)
  const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
  const parent = await createUser()
  const booking = await createBooking({ nurse, parent, dates })
  return { parent, booking, cookie: await cookieFor(parent.id), nightId: booking.occurrenceIds[0] }
}

const pageOf = (bookingId: number, cookie: string, query = '') =>
  call(bookingPage.loader, makeRequest(`/parent/bookings/${bookingId}${query}`, { cookie }), { bookingId: String(bookingId) })

const post = (bookingId: number, cookie: string, form: Record<string, string>) =>
  call(bookingPage.action, makeRequest(`/parent/bookings/${bookingId}`, { cookie, form }), { bookingId: String(bookingId) })

describe("cancelling a night on its booking's page", () => {
  test('Cancel asks on the booking page with the refund, and Yes, Cancel brings the family back to it', async () => {
    const { booking, cookie, nightId } = await bookedNights()
    const page = await pageOf(booking.id, cookie, `?cancel=${nightId}`)
    expect(page.status).toBe(200)
    const { cancelPreview } = await page.json()
    expect(cancelPreview).toMatchObject({ occurrenceId: nightId, bookingId: booking.id, policy: 'full', refundableCents: 33000 })

    const done = await post(booking.id, cookie, { intent: 'cancel', occurrenceId: String(nightId), expectedRefundCents: '33000' })
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`/parent/bookings/${booking.id}`)
    const cookieJar = done.headers.get('Set-Cookie')!.split(';')[0]
    expect((await readToast(makeRequest('/', { cookie: cookieJar }))).toast).toMatchObject({ type: 'success' })
    expect((await getNight(nightId)).status).toBe('cancelled')
  })

  test("another family's night, or a night of another booking, is neither previewed nor cancelled here", async () => {
    const mine = await bookedNights()
    const theirs = await bookedNights()
    const preview = await (await pageOf(mine.booking.id, mine.cookie, `?cancel=${theirs.nightId}`)).json()
    expect(preview.cancelPreview).toBeNull()
    const refused = await post(mine.booking.id, mine.cookie, { intent: 'cancel', occurrenceId: String(theirs.nightId) })
    expect(refused.status).toBe(404)
    expect((await getNight(theirs.nightId)).status).not.toBe('cancelled')
  })

  test('a refund that changed since it was shown cancels nothing and says why', async () => {
    const { booking, cookie, nightId } = await bookedNights()
    const refused = await post(booking.id, cookie, { intent: 'cancel', occurrenceId: String(nightId), expectedRefundCents: '100' })
    expect(refused.status).toBe(409)
    expect((await refused.json()).error).toBeTruthy()
    expect((await getNight(nightId)).status).not.toBe('cancelled')
  })
})
