// 'Booking Confirmed!' of a weekly series paid week by week (issue 38 item 8): it says what was
// charged now (week 1) and what will be charged when, never the whole total as paid. A booking paid
// in full still says its payment went through.
import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import { MantineProvider } from '@mantine/core'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, test } from 'vitest'
import { I18nextProvider } from 'react-i18next'
import { i18nFor } from '../../app/i18n/i18n.server'
import { BookingConfirmed } from '../../app/components/booking-confirmed'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { confirmPayment, createPaymentIntentForBooking, payWithTestCard } from '../../app/domain/payments/payments.server'
import { TEST_CARD_SUCCEEDS } from '../../app/domain/payments/test-cards'
import * as bookPage from '../../app/routes/book/route'
import { BookingRequestSchema } from '../../app/schemas/booking'
import { createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'

type Confirmed = Parameters<typeof BookingConfirmed>[0] & { view: string }

async function bookAndPay(weeks: number) {
  const nights = Array.from({ length: weeks }, (_, w) => 4 + 7 * w)
  const nurse = await createNurse({ rateCents: 30000, openDates: futureDates(...nights) })
  const parent = await createUser()
  const request = BookingRequestSchema.parse(
    bookingPayload(nurse.id, futureDates(nights[0]), weeks > 1 ? { pattern: 'recurring', weeksCount: weeks, nightsPerWeek: 1 } : {}),
  )
  const made = await bookNights({ id: parent.id, role: 'parent' }, request)
  if (!made.ok) throw new Error(made.error)
  const intent = await createPaymentIntentForBooking(parent, made.booking.id)
  if (!intent.ok) throw new Error(intent.error)
  const paid = await payWithTestCard({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: TEST_CARD_SUCCEEDS })
  if (!paid.ok) throw new Error(paid.error)
  expect((await confirmPayment({ id: parent.id, role: 'parent' }, intent.paymentIntentId)).ok).toBe(true)
  const returned = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${futureDates(nights[0])[0]}&times=22:00-06:00${
    weeks > 1 ? `&weeks=${weeks}` : ''
  }&step=3&bookingId=${made.booking.id}&payment_intent=${intent.paymentIntentId}`
  const page = (await (await call(bookPage.loader, makeRequest(returned, { cookie: await cookieFor(parent.id) }))).json()) as Confirmed
  expect(page.view).toBe('confirmed')
  return page
}

function text(page: Confirmed) {
  // English, as a page's render gets it from entry.server.tsx (without a provider, react-i18next
  // would use whichever of the server's instances was made last).
  const element = createElement(
    I18nextProvider,
    { i18n: i18nFor('en') },
    createElement(StaticRouter, { location: '/book' }, createElement(MantineProvider, null, createElement(BookingConfirmed, page))),
  )
  return renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
}

describe("a weekly series' confirmation", () => {
  test('says week 1 was charged now and when each later week will be, not the whole total as paid', async () => {
    const page = await bookAndPay(3)
    // $300 a night, one night a week: $330 a week with the fee, $990 in all.
    expect(page.weeks?.map((week) => [week.week, week.status, week.amountCents])).toEqual([
      [1, 'paid', 33000],
      [2, 'scheduled', 33000],
      [3, 'scheduled', 33000],
    ])
    const shown = text(page)
    expect(shown).toContain('Your first week’s payment, $330.00, went through')
    expect(shown).not.toContain('Your payment went through')
    expect(shown).toMatch(/Charged now \$330\.00/)
    expect(shown).toMatch(/Still to be charged, week by week \$660\.00/)
    expect(shown).toMatch(/Week 2 .* \$330\.00 Charged \w{3}, \w{3} \d{1,2}/)
    expect(shown).toMatch(/Booking total \$990\.00/)
  })

  test('a booking paid in full still says its payment went through, with no schedule', async () => {
    const page = await bookAndPay(1)
    expect(page.weeks ?? []).toEqual([])
    const shown = text(page)
    expect(shown).toContain('Your payment went through')
    expect(shown).not.toContain('Charged now')
  })
})
