// Who a booking concerns, joined the same way everywhere: the parent's account, the nurse's
// profile and the nurse's account (both accounts are rows of `users`, so each has an alias).
import { eq } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import { bookings, nurseProfiles, users } from '../../db/schema'

export const parentUsers = alias(users, 'parent_users')
export const nurseUsers = alias(users, 'nurse_users')

/** A query over `bookings` (made dynamic with `$dynamic()`), joined to the booking's people. */
export function joinBookingPeople<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(parentUsers, eq(parentUsers.id, bookings.parentId))
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookings.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
}
