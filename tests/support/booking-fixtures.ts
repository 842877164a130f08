// Shared set-up for the booking and payment integration tests: an approved nurse with published
// nights, and the booking payload of spec 000 §3.
import { getDb } from '../../app/db/client.server'
import { availabilityDates, nurseProfiles } from '../../app/db/schema'
import { addDays, localToday } from '../../app/domain/shift-times'
import { createUser } from './fixtures'

export const NURSE_ZONE = 'America/New_York'

export async function createBookableNurse(
  options: {
    openDates?: string[]
    rateCents?: number
    minHours?: number
    maxHours?: number
    status?: 'approved' | 'pending'
  } = {},
) {
  const user = await createUser({ role: 'nurse', displayName: 'Nora Night' })
  const [profile] = await getDb()
    .insert(nurseProfiles)
    .values({
      userId: user.id,
      slug: `nora-night-${user.id}`,
      baseLocation: 'Boston, MA',
      timezone: NURSE_ZONE,
      nightlyRateCents: options.rateCents ?? 30000,
      minHours: options.minHours ?? 8,
      maxHours: options.maxHours ?? 12,
      verificationStatus: options.status ?? 'approved',
    })
    .returning()
  if (options.openDates?.length) {
    await getDb()
      .insert(availabilityDates)
      .values(
        options.openDates.map((date) => ({
          nurseId: profile.id,
          date,
          startTimeLocal: '21:00',
          endTimeLocal: '07:00',
        })),
      )
  }
  return { user, profile }
}

/** Local dates this many days from today in the nurse's zone. */
export function futureDates(...offsets: number[]) {
  const today = localToday(NURSE_ZONE, new Date())
  return offsets.map((days) => addDays(today, days))
}

export function bookingPayload(nurseId: number, dates: string[], extra: Record<string, unknown> = {}) {
  return {
    nurseId,
    pattern: 'one_time',
    startDate: dates[0],
    nightsPerWeek: dates.length,
    occurrences: dates.map((date) => ({ date, startTimeLocal: '22:00', endTimeLocal: '06:00' })),
    timezone: NURSE_ZONE,
    addressText: '12 Beacon Street, Boston, MA 02108',
    ...extra,
  }
}
