// The demo data: the demo logins work, every city page has approved nurses with
// open nights, the demo parent has upcoming, past and cancelled bookings whose payments match the
// pricing rules, and seeding twice changes nothing.
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, type DatabaseHandle } from '../../app/db/client.server'
import {
  availabilityDates,
  bookingOccurrences,
  bookings,
  files,
  newsletterSubscribers,
  notificationPreferences,
  nurseProfiles,
  payments,
  payoutAccounts,
  reviews,
  users,
  backgroundChecks,
  reservations,
} from '../../app/db/schema'
import { heldDates } from '../../app/domain/reservations/reservation-window'
import { getDatabase, setDatabase } from '../../app/db/client.server'
import { seedDemoData } from '../../app/demo/seed.server'
import * as profilePage from '../../app/routes/nurse.$slug'
import { call, makeRequest } from '../support/fixtures'
import { CITY_PAGE_SLUGS } from '../../app/domain/places/cities'
import { CITY_PAGES } from '../../app/domain/places/city-pages'
import { normalizeLocationQuery } from '../../app/domain/places/locations'
import { verifyPassword } from '../../app/domain/accounts/passwords.server'
import { priceNights } from '../../app/domain/bookings/pricing'
import { addDays, localToday } from '../../app/domain/time/shift-times'
import { nurseSlug } from '../../app/domain/nurses/slugs'

const NOW = new Date('2026-11-21T12:00:00Z')
const TIMEOUT = { timeout: 60_000 }

let database: DatabaseHandle
let firstResult: { created: boolean }
const progress: string[] = []

const TABLES = {
  users,
  nurseProfiles,
  availabilityDates,
  bookings,
  bookingOccurrences,
  payments,
  notificationPreferences,
  newsletterSubscribers,
  files,
  reviews,
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table)
    counts[name] = Number(row.n)
  }
  return counts
}

async function bookingsOf(email: string) {
  const [parent] = await database.db.select().from(users).where(eq(users.email, email))
  return database.db.select().from(bookings).where(eq(bookings.parentId, parent.id)).orderBy(asc(bookings.id))
}

beforeAll(async () => {
  database = openPglite()
  await database.migrate()
  firstResult = await seedDemoData(database.db, { now: NOW, onProgress: (line) => progress.push(line) })
}, 60_000)

afterAll(async () => {
  await database?.close()
}, 60_000)

describe('seedDemoData', () => {
  it('reports that it created the data', () => {
    expect(firstResult).toEqual({ created: true })
  })

  it('creates the three demo accounts with the demo password', TIMEOUT, async () => {
    const expected = [
      { email: 'admin@example.com', role: 'admin', displayName: 'Avery Admin' },
      { email: 'parent@example.com', role: 'parent', displayName: 'Jordan Parent' },
      { email: 'nurse@example.com', role: 'nurse', displayName: 'Nora Nightingale' },
    ] as const
    for (const account of expected) {
      const [user] = await database.db.select().from(users).where(eq(users.email, account.email))
      expect(user, account.email).toBeDefined()
      expect(user.role).toBe(account.role)
      expect(user.displayName).toBe(account.displayName)
      expect(await verifyPassword(user.passwordHash!, 'nightnurse-demo')).toBe(true)
      expect(await verifyPassword(user.passwordHash!, 'wrong-password')).toBe(false)
    }
    const [jordan] = await database.db.select().from(users).where(eq(users.email, 'parent@example.com'))
    expect(jordan.phoneNumber).toBeTruthy()

    const [nora] = await database.db
      .select({ profile: nurseProfiles })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(eq(users.email, 'nurse@example.com'))
    expect(nora.profile.verificationStatus).toBe('approved')
    expect(nora.profile.locationCity).toBe('Austin')
    expect(nora.profile.locationState).toBe('TX')
    expect(nora.profile.timezone).toBe('America/Chicago')
    expect(nora.profile.slug).toBe(nurseSlug('Nora Nightingale', nora.profile.id))
  })

  it('has at least 3 approved nurses in each of the 12 city-page cities', TIMEOUT, async () => {
    const approved = await database.db
      .select()
      .from(nurseProfiles)
      .where(eq(nurseProfiles.verificationStatus, 'approved'))
    expect(CITY_PAGE_SLUGS).toHaveLength(12)
    for (const slug of CITY_PAGE_SLUGS) {
      const page = CITY_PAGES[slug]
      // Found the way a city page searches: by its city name as a location.
      const query = normalizeLocationQuery(page.cityName)
      expect(query?.kind, slug).toBe('city')
      if (query?.kind !== 'city') continue
      const inCity = approved.filter(
        (nurse) =>
          nurse.locationCity?.toLowerCase() === query.city.toLowerCase() &&
          (!query.state || nurse.locationState === query.state) &&
          nurse.locationState === page.stateAbbr,
      )
      expect(inCity.length, slug).toBeGreaterThanOrEqual(3)
      for (const nurse of inCity) {
        expect(nurse.locationZip, nurse.baseLocation).toMatch(/^\d{5}$/)
        expect(nurse.timezone).toBe(page.timezone)
      }
    }
  })

  it('gives every approved nurse a rate, a photo, a slug and open nights in the next 8 weeks', TIMEOUT, async () => {
    const approved = await database.db
      .select()
      .from(nurseProfiles)
      .where(eq(nurseProfiles.verificationStatus, 'approved'))
    expect(approved.length).toBeGreaterThanOrEqual(37)
    const slugs = new Set<string>()
    for (const nurse of approved) {
      expect(nurse.nightlyRateCents).toBeGreaterThanOrEqual(25000)
      expect(nurse.nightlyRateCents).toBeLessThanOrEqual(45000)
      expect(nurse.nightlyRateCents % 500).toBe(0)
      expect(nurse.photoUrl).toMatch(/^\/images\/nurses\/nurse-(0[1-9]|1[0-6])\.svg$/)
      expect(nurse.slug).toMatch(new RegExp(`-${nurse.id}$`))
      expect(nurse.bio?.length ?? 0).toBeGreaterThan(80)
      expect(nurse.submittedAt).not.toBeNull()
      expect(nurse.verifiedAt!.getTime()).toBeLessThan(NOW.getTime())
      slugs.add(nurse.slug)

      const today = localToday(nurse.timezone, NOW)
      const open = await database.db
        .select()
        .from(availabilityDates)
        .where(
          and(
            eq(availabilityDates.nurseId, nurse.id),
            gt(availabilityDates.date, today),
            lte(availabilityDates.date, addDays(today, 56)),
          ),
        )
      expect(open.length, nurse.slug).toBeGreaterThan(15)
      for (const night of open) {
        expect(night.startTimeLocal).toBe(nurse.defaultStartTime)
        expect(night.endTimeLocal).toBe(nurse.defaultEndTime)
      }
    }
    expect(slugs.size).toBe(approved.length)
  })

  it('adds pending and rejected applicants without availability', TIMEOUT, async () => {
    const applicants = await database.db
      .select()
      .from(nurseProfiles)
      .where(inArray(nurseProfiles.verificationStatus, ['pending', 'rejected']))
    const pending = applicants.filter((nurse) => nurse.verificationStatus === 'pending')
    const rejected = applicants.filter((nurse) => nurse.verificationStatus === 'rejected')
    expect(pending).toHaveLength(4)
    expect(rejected).toHaveLength(2)
    for (const nurse of pending) {
      expect(nurse.submittedAt).not.toBeNull()
      expect(nurse.verifiedAt).toBeNull()
    }
    for (const nurse of rejected) expect(nurse.rejectionReason).toBeTruthy()
    const open = await database.db
      .select()
      .from(availabilityDates)
      .where(
        inArray(
          availabilityDates.nurseId,
          applicants.map((nurse) => nurse.id),
        ),
      )
    expect(open).toHaveLength(0)
  })

  it('gives each pending applicant a private ID document and certification, as PDFs of her own', TIMEOUT, async () => {
    const pending = await database.db.select().from(nurseProfiles).where(eq(nurseProfiles.verificationStatus, 'pending'))
    for (const nurse of pending) {
      for (const fileId of [nurse.idDocumentFileId, nurse.certificationFileId]) {
        expect(fileId).not.toBeNull()
        const [file] = await database.db.select().from(files).where(eq(files.id, fileId!))
        expect(file).toMatchObject({ ownerId: nurse.userId, mediaType: 'application/pdf' })
        expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe('%PDF-')
      }
    }
    // The same bytes on every run: one ID document's digest is fixed by the data, not the clock.
    const [first] = await database.db.select({ sha256: files.sha256, kind: files.kind }).from(files).where(eq(files.id, pending[0].idDocumentFileId!))
    const again = await openPglite()
    try {
      await again.migrate()
      await seedDemoData(again.db, { now: new Date(NOW.getTime() + 3 * 86_400_000) })
      const [profile] = await again.db.select().from(nurseProfiles).where(eq(nurseProfiles.userId, pending[0].userId))
      const [copy] = await again.db.select({ sha256: files.sha256 }).from(files).where(eq(files.id, profile.idDocumentFileId!))
      expect(copy.sha256).toBe(first.sha256)
    } finally {
      await again.close()
    }
  })

  it("gives Jordan upcoming, past and cancelled bookings whose payments match the price", TIMEOUT, async () => {
    const jordans = await bookingsOf('parent@example.com')
    const upcoming = jordans.filter((b) => b.status === 'confirmed')
    const past = jordans.filter((b) => b.status === 'completed')
    const cancelled = jordans.filter((b) => b.status === 'cancelled')
    expect(upcoming.length).toBeGreaterThanOrEqual(2)
    expect(past.length).toBeGreaterThanOrEqual(2)
    expect(cancelled.length).toBeGreaterThanOrEqual(1)
    expect(upcoming.some((b) => b.pattern === 'recurring' && b.weeksCount === 4 && b.nightsPerWeek === 1)).toBe(true)
    expect(upcoming.some((b) => b.pattern === 'one_time')).toBe(true)

    for (const booking of jordans) {
      const nights = await database.db
        .select()
        .from(bookingOccurrences)
        .where(eq(bookingOccurrences.bookingId, booking.id))
        .orderBy(asc(bookingOccurrences.startsAt))
      const [nurse] = await database.db.select().from(nurseProfiles).where(eq(nurseProfiles.id, booking.nurseId))
      const price = priceNights(nurse.nightlyRateCents, nights.length)
      expect(booking.nightlyRateCents).toBe(nurse.nightlyRateCents)
      expect(booking.timezone).toBe(nurse.timezone)
      expect(booking.subtotalCents).toBe(price.subtotalCents)
      expect(booking.platformFeeCents).toBe(price.platformFeeCents)
      expect(booking.totalAmountCents).toBe(price.totalAmountCents)
      expect(booking.nursePayoutCents).toBe(price.nursePayoutCents)
      expect(booking.addressText).toMatch(/, [A-Z]{2} \d{5}$/)
      expect(booking.createdAt.getTime()).toBeLessThan(nights[0].startsAt.getTime())
      expect(nights[0].date).toBe(booking.startDate)
      // Paid, so confirmed at some point: calendar feeds list its nights (decision 0045).
      expect(booking.confirmedAt).toEqual(booking.createdAt)

      const expectedNightStatus = { confirmed: 'scheduled', completed: 'completed', cancelled: 'cancelled' } as const
      for (const night of nights) {
        expect(night.status).toBe(expectedNightStatus[booking.status as keyof typeof expectedNightStatus])
        expect(night.priceCents).toBe(booking.nightlyRateCents)
        expect(night.endsAt.getTime()).toBeGreaterThan(night.startsAt.getTime())
        if (booking.status === 'confirmed') expect(night.startsAt.getTime()).toBeGreaterThan(NOW.getTime())
        if (booking.status === 'completed') expect(night.endsAt.getTime()).toBeLessThan(NOW.getTime())
      }

      const paid = await database.db.select().from(payments).where(eq(payments.bookingId, booking.id))
      const charge = paid.find((p) => p.kind === 'charge')
      expect(charge).toBeDefined()
      expect(charge!.providerPaymentId).toBe(`pi_test_seed_${booking.id}`)
      expect(charge!.amountCents).toBe(price.totalAmountCents)
      expect(charge!.feeCents).toBe(price.platformFeeCents)
      if (booking.status === 'cancelled') {
        expect(charge!.status).toBe('refunded')
        const refund = paid.find((p) => p.kind === 'refund')
        expect(refund?.status).toBe('succeeded')
        expect(refund?.providerPaymentId).toBe(`re_test_seed_${booking.id}`)
        expect(refund?.amountCents).toBe(price.totalAmountCents)
      } else {
        expect(charge!.status).toBe('succeeded')
        expect(paid.filter((p) => p.kind === 'refund')).toHaveLength(0)
      }
    }

    // The upcoming nights are still on the nurses' calendars.
    for (const booking of upcoming) {
      const nights = await database.db
        .select()
        .from(bookingOccurrences)
        .where(eq(bookingOccurrences.bookingId, booking.id))
      const open = await database.db
        .select()
        .from(availabilityDates)
        .where(
          and(
            eq(availabilityDates.nurseId, booking.nurseId),
            inArray(
              availabilityDates.date,
              nights.map((n) => n.date),
            ),
          ),
        )
      expect(open).toHaveLength(nights.length)
    }
  })

  it("gives every approved nurse and applicant a current clear background check, but one applicant whose 'consider' report waits for an admin", TIMEOUT, async () => {
    const rows = await database.db
      .select({ name: users.displayName, verification: nurseProfiles.verificationStatus, check: backgroundChecks })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .leftJoin(backgroundChecks, eq(backgroundChecks.nurseProfileId, nurseProfiles.id))
    const approved = rows.filter((row) => row.verification === 'approved')
    expect(approved.length).toBeGreaterThan(30)
    for (const row of approved) {
      expect(row.check, row.name).toMatchObject({ status: 'clear', result: 'clear' })
      expect(row.check!.expiresAt!.getTime(), row.name).toBeGreaterThan(NOW.getTime())
      expect(row.check!.completedAt!.getTime(), row.name).toBeLessThan(NOW.getTime())
    }
    const toDecide = rows.filter((row) => row.check?.status === 'needs_review')
    expect(toDecide.map((row) => [row.name, row.verification, row.check!.result])).toEqual([['Deshawn Carter', 'pending', 'consider']])
    expect(toDecide[0].check!.screenings).toContainEqual({ name: 'County criminal search', outcome: 'consider', record: 'Misdemeanor: disorderly conduct (2019)' })
  })

  it('gives every parent notification preferences and adds newsletter subscribers', TIMEOUT, async () => {
    const parents = await database.db.select().from(users).where(eq(users.role, 'parent'))
    expect(parents.length).toBeGreaterThanOrEqual(6)
    const prefs = await database.db.select().from(notificationPreferences)
    expect(prefs.map((p) => p.userId).sort()).toEqual(parents.map((p) => p.id).sort())
    expect(prefs.some((p) => p.reminderHoursBefore === 48)).toBe(true)
    const [subscribers] = await database.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers)
    expect(Number(subscribers.n)).toBeGreaterThan(0)
  })

  it('is idempotent: a second call changes nothing', TIMEOUT, async () => {
    const before = await rowCounts()
    expect(await seedDemoData(database.db, { now: new Date(NOW.getTime() + 86_400_000) })).toEqual({
      created: false,
    })
    expect(await rowCounts()).toEqual(before)
  })

  it('says what it is seeding, with the counts, before it inserts (a first start is otherwise silent)', TIMEOUT, async () => {
    const counts = await rowCounts()
    const [nurses] = await database.db.select({ n: sql<number>`count(*)::int` }).from(nurseProfiles)
    const [families] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'parent'))
    expect(progress).toHaveLength(1)
    expect(progress[0]).toBe(
      `Seeding demo data: ${nurses.n} nurses, ${families.n} families, ${counts.bookings} bookings of ${counts.bookingOccurrences} nights, ${counts.reviews} reviews…`,
    )
  })
})

// Issue 38 item 16: the demo looks like a marketplace that has been running. Families who booked
// a nurse in the past reviewed most of those bookings; the demo's own journeys still find theirs
// unreviewed.
describe('the seeded reviews', () => {
  async function allReviews() {
    return database.db.select().from(reviews)
  }

  it('cover most approved nurses, by families who booked them, mostly 4 and 5 stars, some answered', TIMEOUT, async () => {
    const written = await allReviews()
    expect(written.length).toBeGreaterThanOrEqual(40)
    expect(new Set(written.map((review) => review.nurseId)).size).toBeGreaterThanOrEqual(20)
    const ratings = written.map((review) => review.rating)
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(3)
    expect(ratings.filter((rating) => rating >= 4).length / ratings.length).toBeGreaterThanOrEqual(0.75)
    expect(ratings.filter((rating) => rating === 3).length).toBeGreaterThan(0)
    expect(new Set(written.map((review) => review.body)).size).toBeGreaterThanOrEqual(Math.min(30, written.length))
    const answered = written.filter((review) => review.reply !== null)
    expect(answered.length).toBeGreaterThanOrEqual(10)
    expect(answered.length).toBeLessThan(written.length)

    const families = new Set<string>()
    for (const review of written) {
      const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, review.bookingId))
      expect(booking).toMatchObject({ parentId: review.parentId, nurseId: review.nurseId, status: 'completed' })
      const nights = await database.db.select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, booking.id))
      const lastEnd = Math.max(...nights.map((night) => night.endsAt.getTime()))
      expect(review.createdAt.getTime()).toBeGreaterThan(lastEnd)
      expect(review.createdAt.getTime()).toBeLessThan(NOW.getTime())
      expect(review.body.length).toBeGreaterThanOrEqual(20)
      if (review.reply) {
        expect(review.reply.length).toBeGreaterThanOrEqual(10)
        expect(review.repliedAt!.getTime()).toBeGreaterThan(review.createdAt.getTime())
        expect(review.repliedAt!.getTime()).toBeLessThan(NOW.getTime())
      }
      // One review of a nurse per family.
      const pair = `${review.parentId}-${review.nurseId}`
      expect(families.has(pair), pair).toBe(false)
      families.add(pair)
    }
  })

  it("keep each nurse's count and average on her profile row equal to her reviews", TIMEOUT, async () => {
    const written = await allReviews()
    const profiles = await database.db.select().from(nurseProfiles)
    for (const profile of profiles) {
      const hers = written.filter((review) => review.nurseId === profile.id && review.hiddenAt === null)
      expect(profile.reviewCount, profile.slug).toBe(hers.length)
      if (hers.length === 0) expect(profile.reviewAverage).toBeNull()
      else expect(profile.reviewAverage).toBeCloseTo(hers.reduce((sum, review) => sum + review.rating, 0) / hers.length)
    }
  })

  it("leave the demo's own bookings unreviewed: Jordan's (Keisha Johnson's among them) and Riley's with Sarah Whitfield, who has none", TIMEOUT, async () => {
    const reviewedBookings = new Set((await allReviews()).map((review) => review.bookingId))
    const jordans = await bookingsOf('parent@example.com')
    expect(jordans.some((booking) => booking.status === 'completed')).toBe(true)
    for (const booking of [...jordans, ...(await bookingsOf('riley.thompson@example.com'))]) {
      expect(reviewedBookings.has(booking.id), `booking ${booking.id}`).toBe(false)
    }
    const [sarah] = await database.db
      .select({ reviewCount: nurseProfiles.reviewCount })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(eq(users.displayName, 'Sarah Whitfield'))
    expect(sarah.reviewCount).toBe(0)
  })

  it("include nurses who take twins, and Sam Rivera's confirmed twins booking priced per baby (issue 36)", TIMEOUT, async () => {
    const takers = await database.db.select().from(nurseProfiles).where(gt(nurseProfiles.maxBabies, 1))
    expect(takers.length).toBeGreaterThanOrEqual(3)
    expect(takers.every((nurse) => nurse.extraBabyCents > 0)).toBe(true)
    const twins = (await bookingsOf('sam.rivera@example.com')).filter((booking) => booking.babies === 2)
    expect(twins).toHaveLength(1)
    const [booking] = twins
    expect(booking.status).toBe('confirmed')
    const nights = await database.db.select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, booking.id))
    const price = priceNights(booking.nightlyRateCents, nights.length, { babies: 2, extraBabyCents: booking.extraBabyCents })
    expect(booking.extraBabyCents).toBeGreaterThan(0)
    expect(nights.every((night) => night.priceCents === price.nightPriceCents)).toBe(true)
    expect(booking.totalAmountCents).toBe(price.totalAmountCents)
    // The demo parent's own bookings stay single-baby, so the dashboard's numbers are unchanged.
    expect((await bookingsOf('parent@example.com')).every((row) => row.babies === 1)).toBe(true)
  })

  it('hold three due-date reservations: Jordan waiting with Nora, who opened every night it could need; Sam asking; Casey started (issue 36)', TIMEOUT, async () => {
    const byEmail = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0]
    const [jordan, sam, casey] = await Promise.all(['parent@example.com', 'sam.rivera@example.com', 'casey.nguyen@example.com'].map(byEmail))
    const rows = await database.db.select().from(reservations).orderBy(asc(reservations.id))
    const of = (id: number) => rows.find((row) => row.parentId === id)
    expect(of(jordan.id)?.status).toBe('accepted')
    expect(of(sam.id)?.status).toBe('requested')
    const started = of(casey.id)!
    expect(started.status).toBe('started')
    const [plan] = await database.db.select().from(bookings).where(eq(bookings.reservationId, started.id))
    expect(plan).toMatchObject({ parentId: casey.id, nurseId: started.nurseId, status: 'confirmed' })
    expect(plan.startDate > started.dueDate).toBe(true)

    const waiting = of(jordan.id)!
    const today = localToday(waiting.timezone, NOW)
    const open = new Set(
      (await database.db.select({ date: availabilityDates.date }).from(availabilityDates).where(eq(availabilityDates.nurseId, waiting.nurseId))).map((row) => row.date),
    )
    expect(heldDates(waiting).filter((date) => date > today && !open.has(date))).toEqual([])
  })

  it('come from nights the nurses were paid for: no old night is left owed', TIMEOUT, async () => {
    const monthAgo = new Date(NOW.getTime() - 31 * 86_400_000)
    const oldNights = await database.db
      .select()
      .from(bookingOccurrences)
      .where(and(eq(bookingOccurrences.status, 'completed'), lte(bookingOccurrences.endsAt, monthAgo)))
    expect(oldNights.length).toBeGreaterThan(40)
    const paidOut = await database.db.select().from(payments).where(eq(payments.kind, 'payout'))
    const accounts = new Set((await database.db.select().from(payoutAccounts)).map((account) => account.nurseId))
    for (const night of oldNights) {
      expect(paidOut.some((payout) => payout.occurrenceId === night.id && payout.status === 'succeeded'), `night ${night.id}`).toBe(true)
      expect(accounts.has(night.nurseId)).toBe(true)
    }
  })

  it("show on a reviewed nurse's profile with her average", TIMEOUT, async () => {
    const [nurse] = await database.db
      .select()
      .from(nurseProfiles)
      .where(gt(nurseProfiles.reviewCount, 2))
      .orderBy(asc(nurseProfiles.id))
      .limit(1)
    expect(nurse).toBeDefined()
    const worker = getDatabase()
    setDatabase(database)
    try {
      const page = await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}`), { slug: nurse.slug })
      const body = await page.json()
      expect(body.profile).toMatchObject({ reviewCount: nurse.reviewCount, reviewAverage: nurse.reviewAverage })
      expect(body.reviews.rows).toHaveLength(Math.min(20, nurse.reviewCount))
      expect(body.reviews.rows[0].reviewer).toMatch(/^\S+ [A-Z]\.$/)
    } finally {
      setDatabase(worker)
    }
  })
})
