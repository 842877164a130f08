// Expiry and re-checks (issue 35, docs/decisions/0062): the hourly sweep reminds a nurse 30 and 7
// days before her CPR card expires, once each however often it runs; on expiry the card turns
// 'expired' and she leaves search and new bookings but keeps her booked nights, and her families
// and the admins are told; a renewal brings her back. A check eleven months old orders the yearly
// re-check once, and a check whose webhook never came is re-read by the poll.
import { and, asc, eq, like } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { backgroundCheckEvents, backgroundChecks, bookingOccurrences, bookings, nurseCredentialEvents, nurseCredentials, nurseProfiles, outboxEmails, users, verificationNotices } from '../../app/db/schema'
import { NURSE_LAPSED } from '../../app/domain/bookings/bookings.server'
import { clearPublicNurseCache, getPublicProfile, listFeaturedNurses, listNurseCities, listPublicProfileSlugs, searchNurses } from '../../app/domain/nurses/nurses.server'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { moveOccurrence } from '../../app/domain/payments/move-night.server'
import { changeCredentialStatus, createCredential } from '../../app/domain/verification/credential-life-cycle.server'
import { localToday } from '../../app/domain/time/shift-times'
import { runVerificationSweep } from '../../app/domain/verification/expiry-sweep.server'
import { refreshListing } from '../../app/domain/verification/listing.server'
import { BookingRequestSchema } from '../../app/schemas/booking'
import * as searchApi from '../../app/api/nurses.search'
import * as adminChecksPage from '../../app/routes/admin.checks._index'
import * as dashboard from '../../app/routes/nurse.dashboard/route'
import { createBackgroundCheck, createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'

const db = () => getDb()
const DAY = 24 * 3600 * 1000
// The day in Boston, where these nurses live: a card is good through its expiry day in her zone.
const dayOf = (at: Date) => localToday('America/New_York', at)

async function subjectsTo(address: string) {
  const rows = await db().select({ subject: outboxEmails.subject }).from(outboxEmails).where(eq(outboxEmails.toAddress, address)).orderBy(asc(outboxEmails.id))
  return rows.map((row) => row.subject)
}

async function searchIds(): Promise<number[]> {
  clearPublicNurseCache()
  const response = await call(searchApi.loader, makeRequest('/_api/nurses/search?location=Boston%2C%20MA'))
  expect(response.status).toBe(200)
  return ((await response.json()) as { nurses: { id: number }[] }).nurses.map((nurse) => nurse.id)
}

/** A current CPR card, as a registry or an admin leaves it. */
async function cprCard(nurseProfileId: number, expiresOn: string, now: Date) {
  const card = await createCredential(db(), { nurseProfileId, kind: 'CPR', number: null, issuer: 'American Red Cross', expiresOn, documentFileId: null, actorId: null, now })
  expect(await changeCredentialStatus(db(), { credentialId: card.id, to: 'current', cause: 'admin', actorId: null, action: 'confirmed', now })).toBe(true)
  return card.id
}

beforeEach(() => clearPublicNurseCache())


describe('a CPR card expiring', () => {
  test('reminds her at 30 and 7 days once each; on expiry she leaves search and new bookings, keeps her nights, and comes back on renewal', async () => {
    const now = new Date()
    const [nightA, nightB, laterNight] = futureDates(40, 41, 45)
    const nurse = await createNurse({ name: 'Ada Lapse', openDates: [laterNight] })
    const other = await createNurse({ name: 'Bea Listed' })
    await createBackgroundCheck(nurse.id)
    await createBackgroundCheck(other.id)
    const admin = await createUser({ role: 'admin', email: 'admin.one@example.com' })
    const parent = await createUser({ displayName: 'Pat Family', email: 'pat.family@example.com' })
    const booked = await createBooking({ nurse, parent, dates: [nightA, nightB] })
    const cardId = await cprCard(nurse.id, dayOf(new Date(now.getTime() + 30 * DAY)), now)

    // 30 days before: the card turns 'expiring' and the first reminder goes, once however often the sweep runs.
    await runVerificationSweep(now)
    await runVerificationSweep(now)
    const [card] = await db().select().from(nurseCredentials).where(eq(nurseCredentials.id, cardId))
    expect(card.status).toBe('expiring')
    expect(await subjectsTo(nurse.email)).toEqual(['Your Infant CPR / NRP card expires in 30 days'])

    // 7 days before: the last reminder, once.
    const weekBefore = new Date(now.getTime() + 23 * DAY)
    await runVerificationSweep(weekBefore)
    await runVerificationSweep(weekBefore)
    expect(await subjectsTo(nurse.email)).toEqual(['Your Infant CPR / NRP card expires in 30 days', 'Your Infant CPR / NRP card expires in 7 days'])
    expect(await searchIds()).toContain(nurse.id)

    // The day after its expiry day: expired, and she is out of search and new bookings.
    const after = new Date(now.getTime() + 31 * DAY)
    const nightsBefore = await db().select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, booked.id)).orderBy(asc(bookingOccurrences.id))
    const first = await runVerificationSweep(after)
    const second = await runVerificationSweep(after)
    expect(first).toMatchObject({ credentialsMoved: 1, lapsed: 1 })
    expect(second).toMatchObject({ credentialsMoved: 0, noticesSent: 0, lapsed: 0 })
    const [expired] = await db().select().from(nurseCredentials).where(eq(nurseCredentials.id, cardId))
    expect(expired.status).toBe('expired')
    const [profile] = await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    expect(profile.lapsedAt).not.toBeNull()
    expect(profile.lapsedReason).toBe('Infant CPR / NRP card expired')
    expect(profile.verificationStatus).toBe('approved')

    // Out of search: the domain's search, the /_api call, featured, cities and the sitemap; the other nurse stays.
    expect((await searchNurses({ location: 'Boston, MA', limit: 50, offset: 0 })).map((n) => n.id)).toEqual([other.id])
    expect(await searchIds()).toEqual([other.id])
    expect((await listFeaturedNurses(12)).map((n) => n.id)).toEqual([other.id])
    expect((await listPublicProfileSlugs()).map((row) => row.slug)).toEqual([other.slug])
    expect(await listNurseCities()).toHaveLength(1)
    // Her page still shows, without booking.
    expect(await getPublicProfile(nurse.slug)).toMatchObject({ nurseId: nurse.id, takingBookings: false })

    // A new booking is refused, with why.
    const family = await createUser()
    const refused = await bookNights(family, BookingRequestSchema.parse(bookingPayload(nurse.id, [laterNight])), { now })
    expect(refused).toMatchObject({ ok: false, status: 409, error: NURSE_LAPSED })

    // Nor may a family move a booked night to a date she was not booked for.
    const moved = await moveOccurrence({ parentId: parent.id, bookingId: booked.id, occurrenceId: booked.occurrenceIds[0], date: laterNight, now })
    expect(moved).toMatchObject({ ok: false, status: 409, error: NURSE_LAPSED })

    // Her booked nights and their booking are untouched.
    const nightsAfter = await db().select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, booked.id)).orderBy(asc(bookingOccurrences.id))
    expect(nightsAfter).toEqual(nightsBefore)
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, booked.id))
    expect(booking.status).toBe('confirmed')

    // She, the family with nights ahead and the admins were told, once.
    expect((await subjectsTo(nurse.email)).slice(2)).toEqual(['Your Infant CPR / NRP card has expired', 'Your profile is out of search until you renew'])
    expect(await subjectsTo(parent.email)).toEqual(['Ada Lapse: your booked nights stay booked'])
    expect(await subjectsTo(admin.email)).toEqual(['Out of search: Ada Lapse'])
    const [familyMail] = await db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, parent.email))
    expect(familyMail.textBody).toContain('Her nights with you stay booked: 2 nights')

    // Her dashboard says so, and the admins' page lists her.
    const page = await call(dashboard.loader, makeRequest('/nurse/dashboard', { cookie: await cookieFor(nurse.userId) }))
    expect(await page.json()).toMatchObject({ listing: { lapsed: { reason: 'Infant CPR / NRP card expired' } } })
    const adminPage = await call(adminChecksPage.loader, makeRequest('/admin/checks', { cookie: await cookieFor(admin.id) }))
    expect(await adminPage.json()).toMatchObject({ lapsed: { rows: [{ nurseProfileId: nurse.id, reason: 'Infant CPR / NRP card expired' }], totalRows: 1 } })

    // The renewed card, confirmed: she is back in search at once, and told.
    await cprCard(nurse.id, dayOf(new Date(now.getTime() + 400 * DAY)), after)
    expect(await refreshListing(nurse.id, after)).toBe('relisted')
    expect(await searchIds()).toEqual(expect.arrayContaining([nurse.id, other.id]))
    expect(await getPublicProfile(nurse.slug)).toMatchObject({ takingBookings: true })
    expect((await subjectsTo(nurse.email)).at(-1)).toBe('Your profile is back in search')
    expect((await bookNights(family, BookingRequestSchema.parse(bookingPayload(nurse.id, [laterNight])), { now })).ok).toBe(true)
    // The sweep leaves her listed.
    expect(await runVerificationSweep(after)).toMatchObject({ lapsed: 0, relisted: 0 })
  })
})

test('each reads the expiry and the lapse in their own language: Spanish words and dates for those who read Spanish', async () => {
  const now = new Date()
  const [nightA] = futureDates(40)
  const nurse = await createNurse({ name: 'Lucía Vence' })
  await createBackgroundCheck(nurse.id)
  const admin = await createUser({ role: 'admin', email: 'admin.es@example.com' })
  const parent = await createUser({ displayName: 'Marta Familia', email: 'marta.familia@example.com' })
  for (const id of [nurse.userId, admin.id, parent.id]) await db().update(users).set({ language: 'es' }).where(eq(users.id, id))
  await createBooking({ nurse, parent, dates: [nightA] })
  await cprCard(nurse.id, dayOf(new Date(now.getTime() + 30 * DAY)), now)
  const mailTo = async (address: string) => db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, address)).orderBy(asc(outboxEmails.id))

  await runVerificationSweep(now)
  const [reminder] = await mailTo(nurse.email)
  expect(reminder.subject).toBe('Tu tarjeta de RCP infantil / NRP vence en 30 días')
  expect(reminder.textBody).toMatch(/Hola, Lucía Vence: tu tarjeta de RCP infantil \/ NRP vence en 30 días, el \d{1,2} de [a-z]+ de \d{4}\./)
  expect(reminder.htmlBody).toContain('<html lang="es">')

  await runVerificationSweep(new Date(now.getTime() + 31 * DAY))
  expect((await mailTo(nurse.email)).map((mail) => mail.subject).slice(1)).toEqual(['Tu tarjeta de RCP infantil / NRP venció', 'Tu perfil está fuera de la búsqueda hasta que renueves'])
  expect((await mailTo(nurse.email))[2].textBody).toContain('no pueden reservar noches nuevas contigo: tarjeta de RCP infantil / NRP vencida.')
  const [familyMail] = await mailTo(parent.email)
  expect(familyMail.subject).toBe('Lucía Vence: tus noches reservadas siguen reservadas')
  expect(familyMail.textBody).toMatch(/Sus noches contigo siguen reservadas: 1 noche, la próxima el \d{1,2} de [a-z]+ de \d{4}\./)
  const [adminMail] = await mailTo(admin.email)
  expect(adminMail.subject).toBe('Fuera de la búsqueda: Lucía Vence')
  expect(adminMail.textBody).toContain('Tiene 1 noche reservada por delante')
})

test('a card is good through its expiry day where she lives: in Los Angeles it expires at her midnight, not UTC’s', async () => {
  const nurse = await createNurse({ name: 'Lucia Westcoast', baseLocation: 'Los Angeles, CA 90012' })
  await createBackgroundCheck(nurse.id, { completedAt: new Date('2027-01-10T12:00:00Z') })
  const cardId = await cprCard(nurse.id, '2027-06-30', new Date('2027-05-20T12:00:00Z'))
  const statusOf = async () => (await db().select().from(nurseCredentials).where(eq(nurseCredentials.id, cardId)))[0].status
  // 8 PM on 30 June in Los Angeles is already 1 July in UTC: her card still holds.
  await runVerificationSweep(new Date('2027-07-01T03:00:00Z'))
  expect(await statusOf()).toBe('expiring')
  expect((await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id)))[0].lapsedAt).toBeNull()
  // 1 AM on 1 July in Los Angeles: expired, and she is out.
  await runVerificationSweep(new Date('2027-07-01T08:00:00Z'))
  expect(await statusOf()).toBe('expired')
  expect((await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id)))[0].lapsedAt).not.toBeNull()
})

test("the board's registry is asked again when a license's expiry comes near, and the day it was checked moves on", async () => {
  const nurse = await createNurse({ name: 'Rhea Registry' })
  await createBackgroundCheck(nurse.id)
  const listedAt = new Date(Date.now() - 300 * DAY)
  const license = await createCredential(db(), { nurseProfileId: nurse.id, kind: 'RN', number: 'RN-204411', issuer: 'MA', expiresOn: dayOf(new Date(Date.now() + 20 * DAY)), documentFileId: null, actorId: null, now: listedAt })
  expect(await changeCredentialStatus(db(), { credentialId: license.id, to: 'current', cause: 'registry', actorId: null, action: 'looked-up', values: { lookupOutcome: 'active', lookupSource: 'test', checkedAt: listedAt }, now: listedAt })).toBe(true)

  const now = new Date()
  await runVerificationSweep(now)
  const [after] = await db().select().from(nurseCredentials).where(eq(nurseCredentials.id, license.id))
  expect(after).toMatchObject({ status: 'expiring', lookupOutcome: 'active' })
  expect(after.checkedAt?.getTime()).toBe(now.getTime())
  const log = await db().select().from(nurseCredentialEvents).where(eq(nurseCredentialEvents.credentialId, license.id)).orderBy(asc(nurseCredentialEvents.id))
  expect(log.map((event) => [event.action, event.toStatus])).toEqual([
    ['listed', 'submitted'],
    ['looked-up', 'current'],
    ['looked-up', 'expiring'],
    ['notice-reminder-30', null],
  ])
})

test('a license a registry already said expired takes her out on the next sweep', async () => {
  const now = new Date()
  const nurse = await createNurse({ name: 'Fay Registry' })
  const license = await createCredential(db(), { nurseProfileId: nurse.id, kind: 'RN', number: 'EXP1', issuer: 'IL', expiresOn: null, documentFileId: null, actorId: null, now })
  expect(await changeCredentialStatus(db(), { credentialId: license.id, to: 'expired', cause: 'registry', actorId: null, action: 'looked-up', now })).toBe(true)
  expect(await runVerificationSweep(now)).toMatchObject({ lapsed: 1 })
  expect(await runVerificationSweep(now)).toMatchObject({ lapsed: 0 })
  const [profile] = await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
  expect(profile.lapsedReason).toBe('RN license expired')
})

describe('background checks', () => {
  test('a check eleven months old orders the yearly re-check once, under her standing authorization', async () => {
    const now = new Date()
    const nurse = await createNurse({ name: 'Cora Yearly' })
    const elevenMonths = new Date(now)
    elevenMonths.setUTCMonth(elevenMonths.getUTCMonth() - 11)
    const oldId = await createBackgroundCheck(nurse.id, { completedAt: new Date(elevenMonths.getTime() - DAY) })
    // A nurse whose re-check is already under way is not ordered another.
    const busy = await createNurse({ name: 'Dora Busy' })
    await createBackgroundCheck(busy.id, { completedAt: new Date(elevenMonths.getTime() - DAY) })
    await createBackgroundCheck(busy.id, { status: 'pending' })

    const first = await runVerificationSweep(now)
    const second = await runVerificationSweep(now)
    expect(first.rechecksOrdered).toBe(1)
    expect(second.rechecksOrdered).toBe(0)
    const checks = await db().select().from(backgroundChecks).where(eq(backgroundChecks.nurseProfileId, nurse.id)).orderBy(asc(backgroundChecks.id))
    expect(checks).toHaveLength(2)
    const [old, recheck] = checks
    expect(recheck).toMatchObject({ status: 'clear', consentName: old.consentName, consentedAt: old.consentedAt })
    const events = await db().select().from(backgroundCheckEvents).where(eq(backgroundCheckEvents.checkId, recheck.id)).orderBy(asc(backgroundCheckEvents.id))
    expect(events[0]).toMatchObject({ action: 'ordered', actorId: null })
    expect(await db().select().from(verificationNotices).where(and(eq(verificationNotices.subjectId, oldId), eq(verificationNotices.notice, 'recheck')))).toHaveLength(1)
    expect(await subjectsTo(nurse.email)).toEqual(['Your yearly background re-check has started'])
    expect(await db().select().from(backgroundChecks).where(eq(backgroundChecks.nurseProfileId, busy.id))).toHaveLength(2)
    // Her old check ends within the month: one reminder, which says her check under way stands for the re-check.
    const busyMail = await db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, busy.email))
    expect(busyMail.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your background check expires in (2[89]|30) days$/)])
    expect(busyMail[0].textBody).toContain('Your next check is under way.')

    // The old check's end passes with the re-check clear: she stays listed.
    const pastOld = new Date(old.expiresAt!.getTime() + DAY)
    expect(await runVerificationSweep(pastOld)).toMatchObject({ lapsed: 0 })
    const [profile] = await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    expect(profile.lapsedAt).toBeNull()
  })

  test('a passing check that expires with no new one takes her out of search; a new clear check brings her back', async () => {
    const now = new Date()
    const nurse = await createNurse({ name: 'Eve Expired' })
    const completedAt = new Date(now)
    completedAt.setUTCMonth(completedAt.getUTCMonth() - 12)
    const checkId = await createBackgroundCheck(nurse.id, { completedAt: new Date(completedAt.getTime() - DAY) })
    // An admin let her re-check lapse (none could be ordered): the claim stands for it.
    await db().insert(verificationNotices).values({ subject: 'check', subjectId: checkId, notice: 'recheck' })
    expect(await runVerificationSweep(now)).toMatchObject({ lapsed: 1, rechecksOrdered: 0 })
    expect(await searchIds()).not.toContain(nurse.id)
    const [profile] = await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    expect(profile.lapsedReason).toBe('Background check expired')

    // A stuck check whose report is complete at the provider: the poll applies it, and she is back.
    await createBackgroundCheck(nurse.id, { status: 'pending' })
    expect(await runVerificationSweep(now)).toMatchObject({ checksPolled: 0 })
    const later = new Date(now.getTime() + 7 * 3600 * 1000)
    expect(await runVerificationSweep(later)).toMatchObject({ checksPolled: 1 })
    const [renewed] = await db().select().from(backgroundChecks).where(eq(backgroundChecks.nurseProfileId, nurse.id)).orderBy(asc(backgroundChecks.id)).offset(1)
    expect(renewed.status).toBe('clear')
    const [after] = await db().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    expect(after.lapsedAt).toBeNull()
    expect(await searchIds()).toContain(nurse.id)
    expect(await db().select().from(outboxEmails).where(like(outboxEmails.subject, 'Your profile is back in search'))).toHaveLength(1)
  })
})
