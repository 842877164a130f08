// The morning night report (issue 16; rules: night-report-rules.ts). The nurse writes it from her
// dashboard; the family reads it on the booking's page, on their dashboard, by e-mail (when they
// want it) and in the booking's night-reports PDF. Every read is scoped by the acting user: a night
// or booking of someone else answers as missing.
import { and, desc, eq, getTableColumns, gte, inArray, isNull, lte, sql } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { preparedPerDatabase } from '../../db/prepared.server'
import { bookingOccurrences, bookings, nightReports, notificationPreferences, nurseProfiles, sentNotifications } from '../../db/schema'
import { joinBookingPeople, nurseUsers, parentUsers } from '../bookings/booking-people.server'
import { paidBooking, workedNight } from '../bookings/life-cycle.server'
import { firstName } from '../accounts/display-name'
import { sendEmail } from '../notifications/email.server'
import { pushLater } from '../notifications/push.server'
import { nightReportEmail, nightReportReminderEmail } from './night-report-emails'
import type { NightReportInput } from '../../schemas/night-reports'
import { renderNightReportsPdf } from './night-report-pdf.server'
import { filingDecision, REPORT_REMINDER_AFTER_HOURS, REPORT_WINDOW_DAYS, reportProblem, type ParentNightReport } from './night-report-rules'

export const REPORT_NOT_FOUND = 'This night could not be found.'
export const REPORT_REMINDER_KIND = 'night-report-reminder'
const HOUR_MS = 60 * 60 * 1000

export type NightReportRow = typeof nightReports.$inferSelect

export interface ReportNight {
  occurrenceId: number
  bookingId: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  status: string
  startsAt: Date
  endsAt: Date
  timezone: string
  /** The family's first name only (the nurse's view). */
  parentFirstName: string
  nurseName: string
}

/** A night of this nurse's, with its report; null when it is not hers (so 404). */
export async function getNightForReport(nurseUserId: number, occurrenceId: number) {
  const selected = getDb()
    .select({
      night: bookingOccurrences,
      booking: bookings,
      parentName: parentUsers.displayName,
      nurseName: nurseUsers.displayName,
      nurseUserId: nurseUsers.id,
      report: nightReports,
    })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .leftJoin(nightReports, eq(nightReports.occurrenceId, bookingOccurrences.id))
    .$dynamic()
  const [row] = await joinBookingPeople(selected).where(eq(bookingOccurrences.id, occurrenceId))
  if (!row || row.nurseUserId !== nurseUserId) return null
  const night: ReportNight = {
    occurrenceId: row.night.id,
    bookingId: row.booking.id,
    date: row.night.date,
    startTimeLocal: row.night.startTimeLocal,
    endTimeLocal: row.night.endTimeLocal,
    status: row.night.status,
    startsAt: row.night.startsAt,
    endsAt: row.night.endsAt,
    timezone: row.booking.timezone,
    parentFirstName: firstName(row.booking.contactName || row.parentName),
    nurseName: row.nurseName,
  }
  return { night, report: row.report, bookingStatus: row.booking.status }
}

export type FileReportResult =
  | { ok: true; created: boolean; alreadyReceived: boolean; report: NightReportRow }
  | { ok: false; status: 404 | 409; error: string }

/**
 * The nurse files (or corrects) a night's report. The first filing e-mails the family, when they
 * want night reports; a correction does not e-mail again. A filing sent again with the key of the
 * one applied last (`submissionKey`, made by the nurse's phone) changes nothing and answers
 * `alreadyReceived`, however often it comes, even at once from two connections.
 */
export async function fileNightReport(
  nurseUserId: number,
  occurrenceId: number,
  input: NightReportInput,
  now: Date = new Date(),
  submissionKey: string | null = null,
): Promise<FileReportResult> {
  const found = await getNightForReport(nurseUserId, occurrenceId)
  if (!found) return { ok: false, status: 404, error: REPORT_NOT_FOUND }
  if (found.report && filingDecision(found.report.submissionKey, submissionKey) === 'already-received') {
    return { ok: true, created: false, alreadyReceived: true, report: found.report }
  }
  const problem = reportProblem(found.bookingStatus, found.night, now)
  if (problem) return { ok: false, status: 409, error: problem }
  const [nurse] = await getDb().select({ id: nurseProfiles.id }).from(nurseProfiles).where(eq(nurseProfiles.userId, nurseUserId))
  const values = {
    feeds: input.feeds,
    wetDiapers: input.wetDiapers,
    dirtyDiapers: input.dirtyDiapers,
    sleeps: input.sleeps,
    notes: input.notes,
    submissionKey,
    updatedAt: now,
  }
  // `xmax = 0` is PostgreSQL's way of telling an inserted row from an updated one. A repeat that
  // raced the first filing finds its key already stored: the update is skipped, no row returns.
  const [saved] = await getDb()
    .insert(nightReports)
    .values({ occurrenceId, bookingId: found.night.bookingId, nurseId: nurse.id, ...values, createdAt: now })
    .onConflictDoUpdate({
      target: nightReports.occurrenceId,
      set: values,
      setWhere: submissionKey ? sql`${nightReports.submissionKey} is distinct from ${submissionKey}` : undefined,
    })
    .returning({ ...getTableColumns(nightReports), inserted: sql<boolean>`(xmax = 0)` })
  if (!saved) {
    const [report] = await getDb().select().from(nightReports).where(eq(nightReports.occurrenceId, occurrenceId))
    return { ok: true, created: false, alreadyReceived: true, report }
  }
  const { inserted, ...report } = saved
  if (inserted) await sendNightReportEmail(occurrenceId)
  return { ok: true, created: inserted, alreadyReceived: false, report }
}

export type { ParentNightReport } from './night-report-rules'

/** Who asks for a booking's reports: its parent, or an admin (decision 0029). */
export interface ReportReader {
  id: number
  role: 'parent' | 'nurse' | 'admin'
}

async function isReaderOfBooking(reader: ReportReader, bookingId: number): Promise<boolean> {
  if (reader.role !== 'parent' && reader.role !== 'admin') return false
  const ownBooking = reader.role === 'admin' ? undefined : eq(bookings.parentId, reader.id)
  const [booking] = await getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), ownBooking))
  return Boolean(booking)
}

/**
 * A booking's reports, in night order, for a reader already known to be allowed: the booking's
 * page reads the booking by its parent first (isReaderOfBooking answers for any other caller).
 */
export async function listReportsOfBooking(bookingId: number): Promise<ParentNightReport[]> {
  const rows = await getDb()
    .select({ report: nightReports, night: bookingOccurrences })
    .from(nightReports)
    .innerJoin(bookingOccurrences, eq(bookingOccurrences.id, nightReports.occurrenceId))
    .where(eq(nightReports.bookingId, bookingId))
    .orderBy(bookingOccurrences.startsAt)
  return rows.map(({ report, night }) => ({
    ...report,
    date: night.date,
    startTimeLocal: night.startTimeLocal,
    endTimeLocal: night.endTimeLocal,
  }))
}

/**
 * The booking's reports as a PDF for its parent or an admin (decision 0029); null when the reader
 * may not read the booking or it has none.
 */
export async function getNightReportsPdf(reader: ReportReader, bookingId: number): Promise<Uint8Array | null> {
  if (!(await isReaderOfBooking(reader, bookingId))) return null
  const reports = await listReportsOfBooking(bookingId)
  if (!reports.length) return null
  const selected = getDb().select({ timezone: bookings.timezone, nurseName: nurseUsers.displayName }).from(bookings).$dynamic()
  const [booking] = await joinBookingPeople(selected).where(eq(bookings.id, bookingId))
  return renderNightReportsPdf({ bookingId, nurseName: booking.nurseName, timezone: booking.timezone, reports, createdAt: new Date() })
}

/** The parent's latest reports, newest night first, for their dashboard. */
export async function latestReportsForParent(parentId: number, limit = 3) {
  const rows = await latestReportsQuery().execute({ parentId, limit })
  return rows.map(({ report, night, nurseName }) => ({
    ...report,
    date: night.date,
    startTimeLocal: night.startTimeLocal,
    endTimeLocal: night.endTimeLocal,
    nurseName,
  }))
}

// Read on every parent's dashboard: built once.
const latestReportsQuery = preparedPerDatabase((db) =>
  db
    .select({ report: nightReports, night: bookingOccurrences, nurseName: nurseUsers.displayName })
    .from(nightReports)
    .innerJoin(bookingOccurrences, eq(bookingOccurrences.id, nightReports.occurrenceId))
    .innerJoin(bookings, eq(bookings.id, nightReports.bookingId))
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, nightReports.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
    .where(eq(bookings.parentId, sql.placeholder('parentId')))
    .orderBy(desc(bookingOccurrences.startsAt))
    .limit(sql.placeholder('limit'))
    .prepare('latest_reports_for_parent'),
)

/** The nurse's nights that have a report (her past nights table links to them). */
export async function reportedNightsOfNurse(nurseUserId: number): Promise<Set<number>> {
  const rows = await getDb()
    .select({ id: nightReports.occurrenceId })
    .from(nightReports)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, nightReports.nurseId))
    .where(eq(nurseProfiles.userId, nurseUserId))
  return new Set(rows.map((row) => row.id))
}

/** Which of these nights already have a report (the nurse's nights table). */
export async function reportedNightIds(occurrenceIds: readonly number[]): Promise<Set<number>> {
  if (occurrenceIds.length === 0) return new Set()
  const rows = await getDb()
    .select({ id: nightReports.occurrenceId })
    .from(nightReports)
    .where(inArray(nightReports.occurrenceId, [...occurrenceIds]))
  return new Set(rows.map((row) => row.id))
}

/** Nights a report can be written for and has not been: begun, within the window, went ahead. */
function awaitingReport(now: Date) {
  return and(
    workedNight(),
    paidBooking(),
    lte(bookingOccurrences.startsAt, now),
    gte(bookingOccurrences.endsAt, new Date(now.getTime() - REPORT_WINDOW_DAYS * 24 * HOUR_MS)),
    isNull(nightReports.id),
  )
}

/** The nurse's nights waiting for their report, latest first (her dashboard's reminder). */
export async function nightsAwaitingReport(nurseUserId: number, now: Date) {
  return getDb()
    .select({
      occurrenceId: bookingOccurrences.id,
      date: bookingOccurrences.date,
      startTimeLocal: bookingOccurrences.startTimeLocal,
      endTimeLocal: bookingOccurrences.endTimeLocal,
    })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookingOccurrences.nurseId))
    .leftJoin(nightReports, eq(nightReports.occurrenceId, bookingOccurrences.id))
    .where(and(eq(nurseProfiles.userId, nurseUserId), awaitingReport(now)))
    .orderBy(desc(bookingOccurrences.startsAt))
    .limit(20)
}

/**
 * The reminder job: a night that ended 12 hours ago with no report reminds its nurse, once
 * (sent_notifications' unique night and kind), however many servers run it.
 */
export async function remindMissingReports(now: Date = new Date()): Promise<number> {
  const db = getDb()
  const due = await db
    .select({ occurrenceId: bookingOccurrences.id, bookingId: bookings.id })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .leftJoin(nightReports, eq(nightReports.occurrenceId, bookingOccurrences.id))
    .leftJoin(
      sentNotifications,
      and(eq(sentNotifications.occurrenceId, bookingOccurrences.id), eq(sentNotifications.kind, REPORT_REMINDER_KIND)),
    )
    .where(
      and(
        awaitingReport(now),
        lte(bookingOccurrences.endsAt, new Date(now.getTime() - REPORT_REMINDER_AFTER_HOURS * HOUR_MS)),
        isNull(sentNotifications.id),
      ),
    )
    .limit(200)
  let sent = 0
  for (const night of due) {
    const found = await nightAndPeople(night.occurrenceId)
    if (!found) continue
    const [claimed] = await db
      .insert(sentNotifications)
      .values({ userId: found.nurseUserId, bookingId: night.bookingId, occurrenceId: night.occurrenceId, kind: REPORT_REMINDER_KIND, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: sentNotifications.id })
    if (!claimed) continue
    pushLater({ kind: 'report-reminder', nurseUserId: found.nurseUserId, occurrenceId: night.occurrenceId, nightDate: found.emailNight.date })
    try {
      await sendEmail(
        found.nurseEmail,
        (t) => nightReportReminderEmail({
          origin: getConfig().APP_ORIGIN,
          nurseName: firstName(found.nurseName),
          parentFirstName: found.parentFirstName,
          night: found.emailNight,
          occurrenceId: night.occurrenceId,
        }, t),
      )
      sent++
    } catch (error) {
      console.error(`The report reminder of night ${night.occurrenceId} could not be sent:`, error)
    }
  }
  return sent
}

async function nightAndPeople(occurrenceId: number) {
  const selected = getDb()
    .select({
      night: bookingOccurrences,
      booking: bookings,
      parentEmail: parentUsers.email,
      parentName: parentUsers.displayName,
      parentId: parentUsers.id,
      nurseEmail: nurseUsers.email,
      nurseName: nurseUsers.displayName,
      nurseUserId: nurseUsers.id,
      wantsReports: notificationPreferences.nightReports,
    })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .$dynamic()
  const [row] = await joinBookingPeople(selected)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, bookings.parentId))
    .where(eq(bookingOccurrences.id, occurrenceId))
  if (!row) return null
  return {
    ...row,
    parentFirstName: firstName(row.booking.contactName || row.parentName),
    emailNight: { ...row.night, timezone: row.booking.timezone },
  }
}

/** The family reads the report by e-mail when they want night reports. Never fails the filing. */
async function sendNightReportEmail(occurrenceId: number) {
  try {
    const found = await nightAndPeople(occurrenceId)
    if (!found || found.wantsReports === false) return
    const [report] = await getDb().select().from(nightReports).where(eq(nightReports.occurrenceId, occurrenceId))
    await sendEmail(
      found.parentEmail,
      (t) => nightReportEmail({
        origin: getConfig().APP_ORIGIN,
        parentName: found.parentFirstName,
        nurseName: found.nurseName,
        bookingId: found.booking.id,
        night: found.emailNight,
        report,
      }, t),
    )
  } catch (error) {
    console.error(`The night report e-mail of night ${occurrenceId} could not be sent:`, error)
  }
}
