// Rows for the parent-dashboard tests: a nurse in a chosen time zone and a paid booking of chosen
// nights, written the way a paid booking is stored (confirmed, scheduled nights, a succeeded
// charge at the built-in test provider), so the real refund path runs against them.
import { eq } from 'drizzle-orm'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, bookings, notificationPreferences, nurseProfiles, payments } from '../../app/db/schema'
import { priceNights } from '../../app/domain/pricing'
import { nightInstants } from '../../app/domain/shift-times'
import { createUser } from '../support/fixtures'

export interface TestNurse {
  id: number
  userId: number
  slug: string
  timezone: string
  rate: number
  name: string
}

let nurseCount = 0

export async function createNurse(options: { timezone?: string; rate?: number; name?: string } = {}): Promise<TestNurse> {
  nurseCount++
  const name = options.name ?? `Nina Nurse ${nurseCount}`
  const user = await createUser({ role: 'nurse', displayName: name })
  const timezone = options.timezone ?? 'America/New_York'
  const rate = options.rate ?? 35000
  const slug = `nina-nurse-${nurseCount}-${user.id}`
  const [row] = await getDb()
    .insert(nurseProfiles)
    .values({
      userId: user.id,
      slug,
      baseLocation: 'New York, NY 10001',
      timezone,
      nightlyRateCents: rate,
      verificationStatus: 'approved',
    })
    .returning({ id: nurseProfiles.id })
  return { id: row.id, userId: user.id, slug, timezone, rate, name }
}

export interface TestBooking {
  id: number
  occurrenceIds: number[]
  chargeId: number
  totalAmountCents: number
  subtotalCents: number
}

export async function createPaidBooking(options: {
  parentId: number
  nurse: TestNurse
  dates: string[]
  startTimeLocal?: string
  endTimeLocal?: string
  createdAt?: Date
  /** The charge's id at the provider; one that is not a test intent makes the refund fail. */
  providerPaymentId?: string
}): Promise<TestBooking> {
  const { nurse } = options
  const start = options.startTimeLocal ?? '21:00'
  const end = options.endTimeLocal ?? '07:00'
  const price = priceNights(nurse.rate, options.dates.length)
  const createdAt = options.createdAt ?? new Date('2026-01-02T12:00:00Z')
  const db = getDb()
  const [booking] = await db
    .insert(bookings)
    .values({
      parentId: options.parentId,
      nurseId: nurse.id,
      status: 'confirmed',
      pattern: 'one_time',
      startDate: options.dates[0],
      nightsPerWeek: options.dates.length,
      timezone: nurse.timezone,
      addressText: '12 Test Street, New York, NY 10001',
      contactName: 'Test Parent',
      contactPhone: '(212) 555-0100',
      nightlyRateCents: nurse.rate,
      subtotalCents: price.subtotalCents,
      platformFeeCents: price.platformFeeCents,
      totalAmountCents: price.totalAmountCents,
      nursePayoutCents: price.nursePayoutCents,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: bookings.id })
  const nights = await db
    .insert(bookingOccurrences)
    .values(
      options.dates.map((date) => ({
        bookingId: booking.id,
        nurseId: nurse.id,
        date,
        startTimeLocal: start,
        endTimeLocal: end,
        ...nightInstants(date, start, end, nurse.timezone),
        status: 'scheduled' as const,
        priceCents: nurse.rate,
      })),
    )
    .returning({ id: bookingOccurrences.id })
  const [charge] = await db
    .insert(payments)
    .values({
      bookingId: booking.id,
      kind: 'charge',
      provider: 'test',
      providerPaymentId: options.providerPaymentId ?? `pi_test_fixture_${booking.id}`,
      amountCents: price.totalAmountCents,
      feeCents: price.platformFeeCents,
      status: 'succeeded',
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: payments.id })
  return {
    id: booking.id,
    occurrenceIds: nights.map((n) => n.id),
    chargeId: charge.id,
    totalAmountCents: price.totalAmountCents,
    subtotalCents: price.subtotalCents,
  }
}

export async function setPreferences(
  userId: number,
  values: Partial<typeof notificationPreferences.$inferInsert>,
): Promise<void> {
  await getDb()
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
}

export async function getNight(id: number) {
  const [row] = await getDb().select().from(bookingOccurrences).where(eq(bookingOccurrences.id, id))
  return row
}

export async function getBooking(id: number) {
  const [row] = await getDb().select().from(bookings).where(eq(bookings.id, id))
  return row
}

export async function refundsOf(bookingId: number) {
  const rows = await getDb().select().from(payments).where(eq(payments.bookingId, bookingId))
  return rows.filter((row) => row.kind === 'refund')
}

/** A date n days from now, as yyyy-MM-dd (UTC); nights far enough ahead for the real clock. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}
