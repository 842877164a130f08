// Moving a night (issue 17, docs/decisions/0034): to another night the same nurse has open, more
// than 48 hours ahead, priced at her rate now (the difference charged to the saved card or refunded),
// under her lock so a move and a new booking of the same night never both win; the nurse and the
// family are e-mailed, the calendar feed and the payout follow the night.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nurseProfiles, outboxEmails, payments, users } from '../../app/db/schema'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { cancelOccurrence } from '../../app/domain/payments/cancellation.server'
import { getWeekAmounts } from '../../app/domain/payments/charge-weeks.server'
import { getMovePreview, moveOccurrence } from '../../app/domain/payments/move-night.server'
import { mondayOf } from '../../app/domain/nurses/booking-limits'
import { nightInstants } from '../../app/domain/time/night-instants'
import { NIGHT_NOT_MOVABLE, NO_SAVED_CARD_FOR_MOVE, TARGET_TOO_SOON } from '../../app/domain/payments/move-night'
import { createCalendarFeed, renderCalendarFeed } from '../../app/domain/calendars/calendar-feed.server'
import { saveTestCardForParent } from '../../app/domain/payments/saved-cards.server'
import { TEST_CARD_SAVED_DECLINES, TEST_CARD_SUCCEEDS } from '../../app/domain/payments/test-cards'
import { payableAt } from '../../app/domain/payouts/payout-rules'
import { TEST_ACCOUNT_SUCCEEDS, TEST_ROUTING_NUMBER } from '../../app/domain/payments/test-cards'
import { bookingLedger, connectTestPayoutAccount, payDueNights } from '../../app/domain/payouts/payouts.server'
import * as moveApi from '../../app/api/bookings.move-night'
import * as movePage from '../../app/routes/parent.bookings.$bookingId_.move.$occurrenceId'
import { BookingRequestSchema } from '../../app/schemas/booking'
import { createBooking, createNurse, createUser, futureDates, NURSE_ZONE, publishNights, setPreferences } from '../support/factories'
import { bookingPayload, call, cookieFor, getBooking, getNight, makeRequest, refundsOf } from '../support/fixtures'

const HOUR = 60 * 60 * 1000
const RATE = 30000

async function subjectsTo(userId: number) {
  const [user] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId))
  const sent = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email))
  return sent.map((email) => email.subject)
}

async function chargesOf(bookingId: number) {
  return (await getDb().select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id)).filter((row) => row.kind === 'charge')
}

/** A paid night in 10 days with a $300 nurse who also has nights 12 and 13 days ahead open. */
async function bookedNight(options: { open?: number[]; profile?: Parameters<typeof createNurse>[0] } = {}) {
  const [night, ...open] = futureDates(10, ...(options.open ?? [12, 13]))
  const nurse = await createNurse({ rateCents: RATE, name: 'Nora Night', openDates: [night, ...open], ...options.profile })
  const parent = await createUser({ displayName: 'Pat Parent' })
  const booking = await createBooking({ nurse, parent, dates: [night] })
  return { nurse, parent, booking, occurrenceId: booking.occurrenceIds[0], night, open }
}

const setRate = (nurseId: number, nightlyRateCents: number) =>
  getDb().update(nurseProfiles).set({ nightlyRateCents }).where(eq(nurseProfiles.id, nurseId))

describe('moving a night at the same price', () => {
  test('the night takes the open night’s date, keeps its id, times, status and price; nothing is charged', async () => {
    const { nurse, parent, booking, occurrenceId, open } = await bookedNight()
    const before = await getNight(occurrenceId)
    const result = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    expect(result).toMatchObject({ ok: true, occurrenceId, date: open[0], differenceCents: 0 })
    expect(result.ok && result.message).toMatch(/^Your night of .* is now /)
    const after = await getNight(occurrenceId)
    expect(after).toMatchObject({ date: open[0], startTimeLocal: '21:00', endTimeLocal: '07:00', status: 'scheduled', priceCents: RATE })
    expect(after.startsAt.getTime() - before.startsAt.getTime()).toBe(2 * 24 * HOUR)
    expect(await getBooking(booking.id)).toMatchObject({ status: 'confirmed', totalAmountCents: booking.totalAmountCents })
    expect(await chargesOf(booking.id)).toHaveLength(1)
    expect(await refundsOf(booking.id)).toEqual([])
    // The nurse is told which night moved where; the family gets the confirmation.
    expect(await subjectsTo(nurse.userId)).toContainEqual(expect.stringMatching(/^A night moved: .* is now /))
    expect(await subjectsTo(parent.id)).toContainEqual(expect.stringMatching(/^Night moved: .* is now .* with Nora Night$/))
  })

  test('the night keeps the family’s own hours on its new date, whatever hours the open night was published with', async () => {
    const [night, target] = futureDates(10, 12)
    const nurse = await createNurse({ rateCents: RATE, openDates: [night] })
    await publishNights(nurse, [target], { startTimeLocal: '21:00', endTimeLocal: '07:00' })
    const parent = await createUser()
    const booking = await createBooking({ nurse, parent, dates: [night], startTimeLocal: '20:00', endTimeLocal: '08:00' })
    const occurrenceId = booking.occurrenceIds[0]
    const preview = await getMovePreview({ parentId: parent.id, bookingId: booking.id, occurrenceId, now: new Date() })
    expect(preview?.options).toEqual([expect.objectContaining({ date: target, startTimeLocal: '20:00', endTimeLocal: '08:00' })])
    expect(await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: target, now: new Date() })).toMatchObject({ ok: true })
    const after = await getNight(occurrenceId)
    expect(after).toMatchObject({ date: target, startTimeLocal: '20:00', endTimeLocal: '08:00', priceCents: RATE })
    expect(after.startsAt).toEqual(nightInstants(target, '20:00', '08:00', nurse.timezone).startsAt)
    // The booking starts on its first night, now the moved one: the page, the admin list and the CSV read it.
    expect((await getBooking(booking.id)).startDate).toBe(target)
  })

  test('a family that turned booking confirmations off gets no confirmation; the nurse is told all the same', async () => {
    const { nurse, parent, booking, occurrenceId, open } = await bookedNight()
    await setPreferences(parent.id, { bookingConfirmations: false })
    await setPreferences(nurse.userId, { bookingConfirmations: false })
    expect(await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })).toMatchObject({ ok: true })
    expect(await subjectsTo(parent.id)).not.toContainEqual(expect.stringMatching(/^Night moved/))
    expect(await subjectsTo(nurse.userId)).toContainEqual(expect.stringMatching(/^A night moved: .* is now /))
  })

  test('the old night is open again and the new one is not, on the move page', async () => {
    const { parent, booking, occurrenceId, night, open } = await bookedNight()
    await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    const preview = await getMovePreview({ parentId: parent.id, bookingId: booking.id, occurrenceId, now: new Date() })
    expect(preview?.options.map((option) => option.date)).toEqual([night, open[1]])
    expect(preview?.options[0].costLabel).toBe('Same price')
  })

  test('the calendar feed shows the moved night at its new times under the same UID', async () => {
    const { parent, booking, occurrenceId, open } = await bookedNight()
    const token = (await createCalendarFeed(parent.id)).match(/\/calendar\/([^/]+)\.ics$/)![1]
    expect(await renderCalendarFeed(token)).toContain(`night-${occurrenceId}@nightlight`)
    await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    const feed = (await renderCalendarFeed(token))!.replace(/\r\n /g, '')
    expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    expect(feed).toContain(`night-${occurrenceId}@nightlight`)
    expect(feed).toContain(`DTSTART;TZID=America/New_York:${open[0].replaceAll('-', '')}T210000`)
  })

  test('the payout is due 24 hours after the new night, not the old one; the ledger ends at zero', async () => {
    const { nurse, parent, booking, occurrenceId, open } = await bookedNight()
    const old = await getNight(occurrenceId)
    const connected = await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    expect(connected.ok).toBe(true)
    await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    const moved = await getNight(occurrenceId)
    expect(await payDueNights(payableAt(old))).toMatchObject({ paid: 0 })
    expect(await payDueNights(new Date(payableAt(moved).getTime() - 1))).toMatchObject({ paid: 0 })
    expect(await payDueNights(payableAt(moved))).toMatchObject({ paid: 1 })
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
  })
})

describe('what cannot move', () => {
  test('another family’s night is Not Found, and nothing changes', async () => {
    const { booking, occurrenceId, open, night } = await bookedNight()
    const stranger = await createUser()
    const result = await moveOccurrence({ parentId: stranger.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    expect(result).toMatchObject({ ok: false, status: 404 })
    expect((await getNight(occurrenceId)).date).toBe(night)
    expect(await getMovePreview({ parentId: stranger.id, bookingId: booking.id, occurrenceId, now: new Date() })).toBeNull()
  })

  test('a night 48 hours away or less cannot move; 48 hours and a minute can', async () => {
    const { parent, booking, occurrenceId, open } = await bookedNight()
    const night = await getNight(occurrenceId)
    const at48 = new Date(night.startsAt.getTime() - 48 * HOUR)
    expect(await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: at48 })).toEqual({
      ok: false,
      status: 409,
      error: NIGHT_NOT_MOVABLE,
    })
    const justBefore = new Date(at48.getTime() - 60_000)
    expect(await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: justBefore })).toMatchObject({ ok: true })
  })

  test('a target night 48 hours away or less is refused', async () => {
    const { parent, booking, occurrenceId, open } = await bookedNight({ open: [5, 12] })
    const target = nightInstants(open[0], '21:00', '07:00', NURSE_ZONE).startsAt
    const at48 = new Date(target.getTime() - 48 * HOUR)
    const result = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: at48 })
    expect(result).toEqual({ ok: false, status: 409, error: TARGET_TOO_SOON })
    const preview = await getMovePreview({ parentId: parent.id, bookingId: booking.id, occurrenceId, now: at48 })
    expect(preview?.options.map((option) => option.date)).toEqual([open[1]])
    const justBefore = new Date(at48.getTime() - 60_000)
    expect(await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: justBefore })).toMatchObject({ ok: true })
  })

  test('a night she has not published, or one another family booked, is refused', async () => {
    const { nurse, parent, booking, occurrenceId, open, night } = await bookedNight()
    const [unpublished] = futureDates(15)
    const refused = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: unpublished, now: new Date() })
    expect(refused).toMatchObject({ ok: false, status: 409, error: expect.stringMatching(/is not open with this nurse/) })
    await createBooking({ nurse, dates: [open[0]] })
    const taken = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    expect(taken).toMatchObject({ ok: false, status: 409, error: expect.stringMatching(/is not open with this nurse/) })
    expect((await getNight(occurrenceId)).date).toBe(night)
  })

  test('her minimum notice is kept: a target sooner than it is refused', async () => {
    const { parent, booking, occurrenceId, open } = await bookedNight({ open: [5], profile: { profile: { minNoticeHours: 72 } } })
    // 60 hours before the target: past the 48 hours of a move, within her 72 hours' notice.
    const now = new Date(nightInstants(open[0], '21:00', '07:00', NURSE_ZONE).startsAt.getTime() - 60 * HOUR)
    const result = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now })
    expect(result).toMatchObject({ ok: false, status: 409, error: expect.stringMatching(/needs 72 hours' notice/) })
    expect(await getMovePreview({ parentId: parent.id, bookingId: booking.id, occurrenceId, now })).toMatchObject({ options: [] })
  })

  test('her nights a week still hold: a move into a full week is refused, within the same week it is not', async () => {
    // She takes one night a week: the night booked here, and another family's night in a later week.
    const { nurse, parent, booking, occurrenceId, night } = await bookedNight({ open: [], profile: { profile: { maxNightsPerWeek: 1 } } })
    const [sameWeek] = futureDates(9, 11).filter((date) => mondayOf(date) === mondayOf(night))
    const later = futureDates(21, 22, 23)
    const [otherWeekBooked, otherWeek] = later.filter((date) => mondayOf(date) === mondayOf(later[1]))
    await publishNights(nurse, [sameWeek, otherWeek, otherWeekBooked])
    await createBooking({ nurse, dates: [otherWeekBooked] })
    const full = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: otherWeek, now: new Date() })
    expect(full).toMatchObject({ ok: false, status: 409, error: expect.stringMatching(/at most 1 night a week/) })
    expect((await getNight(occurrenceId)).date).toBe(night)
    const within = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: sameWeek, now: new Date() })
    expect(within).toMatchObject({ ok: true })
  })

  test('a cancelled night cannot move', async () => {
    const { parent, booking, occurrenceId, open } = await bookedNight()
    await cancelOccurrence({ parentId: parent.id, occurrenceId, now: new Date() })
    const result = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    expect(result).toEqual({ ok: false, status: 409, error: NIGHT_NOT_MOVABLE })
  })
})

describe('a different price', () => {
  test('a cheaper night refunds the difference; a later cancellation refunds the rest, never more than was paid', async () => {
    const { nurse, parent, booking, occurrenceId, open } = await bookedNight()
    await setRate(nurse.id, 25000)
    const preview = await getMovePreview({ parentId: parent.id, bookingId: booking.id, occurrenceId, now: new Date() })
    expect(preview?.options[0]).toMatchObject({ differenceCents: -5500, costLabel: '$55.00 refunded' })
    const result = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    expect(result).toMatchObject({ ok: true, differenceCents: -5500 })
    expect(result.ok && result.message).toMatch(/\$55\.00 will be refunded to your card\.$/)
    expect(await getNight(occurrenceId)).toMatchObject({ priceCents: 25000 })
    expect(await getBooking(booking.id)).toMatchObject({ subtotalCents: 25000, platformFeeCents: 2500, totalAmountCents: 27500 })
    expect((await refundsOf(booking.id)).map((row) => [row.amountCents, row.status])).toEqual([[5500, 'succeeded']])
    const cancelled = await cancelOccurrence({ parentId: parent.id, occurrenceId, now: new Date() })
    expect(cancelled).toMatchObject({ ok: true, refundCents: 27500 })
    expect((await refundsOf(booking.id)).reduce((sum, row) => sum + row.amountCents, 0)).toBe(33000)
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
  })

  test('a dearer night with no saved card is refused with the way to add one, and nothing changes', async () => {
    const { nurse, parent, booking, occurrenceId, open, night } = await bookedNight()
    await setRate(nurse.id, 32000)
    const result = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    expect(result).toMatchObject({ ok: false, status: 402, error: NO_SAVED_CARD_FOR_MOVE, needsCard: true })
    expect(await getNight(occurrenceId)).toMatchObject({ date: night, priceCents: RATE })
    expect(await chargesOf(booking.id)).toHaveLength(1)
  })

  test('a dearer night charges the difference to the saved card; the ledger ends at zero once paid out', async () => {
    const { nurse, parent, booking, occurrenceId, open } = await bookedNight()
    expect((await saveTestCardForParent(parent.id, TEST_CARD_SUCCEEDS)).ok).toBe(true)
    await setRate(nurse.id, 32000)
    const preview = await getMovePreview({ parentId: parent.id, bookingId: booking.id, occurrenceId, now: new Date() })
    expect(preview?.options[0].costLabel).toBe('+$22.00 charged to Visa ending 4242')
    const result = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    expect(result).toMatchObject({ ok: true, differenceCents: 2200 })
    const charges = await chargesOf(booking.id)
    expect(charges.map((row) => [row.amountCents, row.status, row.occurrenceId])).toEqual([
      [33000, 'succeeded', null],
      [2200, 'succeeded', occurrenceId],
    ])
    expect(await getBooking(booking.id)).toMatchObject({ subtotalCents: 32000, totalAmountCents: 35200 })
    // Paid out after the new night: the nurse gets her new price, and nothing is left over.
    await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    await payDueNights(payableAt(await getNight(occurrenceId)))
    const ledger = await bookingLedger(booking.id)
    expect(ledger.entries.find((entry) => entry.kind === 'transfer')?.amountCents).toBe(-32000)
    expect(ledger.balanceCents).toBe(0)
  })

  test('a declined card refuses the move and changes nothing', async () => {
    const { nurse, parent, booking, occurrenceId, open, night } = await bookedNight()
    expect((await saveTestCardForParent(parent.id, TEST_CARD_SAVED_DECLINES)).ok).toBe(true)
    await setRate(nurse.id, 32000)
    const result = await moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
    expect(result).toMatchObject({ ok: false, status: 402, error: expect.stringMatching(/^Your card was declined/) })
    expect(await getNight(occurrenceId)).toMatchObject({ date: night, priceCents: RATE })
    expect(await getBooking(booking.id)).toMatchObject({ totalAmountCents: 33000 })
    expect((await chargesOf(booking.id)).filter((row) => row.status === 'succeeded')).toHaveLength(1)
  })

  test('a night of a week not charged yet moves within its week at no charge now; the week’s charge uses the new price', async () => {
    const dates = futureDates(10, 17, 24, 31)
    const [target] = futureDates(11)
    const [otherWeek] = futureDates(19)
    const nurse = await createNurse({ rateCents: RATE, openDates: [...dates, target, otherWeek] })
    const parent = await createUser()
    const request = BookingRequestSchema.parse(
      bookingPayload(nurse.id, [dates[0]], { pattern: 'recurring', weeksCount: 4, nightsPerWeek: 1 }),
    )
    const made = await bookNights({ id: parent.id, role: 'parent' }, request)
    if (!made.ok) throw new Error(made.error)
    // Paid as week 1 only: mark it confirmed the way a paid first week leaves it.
    const { confirmBooking } = await import('../../app/domain/bookings/life-cycle.server')
    await getDb().transaction((tx) => confirmBooking(tx, made.booking.id, new Date()))
    const week2 = made.booking.occurrences[1]
    await setRate(nurse.id, 32000)
    const across = await moveOccurrence({ parentId: parent.id, bookingId: made.booking.id, occurrenceId: week2.id, date: futureDates(26)[0], now: new Date() })
    expect(across).toMatchObject({ ok: false, status: 409, error: expect.stringMatching(/week 2 of your weekly series/) })
    const [within] = futureDates(18)
    await publishNights(nurse, [within])
    const moved = await moveOccurrence({ parentId: parent.id, bookingId: made.booking.id, occurrenceId: week2.id, date: within, now: new Date() })
    expect(moved).toMatchObject({ ok: true, differenceCents: 2200 })
    expect(await chargesOf(made.booking.id)).toEqual([])
    const weeks = await getWeekAmounts(getDb(), made.booking.id)
    expect(weeks.map((week) => week.amountDueCents)).toEqual([33000, 35200, 33000, 33000])
  })
})

describe('a move and a booking of the same night at once', () => {
  test('exactly one wins; the other is told the night is taken', async () => {
    for (let round = 0; round < 3; round++) {
      const { nurse, parent, booking, occurrenceId, open } = await bookedNight()
      const other = await createUser()
      const request = BookingRequestSchema.parse({
        ...bookingPayload(nurse.id, [open[0]]),
        occurrences: [{ date: open[0], startTimeLocal: '21:00', endTimeLocal: '07:00' }],
      })
      const move = () => moveOccurrence({ parentId: parent.id, bookingId: booking.id, occurrenceId, date: open[0], now: new Date() })
      const book = () => bookNights({ id: other.id, role: 'parent' }, request)
      const [moved, booked] = await (round % 2 === 0 ? Promise.all([move(), book()]) : Promise.all([book(), move()]).then(([b, m]) => [m, b] as const))
      expect([moved.ok, booked.ok].filter(Boolean)).toHaveLength(1)
      if (moved.ok) {
        expect(booked).toMatchObject({ ok: false, status: 409, error: expect.stringMatching(/no longer available|just booked/) })
      } else {
        expect(moved).toMatchObject({ ok: false, status: 409, error: expect.stringMatching(/not open with this nurse|just booked/) })
        expect((await getNight(occurrenceId)).date).not.toBe(open[0])
      }
    }
  })
})

describe('POST /_api/bookings/move-night and the move page', () => {
  test('the call moves the parent’s own night and answers 404 for anyone else’s', async () => {
    const { parent, booking, occurrenceId, open } = await bookedNight()
    const stranger = await createUser()
    const body = { bookingId: booking.id, occurrenceId, date: open[0] }
    const refused = await call(moveApi.action, makeRequest('/_api/bookings/move-night', { cookie: await cookieFor(stranger.id), body }))
    expect(refused.status).toBe(404)
    const bad = await call(moveApi.action, makeRequest('/_api/bookings/move-night', { cookie: await cookieFor(parent.id), body: { ...body, date: 'soon' } }))
    expect(bad.status).toBe(400)
    const response = await call(moveApi.action, makeRequest('/_api/bookings/move-night', { cookie: await cookieFor(parent.id), body }))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ occurrenceId, date: open[0], differenceCents: 0 })
  })

  test('the page is Not Found for another family, and its form moves the night and goes back to the booking', async () => {
    const { parent, booking, occurrenceId, open } = await bookedNight()
    const stranger = await createUser()
    const params = { bookingId: String(booking.id), occurrenceId: String(occurrenceId) }
    const path = `/parent/bookings/${booking.id}/move/${occurrenceId}`
    expect((await call(movePage.loader, makeRequest(path, { cookie: await cookieFor(stranger.id) }), params)).status).toBe(404)
    const page = await call(movePage.loader, makeRequest(path, { cookie: await cookieFor(parent.id) }), params)
    expect(page.status).toBe(200)
    const form = { date: open[0] }
    const strangerPost = await call(movePage.action, makeRequest(path, { cookie: await cookieFor(stranger.id), method: 'POST', form }), params)
    expect(strangerPost.status).toBe(404)
    const posted = await call(movePage.action, makeRequest(path, { cookie: await cookieFor(parent.id), method: 'POST', form }), params)
    expect(posted.status).toBe(302)
    expect(posted.headers.get('Location')).toBe(`/parent/bookings/${booking.id}#booking-nights`)
    expect((await getNight(occurrenceId)).date).toBe(open[0])
  })
})

describe('a date that does not exist (issue 33)', () => {
  test.each(['2027-02-30', '0000-01-01', '9999-12-31'])('moving a night to %s answers 400 through the call and the form, and changes nothing', async (date) => {
    const { parent, booking, occurrenceId } = await bookedNight()
    const cookie = await cookieFor(parent.id)
    const before = await getNight(occurrenceId)
    const api = await call(moveApi.action, makeRequest('/_api/bookings/move-night', { cookie, body: { bookingId: booking.id, occurrenceId, date } }))
    expect(api.status).toBe(400)
    expect(await api.json()).toMatchObject({ error: 'Please choose the night to move to.' })
    const params = { bookingId: String(booking.id), occurrenceId: String(occurrenceId) }
    const page = await call(movePage.action, makeRequest(`/parent/bookings/${booking.id}/move/${occurrenceId}`, { cookie, form: { date } }), params)
    expect(page.status).toBe(400)
    expect(JSON.stringify(await page.json())).toContain('Please choose the night to move to.')
    expect(await getNight(occurrenceId)).toEqual(before)
    expect(await chargesOf(booking.id)).toHaveLength(1)
  })
})
