// The nurse's own overview: their verification and the nights families booked with them
// (DESIGN.md §6.8). The full dashboard (availability, profile editing) builds on this.
import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../db/client.server'
import { bookingOccurrences, bookings, nurseProfiles, users } from '../db/schema'

export interface NurseOverview {
  profile: {
    slug: string
    verificationStatus: 'none' | 'pending' | 'approved' | 'rejected'
    rejectionReason: string | null
    nightlyRateCents: number
    timezone: string
  } | null
  upcomingNights: Array<{
    occurrenceId: number
    bookingId: number
    date: string
    startTimeLocal: string
    endTimeLocal: string
    status: string
    priceCents: number
    parentName: string
  }>
  /** The nurse's payout for nights booked and paid (scheduled or completed), in cents. */
  earnedCents: number
}

export async function getNurseOverview(userId: number, now: Date): Promise<NurseOverview> {
  const db = getDb()
  const [profile] = await db
    .select({
      id: nurseProfiles.id,
      slug: nurseProfiles.slug,
      verificationStatus: nurseProfiles.verificationStatus,
      rejectionReason: nurseProfiles.rejectionReason,
      nightlyRateCents: nurseProfiles.nightlyRateCents,
      timezone: nurseProfiles.timezone,
    })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.userId, userId))
  if (!profile) return { profile: null, upcomingNights: [], earnedCents: 0 }
  const paid = await db
    .select({
      occurrenceId: bookingOccurrences.id,
      bookingId: bookingOccurrences.bookingId,
      date: bookingOccurrences.date,
      startTimeLocal: bookingOccurrences.startTimeLocal,
      endTimeLocal: bookingOccurrences.endTimeLocal,
      endsAt: bookingOccurrences.endsAt,
      status: bookingOccurrences.status,
      priceCents: bookingOccurrences.priceCents,
      parentName: users.displayName,
    })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .innerJoin(users, eq(users.id, bookings.parentId))
    .where(
      and(
        eq(bookingOccurrences.nurseId, profile.id),
        inArray(bookingOccurrences.status, ['scheduled', 'confirmed', 'completed']),
      ),
    )
    .orderBy(asc(bookingOccurrences.startsAt))
  const { id: _id, ...rest } = profile
  return {
    profile: rest,
    upcomingNights: paid
      .filter((night) => night.endsAt > now && night.status !== 'completed')
      .map(({ endsAt: _endsAt, ...night }) => night),
    earnedCents: paid.reduce((sum, night) => sum + night.priceCents, 0),
  }
}
