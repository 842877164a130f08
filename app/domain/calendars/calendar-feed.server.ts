// Private calendar subscriptions (issue 17; the feed itself: calendar-feed.ts). A family or a nurse
// makes a URL from their dashboard; the token in it is shown once and stored as its SHA-256; making
// a new one revokes the old, and 'Stop sharing' revokes it with none new. The feed answers the
// owner's nights from 30 days ago to a year ahead, read fresh on every request, so a night booked,
// moved or cancelled shows at the calendar's next refresh.
import { createHash, randomBytes } from 'node:crypto'
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm'
import { translator } from '~/i18n/i18n.server'
import { DEFAULT_LANGUAGE, isLanguage } from '~/i18n/languages'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { bookingOccurrences, bookings, calendarFeeds, nurseProfiles, users } from '../../db/schema'
import { joinBookingPeople, nurseUsers, parentUsers } from '../bookings/booking-people.server'
import { isPaidBooking } from '../bookings/life-cycle'
import { paidBooking, workedOrCancelledNight } from '../bookings/life-cycle.server'
import { firstName } from '../accounts/display-name'
import { cityOfAddress } from '../places/locations'
import { inReadersLanguage } from '../platform/reader-language.server'
import { buildCalendarFeed, type FeedNight, type FeedWindow } from './calendar-feed'

const DAY_MS = 24 * 60 * 60 * 1000
/** Cancelled and past nights a feed carries at most, newest first (docs/decisions/0045); live nights to come are never cut. */
export const FEED_OTHER_NIGHTS = 500
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export function feedUrl(token: string): string {
  return `${getConfig().APP_ORIGIN.replace(/\/$/, '')}/calendar/${token}.ics`
}

/** A new subscription URL for the user (the previous one stops working). Answers the URL, shown once. */
export async function createCalendarFeed(userId: number, now: Date = new Date()): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await getDb().transaction(async (tx) => {
    await tx.update(calendarFeeds).set({ revokedAt: now }).where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    await tx.insert(calendarFeeds).values({ userId, tokenHash: sha256(token), createdAt: now })
  })
  return feedUrl(token)
}

export async function revokeCalendarFeeds(userId: number, now: Date = new Date()): Promise<void> {
  await getDb().update(calendarFeeds).set({ revokedAt: now }).where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
}

/** Does the user have a live subscription (the dashboard says so; the URL itself is not kept)? */
export async function hasCalendarFeed(userId: number): Promise<{ since: string } | null> {
  const [row] = await getDb()
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
  return row ? { since: row.createdAt.toISOString() } : null
}

/** Who a feed belongs to: what a reader of reservation windows is given. */
export interface FeedOwner {
  role: 'parent' | 'nurse'
  userId: number
}

/**
 * The feed of a live token, or null (unknown or revoked: 404). Reservations sit beside calendars,
 * so their start windows are read by the caller's `readWindows` (the feed route passes the
 * reservations' reader).
 */
export async function renderCalendarFeed(
  token: string,
  now: Date = new Date(),
  readWindows: (owner: FeedOwner, now: Date) => Promise<FeedWindow[]> = async () => [],
): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null
  const db = getDb()
  const [feed] = await db
    .select({ userId: calendarFeeds.userId, role: users.role, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, sha256(token)), isNull(calendarFeeds.revokedAt), isNull(users.suspendedAt)))
  if (!feed || (feed.role !== 'parent' && feed.role !== 'nurse')) return null
  const mine =
    feed.role === 'parent'
      ? eq(bookings.parentId, feed.userId)
      : eq(nurseProfiles.userId, feed.userId)
  // Only nights of bookings confirmed at some point (docs/decisions/0045): an unpaid hold, live or
  // abandoned, is never in a feed, so no number of abandoned holds can crowd a booked night out.
  const booked = and(
    mine,
    or(paidBooking(), isNotNull(bookings.confirmedAt)),
    workedOrCancelledNight(),
    lte(bookingOccurrences.startsAt, new Date(now.getTime() + 366 * DAY_MS)),
  )
  const selected = () =>
    joinBookingPeople(
      db
        .select({
          night: bookingOccurrences,
          booking: bookings,
          parentName: parentUsers.displayName,
          nurseName: nurseUsers.displayName,
        })
        .from(bookingOccurrences)
        .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
        .$dynamic(),
    )
  // Every live night still to come, however many (one nurse's fit in a year by construction), and
  // then the cancelled and recently worked ones, newest first, up to FEED_OTHER_NIGHTS.
  const [live, others] = await Promise.all([
    selected()
      .where(and(booked, ne(bookingOccurrences.status, 'cancelled'), gte(bookingOccurrences.endsAt, now)))
      .orderBy(asc(bookingOccurrences.startsAt)),
    selected()
      .where(
        and(
          booked,
          gte(bookingOccurrences.endsAt, new Date(now.getTime() - 30 * DAY_MS)),
          or(eq(bookingOccurrences.status, 'cancelled'), lt(bookingOccurrences.endsAt, now)),
        ),
      )
      .orderBy(desc(bookingOccurrences.startsAt))
      .limit(FEED_OTHER_NIGHTS),
  ])
  const rows = [...live, ...others]
  const nights: FeedNight[] = rows.map(({ night, booking, parentName, nurseName }) => {
    const confirmed = isPaidBooking(booking.status)
    return {
      id: night.id,
      bookingId: booking.id,
      date: night.date,
      startTimeLocal: night.startTimeLocal,
      endTimeLocal: night.endTimeLocal,
      timezone: booking.timezone,
      status: night.status,
      otherName: feed.role === 'parent' ? nurseName : firstName(booking.contactName || parentName),
      // The family's own calendar has their address; the nurse's has it once the booking is confirmed.
      location: feed.role === 'parent' || confirmed ? booking.addressText : cityOfAddress(booking.addressText),
      createdAt: booking.createdAt,
      updatedAt: night.cancelledAt ?? booking.updatedAt,
    }
  })
  const windows = await readWindows({ role: feed.role, userId: feed.userId }, now)
  // In its owner's language, whoever's calendar app fetches it.
  const language = isLanguage(feed.language) ? feed.language : DEFAULT_LANGUAGE
  const owner = feed.role
  return inReadersLanguage(language, () => buildCalendarFeed({ owner, origin: getConfig().APP_ORIGIN, nights, windows }, translator('documents', language)))
}
