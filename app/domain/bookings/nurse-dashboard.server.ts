// The nurse's 'Bookings & Payments' tab: the nights families booked with them, coming
// and past, and what they earned: worked nights, paid out, still due.
import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { bookingOccurrences, bookings, nurseProfiles, payments, users } from '../../db/schema'
import { isWorkedNight, type LiveNightStatus } from './life-cycle'
import { liveNight } from './life-cycle.server'
import { firstName } from '../accounts/display-name'
import { cityOfAddress } from '../places/locations'
import type { VerificationStatus } from '../nurses/nurse-profile'

export interface NurseNight {
  occurrenceId: number
  bookingId: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  status: LiveNightStatus
  priceCents: number
  /** Twins or triplets (issue 36): she must know before she arrives. */
  babies: number
  /** The family's first name and city only: the full address is theirs to give. */
  parentFirstName: string
  city: string | null
}

export interface NurseEarnings {
  /** Nights worked (ended, paid and not cancelled), at the nurse's price. */
  earnedCents: number
  /** Payouts sent to the nurse. */
  paidOutCents: number
  /** Earned and not paid out yet. */
  dueCents: number
  /** Paid nights still to come. */
  upcomingCents: number
}

export interface NurseOverview {
  profile: {
    slug: string
    verificationStatus: VerificationStatus
    rejectionReason: string | null
    nightlyRateCents: number
    timezone: string
  } | null
  /** Nights not ended yet, soonest first; 'pending' ones await the family's payment. */
  upcomingNights: NurseNight[]
  /** Nights that ended, latest first (the last 50). */
  pastNights: NurseNight[]
  earnings: NurseEarnings
}

const PAST_NIGHTS_SHOWN = 50

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
  const empty = { earnedCents: 0, paidOutCents: 0, dueCents: 0, upcomingCents: 0 }
  if (!profile) return { profile: null, upcomingNights: [], pastNights: [], earnings: empty }

  const [nights, [payouts]] = await Promise.all([
    db
      .select({
        occurrenceId: bookingOccurrences.id,
        bookingId: bookingOccurrences.bookingId,
        date: bookingOccurrences.date,
        startTimeLocal: bookingOccurrences.startTimeLocal,
        endTimeLocal: bookingOccurrences.endTimeLocal,
        endsAt: bookingOccurrences.endsAt,
        status: bookingOccurrences.status,
        priceCents: bookingOccurrences.priceCents,
        babies: bookings.babies,
        parentName: users.displayName,
        addressText: bookings.addressText,
      })
      .from(bookingOccurrences)
      .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
      .innerJoin(users, eq(users.id, bookings.parentId))
      .where(
        and(eq(bookingOccurrences.nurseId, profile.id), liveNight()),
      )
      .orderBy(desc(bookingOccurrences.startsAt)),
    db
      .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(bookings.nurseId, profile.id), eq(payments.kind, 'payout'), eq(payments.status, 'succeeded'))),
  ])

  const upcomingNights: NurseNight[] = []
  const pastNights: NurseNight[] = []
  let earnedCents = 0
  let upcomingCents = 0
  for (const { endsAt, parentName, addressText, ...night } of nights) {
    const shown = { ...night, status: night.status as NurseNight['status'], parentFirstName: firstName(parentName), city: cityOfAddress(addressText) }
    if (endsAt > now) {
      upcomingNights.push(shown)
      if (isWorkedNight(night.status)) upcomingCents += night.priceCents
    } else {
      if (isWorkedNight(night.status)) earnedCents += night.priceCents
      if (pastNights.length < PAST_NIGHTS_SHOWN) pastNights.push(shown)
    }
  }
  upcomingNights.reverse()
  const paidOutCents = Number(payouts?.cents ?? 0)
  const { id: _id, ...rest } = profile
  return {
    profile: rest,
    upcomingNights,
    pastNights,
    earnings: { earnedCents, paidOutCents, dueCents: Math.max(0, earnedCents - paidOutCents), upcomingCents },
  }
}
