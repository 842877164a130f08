// Whether an approved nurse is listed (docs/decisions/0062): the one writer of
// nurse_profiles.lapsedAt and lapsedReason (tests/unit/status-writes.test.ts keeps it so). She
// lapses out of search and new bookings when a credential her profile depends on lapses
// (expiry.ts: lapseReasonOf), and comes back as soon as it is renewed. Her booked nights stay.
// Each change is made by one guarded UPDATE, so of several servers refreshing her together one
// changes her and only that one sends the e-mails.
import type { Translate } from '~/i18n/translate'
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { backgroundChecks, bookingOccurrences, bookings, nurseCredentials, nurseProfiles, users } from '../../db/schema'
import type { NightStatus } from '../bookings/life-cycle'
import { listAdminAddresses } from '../accounts/admins.server'
import { sendEmail } from '../notifications/email.server'
import { countOf, readPage, type Paged } from '../platform/paging'
import { purgePublicPages } from '../platform/public-page-purge'
import { lapsedAdminEmail, lapsedFamilyEmail, lapsedNurseEmail, relistedNurseEmail } from './expiry-emails'
import { dayjs } from '../time/night-instants'
import { localToday } from '../time/shift-times'
import { DEFAULT_TIME_ZONE } from '../time/viewer-time'
import { isPassingCheck } from './check-life-cycle'
import { CREDENTIAL_KIND_NAMES, EXPIRING_DAYS, VALID_CREDENTIAL_STATUSES } from './credential-life-cycle'
import { expiryLine, lapseReasonOf } from './expiry'

/** A night she is booked for: paid and still ahead (bookings' life cycle calls it 'scheduled'). */
const BOOKED: NightStatus = 'scheduled'

export type ListingChange = 'lapsed' | 'relisted' | 'unchanged'

/**
 * Puts an approved nurse in or out of search and new bookings by her check and credentials at
 * `now`, and tells whom it concerns. Safe to call after any change to either, and more than once.
 */
export async function refreshListing(nurseProfileId: number, now: Date): Promise<ListingChange> {
  const db = getDb()
  const [nurse] = await db
    .select({ verificationStatus: nurseProfiles.verificationStatus, lapsedAt: nurseProfiles.lapsedAt, slug: nurseProfiles.slug, name: users.displayName, email: users.email })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, nurseProfileId))
  if (!nurse) return 'unchanged'
  const [checks, credentials] = await Promise.all([
    db.select({ status: backgroundChecks.status, expiresAt: backgroundChecks.expiresAt }).from(backgroundChecks).where(eq(backgroundChecks.nurseProfileId, nurseProfileId)),
    db.select({ kind: nurseCredentials.kind, status: nurseCredentials.status }).from(nurseCredentials).where(eq(nurseCredentials.nurseProfileId, nurseProfileId)),
  ])
  // Only a listed nurse lapses; one who is not approved is out of search already.
  const reason = nurse.verificationStatus === 'approved' ? lapseReasonOf({ checks, credentials }, now) : null
  const origin = getConfig().APP_ORIGIN

  if (reason !== null) {
    const lapsed = await db
      .update(nurseProfiles)
      .set({ lapsedAt: now, lapsedReason: reason })
      .where(and(eq(nurseProfiles.id, nurseProfileId), isNull(nurseProfiles.lapsedAt)))
      .returning({ id: nurseProfiles.id })
    if (lapsed.length === 0) {
      // Already out: keep the reason current (a second credential lapsed), tell no one again.
      await db
        .update(nurseProfiles)
        .set({ lapsedReason: reason })
        .where(and(eq(nurseProfiles.id, nurseProfileId), isNotNull(nurseProfiles.lapsedAt), sql`${nurseProfiles.lapsedReason} is distinct from ${reason}`))
      return 'unchanged'
    }
    purgePublicPages({ slugs: [nurse.slug] })
    await sendEmail(nurse.email, (t) => lapsedNurseEmail({ nurseName: nurse.name, reason, url: `${origin}/nurse/dashboard` }, t))
    const families = await familiesWithBookedNights(nurseProfileId, now)
    for (const family of families) {
      await sendEmail(
        family.email,
        (t) => lapsedFamilyEmail({ parentName: family.name, nurseName: nurse.name, nextNight: family.nextNight, nights: family.nights, url: `${origin}/parent/dashboard` }, t),
      )
    }
    const bookedNights = families.reduce((sum, family) => sum + family.nights, 0)
    for (const admin of await listAdminAddresses()) {
      await sendEmail(admin, (t) => lapsedAdminEmail({ nurseName: nurse.name, reason, bookedNights, url: `${origin}/admin/checks` }, t))
    }
    return 'lapsed'
  }

  if (nurse.lapsedAt === null) return 'unchanged'
  const relisted = await db
    .update(nurseProfiles)
    .set({ lapsedAt: null, lapsedReason: null })
    .where(and(eq(nurseProfiles.id, nurseProfileId), isNotNull(nurseProfiles.lapsedAt)))
    .returning({ id: nurseProfiles.id })
  if (relisted.length === 0) return 'unchanged'
  purgePublicPages({ slugs: [nurse.slug] })
  // A nurse no longer approved left for another reason: she is not told she is back.
  if (nurse.verificationStatus === 'approved') await sendEmail(nurse.email, (t) => relistedNurseEmail({ nurseName: nurse.name, url: `${origin}/nurse/dashboard` }, t))
  return 'relisted'
}

/** The families with booked nights ahead with her: how many each, and the next one's day. */
async function familiesWithBookedNights(nurseProfileId: number, now: Date) {
  return getDb()
    .select({
      email: users.email,
      name: users.displayName,
      nights: sql<number>`count(*)::int`,
      nextNight: sql<string>`min(${bookingOccurrences.date})::text`,
    })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .innerJoin(users, eq(users.id, bookings.parentId))
    .where(and(eq(bookingOccurrences.nurseId, nurseProfileId), eq(bookingOccurrences.status, BOOKED), gt(bookingOccurrences.startsAt, now)))
    .groupBy(users.id, users.email, users.displayName)
    .orderBy(asc(users.id))
}

export interface LapsedNurseRow {
  nurseProfileId: number
  name: string
  slug: string
  lapsedAt: string
  reason: string | null
}

/** Nurses out of search by a lapse, the longest out first, twenty a page, for the admins' page. */
export async function listLapsedNurses(query: { page: number } = { page: 1 }): Promise<Paged<LapsedNurseRow>> {
  const db = getDb()
  const lapsed = and(isNotNull(nurseProfiles.lapsedAt), eq(nurseProfiles.verificationStatus, 'approved'))
  const paged = await readPage(
    query.page,
    (offset, limit) =>
      db
        .select({ nurseProfileId: nurseProfiles.id, name: users.displayName, slug: nurseProfiles.slug, lapsedAt: nurseProfiles.lapsedAt, reason: nurseProfiles.lapsedReason })
        .from(nurseProfiles)
        .innerJoin(users, eq(users.id, nurseProfiles.userId))
        .where(lapsed)
        .orderBy(asc(nurseProfiles.lapsedAt), asc(nurseProfiles.id))
        .limit(limit)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(nurseProfiles).where(lapsed)),
  )
  return { ...paged, rows: paged.rows.map((row) => ({ ...row, lapsedAt: row.lapsedAt!.toISOString() })) }
}

export interface ListingStanding {
  /** Out of search and new bookings: since when, and why. */
  lapsed: { since: string; reason: string | null } | null
  /** What expires within EXPIRING_DAYS (or has expired), in her words, soonest first. */
  expiring: string[]
}

/** What her dashboard and her check's page say about dates coming near, and a lapse. */
export async function getListingStanding(nurseProfileId: number, now: Date, t?: Translate): Promise<ListingStanding> {
  const db = getDb()
  // Her days, in her profile's zone: a card is good through its expiry day where she lives.
  const [profile] = await db
    .select({ timeZone: nurseProfiles.timezone, lapsedAt: nurseProfiles.lapsedAt, reason: nurseProfiles.lapsedReason })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.id, nurseProfileId))
  const dayOf = (at: Date) => localToday(profile?.timeZone ?? DEFAULT_TIME_ZONE, at)
  const today = dayOf(now)
  const horizon = dayjs.utc(today).add(EXPIRING_DAYS, 'day').format('YYYY-MM-DD')
  const [checks, credentials] = await Promise.all([
    db
      .select({ status: backgroundChecks.status, expiresAt: backgroundChecks.expiresAt })
      .from(backgroundChecks)
      .where(eq(backgroundChecks.nurseProfileId, nurseProfileId))
      .orderBy(desc(backgroundChecks.id)),
    db
      .select({ kind: nurseCredentials.kind, status: nurseCredentials.status, expiresOn: nurseCredentials.expiresOn })
      .from(nurseCredentials)
      .where(and(eq(nurseCredentials.nurseProfileId, nurseProfileId), inArray(nurseCredentials.status, [...VALID_CREDENTIAL_STATUSES]), lte(nurseCredentials.expiresOn, horizon)))
      .orderBy(asc(nurseCredentials.expiresOn)),
  ])
  const lines: Array<[string, string]> = []
  // Her check: the latest passing one, unless a newer passing one replaced it.
  const passing = checks.find((check) => isPassingCheck(check.status))
  const checkEnds = passing?.expiresAt ? dayOf(passing.expiresAt) : null
  // With `t` (the nurse namespace), the lines in the reader's language.
  const what = (kind: string | null) => (kind === null ? (t ? t('expiry.what.check') : 'background check') : t ? t(`expiry.what.${kind}`) : CREDENTIAL_KIND_NAMES[kind as keyof typeof CREDENTIAL_KIND_NAMES])
  if (checkEnds && checkEnds <= horizon) lines.push([checkEnds, expiryLine(what(null), checkEnds, today, t)])
  for (const credential of credentials) lines.push([credential.expiresOn!, expiryLine(what(credential.kind), credential.expiresOn!, today, t)])

  lines.sort((a, b) => a[0].localeCompare(b[0]))
  return {
    lapsed: profile?.lapsedAt ? { since: profile.lapsedAt.toISOString(), reason: profile.reason } : null,
    expiring: lines.map(([, line]) => line),
  }
}
