// The daily work of verification (docs/decisions/0062), run every hour by app/jobs.server.ts:
// credentials move to 'expiring' and 'expired' by the calendar, reminders go out 30 and 7 days
// before a credential or a background check expires and on the day, the yearly re-check is
// ordered eleven months after a check completed, lapses are applied, and checks whose webhook
// never came are re-read from the provider. Safe on several servers at once and run twice: each
// notice is claimed by a row of verification_notices (a unique index: the insert that wins sends
// it), status changes are guarded by the life cycles, and each part reads a bounded batch that
// leaves out what is done, so every run makes progress and stays short.
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { backgroundChecks, nurseCredentials, nurseProfiles, users, verificationNotices } from '../../db/schema'
import { sendEmail } from '../notifications/email.server'
import { dayjs } from '../time/night-instants'
import { localToday } from '../time/shift-times'
import { refreshCheck, orderRecheck } from './background-checks.server'
import { OPEN_CHECK_STATUSES, PASSING_CHECK_STATUSES } from './check-life-cycle'
import { updateCheckDetails } from './check-life-cycle.server'
import {
  daysUntil,
  DEPENDED_ON_KINDS,
  EXPIRING_DAYS,
  isDependedOnKind,
  isLicenseKind,
  isValidCredential,
  LAST_REMINDER_DAYS,
  statusByCalendar,
  VALID_CREDENTIAL_STATUSES,
} from './credential-life-cycle'
import { changeCredentialStatus, logCredentialEvent } from './credential-life-cycle.server'
import { checkNoticeDue, credentialNoticeDue, RECHECK_AFTER_MONTHS, STALE_CHECK_HOURS, utcDay, type ExpiryNotice } from './expiry'
import { checkReminderEmail, credentialExpiredEmail, credentialReminderEmail, recheckOrderedEmail } from './expiry-emails'
import { recheckLicense } from './credentials.server'
import { refreshListing } from './listing.server'

/** Rows one part of one run reads at most: the rest wait for the next run, an hour later. */
export const SWEEP_BATCH = 200

export interface SweepResult {
  credentialsMoved: number
  noticesSent: number
  rechecksOrdered: number
  checksPolled: number
  lapsed: number
  relisted: number
}

/** Claims a notice: true for the one caller whose insert made the row (it sends), false for the rest. */
async function claimNotice(subject: 'check' | 'credential', subjectId: number, notice: ExpiryNotice, now: Date): Promise<boolean> {
  const rows = await getDb().insert(verificationNotices).values({ subject, subjectId, notice, sentAt: now }).onConflictDoNothing().returning({ id: verificationNotices.id })
  return rows.length > 0
}

/** Gives a claim back (the re-check could not be ordered): the next run tries again. */
async function releaseNotice(subject: 'check' | 'credential', subjectId: number, notice: ExpiryNotice) {
  await getDb()
    .delete(verificationNotices)
    .where(and(eq(verificationNotices.subject, subject), eq(verificationNotices.subjectId, subjectId), eq(verificationNotices.notice, notice)))
}

const noticeSent = (subject: 'check' | 'credential', subjectId: ReturnType<typeof sql>, notice: ExpiryNotice) =>
  getDb()
    .select({ one: sql`1` })
    .from(verificationNotices)
    .where(and(eq(verificationNotices.subject, subject), eq(verificationNotices.subjectId, subjectId), eq(verificationNotices.notice, notice)))

export async function runVerificationSweep(now: Date): Promise<SweepResult> {
  const result: SweepResult = { credentialsMoved: 0, noticesSent: 0, rechecksOrdered: 0, checksPolled: 0, lapsed: 0, relisted: 0 }
  const touched = new Set<number>()
  await sweepCredentials(now, result, touched)
  await sweepChecks(now, result, touched)
  await pollStaleChecks(now, result)
  for (const nurseProfileId of await listedWithLapsedCredentials()) touched.add(nurseProfileId)
  for (const nurseProfileId of touched) {
    const change = await refreshListing(nurseProfileId, now)
    if (change === 'lapsed') result.lapsed += 1
    if (change === 'relisted') result.relisted += 1
  }
  return result
}

/**
 * (c) Listed nurses with a depended-on credential a registry or an admin already ended (expired,
 * revoked) and none of that kind valid: the calendar did not touch them, yet they lapse too.
 */
async function listedWithLapsedCredentials(): Promise<number[]> {
  const db = getDb()
  const valid = alias(nurseCredentials, 'valid_credential')
  const rows = await db
    .selectDistinct({ id: nurseCredentials.nurseProfileId })
    .from(nurseCredentials)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, nurseCredentials.nurseProfileId))
    .where(
      and(
        eq(nurseProfiles.verificationStatus, 'approved'),
        isNull(nurseProfiles.lapsedAt),
        inArray(nurseCredentials.kind, [...DEPENDED_ON_KINDS]),
        inArray(nurseCredentials.status, ['expired', 'revoked']),
        notExists(
          db
            .select({ one: sql`1` })
            .from(valid)
            .where(and(eq(valid.nurseProfileId, nurseCredentials.nurseProfileId), eq(valid.kind, nurseCredentials.kind), inArray(valid.status, [...VALID_CREDENTIAL_STATUSES]))),
        ),
      ),
    )
    .limit(SWEEP_BATCH)
  return rows.map((row) => row.id)
}

/** (a) Valid credentials whose expiry is near or past, and whose due notice has not gone. */
async function sweepCredentials(now: Date, result: SweepResult, touched: Set<number>) {
  const db = getDb()
  // UTC's day is the latest of every US zone's: the window holds every credential due on her own
  // day, which decides below (a card is good through its expiry day where she lives).
  const today = utcDay(now)
  const firstReminderFrom = dayjs.utc(today).add(EXPIRING_DAYS, 'day').format('YYYY-MM-DD')
  const lastReminderFrom = dayjs.utc(today).add(LAST_REMINDER_DAYS, 'day').format('YYYY-MM-DD')
  const id = sql`${nurseCredentials.id}`
  const rows = await db
    .select({
      id: nurseCredentials.id,
      nurseProfileId: nurseCredentials.nurseProfileId,
      kind: nurseCredentials.kind,
      status: nurseCredentials.status,
      expiresOn: nurseCredentials.expiresOn,
      timeZone: nurseProfiles.timezone,
      name: users.displayName,
      email: users.email,
    })
    .from(nurseCredentials)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, nurseCredentials.nurseProfileId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(
      and(
        inArray(nurseCredentials.status, [...VALID_CREDENTIAL_STATUSES]),
        isNotNull(nurseCredentials.expiresOn),
        lte(nurseCredentials.expiresOn, firstReminderFrom),
        // Only what is still to do: an expiry to apply, a status to move, a reminder not sent.
        or(
          lt(nurseCredentials.expiresOn, today),
          eq(nurseCredentials.status, 'current'),
          and(gt(nurseCredentials.expiresOn, lastReminderFrom), notExists(noticeSent('credential', id, 'reminder-30'))),
          and(lte(nurseCredentials.expiresOn, lastReminderFrom), notExists(noticeSent('credential', id, 'reminder-7'))),
        ),
      ),
    )
    .orderBy(asc(nurseCredentials.expiresOn), asc(nurseCredentials.id))
    .limit(SWEEP_BATCH)

  const origin = getConfig().APP_ORIGIN
  for (const found of rows) {
    const herToday = localToday(found.timeZone, now)
    let row = found
    // Before the calendar moves a license toward its end, the board's registry is asked again:
    // one renewed there comes back current with its new expiry.
    if (isLicenseKind(row.kind) && statusByCalendar(row.expiresOn!, herToday) !== row.status) {
      const after = await recheckLicense(row.id, now)
      touched.add(row.nurseProfileId)
      // Revoked by the board, or gone: no reminder about a date any more.
      if (!after || (!isValidCredential(after.status) && after.status !== 'expired')) continue
      row = { ...row, status: after.status, expiresOn: after.expiresOn ?? row.expiresOn }
    }
    const expiresOn = row.expiresOn!
    const to = statusByCalendar(expiresOn, herToday)
    if (to !== row.status) {
      const moved = await changeCredentialStatus(db, {
        credentialId: row.id,
        to,
        cause: 'calendar',
        actorId: null,
        action: to === 'expired' ? 'expired' : 'expiring',
        now,
      })
      if (moved) result.credentialsMoved += 1
      touched.add(row.nurseProfileId)
    }
    const notice = credentialNoticeDue(expiresOn, herToday)
    if (!notice || !(await claimNotice('credential', row.id, notice, now))) continue
    const kind = row.kind
    const dependedOn = isDependedOnKind(row.kind)
    const url = `${origin}/nurse/credentials`
    await sendEmail(
      row.email,
      notice === 'expired'
        ? (t) => credentialExpiredEmail({ nurseName: row.name, kind, expiresOn, url, dependedOn }, t)
        : (t) => credentialReminderEmail({ nurseName: row.name, kind, expiresOn, daysLeft: daysUntil(expiresOn, herToday), url, dependedOn }, t),
    )
    await logCredentialEvent(db, { credentialId: row.id, actorId: null, action: `notice-${notice}`, now })
    result.noticesSent += 1
  }
}

/**
 * (b) Each nurse's latest passing check (no passing check after it) that is near its end: the
 * re-check eleven months after it completed, reminders 30 and 7 days before it expires, and its
 * expiry; each once.
 */
async function sweepChecks(now: Date, result: SweepResult, touched: Set<number>) {
  const db = getDb()
  const later = alias(backgroundChecks, 'later_check')
  const id = sql`${backgroundChecks.id}`
  const firstReminderAt = dayjs(now).add(EXPIRING_DAYS, 'day').toDate()
  const lastReminderAt = dayjs(now).add(LAST_REMINDER_DAYS, 'day').toDate()
  const recheckCompletedBy = dayjs(now).subtract(RECHECK_AFTER_MONTHS, 'month').toDate()
  const rows = await db
    .select({
      id: backgroundChecks.id,
      nurseProfileId: backgroundChecks.nurseProfileId,
      completedAt: backgroundChecks.completedAt,
      expiresAt: backgroundChecks.expiresAt,
      verificationStatus: nurseProfiles.verificationStatus,
      timeZone: nurseProfiles.timezone,
      name: users.displayName,
      email: users.email,
    })
    .from(backgroundChecks)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, backgroundChecks.nurseProfileId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(
      and(
        inArray(backgroundChecks.status, [...PASSING_CHECK_STATUSES]),
        isNotNull(backgroundChecks.completedAt),
        isNotNull(backgroundChecks.expiresAt),
        // An expiry a year gone was dealt with then.
        gte(backgroundChecks.expiresAt, dayjs(now).subtract(1, 'year').toDate()),
        or(lte(backgroundChecks.expiresAt, firstReminderAt), lte(backgroundChecks.completedAt, recheckCompletedBy)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(later)
            .where(and(eq(later.nurseProfileId, backgroundChecks.nurseProfileId), sql`${later.id} > ${backgroundChecks.id}`, inArray(later.status, [...PASSING_CHECK_STATUSES]))),
        ),
        or(
          and(eq(nurseProfiles.verificationStatus, 'approved'), lte(backgroundChecks.completedAt, recheckCompletedBy), notExists(noticeSent('check', id, 'recheck'))),
          and(gt(backgroundChecks.expiresAt, lastReminderAt), lte(backgroundChecks.expiresAt, firstReminderAt), notExists(noticeSent('check', id, 'reminder-30'))),
          and(gt(backgroundChecks.expiresAt, now), lte(backgroundChecks.expiresAt, lastReminderAt), notExists(noticeSent('check', id, 'reminder-7'))),
          and(lte(backgroundChecks.expiresAt, now), notExists(noticeSent('check', id, 'expired'))),
        ),
      ),
    )
    .orderBy(asc(backgroundChecks.expiresAt), asc(backgroundChecks.id))
    .limit(SWEEP_BATCH)

  const url = `${getConfig().APP_ORIGIN}/nurse/background-check`
  for (const row of rows) {
    const expiresAt = row.expiresAt!
    const timeZone = row.timeZone
    let recheckUnderWay = false
    // Only a listed nurse is re-checked: an applicant or a rejected nurse orders her own.
    if (row.verificationStatus === 'approved' && row.completedAt! <= recheckCompletedBy && (await claimNotice('check', row.id, 'recheck', now))) {
      const ordered = await orderRecheck({ nurseProfileId: row.nurseProfileId, afterCheckId: row.id, now })
      if (ordered.ok) {
        result.rechecksOrdered += 1
        recheckUnderWay = true
        await sendEmail(row.email, (t) => recheckOrderedEmail({ nurseName: row.name, expiresAt, timeZone, invitationUrl: ordered.invitationUrl, url }, t))
      } else if (ordered.status === 502) {
        // The provider was down: the next run tries again.
        await releaseNotice('check', row.id, 'recheck')
      }
      // Refused for an open check: she already has one under way, which stands for the re-check.
      touched.add(row.nurseProfileId)
    }
    const notice = checkNoticeDue(expiresAt, now)
    if (notice === 'expired') touched.add(row.nurseProfileId)
    if (!notice || !(await claimNotice('check', row.id, notice, now))) continue
    // A re-check that already came back passing makes the reminder moot.
    if (await hasPassingCheckAfter(row.nurseProfileId, row.id)) continue
    if (notice !== 'expired') {
      const daysLeft = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / (24 * 3600 * 1000)))
      const underWay = recheckUnderWay || (await hasOpenCheckAfter(row.nurseProfileId, row.id))
      await sendEmail(row.email, (t) => checkReminderEmail({ nurseName: row.name, expiresAt, timeZone, daysLeft, recheckUnderWay: underWay, url }, t))
      result.noticesSent += 1
    }
    // On the day itself her lapse e-mail (refreshListing) says it.
  }
}

async function hasPassingCheckAfter(nurseProfileId: number, checkId: number) {
  const [row] = await getDb()
    .select({ id: backgroundChecks.id })
    .from(backgroundChecks)
    .where(and(eq(backgroundChecks.nurseProfileId, nurseProfileId), sql`${backgroundChecks.id} > ${checkId}`, inArray(backgroundChecks.status, [...PASSING_CHECK_STATUSES])))
    .limit(1)
  return row !== undefined
}

async function hasOpenCheckAfter(nurseProfileId: number, checkId: number) {
  const [row] = await getDb()
    .select({ id: backgroundChecks.id })
    .from(backgroundChecks)
    .where(and(eq(backgroundChecks.nurseProfileId, nurseProfileId), sql`${backgroundChecks.id} > ${checkId}`, inArray(backgroundChecks.status, [...OPEN_CHECK_STATUSES])))
    .limit(1)
  return row !== undefined
}

/**
 * (d) Checks the provider has not moved for STALE_CHECK_HOURS are re-read by the sync the webhook
 * uses: a webhook that never came costs hours, not a nurse's application. A check left waiting for
 * her is touched when read, so the oldest are read first and each at most every few hours; one
 * ordered more than 60 days ago is left to her and the admins.
 */
async function pollStaleChecks(now: Date, result: SweepResult) {
  const db = getDb()
  const staleBefore = dayjs(now).subtract(STALE_CHECK_HOURS, 'hour').toDate()
  const rows = await db
    .select({ id: backgroundChecks.id })
    .from(backgroundChecks)
    .where(
      and(
        inArray(backgroundChecks.status, ['invited', 'pending']),
        lt(backgroundChecks.updatedAt, staleBefore),
        gte(backgroundChecks.createdAt, dayjs(now).subtract(60, 'day').toDate()),
      ),
    )
    .orderBy(asc(backgroundChecks.updatedAt))
    .limit(SWEEP_BATCH / 4)
  for (const row of rows) {
    try {
      await refreshCheck(row.id, now)
      await updateCheckDetails(db, row.id, {}, now)
      result.checksPolled += 1
    } catch (error) {
      // One provider error does not stop the others.
      console.error(`Re-reading background check ${row.id} failed:`, error)
    }
  }
}
