// Who a booking concerns, joined the same way everywhere: the parent's account, the nurse's
// profile and the nurse's account (both accounts are rows of `users`, so each has an alias); and
// the one read of a booking (or a night) with its people that every notice starts from.
import { eq } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import { getDb } from '../../db/client.server'
import { bookingOccurrences, bookings, nurseProfiles, users } from '../../db/schema'

export const parentUsers = alias(users, 'parent_users')
export const nurseUsers = alias(users, 'nurse_users')

/** A query over `bookings` (made dynamic with `$dynamic()`), joined to the booking's people. */
export function joinBookingPeople<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(parentUsers, eq(parentUsers.id, bookings.parentId))
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookings.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
}

const people = {
  parentId: parentUsers.id,
  parentEmail: parentUsers.email,
  parentName: parentUsers.displayName,
  nurseUserId: nurseUsers.id,
  nurseEmail: nurseUsers.email,
  nurseName: nurseUsers.displayName,
  nurseSlug: nurseProfiles.slug,
}

/** A booking with the people its notices go to, or null when there is no such booking. */
export async function readBookingPeople(bookingId: number) {
  const selected = getDb().select({ booking: bookings, ...people }).from(bookings).$dynamic()
  const [row] = await joinBookingPeople(selected).where(eq(bookings.id, bookingId))
  return row ?? null
}

/** A night with its booking and the people its notices go to, or null when there is no such night. */
export async function readNightPeople(occurrenceId: number) {
  const selected = getDb()
    .select({ night: bookingOccurrences, booking: bookings, ...people })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .$dynamic()
  const [row] = await joinBookingPeople(selected).where(eq(bookingOccurrences.id, occurrenceId))
  return row ?? null
}
