// The zone a signed-in page writes its moments in (docs/decisions/0050): the one the viewer's
// browser told in the `tz` cookie when it is a real zone; otherwise the nurse's own zone for what
// concerns her (a conversation), else DEFAULT_TIME_ZONE, and then the zone is named beside each time.
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { conversations, nurseProfiles } from '../../db/schema'
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, type ViewerZone, zoneName } from './viewer-time'

/** The zone the browser told in the request's `tz` cookie by its one name (zoneName), or null (none, or not a zone). */
export function toldTimeZone(request: Request): string | null {
  for (const pair of (request.headers.get('Cookie') ?? '').split(';')) {
    const at = pair.indexOf('=')
    if (at < 0 || pair.slice(0, at).trim() !== TIME_ZONE_COOKIE) continue
    let value: string
    try {
      value = decodeURIComponent(pair.slice(at + 1).trim())
    } catch {
      return null
    }
    return zoneName(value)
  }
  return null
}

/**
 * The viewer's told zone; else the zone `fallback` finds (asked only then), else DEFAULT_TIME_ZONE,
 * which the page names beside each time.
 */
export async function viewerZone(request: Request, fallback?: () => Promise<string | null>): Promise<ViewerZone> {
  const told = toldTimeZone(request)
  if (told) return { timeZone: told, told: true }
  const chosen = fallback ? await fallback() : null
  return { timeZone: zoneName(chosen) ?? DEFAULT_TIME_ZONE, told: false }
}

/** The zone of the nurse with this account, or null when the account is not a nurse's. */
export async function nurseZoneOfAccount(userId: number): Promise<string | null> {
  const [row] = await getDb().select({ timeZone: nurseProfiles.timezone }).from(nurseProfiles).where(eq(nurseProfiles.userId, userId))
  return row?.timeZone ?? null
}

/** The zone of the conversation's nurse (its member has been checked by the caller). */
export async function nurseZoneOfConversation(conversationId: number): Promise<string | null> {
  const [row] = await getDb()
    .select({ timeZone: nurseProfiles.timezone })
    .from(conversations)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, conversations.nurseId))
    .where(eq(conversations.id, conversationId))
  return row?.timeZone ?? null
}
