// The e-mails of paying nurses (issue 15): the nurse hears that a family's report holds a night,
// both sides hear an admin's decision, and the nurse hears when a payout could not be sent. An
// e-mail that cannot be sent is logged and never undoes what it reports.
import { eq } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { nurseProfiles, reservations, users } from '../../db/schema'
import { readNightPeople } from '../bookings/booking-people.server'
import { firstName } from '../accounts/display-name'
import { sendEmail } from '../notifications/email.server'
import { nightHeldEmail, payoutFailedEmail, problemResolvedEmail } from './payout-emails'
import type { EmailNight } from '../bookings/parent-emails'
import { settleNight } from './payout-rules'

async function nightAndPeople(occurrenceId: number) {
  const row = await readNightPeople(occurrenceId)
  if (!row) return null
  const night: EmailNight = { ...row.night, timezone: row.booking.timezone }
  return { ...row, emailNight: night, payoutCents: settleNight(row.night, row.booking)?.transferCents ?? 0 }
}

async function quietly(what: string, send: () => Promise<void>) {
  try {
    await send()
  } catch (error) {
    console.error(`The ${what} e-mail could not be sent:`, error)
  }
}

export async function sendNightHeldNotice(occurrenceId: number) {
  await quietly('payout-on-hold', async () => {
    const row = await nightAndPeople(occurrenceId)
    if (!row) return
    await sendEmail(
      row.nurseEmail,
      (t) => nightHeldEmail({
        origin: getConfig().APP_ORIGIN,
        nurseName: firstName(row.nurseName),
        parentFirstName: firstName(row.booking.contactName || row.parentName),
        night: row.emailNight,
        payoutCents: row.payoutCents,
      }, t),
    )
  })
}

export async function sendProblemResolvedNotices(occurrenceId: number, decision: 'release' | 'refund', refundCents: number) {
  await quietly('problem-resolved', async () => {
    const row = await nightAndPeople(occurrenceId)
    if (!row) return
    const origin = getConfig().APP_ORIGIN
    const common = { origin, night: row.emailNight, decision, refundCents, payoutCents: row.payoutCents }
    const parentName = firstName(row.booking.contactName || row.parentName)
    await sendEmail(
      row.nurseEmail,
      (t) => problemResolvedEmail({ ...common, recipient: 'nurse', name: firstName(row.nurseName), otherName: parentName }, t),
    )
    await sendEmail(
      row.parentEmail,
      (t) => problemResolvedEmail({ ...common, recipient: 'parent', name: parentName, otherName: row.nurseName }, t),
    )
  })
}

/** Tells the nurse a payout could not be sent: a night's, or a deposit a family left her (no night to name). */
export async function sendPayoutFailedNotice(
  payout: { occurrenceId: number | null; reservationId: number | null; amountCents: number },
  reason: string,
) {
  await quietly('payout-failed', async () => {
    const night = payout.occurrenceId !== null ? await nightAndPeople(payout.occurrenceId) : null
    const to = night ?? (await reservationNurse(payout.reservationId))
    if (!to) return
    await sendEmail(
      to.nurseEmail,
      (t) => payoutFailedEmail({
        origin: getConfig().APP_ORIGIN,
        nurseName: firstName(to.nurseName),
        amountCents: payout.amountCents,
        night: night?.emailNight ?? null,
        reason,
      }, t),
    )
  })
}

/** The nurse of a reservation, for a kept deposit's payout. */
async function reservationNurse(reservationId: number | null) {
  if (reservationId === null) return null
  const [row] = await getDb()
    .select({ nurseEmail: users.email, nurseName: users.displayName })
    .from(reservations)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, reservations.nurseId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(reservations.id, reservationId))
  return row ?? null
}
