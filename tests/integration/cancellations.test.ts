// Cancelling a night (docs/money.md): the 48-hour rule measured between instants in the nurse's
// time zone, real refunds through the built-in test provider, ownership, and nothing changed by a
// refused request.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, outboxEmails, payments } from '../../app/db/schema'
import { cancelOccurrence } from '../../app/domain/payments/cancellation.server'
import { BOOKING_CANCELLED, createPaymentIntentForBooking } from '../../app/domain/payments/payments.server'
import { nightInstants } from '../../app/domain/time/night-instants'
import * as cancelApi from '../../app/api/bookings.cancel'
import * as listApi from '../../app/api/bookings.list'
import * as dashboard from '../../app/routes/parent.dashboard/route'
import { createBooking, createNurse, createUser, daysFromNow, setPreferences } from '../support/factories'
import { call, cookieFor, getBooking, getNight, makeRequest, refundsOf } from '../support/fixtures'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

async function parentWithNight(options: { timezone?: string; date?: string; dates?: string[]; providerPaymentId?: string } = {}) {
  const parent = await createUser({ displayName: 'Pat Parent' })
  const nurse = await createNurse({ timezone: options.timezone, rateCents: 35000, name: 'Nora Night' })
  const booking = await createBooking({
    parent,
    nurse,
    dates: options.dates ?? [options.date ?? '2026-12-10'],
    providerPaymentId: options.providerPaymentId,
  })
  return { parent, nurse, booking }
}

async function unchanged(occurrenceId: number, bookingId: number) {
  const night = await getNight(occurrenceId)
  expect(night.status).toBe('scheduled')
  expect(night.refundCents).toBeNull()
  expect(night.cancelledAt).toBeNull()
  expect((await getBooking(bookingId)).status).toBe('confirmed')
  expect(await refundsOf(bookingId)).toHaveLength(0)
}

describe('the 48-hour rule', () => {
  test('48:01 before the start refunds the night and its share of the fee in full, through the provider', async () => {
    const { parent, booking } = await parentWithNight({ date: '2026-12-10' })
    const night = await getNight(booking.occurrenceIds[0])
    const now = new Date(night.startsAt.getTime() - 48 * HOUR - MINUTE)

    const result = await cancelOccurrence({ parentId: parent.id, occurrenceId: night.id, now })

    // One night at $350: $385 with its fee, all of it back.
    expect(result).toMatchObject({ ok: true, refundCents: 38500, policy: 'full', bookingCancelled: true })
    expect(result.ok && result.message).toBe('Night cancelled. $385.00 will be refunded to your card.')
    const after = await getNight(night.id)
    expect(after).toMatchObject({ status: 'cancelled', refundCents: 38500 })
    expect(after.cancelledAt?.toISOString()).toBe(now.toISOString())
    const [refund] = await refundsOf(booking.id)
    expect(refund).toMatchObject({ kind: 'refund', provider: 'test', status: 'succeeded', amountCents: 38500, occurrenceId: night.id })
    expect(refund.providerPaymentId).toMatch(/^re_test_/)
    // Paid and now cancelled: asking to pay it says so, not that a hold expired.
    expect(await createPaymentIntentForBooking({ id: parent.id, email: parent.email }, booking.id)).toMatchObject({ ok: false, status: 409, error: BOOKING_CANCELLED })
  })

  test('47:59 before the start refunds 50%', async () => {
    const { parent, booking } = await parentWithNight({ date: '2026-12-10' })
    const night = await getNight(booking.occurrenceIds[0])
    const now = new Date(night.startsAt.getTime() - 47 * HOUR - 59 * MINUTE)

    const result = await cancelOccurrence({ parentId: parent.id, occurrenceId: night.id, now })

    expect(result).toMatchObject({ ok: true, refundCents: 19250, policy: 'half' })
    expect((await refundsOf(booking.id))[0].amountCents).toBe(19250)
  })

  test('after the spring-forward change, 48½ hours on the wall clock are only 47½ real hours: 50%', async () => {
    // New York springs forward at 2:00 on Sunday 2026-03-08; the night starts that evening.
    const { parent, booking } = await parentWithNight({ timezone: 'America/New_York', date: '2026-03-08' })
    const night = await getNight(booking.occurrenceIds[0])
    expect(night.startsAt.toISOString()).toBe('2026-03-09T01:00:00.000Z') // 21:00 EDT
    const now = new Date('2026-03-07T01:30:00Z') // Friday 20:30 EST, 48:30 earlier by the clock on the wall

    const result = await cancelOccurrence({ parentId: parent.id, occurrenceId: night.id, now })

    expect(result).toMatchObject({ ok: true, policy: 'half', refundCents: 19250 })
  })

  test('after the fall-back change, 47½ hours on the wall clock are 48½ real hours: in full', async () => {
    // Los Angeles falls back at 2:00 on Sunday 2026-11-01; the night starts that evening.
    const { parent, booking } = await parentWithNight({ timezone: 'America/Los_Angeles', date: '2026-11-01' })
    const night = await getNight(booking.occurrenceIds[0])
    expect(night.startsAt.toISOString()).toBe('2026-11-02T05:00:00.000Z') // 21:00 PST
    const now = new Date('2026-10-31T04:30:00Z') // Friday 21:30 PDT, 47:30 earlier by the clock on the wall

    const result = await cancelOccurrence({ parentId: parent.id, occurrenceId: night.id, now })

    expect(result).toMatchObject({ ok: true, policy: 'full', refundCents: 38500 })
  })

  test('the same moment is inside 48 hours for a New York night and outside for a Los Angeles one', async () => {
    const ny = await parentWithNight({ timezone: 'America/New_York', date: '2026-12-10' })
    const la = await parentWithNight({ timezone: 'America/Los_Angeles', date: '2026-12-10' })
    // 21:00 in New York is 02:00Z on the 11th; in Los Angeles 05:00Z. Now is 47 hours before New York's.
    const now = new Date(nightInstants('2026-12-10', '21:00', '07:00', 'America/New_York').startsAt.getTime() - 47 * HOUR)

    const nyResult = await cancelOccurrence({ parentId: ny.parent.id, occurrenceId: ny.booking.occurrenceIds[0], now })
    const laResult = await cancelOccurrence({ parentId: la.parent.id, occurrenceId: la.booking.occurrenceIds[0], now })

    expect(nyResult).toMatchObject({ ok: true, policy: 'half', refundCents: 19250 })
    expect(laResult).toMatchObject({ ok: true, policy: 'full', refundCents: 38500 })
  })
})

describe('who and what can be cancelled', () => {
  test("another parent's night answers 404 'Booking not found' and nothing changes", async () => {
    const { booking } = await parentWithNight({ date: daysFromNow(20) })
    const stranger = await createUser()
    const response = await call(
      cancelApi.action,
      makeRequest('/_api/bookings/cancel', { body: { occurrenceId: booking.occurrenceIds[0] }, cookie: await cookieFor(stranger.id) }),
    )
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'Booking not found' })
    await unchanged(booking.occurrenceIds[0], booking.id)
  })

  test('a night that has started or is over cannot be cancelled', async () => {
    const { parent, booking } = await parentWithNight({ date: '2026-12-10' })
    const night = await getNight(booking.occurrenceIds[0])
    for (const now of [night.startsAt, new Date(night.startsAt.getTime() + HOUR), new Date(night.endsAt.getTime() + HOUR)]) {
      const result = await cancelOccurrence({ parentId: parent.id, occurrenceId: night.id, now })
      expect(result).toEqual({ ok: false, status: 409, error: 'Only a scheduled night that has not started can be cancelled.' })
    }
    await unchanged(night.id, booking.id)
  })

  test('a past night cannot be cancelled through the call', async () => {
    const { parent, booking } = await parentWithNight({ date: daysFromNow(-3) })
    const response = await call(
      cancelApi.action,
      makeRequest('/_api/bookings/cancel', { body: { occurrenceId: booking.occurrenceIds[0] }, cookie: await cookieFor(parent.id) }),
    )
    expect(response.status).toBe(409)
    await unchanged(booking.occurrenceIds[0], booking.id)
  })

  test('a cancelled night cannot be cancelled (or refunded) again', async () => {
    const { parent, booking } = await parentWithNight({ dates: ['2026-12-10', '2026-12-11'] })
    const now = new Date('2026-12-01T12:00:00Z')
    expect((await cancelOccurrence({ parentId: parent.id, occurrenceId: booking.occurrenceIds[0], now })).ok).toBe(true)
    expect(await cancelOccurrence({ parentId: parent.id, occurrenceId: booking.occurrenceIds[0], now })).toMatchObject({ ok: false, status: 409 })
    expect(await refundsOf(booking.id)).toHaveLength(1)
  })

  test('two cancellations of the same night at the same moment refund it once', async () => {
    const { parent, booking } = await parentWithNight({ dates: ['2026-12-10', '2026-12-11'] })
    const now = new Date('2026-12-01T12:00:00Z')
    const results = await Promise.all(
      [0, 1].map(() => cancelOccurrence({ parentId: parent.id, occurrenceId: booking.occurrenceIds[0], now })),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, status: 409, error: expect.any(String) }])
    expect(await refundsOf(booking.id)).toHaveLength(1)
  })

  test('cancelling two nights of one booking at once cancels the booking, and refunds stay within its total', async () => {
    const { parent, booking } = await parentWithNight({ dates: ['2026-12-10', '2026-12-11'] })
    const now = new Date('2026-12-01T12:00:00Z')
    const results = await Promise.all(
      booking.occurrenceIds.map((occurrenceId) => cancelOccurrence({ parentId: parent.id, occurrenceId, now })),
    )
    expect(results.every((r) => r.ok)).toBe(true)
    expect((await getBooking(booking.id)).status).toBe('cancelled')
    const refunded = (await refundsOf(booking.id)).reduce((sum, r) => sum + r.amountCents, 0)
    expect(refunded).toBe(booking.totalAmountCents)
  })
})

describe('the booking and its refund', () => {
  test('the refund recorded equals what the list showed, and the booking is cancelled with its last night', async () => {
    const { parent, booking } = await parentWithNight({ dates: [daysFromNow(10), daysFromNow(11)] })
    const cookie = await cookieFor(parent.id)
    const listed = await (await call(listApi.loader, makeRequest('/_api/bookings/list?status=upcoming', { cookie }))).json()
    const shown = listed.bookings[0].occurrences.map((o: { id: number; refundableCents: number }) => [o.id, o.refundableCents])
    expect(shown).toEqual([
      [booking.occurrenceIds[0], 38500],
      [booking.occurrenceIds[1], 38500],
    ])

    const first = await call(cancelApi.action, makeRequest('/_api/bookings/cancel', { body: { occurrenceId: shown[0][0] }, cookie }))
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ message: 'Night cancelled. $385.00 will be refunded to your card.', bookingCancelled: false })
    expect((await getBooking(booking.id)).status).toBe('confirmed')

    const second = await call(cancelApi.action, makeRequest('/_api/bookings/cancel', { body: { occurrenceId: String(shown[1][0]) }, cookie }))
    expect(await second.json()).toMatchObject({ bookingCancelled: true })
    expect((await getBooking(booking.id)).status).toBe('cancelled')
    expect((await refundsOf(booking.id)).map((r) => r.amountCents)).toEqual([38500, 38500])
    expect((await getNight(shown[0][0])).refundCents).toBe(38500)

    const cancelled = await (await call(listApi.loader, makeRequest('/_api/bookings/list?status=cancelled', { cookie }))).json()
    expect(cancelled.bookings.map((b: { id: number }) => b.id)).toEqual([booking.id])
    const upcoming = await (await call(listApi.loader, makeRequest('/_api/bookings/list', { cookie }))).json()
    expect(upcoming.bookings).toEqual([])
  })

  test('a refund the provider refuses restores the night and answers an error', async () => {
    const { parent, booking } = await parentWithNight({ date: daysFromNow(20), providerPaymentId: 'ch_unknown_to_the_provider' })
    const response = await call(
      cancelApi.action,
      makeRequest('/_api/bookings/cancel', { body: { occurrenceId: booking.occurrenceIds[0] }, cookie: await cookieFor(parent.id) }),
    )
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ error: 'The refund could not be made, so your night was not cancelled. Please try again.' })
    await unchanged(booking.occurrenceIds[0], booking.id)
  })

  test('a refund that changed since the parent saw it cancels nothing', async () => {
    const { parent, booking } = await parentWithNight({ date: daysFromNow(20) })
    const response = await call(
      cancelApi.action,
      makeRequest('/_api/bookings/cancel', {
        body: { occurrenceId: booking.occurrenceIds[0], expectedRefundCents: 19250 },
        cookie: await cookieFor(parent.id),
      }),
    )
    expect(response.status).toBe(409)
    expect((await response.json()).error).toBe('The refund for this night is now $385.00. Please review it and confirm again.')
    await unchanged(booking.occurrenceIds[0], booking.id)
  })

  test('the dashboard form cancels a night without JavaScript, through the same rule', async () => {
    const { parent, booking } = await parentWithNight({ date: daysFromNow(20) })
    const response = await call(
      dashboard.action,
      makeRequest('/parent/dashboard', {
        form: { intent: 'cancel', occurrenceId: String(booking.occurrenceIds[0]), expectedRefundCents: '38500' },
        cookie: await cookieFor(parent.id),
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ intent: 'cancel', ok: true, message: 'Night cancelled. $385.00 will be refunded to your card.' })
    expect((await getNight(booking.occurrenceIds[0])).status).toBe('cancelled')
  })
})

describe('the cancellation notice', () => {
  test('is e-mailed to the parent and the nurse, in the nurse’s time zone, with a link to the dashboard', async () => {
    const { parent, nurse, booking } = await parentWithNight({ timezone: 'America/Los_Angeles', date: '2026-12-10' })
    await cancelOccurrence({ parentId: parent.id, occurrenceId: booking.occurrenceIds[0], now: new Date('2026-12-01T00:00:00Z') })
    const mails = await getDb().select().from(outboxEmails)
    const toParent = mails.find((m) => m.toAddress === parent.email)
    expect(toParent?.subject).toBe('Night cancelled: Thu, Dec 10, 2026 with Nora Night')
    expect(toParent?.textBody).toContain('9:00 PM – 7:00 AM PST')
    expect(toParent?.textBody).toContain('$385.00 will be refunded')
    expect(toParent?.textBody).toContain('http://localhost:3000/parent/dashboard')
    expect(toParent?.htmlBody).toContain('<a href="http://localhost:3000/parent/dashboard"')
    expect(mails.some((m) => m.subject.startsWith('A night was cancelled') && m.textBody.includes(nurse.name))).toBe(true)
  })

  test('is not sent to a parent who turned cancellation notices off', async () => {
    const { parent, booking } = await parentWithNight({ date: '2026-12-10' })
    await setPreferences(parent.id, { cancellationNotices: false })
    const result = await cancelOccurrence({ parentId: parent.id, occurrenceId: booking.occurrenceIds[0], now: new Date('2026-12-01T00:00:00Z') })
    expect(result.ok).toBe(true)
    const mails = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, parent.email))
    expect(mails).toHaveLength(0)
  })
})

describe('bad requests to POST /_api/bookings/cancel', () => {
  test.each([
    [{}],
    [{ occurrenceId: 'abc' }],
    [{ occurrenceId: -1 }],
    [{ occurrenceId: 0 }],
    [{ occurrenceId: 1.5 }],
    [{ occurrenceId: true }],
    [{ occurrenceId: null }],
    [{ occurrenceId: '1e3' }],
  ])('%j answers 400 "occurrenceId must be a positive integer" and changes nothing', async (body) => {
    const { parent, booking } = await parentWithNight({ date: daysFromNow(20) })
    const response = await call(cancelApi.action, makeRequest('/_api/bookings/cancel', { body, cookie: await cookieFor(parent.id) }))
    expect(response.status).toBe(400)
    const answer = await response.json()
    expect(answer.error).toBe('occurrenceId must be a positive integer')
    expect(answer.issues.occurrenceId).toBeDefined()
    await unchanged(booking.occurrenceIds[0], booking.id)
  })

  test('a body that is not JSON answers 400', async () => {
    const { parent } = await parentWithNight({ date: daysFromNow(20) })
    const response = await call(
      cancelApi.action,
      makeRequest('/_api/bookings/cancel', { body: '{nope', headers: { 'Content-Type': 'application/json' }, cookie: await cookieFor(parent.id) }),
    )
    expect(response.status).toBe(400)
  })

  test('signed out answers 401, a nurse 403, and GET 405', async () => {
    const { booking } = await parentWithNight({ date: daysFromNow(20) })
    const body = { occurrenceId: booking.occurrenceIds[0] }
    const signedOut = await call(cancelApi.action, makeRequest('/_api/bookings/cancel', { body }))
    expect(signedOut.status).toBe(401)
    expect(await signedOut.json()).toEqual({ error: 'Not authenticated' })
    const nurse = await createUser({ role: 'nurse' })
    const asNurse = await call(cancelApi.action, makeRequest('/_api/bookings/cancel', { body, cookie: await cookieFor(nurse.id) }))
    expect(asNurse.status).toBe(403)
    expect(await asNurse.json()).toEqual({ error: 'Access denied. Your role (nurse) lacks required permissions.' })
    expect((await call(cancelApi.loader, makeRequest('/_api/bookings/cancel'))).status).toBe(405)
    await unchanged(booking.occurrenceIds[0], booking.id)
  })

  test('the dashboard form with a bad night answers 400 with the message', async () => {
    const { parent, booking } = await parentWithNight({ date: daysFromNow(20) })
    const response = await call(
      dashboard.action,
      makeRequest('/parent/dashboard', { form: { intent: 'cancel', occurrenceId: 'x' }, cookie: await cookieFor(parent.id) }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ intent: 'cancel', ok: false, error: 'occurrenceId must be a positive integer' })
    await unchanged(booking.occurrenceIds[0], booking.id)
    const rows = await getDb().select().from(bookingOccurrences)
    expect(rows.every((r) => r.status === 'scheduled')).toBe(true)
    expect(await getDb().select().from(payments).where(eq(payments.kind, 'refund'))).toHaveLength(0)
  })
})
