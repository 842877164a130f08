// A nurse's live nights in whole weeks (issue 17): what her weekly limit counts beside the nights a
// booking, a move or a search by nights would add (booking-limits.ts holds the rule itself).
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.server'
import { bookingOccurrences } from '../../db/schema'
import { addDays } from '../time/shift-times'

/**
 * The dates of her live nights (any status but cancelled) in the weeks of these Mondays, one per
 * night, leaving out the night `except` (a night being moved) or the nights of `exceptBooking` (the
 * family's own booking they went back to change). Read under her lock by the booking and the move;
 * the search and the dates step read it without one.
 */
export async function liveNightDatesInWeeks(
  db: DbOrTx,
  nurseId: number,
  mondays: readonly string[],
  { except, exceptBooking }: { except?: number; exceptBooking?: number } = {},
): Promise<string[]> {
  if (mondays.length === 0) return []
  const rows = await db
    .select({ date: bookingOccurrences.date })
    .from(bookingOccurrences)
    .where(
      and(
        eq(bookingOccurrences.nurseId, nurseId),
        ne(bookingOccurrences.status, 'cancelled'),
        except === undefined ? undefined : ne(bookingOccurrences.id, except),
        exceptBooking === undefined ? undefined : ne(bookingOccurrences.bookingId, exceptBooking),
        inArray(bookingOccurrences.date, mondays.flatMap((monday) => Array.from({ length: 7 }, (_, day) => addDays(monday, day)))),
      ),
    )
  return rows.map((row) => row.date)
}
