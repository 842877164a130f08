// Families' reviews (issue 16): one per family and nurse (issue 38), only by a booking's parent,
// only after a worked night, changeable for 14 days or from a later booking; the nurse answers
// once, and again when the words change; an admin hides one with its reason, and shows it again; the profile,
// the cards, the structured data and the admin's nurses list show the count and average of the
// reviews shown. Anyone else's booking or review answers Not Found.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { adminAuditLog, nurseProfiles, reviews } from '../../app/db/schema'
import { listAdminNurses } from '../../app/domain/admin/admin.server'
import { getPublicProfile, searchNurses } from '../../app/domain/nurses/nurses.server'
import { hideReview, replyToReview, saveReview } from '../../app/domain/reviews/reviews.server'
import * as adminReviews from '../../app/routes/admin.reviews'
import * as profilePage from '../../app/routes/nurse.$slug'
import * as nurseReviews from '../../app/routes/nurse.reviews'
import * as bookingPage from '../../app/routes/parent.bookings.$bookingId/route'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const DAY = 24 * 60 * 60 * 1000
const WORDS = 'Calm, punctual and wonderful with our newborn. We slept for the first time in weeks.'

async function nurseOf(nurseId: number) {
  const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurseId))
  return row
}

describe('reviews', () => {
  test('only the booking’s parent, only after a worked night, once per booking, changeable for 14 days', async () => {
    const nurse = await createNurse({ name: 'Rosa Review' })
    const parent = await createUser({ displayName: 'Avery Stone' })
    const upcoming = await createBooking({ nurse, parent, dates: futureDates(5) })
    expect(await saveReview(parent.id, upcoming.id, { rating: 5, body: WORDS })).toMatchObject({ ok: false, status: 409 })

    const worked = await createBooking({ nurse, parent, dates: futureDates(-3, 4) })
    const stranger = await createUser()
    expect(await saveReview(stranger.id, worked.id, { rating: 1, body: WORDS })).toMatchObject({ ok: false, status: 404 })

    expect(await saveReview(parent.id, worked.id, { rating: 4, body: WORDS })).toEqual({ ok: true, created: true })
    expect(await saveReview(parent.id, worked.id, { rating: 5, body: WORDS })).toEqual({ ok: true, created: false })
    expect(await getDb().select().from(reviews).where(eq(reviews.bookingId, worked.id))).toEqual([expect.objectContaining({ rating: 5 })])
    expect(await nurseOf(nurse.id)).toMatchObject({ reviewCount: 1, reviewAverage: 5 })

    const later = new Date(Date.now() + 15 * DAY)
    expect(await saveReview(parent.id, worked.id, { rating: 1, body: WORDS }, later)).toMatchObject({ ok: false, status: 409 })
  })

  test('the count and average show on the profile, the cards and search, in the structured data and in the admin’s list', async () => {
    const nurse = await createNurse({ name: 'Gina Grade' })
    for (const [index, rating] of [5, 4, 4].entries()) {
      const parent = await createUser()
      const booking = await createBooking({ nurse, parent, dates: futureDates(-2 - index) })
      expect(await saveReview(parent.id, booking.id, { rating, body: WORDS })).toMatchObject({ ok: true })
    }
    const profile = await getPublicProfile(nurse.slug, { cached: false })
    expect(profile).toMatchObject({ reviewCount: 3 })
    expect(profile!.reviewAverage).toBeCloseTo(13 / 3)
    const found = (await searchNurses({ location: nurse.baseLocation.split(',')[0], limit: 100, offset: 0 } as never, { cached: false })).find((card) => card.id === nurse.id)
    expect(found).toMatchObject({ reviewCount: 3 })
    const admin = await listAdminNurses({ page: 1 } as never)
    expect(admin.rows.find((row) => row.nurseProfileId === nurse.id)?.averageRating).toBe(4.3)

    const page = await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}`), { slug: nurse.slug })
    const body = await page.json()
    expect(body.reviews.rows).toHaveLength(3)
    expect(body.reviews.rows[0]).toMatchObject({ reviewer: expect.stringMatching(/^Test \w\.$/), body: WORDS })
    const meta = profilePage.meta({ data: body } as never) as Array<Record<string, unknown>>
    const person = meta.map((tag) => tag['script:ld+json'] as { makesOffer?: { itemOffered?: unknown } } | undefined).find((data) => data?.makesOffer)
    expect(person!.makesOffer!.itemOffered).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.3', reviewCount: 3, bestRating: 5 },
    })
  })

  test('the nurse answers once; an admin hides a review, with the reason kept, and it counts no more', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const booking = await createBooking({ nurse, parent, dates: futureDates(-2) })
    await saveReview(parent.id, booking.id, { rating: 1, body: 'This is a review with a phone number 555-0100 in it.' })
    const [review] = await getDb().select().from(reviews).where(eq(reviews.bookingId, booking.id))

    const other = await createNurse()
    expect(await replyToReview(other.userId, review.id, 'Not my review to answer.')).toMatchObject({ ok: false, status: 404 })
    expect(await replyToReview(nurse.userId, review.id, 'Thank you for your feedback.')).toEqual({ ok: true })
    expect(await replyToReview(nurse.userId, review.id, 'A second answer.')).toMatchObject({ ok: false, status: 409 })

    const admin = await createUser({ role: 'admin' })
    expect(await hideReview(admin.id, review.id, 'Contact details in a review.')).toEqual({ ok: true })
    expect(await hideReview(admin.id, review.id, 'Again.')).toMatchObject({ ok: false, status: 409 })
    const [hidden] = await getDb().select().from(reviews).where(eq(reviews.id, review.id))
    expect(hidden).toMatchObject({ hiddenBy: admin.id, hiddenReason: 'Contact details in a review.' })
    expect(await nurseOf(nurse.id)).toMatchObject({ reviewCount: 0, reviewAverage: null })
    const audit = await getDb().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, review.id))
    expect(audit.map((row) => row.action)).toContain('review.hidden')
    const page = await (await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}`), { slug: nurse.slug })).json()
    expect(page.reviews.rows).toEqual([])
  })

  test('the pages: the booking’s review form keeps what was typed when refused; nurses answer and admins hide only their own way', async () => {
    const nurse = await createNurse()
    const parent = await createUser({ displayName: 'Kim Lee' })
    const booking = await createBooking({ nurse, parent, dates: futureDates(-2) })
    const cookie = await cookieFor(parent.id)
    const detail = await (await call(bookingPage.loader, makeRequest(`/parent/bookings/${booking.id}`, { cookie }), { bookingId: String(booking.id) })).json()
    expect(detail.review).toEqual({ review: null, eligible: true })

    const post = (form: Record<string, string>, who = cookie) =>
      call(bookingPage.action, makeRequest(`/parent/bookings/${booking.id}`, { cookie: who, form }), { bookingId: String(booking.id) })
    const short = await post({ intent: 'review', rating: '5', body: 'Great!' })
    expect(short.status).toBe(400)
    expect((await short.json()).reviewForm).toEqual({ rating: '5', body: 'Great!', error: 'Please write at least 20 characters about your nurse.' })
    const noStars = await post({ intent: 'review', rating: '7', body: WORDS })
    expect((await noStars.json()).reviewForm.error).toBe('Choose from 1 to 5 stars')
    const stranger = await createUser()
    expect((await post({ intent: 'review', rating: '5', body: WORDS }, await cookieFor(stranger.id))).status).toBe(404)
    expect((await post({ intent: 'review', rating: '5', body: WORDS })).status).toBe(302)

    const [review] = await getDb().select().from(reviews).where(eq(reviews.bookingId, booking.id))
    const nurseCookie = await cookieFor(nurse.userId)
    const mine = await (await call(nurseReviews.loader, makeRequest('/nurse/reviews', { cookie: nurseCookie }))).json()
    expect(mine.own).toMatchObject({ slug: nurse.slug, reviewCount: 1, reviewAverage: 5 })
    expect(mine.own.reviews.rows).toEqual([expect.objectContaining({ id: review.id, reviewer: 'Kim L.' })])
    const answered = await call(nurseReviews.action, makeRequest('/nurse/reviews', { cookie: nurseCookie, form: { intent: 'reply', reviewId: String(review.id), reply: 'Thank you, it was a joy.' } }))
    expect(answered.status).toBe(302)

    // Only admins see or hide reviews on the admin page.
    const asParent = await call(adminReviews.loader, makeRequest('/admin/reviews', { cookie }))
    expect([302, 403, 404]).toContain(asParent.status)
    const admin = await createUser({ role: 'admin' })
    const adminCookie = await cookieFor(admin.id)
    const noReason = await call(adminReviews.action, makeRequest('/admin/reviews', { cookie: adminCookie, form: { reviewId: String(review.id), reason: '' } }))
    expect(noReason.status).toBe(400)
    const hidden = await call(adminReviews.action, makeRequest('/admin/reviews', { cookie: adminCookie, form: { reviewId: String(review.id), reason: 'Testing the rules.' } }))
    expect(hidden.status).toBe(302)
    const list = await (await call(adminReviews.loader, makeRequest('/admin/reviews', { cookie: adminCookie }))).json()
    expect(list.reviews.rows.find((row: { id: number }) => row.id === review.id)).toMatchObject({ hiddenReason: 'Testing the rules.' })
  })

  test('a nurse answers every review, twenty a page; the count and average are her profile’s, and answering keeps her on the page', async () => {
    // 21 families, one review each: the first written is the oldest, alone on the second page.
    const nurse = await createNurse({ name: 'Rita Replies' })
    const written: number[] = []
    for (let index = 0; index < 21; index += 1) {
      const parent = await createUser()
      const booking = await createBooking({ nurse, parent, dates: futureDates(-2 - index) })
      await saveReview(parent.id, booking.id, { rating: index === 0 ? 3 : 5, body: `${WORDS} (${index})` })
      const [row] = await getDb().select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, booking.id))
      // Dated a day apart, oldest first, so the order does not rest on the clock's resolution.
      await getDb().update(reviews).set({ createdAt: new Date(Date.now() - (30 - index) * DAY) }).where(eq(reviews.id, row.id))
      written.push(row.id)
    }
    const cookie = await cookieFor(nurse.userId)
    const pageOf = async (search: string) => (await (await call(nurseReviews.loader, makeRequest(`/nurse/reviews${search}`, { cookie }))).json()).own

    const first = await pageOf('')
    expect(first).toMatchObject({ reviewCount: 21, reviews: { page: 1, totalPages: 2, totalRows: 21 } })
    expect(first.reviewAverage).toBeCloseTo((3 + 20 * 5) / 21)
    expect(first.reviews.rows.map((row: { id: number }) => row.id)).toEqual(written.slice(1).reverse())
    const second = await pageOf('?page=2')
    expect(second.reviews.rows.map((row: { id: number }) => row.id)).toEqual([written[0]])
    expect((await pageOf('?page=7')).reviews.page).toBe(2)
    expect((await pageOf('?page=-1')).reviews.page).toBe(1)

    const answered = await call(nurseReviews.action, makeRequest('/nurse/reviews?page=2', { cookie, form: { intent: 'reply', reviewId: String(written[0]), reply: 'Thank you for trusting me.' } }))
    expect(answered.status).toBe(302)
    expect(answered.headers.get('location')).toBe(`/nurse/reviews?page=2#review-${written[0]}`)
    expect((await pageOf('?page=2')).reviews.rows[0]).toMatchObject({ id: written[0], reply: 'Thank you for trusting me.' })

    // Families read them all on her profile too: twenty, then the oldest at ?reviews=2, which no
    // search engine indexes.
    const profileOf = async (search: string) => (await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}${search}`), { slug: nurse.slug })).json()
    const profile = await profileOf('')
    expect(profile.reviews).toMatchObject({ page: 1, totalPages: 2, totalRows: 21 })
    expect(profile.reviews.rows.map((row: { id: number }) => row.id)).toEqual(written.slice(1).reverse())
    expect(profile.head.noindex).toBe(false)
    const older = await profileOf('?reviews=2')
    expect(older.reviews.rows).toEqual([expect.objectContaining({ id: written[0], reply: 'Thank you for trusting me.' })])
    expect(older.head.noindex).toBe(true)
    expect((await profileOf('?reviews=9')).reviews.page).toBe(2)
    expect((await profileOf('?reviews=x')).reviews.page).toBe(1)
    // The largest page number a link could carry, and one past what a page number may be.
    expect((await profileOf('?reviews=2147483647')).reviews.page).toBe(2)
    expect((await profileOf('?reviews=99999999999')).reviews.page).toBe(1)
  })

  test('the admins reach every review, twenty a page; hiding one on a later page keeps them on it', async () => {
    // 21 reviews older than any other test's, so they end the list: the oldest is the last page's last row.
    const nurse = await createNurse({ name: 'Paula Pages' })
    const parent = await createUser()
    const old = new Date('2001-01-01T12:00:00Z').getTime()
    const written: number[] = []
    for (let index = 0; index < 21; index += 1) {
      const booking = await createBooking({ nurse, parent, dates: futureDates(-30 - index) })
      const createdAt = new Date(old - index * DAY)
      const [row] = await getDb()
        .insert(reviews)
        .values({ bookingId: booking.id, nurseId: nurse.id, parentId: parent.id, rating: 5, body: `${WORDS} (${index})`, createdAt, updatedAt: createdAt })
        .returning({ id: reviews.id })
      written.push(row.id)
    }
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)
    const pageOf = async (search: string) => (await (await call(adminReviews.loader, makeRequest(`/admin/reviews${search}`, { cookie }))).json()).reviews

    const first = await pageOf('')
    expect(first.page).toBe(1)
    expect(first.rows).toHaveLength(20)
    expect(first.totalRows).toBeGreaterThanOrEqual(21)
    expect(first.totalPages).toBe(Math.ceil(first.totalRows / 20))
    const last = await pageOf(`?page=${first.totalPages}`)
    expect(last.rows.at(-1)).toMatchObject({ id: written.at(-1), nurseName: 'Paula Pages' })
    // Newest first across the pages: the 21 written, oldest last, in the order they are dated.
    const all = []
    for (let page = 1; page <= first.totalPages; page += 1) all.push(...(await pageOf(`?page=${page}`)).rows)
    expect(all.map((row: { id: number }) => row.id).slice(-21)).toEqual(written)
    expect(new Set(all.map((row: { id: number }) => row.id)).size).toBe(first.totalRows)
    // A page past the end shows the last; a page that is no number shows the first.
    expect((await pageOf('?page=999')).page).toBe(first.totalPages)
    expect((await pageOf('?page=two')).page).toBe(1)
    expect((await pageOf('?page=2147483647')).page).toBe(first.totalPages)

    // Hiding the oldest from its page comes back to that page, at the review.
    const hidden = await call(
      adminReviews.action,
      makeRequest(`/admin/reviews?page=${first.totalPages}`, { cookie, form: { reviewId: String(written.at(-1)), reason: 'Names a neighbour.' } }),
    )
    expect(hidden.status).toBe(302)
    expect(hidden.headers.get('location')).toBe(`/admin/reviews?page=${first.totalPages}#review-${written.at(-1)}`)
    expect((await pageOf(`?page=${first.totalPages}`)).rows.at(-1)).toMatchObject({ id: written.at(-1), hiddenReason: 'Names a neighbour.' })
    // Shown again from the first page, back to the first page.
    const shown = await call(adminReviews.action, makeRequest('/admin/reviews', { cookie, form: { intent: 'unhide', reviewId: String(written.at(-1)) } }))
    expect(shown.headers.get('location')).toBe(`/admin/reviews#review-${written.at(-1)}`)
  })
})

describe('one review per family and nurse, answers that follow the words, and hiding undone (issue 38)', () => {
  test('a family with two bookings of one nurse has one review of her, changed from either booking', async () => {
    const nurse = await createNurse({ name: 'Olive Once' })
    const parent = await createUser({ displayName: 'Jordan Parent' })
    const first = await createBooking({ nurse, parent, dates: futureDates(-20) })
    const second = await createBooking({ nurse, parent, dates: futureDates(-2) })
    expect(await saveReview(parent.id, first.id, { rating: 3, body: WORDS })).toEqual({ ok: true, created: true })
    // The second booking's page shows the family's review of her, not a second one to write.
    const cookie = await cookieFor(parent.id)
    const page = await (await call(bookingPage.loader, makeRequest(`/parent/bookings/${second.id}`, { cookie }), { bookingId: String(second.id) })).json()
    expect(page.review.review).toMatchObject({ rating: 3 })
    // A later booking lets the family say how it went since, even past the first one's 14 days.
    const later = new Date(Date.now() + 15 * DAY)
    expect(await saveReview(parent.id, second.id, { rating: 4, body: WORDS }, later)).toEqual({ ok: true, created: false })
    expect(await getDb().select().from(reviews).where(eq(reviews.nurseId, nurse.id))).toEqual([expect.objectContaining({ rating: 4 })])
    expect(await nurseOf(nurse.id)).toMatchObject({ reviewCount: 1, reviewAverage: 4 })
  })

  test('reviews written before the rule count once per family: the newest', async () => {
    const nurse = await createNurse({ name: 'Dora Double' })
    const parent = await createUser({ displayName: 'Jordan Parent' })
    const first = await createBooking({ nurse, parent, dates: futureDates(-20) })
    const second = await createBooking({ nurse, parent, dates: futureDates(-2) })
    // Two rows of one family, as the rule of one review per booking left them.
    await getDb().insert(reviews).values([
      { bookingId: first.id, nurseId: nurse.id, parentId: parent.id, rating: 3, body: WORDS, createdAt: new Date(Date.now() - 10 * DAY) },
      { bookingId: second.id, nurseId: nurse.id, parentId: parent.id, rating: 4, body: WORDS, createdAt: new Date(Date.now() - DAY) },
    ])
    const other = await createUser()
    const theirs = await createBooking({ nurse, parent: other, dates: futureDates(-3) })
    expect(await saveReview(other.id, theirs.id, { rating: 5, body: WORDS })).toMatchObject({ ok: true })
    expect(await nurseOf(nurse.id)).toMatchObject({ reviewCount: 2, reviewAverage: 4.5 })
    const profile = await (await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}`), { slug: nurse.slug })).json()
    expect(profile.reviews.rows.map((review: { rating: number }) => review.rating).sort()).toEqual([4, 5])
  })

  test('a changed review drops the answer to the old words; the nurse may answer again', async () => {
    const nurse = await createNurse({ name: 'Ana Answer' })
    const parent = await createUser()
    const booking = await createBooking({ nurse, parent, dates: futureDates(-2) })
    await saveReview(parent.id, booking.id, { rating: 2, body: WORDS })
    const [review] = await getDb().select().from(reviews).where(eq(reviews.bookingId, booking.id))
    expect(await replyToReview(nurse.userId, review.id, 'Thank you, I am sorry the first night was hard.')).toEqual({ ok: true })
    // The same words and stars again change nothing, and keep the answer.
    await saveReview(parent.id, booking.id, { rating: 2, body: WORDS })
    expect((await getDb().select().from(reviews).where(eq(reviews.id, review.id)))[0].reply).not.toBeNull()
    await saveReview(parent.id, booking.id, { rating: 5, body: `${WORDS} Much better since.` })
    const [changed] = await getDb().select().from(reviews).where(eq(reviews.id, review.id))
    expect(changed).toMatchObject({ rating: 5, reply: null, repliedAt: null })
    expect(await replyToReview(nurse.userId, review.id, 'Thank you for coming back to say so!')).toEqual({ ok: true })
  })

  test('an admin shows a hidden review again; it counts again and the audit log says who', async () => {
    const nurse = await createNurse({ name: 'Hana Hidden' })
    const parent = await createUser()
    const booking = await createBooking({ nurse, parent, dates: futureDates(-2) })
    await saveReview(parent.id, booking.id, { rating: 4, body: WORDS })
    const [review] = await getDb().select().from(reviews).where(eq(reviews.bookingId, booking.id))
    const admin = await createUser({ role: 'admin' })
    expect(await hideReview(admin.id, review.id, 'Names another family')).toEqual({ ok: true })
    expect(await nurseOf(nurse.id)).toMatchObject({ reviewCount: 0 })

    const cookie = await cookieFor(admin.id)
    const shown = await call(adminReviews.action, makeRequest('/admin/reviews', { cookie, form: { intent: 'unhide', reviewId: String(review.id) } }))
    expect(shown.status).toBe(302)
    expect((await getDb().select().from(reviews).where(eq(reviews.id, review.id)))[0]).toMatchObject({ hiddenAt: null })
    expect(await nurseOf(nurse.id)).toMatchObject({ reviewCount: 1, reviewAverage: 4 })
    const log = await getDb().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, review.id))
    expect(log.map((row) => row.action)).toEqual(['review.hidden', 'review.shown'])
    // A parent cannot.
    const refused = await call(adminReviews.action, makeRequest('/admin/reviews', { cookie: await cookieFor(parent.id), form: { intent: 'unhide', reviewId: String(review.id) } }))
    expect(refused.status).toBe(403)
  })
})
