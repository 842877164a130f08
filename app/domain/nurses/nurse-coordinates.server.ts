// Nurses saved before nearby search (migration 0004) have no coordinates: they are read from the
// gazetteer once, at start-up, after the migrations (decision 0018). Saving a base location fills
// them from then on (nurse-profile.server.ts, onboarding.server.ts, the seed).
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { nurseProfiles } from '../../db/schema'
import { locateSearch } from '../places/gazetteer.server'

/** Gives every nurse without coordinates those of her base location; returns how many got them. */
export async function fillMissingNurseCoordinates(db: Db): Promise<number> {
  const missing = await db
    .select({ id: nurseProfiles.id, baseLocation: nurseProfiles.baseLocation })
    .from(nurseProfiles)
    .where(and(isNull(nurseProfiles.latitude), ne(nurseProfiles.baseLocation, '')))
  let filled = 0
  for (const nurse of missing) {
    const point = locateSearch(nurse.baseLocation)
    if (!point) continue
    await db
      .update(nurseProfiles)
      .set({ latitude: point.lat, longitude: point.lon })
      .where(and(eq(nurseProfiles.id, nurse.id), isNull(nurseProfiles.latitude)))
    filled += 1
  }
  return filled
}
