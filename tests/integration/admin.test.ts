// The admin side: who may call what, the stats, lists with their filters and pages, the booking
// status change and the verification decision with their audit rows and e-mail, the CSV export and
// the outbox page.
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { getDatabase, getDb, setDatabase } from '../../app/db/client.server'
import * as schema from '../../app/db/schema'
import {
  adminAuditLog,
  bookingOccurrences,
  bookings,
  files,
  nurseProfiles,
  outboxEmails,
} from '../../app/db/schema'
import type { SessionUser } from '../../app/domain/accounts/auth.server'
import { NOT_OVER_REFUSED } from '../../app/domain/admin/admin'
import { formatBookingReference } from '../../app/domain/bookings/booking-rules'
import { nightShareCents } from '../../app/domain/bookings/cancellation'
import { settleNight } from '../../app/domain/payouts/payout-rules'
import * as dashboard from '../../app/routes/admin.dashboard/route'
import * as emailsPage from '../../app/routes/admin.emails'
import * as updateStatusApi from '../../app/api/admin.booking.update-status'
import * as bookingsApi from '../../app/api/admin.bookings'
import * as exportApi from '../../app/api/admin.export-bookings'
import * as verificationApi from '../../app/api/admin.nurse.update-verification'
import * as nursesApi from '../../app/api/admin.nurses'
import * as paymentsApi from '../../app/api/admin.payments'
import * as statsApi from '../../app/api/admin.stats'
import * as publicProfileApi from '../../app/api/nurses.public-profile'
import { createBackgroundCheck, createBooking, createNurse, createPayment, createUser, datesIn, daysFromNow, type TestNurse } from '../support/factories'
import { call, cookieFor, getBooking, getNight, makeRequest, refundsOf } from '../support/fixtures'

const GETS = [
  ['stats', statsApi.loader, '/_api/admin/stats'],
  ['bookings', bookingsApi.loader, '/_api/admin/bookings'],
  ['nurses', nursesApi.loader, '/_api/admin/nurses'],
  ['payments', paymentsApi.loader, '/_api/admin/payments'],
  ['export', exportApi.loader, '/_api/admin/export-bookings'],
] as const

describe('who may call the admin calls', () => {
  test.each(GETS)('GET %s: signed out 401, parent and nurse 403, admin 200', async (_name, loader, path) => {
    const signedOut = await call(loader, makeRequest(path))
    expect(signedOut.status).toBe(401)
    expect(await signedOut.json()).toEqual({ error: 'Not authenticated' })

    for (const role of ['parent', 'nurse'] as const) {
      const user = await createUser({ role })
      const response = await call(loader, makeRequest(path, { cookie: await cookieFor(user.id) }))
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ error: `Access denied. Your role (${role}) lacks required permissions.` })
    }

    const admin = await createUser({ role: 'admin' })
    const ok = await call(loader, makeRequest(path, { cookie: await cookieFor(admin.id) }))
    expect(ok.status).toBe(200)
  })

  test('the two changes refuse everyone but admins and change nothing', async () => {
    // A pending nurse with one confirmed, paid booking of two future nights.
    const pendingNurse = await createNurse({ name: 'Penny Pending', status: 'pending' })
    const { id: bookingId } = await createBooking({ nurse: pendingNurse, dates: ['2099-01-10', '2099-01-11'] })
    const parent = await createUser({ role: 'parent' })
    const nurse = await createUser({ role: 'nurse' })
    const statusBody = { bookingId, status: 'cancelled' }
    const verifyBody = { nurseProfileId: pendingNurse.id, verificationStatus: 'approved' }

    expect((await call(updateStatusApi.action, makeRequest('/_api/admin/booking/update-status', { body: statusBody }))).status).toBe(401)
    expect((await call(verificationApi.action, makeRequest('/_api/admin/nurse/update-verification', { body: verifyBody }))).status).toBe(401)
    for (const user of [parent, nurse]) {
      const cookie = await cookieFor(user.id)
      const a = await call(updateStatusApi.action, makeRequest('/_api/admin/booking/update-status', { body: statusBody, cookie }))
      const b = await call(verificationApi.action, makeRequest('/_api/admin/nurse/update-verification', { body: verifyBody, cookie }))
      expect([a.status, b.status]).toEqual([403, 403])
    }
    const [booking] = await getDb().select().from(bookings).where(eq(bookings.id, bookingId))
    const [nurseRow] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, pendingNurse.id))
    expect(booking.status).toBe('confirmed')
    expect(nurseRow.verificationStatus).toBe('pending')
    expect(await getDb().select().from(adminAuditLog)).toEqual([])
  })

  test('the page sends the signed-out to /login and shows other roles Access Denied', async () => {
    const signedOut = await call(dashboard.loader, makeRequest('/admin/dashboard'))
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toMatch(/^\/login\?redirectTo=%2Fadmin%2Fdashboard/)

    const parent = await createUser({ role: 'parent' })
    const denied = await call(dashboard.loader, makeRequest('/admin/dashboard', { cookie: await cookieFor(parent.id) }))
    expect(denied.status).toBe(403)
    expect(await denied.json()).toMatchObject({ message: 'Access denied. Your role (parent) lacks required permissions.' })

    const nurse = await createUser({ role: 'nurse' })
    const post = await call(
      dashboard.action,
      makeRequest('/admin/dashboard', { form: { intent: 'send-reminders' }, cookie: await cookieFor(nurse.id) }),
    )
    expect(post.status).toBe(403)
    const outbox = await call(emailsPage.loader, makeRequest('/admin/emails', { cookie: await cookieFor(nurse.id) }))
    expect(outbox.status).toBe(403)
  })
})

describe('an admin over a small marketplace', () => {
  let admin: SessionUser
  let cookie: string

  beforeEach(async () => {
    admin = await createUser({ role: 'admin', displayName: 'Avery Admin' })
    cookie = await cookieFor(admin.id)
  })

  const get = async (loader: typeof statsApi.loader, path: string) => {
    const response = await call(loader, makeRequest(path, { cookie }))
    return { status: response.status, body: await response.json() }
  }

  /** Four nurses waiting for review, one already rejected and one approved. */
  async function applicants() {
    const [brittany, lucia, olivia, deshawn] = [
      await createNurse({ name: 'Brittany Cole', status: 'pending', baseLocation: 'Atlanta, GA 30309' }),
      await createNurse({ name: 'Lucía Herrera', status: 'pending', baseLocation: 'San Diego, CA 92104' }),
      await createNurse({ name: 'Olivia Park', status: 'pending', baseLocation: 'Seattle, WA 98103' }),
      await createNurse({ name: 'Deshawn Carter', status: 'pending', baseLocation: 'Chicago, IL 60614' }),
    ]
    await createNurse({ name: 'Rae Rejected', status: 'rejected', profile: { rejectionReason: 'Unreadable ID' } })
    await createNurse({ name: 'Abby Approved' })
    return { brittany, lucia, olivia, deshawn, pendingNames: [brittany, lucia, olivia, deshawn].map((nurse) => nurse.name) }
  }

  /**
   * Three families' bookings with four nurses: two paid and still ahead (the active ones), two
   * completed, two cancelled and refunded, and one unpaid checkout still holding its night.
   */
  async function familiesAndBookings() {
    const nora = await createNurse({ name: 'Nora Nightingale', rateCents: 35000 })
    const sarah = await createNurse({ name: 'Sarah Whitfield', rateCents: 30000 })
    const camila = await createNurse({ name: 'Camila Reyes', rateCents: 28000 })
    const emily = await createNurse({ name: 'Emily Carter', rateCents: 32000 })
    const jordan = await createUser({ displayName: 'Jordan Parent', email: 'jordan.parent@example.com' })
    const sam = await createUser({ displayName: 'Sam Rivera', email: 'sam.rivera@example.com' })
    const riley = await createUser({ displayName: 'Riley Thompson', email: 'riley.thompson@example.com' })
    const nights = (nurse: TestNurse, ...days: number[]) => datesIn(nurse.timezone, ...days)
    const upcoming = await createBooking({ nurse: nora, parent: jordan, dates: nights(nora, 5, 6) })
    const worked = await createBooking({ nurse: nora, parent: jordan, dates: nights(nora, -35, -34, -33), status: 'completed' })
    const upcomingSam = await createBooking({ nurse: sarah, parent: sam, dates: nights(sarah, 3) })
    const workedRiley = await createBooking({ nurse: sarah, parent: riley, dates: nights(sarah, -30, -29), status: 'completed' })
    const cancelledRiley = await createBooking({ nurse: camila, parent: riley, dates: nights(camila, 15), status: 'cancelled' })
    const cancelledJordan = await createBooking({ nurse: emily, parent: jordan, dates: nights(emily, 20, 21), status: 'cancelled' })
    const unpaid = await createBooking({ nurse: camila, parent: sam, dates: nights(camila, 8), status: 'pending' })
    return {
      nurses: { nora, sarah, camila, emily },
      parents: { jordan, sam, riley },
      bookings: { upcoming, worked, upcomingSam, workedRiley, cancelledRiley, cancelledJordan, unpaid },
    }
  }

  test('the stats count active bookings, pending nurses and the payouts still owed', async () => {
    await applicants()
    const { bookings: made } = await familiesAndBookings()
    const { status, body } = await get(statsApi.loader, '/_api/admin/stats')
    expect(status).toBe(200)
    // Two paid bookings have nights ahead; completed, cancelled and unpaid ones are not active.
    expect(body.activeBookings).toBe(2)
    expect(body.pendingVerifications).toBe(4)
    // Every night of the paid, uncancelled bookings is owed to its nurse: 2 + 3 nights at $350,
    // 1 + 2 at $300.
    const owed = [made.upcoming, made.worked, made.upcomingSam, made.workedRiley].reduce((sum, b) => sum + b.subtotalCents, 0)
    expect(owed).toBe(5 * 35000 + 3 * 30000)
    expect(body.totalPayoutsDueCents).toBe(owed)

    // A night paid out to its nurse is no longer due.
    await createPayment({ bookingId: made.worked.id, occurrenceId: made.worked.occurrenceIds[0], kind: 'payout', amountCents: 35000 })
    const after = await get(statsApi.loader, '/_api/admin/stats')
    expect(after.body.totalPayoutsDueCents).toBe(owed - 35000)

    // A night refunded in full after the family reported it owes its nurse nothing (issue 15); one
    // refunded all but a cent owes her what the payout job would send for it (settleNight).
    const share = nightShareCents(35000, made.worked)
    await getDb().update(bookingOccurrences).set({ refundCents: share }).where(eq(bookingOccurrences.id, made.worked.occurrenceIds[1]))
    await getDb().update(bookingOccurrences).set({ refundCents: share - 1 }).where(eq(bookingOccurrences.id, made.worked.occurrenceIds[2]))
    const aCentKept = settleNight({ status: 'completed', priceCents: 35000, refundCents: share - 1, endsAt: new Date() }, made.worked)!
    expect(aCentKept.transferCents).toBe(1)
    const refunded = await get(statsApi.loader, '/_api/admin/stats')
    expect(refunded.body.totalPayoutsDueCents).toBe(owed - 3 * 35000 + aCentKept.transferCents)
  })

  test('the bookings list filters by status and searches names, e-mails and references', async () => {
    const { nurses, parents, bookings: made } = await familiesAndBookings()
    const all = await get(bookingsApi.loader, '/_api/admin/bookings')
    expect(all.status).toBe(200)
    expect(all.body.totalPages).toBe(1)
    expect(all.body.bookings).toHaveLength(7)
    expect(Object.keys(all.body.bookings[0])).toEqual(
      expect.arrayContaining(['id', 'nurseName', 'parentName', 'startDate', 'status', 'totalAmountCents']),
    )

    const cancelled = await get(bookingsApi.loader, '/_api/admin/bookings?status=cancelled')
    expect(cancelled.body.bookings.map((b: { nurseName: string }) => b.nurseName).sort()).toEqual(
      [nurses.camila.name, nurses.emily.name].sort(),
    )

    const byNurse = await get(bookingsApi.loader, '/_api/admin/bookings?search=nightingale')
    expect(byNurse.body.bookings.map((b: { id: number }) => b.id).sort()).toEqual([made.upcoming.id, made.worked.id].sort())
    expect(byNurse.body.bookings.every((b: { nurseName: string }) => b.nurseName === nurses.nora.name)).toBe(true)

    const byEmail = await get(bookingsApi.loader, '/_api/admin/bookings?search=riley.thompson%40example')
    expect(byEmail.body.bookings.map((b: { parentName: string }) => b.parentName)).toEqual([parents.riley.displayName, parents.riley.displayName])

    const byParentAndStatus = await get(bookingsApi.loader, '/_api/admin/bookings?search=Riley&status=completed')
    expect(byParentAndStatus.body.bookings).toHaveLength(1)
    expect(byParentAndStatus.body.bookings[0]).toMatchObject({ id: made.workedRiley.id, nurseName: nurses.sarah.name })

    const target = all.body.bookings[4]
    for (const form of [String(target.id), `#${target.id}`, formatBookingReference(target.id)]) {
      const found = await get(bookingsApi.loader, `/_api/admin/bookings?search=${encodeURIComponent(form)}`)
      expect(found.body.bookings.map((b: { id: number }) => b.id)).toContain(target.id)
    }

    const none = await get(bookingsApi.loader, '/_api/admin/bookings?search=nobody-at-all')
    expect(none.body).toMatchObject({ bookings: [], totalPages: 1 })
  })

  test('bad list input answers 400 with a message', async () => {
    const badStatus = await get(bookingsApi.loader, '/_api/admin/bookings?status=lost')
    expect(badStatus).toMatchObject({ status: 400, body: { error: 'status must be pending, confirmed, completed or cancelled' } })
    const badPage = await get(paymentsApi.loader, '/_api/admin/payments?page=0')
    expect(badPage).toMatchObject({ status: 400, body: { error: 'page must be a positive integer' } })
    const badFilter = await get(nursesApi.loader, '/_api/admin/nurses?verificationStatus=maybe')
    expect(badFilter.status).toBe(400)
  })

  test('lists are paged by twenty, starting at page 1', async () => {
    const { nurses, parents } = await familiesAndBookings()
    // 19 more unpaid bookings make 26; 21 more nurses make 25.
    for (let i = 0; i < 19; i++) {
      await createBooking({ nurse: nurses.emily, parent: parents.sam, dates: datesIn(nurses.emily.timezone, 30 + i), status: 'pending' })
    }
    for (let i = 0; i < 21; i++) await createNurse({ status: i % 2 ? 'approved' : 'pending' })
    const first = await get(bookingsApi.loader, '/_api/admin/bookings?page=1')
    const second = await get(bookingsApi.loader, '/_api/admin/bookings?page=2')
    expect(first.body.totalPages).toBe(2)
    expect(first.body.bookings).toHaveLength(20)
    expect(second.body.bookings).toHaveLength(6)
    const ids = [...first.body.bookings, ...second.body.bookings].map((b: { id: number }) => b.id)
    expect(new Set(ids).size).toBe(26)

    // A page past the end shows the last one: never 'Page 9 of 2' over an empty table.
    const past = await get(bookingsApi.loader, '/_api/admin/bookings?page=9')
    expect(past.body).toMatchObject({ page: 2, totalPages: 2 })
    expect(past.body.bookings.map((b: { id: number }) => b.id)).toEqual(second.body.bookings.map((b: { id: number }) => b.id))
    // Eight payments (six charges, two refunds) fit on one page.
    const page = await (await call(dashboard.loader, makeRequest('/admin/dashboard?tab=payments&page=50', { cookie }))).json()
    expect(page.table).toMatchObject({ page: 1, totalPages: 1 })
    expect(page.table.rows).toHaveLength(8)
    // The built-in test provider has no Stripe dashboard to open (issue 38).
    expect(page.stripeDashboardUrl).toBeNull()

    const nursesPage = await get(nursesApi.loader, '/_api/admin/nurses?page=2')
    expect(nursesPage.body.totalPages).toBe(2)
    expect(nursesPage.body.nurses).toHaveLength(5)
  })

  test('the pending list shows the applicants with their documents as private file links', async () => {
    const { brittany, pendingNames } = await applicants()
    const [file] = await getDb()
      .insert(files)
      .values({
        ownerId: brittany.userId,
        kind: 'id_document',
        mediaType: 'application/pdf',
        sizeBytes: 4,
        sha256: 'x',
        bytes: new Uint8Array([37, 80, 68, 70]),
      })
      .returning()
    await getDb()
      .update(nurseProfiles)
      .set({ idDocumentFileId: file.id, certificationFileId: null })
      .where(eq(nurseProfiles.id, brittany.id))

    const { status, body } = await get(nursesApi.loader, '/_api/admin/nurses?verificationStatus=pending')
    expect(status).toBe(200)
    expect(body.totalPages).toBe(1)
    expect(body.nurses.map((n: { displayName: string }) => n.displayName).sort()).toEqual([...pendingNames].sort())
    const row = body.nurses.find((n: { displayName: string }) => n.displayName === brittany.name)
    expect(row).toMatchObject({
      nurseProfileId: brittany.id,
      email: brittany.email,
      baseLocation: brittany.baseLocation,
      verificationStatus: 'pending',
      averageRating: null,
      idDocumentUrl: `/files/${file.id}`,
      certificationDocumentUrl: null,
    })
    expect(new Date(row.memberSince).getTime()).toBeLessThan(Date.now())
    expect(row.profileUpdatedAt).toEqual(expect.any(String))
  })

  test('an admin changes a booking status, with notes kept in the audit log', async () => {
    const nurse = await createNurse()
    const booking = await createBooking({ nurse, dates: datesIn(nurse.timezone, -9, -8), status: 'completed' })
    const response = await call(
      updateStatusApi.action,
      makeRequest('/_api/admin/booking/update-status', {
        body: { bookingId: booking.id, status: 'confirmed', notes: 'Parent disputes the last night.' },
        cookie,
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, booking: { id: booking.id, status: 'confirmed' } })
    const [after] = await getDb().select().from(bookings).where(eq(bookings.id, booking.id))
    expect(after.status).toBe('confirmed')
    const audit = await getDb().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, booking.id))
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'booking.status_changed',
        entityType: 'booking',
        notes: 'Parent disputes the last night.',
        data: { from: 'completed', to: 'confirmed' },
      }),
    ])
  })

  test('a bad or unknown booking status change changes nothing', async () => {
    const nurse = await createNurse()
    const booking = await createBooking({ nurse, dates: datesIn(nurse.timezone, 5) })
    const bad = await call(
      updateStatusApi.action,
      makeRequest('/_api/admin/booking/update-status', { body: { bookingId: booking.id, status: 'archived' }, cookie }),
    )
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toBe('status must be pending, confirmed, completed or cancelled')
    const unknown = await call(
      updateStatusApi.action,
      makeRequest('/_api/admin/booking/update-status', { body: { bookingId: 999999, status: 'cancelled' }, cookie }),
    )
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'Booking not found' })
    const [after] = await getDb().select().from(bookings).where(eq(bookings.id, booking.id))
    expect(after.status).toBe('confirmed')
    expect(await getDb().select().from(adminAuditLog)).toEqual([])
  })

  test('a rejection needs a reason; without one nothing changes and no e-mail goes out', async () => {
    const { olivia } = await applicants()
    for (const reason of [undefined, '', '   ']) {
      const response = await call(
        verificationApi.action,
        makeRequest('/_api/admin/nurse/update-verification', {
          body: { nurseProfileId: olivia.id, verificationStatus: 'rejected', ...(reason === undefined ? {} : { reason }) },
          cookie,
        }),
      )
      expect(response.status).toBe(400)
      expect((await response.json()).error).toBe('Please provide a reason for rejection')
    }
    const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, olivia.id))
    expect(row.verificationStatus).toBe('pending')
    expect(row.rejectionReason).toBeNull()
    expect(await getDb().select().from(adminAuditLog)).toEqual([])
    expect(await getDb().select().from(outboxEmails)).toEqual([])
  })

  test('a rejection stores the reason, audits it and e-mails the nurse', async () => {
    const { olivia } = await applicants()
    const reason = 'Your LPN licence number could not be verified.'
    const response = await call(
      verificationApi.action,
      makeRequest('/_api/admin/nurse/update-verification', {
        body: { nurseProfileId: olivia.id, verificationStatus: 'rejected', reason },
        cookie,
      }),
    )
    expect(response.status).toBe(200)
    const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, olivia.id))
    expect(row).toMatchObject({ verificationStatus: 'rejected', rejectionReason: reason })
    expect(row.verifiedAt).toBeInstanceOf(Date)
    const [audit] = await getDb().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, olivia.id))
    expect(audit).toMatchObject({ action: 'nurse.verification_rejected', entityType: 'nurse_profile', notes: reason, actorId: admin.id })
    const mail = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, olivia.email))
    expect(mail).toHaveLength(1)
    expect(mail[0].textBody).toContain(reason)

    const stats = await get(statsApi.loader, '/_api/admin/stats')
    expect(stats.body.pendingVerifications).toBe(3)
  })

  test('an approved nurse becomes publicly visible at once, and is told by e-mail', async () => {
    const { lucia } = await applicants()
    const profilePath = `/_api/nurses/public-profile?slug=${lucia.slug}`
    // An anonymous read first, so a stale cached answer would show.
    expect((await call(publicProfileApi.loader, makeRequest(profilePath))).status).toBe(404)

    // Without a clear background check she cannot be approved (docs/decisions/0061).
    const approve = () =>
      call(verificationApi.action, makeRequest('/_api/admin/nurse/update-verification', { body: { nurseProfileId: lucia.id, verificationStatus: 'approved' }, cookie }))
    const refused = await approve()
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ error: 'She needs a clear background check, or one an admin approved, before she can be approved.' })
    expect((await call(publicProfileApi.loader, makeRequest(profilePath))).status).toBe(404)
    await createBackgroundCheck(lucia.id)

    const response = await approve()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, nurse: { nurseProfileId: lucia.id, verificationStatus: 'approved' } })
    const visible = await call(publicProfileApi.loader, makeRequest(profilePath))
    expect(visible.status).toBe(200)
    const [mail] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, lucia.email))
    expect(mail.subject).toBe('Your Nightlight profile is approved')

    const unknown = await call(
      verificationApi.action,
      makeRequest('/_api/admin/nurse/update-verification', { body: { nurseProfileId: 999999, verificationStatus: 'approved' }, cookie }),
    )
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'Nurse profile not found' })
  })

  test('the payments list names both people and the kind of each payment', async () => {
    const { nurses, parents, bookings: made } = await familiesAndBookings()
    const { status, body } = await get(paymentsApi.loader, '/_api/admin/payments')
    expect(status).toBe(200)
    // A charge for each of the six paid bookings and the refunds of the two cancelled ones; the
    // unpaid checkout has none.
    expect(body.payments).toHaveLength(8)
    expect(body.totalPages).toBe(1)
    const refund = body.payments.find((p: { id: number }) => p.id === made.cancelledRiley.refundId)
    expect(refund).toMatchObject({
      kind: 'refund',
      createdAt: expect.any(String),
      amountCents: made.cancelledRiley.totalAmountCents,
      status: 'succeeded',
      parentName: parents.riley.displayName,
      nurseName: nurses.camila.name,
      stripePaymentIntentId: expect.stringMatching(/^re_test_/),
    })
    expect(body.payments.filter((p: { kind: string }) => p.kind === 'charge')).toHaveLength(6)
  })

  test('the CSV export is the bookings list, every page, with the same filters', async () => {
    const { bookings: made } = await familiesAndBookings()
    const response = await call(exportApi.loader, makeRequest('/_api/admin/export-bookings?status=confirmed', { cookie }))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/csv/)
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="bookings.csv"')
    const lines = (await response.text()).trim().split('\n')
    expect(lines[0]).toBe('Booking ID,Reference,Nurse,Parent,Parent Email,Start Date,Status,Total (USD),Created At')
    const list = await get(bookingsApi.loader, '/_api/admin/bookings?status=confirmed')
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(list.body.bookings.map((b: { id: number }) => b.id))
    expect(lines.slice(1).map((line) => Number(line.split(',')[0])).sort()).toEqual([made.upcoming.id, made.upcomingSam.id].sort())
    const first = list.body.bookings[0]
    expect(lines[1]).toContain(`,${first.nurseName},`)
    expect(lines[1]).toContain(`,confirmed,${(first.totalAmountCents / 100).toFixed(2)},`)

    // Riley's two bookings, and the header.
    const searched = await call(exportApi.loader, makeRequest('/_api/admin/export-bookings?search=Riley', { cookie }))
    expect((await searched.text()).trim().split('\n')).toHaveLength(3)
  })

  test('the dashboard page shows the open tab and its changes redirect back with the toast', async () => {
    const { deshawn } = await applicants()
    const { bookings: made } = await familiesAndBookings()
    const page = await call(dashboard.loader, makeRequest('/admin/dashboard', { cookie }))
    expect(page.status).toBe(200)
    const view = await page.json()
    expect(view.displayName).toBe(admin.displayName)
    expect(view.table.tab).toBe('pending')
    expect(view.table.rows).toHaveLength(4)

    const bookingsView = await (
      await call(dashboard.loader, makeRequest('/admin/dashboard?tab=bookings&status=cancelled&search=Riley', { cookie }))
    ).json()
    expect(bookingsView.table.rows.map((row: { id: number }) => row.id)).toEqual([made.cancelledRiley.id])

    const booking = made.worked
    const posted = await call(
      dashboard.action,
      makeRequest('/admin/dashboard?tab=bookings&page=1', {
        form: { intent: 'update-status', bookingId: String(booking.id), status: 'confirmed', notes: 'Reopened for a dispute.' },
        cookie,
      }),
    )
    expect(posted.status).toBe(302)
    expect(posted.headers.get('Location')).toBe('/admin/dashboard?tab=bookings')
    expect(posted.headers.get('Set-Cookie')).toContain('__toast=')
    const [audit] = await getDb().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, booking.id))
    expect(audit.notes).toBe('Reopened for a dispute.')

    const refused = await call(
      dashboard.action,
      makeRequest(`/admin/dashboard?reject=${deshawn.id}`, {
        form: { intent: 'update-verification', nurseProfileId: String(deshawn.id), verificationStatus: 'rejected', reason: '' },
        cookie,
      }),
    )
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ ok: false, error: 'Please provide a reason for rejection', entityId: deshawn.id })
    const rejected = await call(
      dashboard.action,
      makeRequest(`/admin/dashboard?reject=${deshawn.id}`, {
        form: { intent: 'update-verification', nurseProfileId: String(deshawn.id), verificationStatus: 'rejected', reason: 'Expired licence' },
        cookie,
      }),
    )
    expect(rejected.status).toBe(302)
    expect(rejected.headers.get('Location')).toBe('/admin/dashboard')
    const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, deshawn.id))
    expect(row.rejectionReason).toBe('Expired licence')
  })

  test('the pending tab counts the waiting nurses once, for its pages and for the stats', async () => {
    await applicants()
    const { statements, result } = await withStatementsLogged(async () =>
      (await call(dashboard.loader, makeRequest('/admin/dashboard', { cookie }))).json(),
    )
    expect(result.stats.pendingVerifications).toBe(4)
    expect(result.table).toMatchObject({ tab: 'pending', totalRows: 4, totalPages: 1 })
    const pendingCounts = statements.filter((text) => /^select count\(\*\) from "nurse_profiles" where "nurse_profiles"."verification_status" = /.test(text))
    expect(pendingCounts).toHaveLength(1)
  })

  test('the outbox page lists kept e-mails, newest first, twenty a page', async () => {
    await getDb()
      .insert(outboxEmails)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          toAddress: `someone${i}@example.com`,
          subject: `Message ${i}`,
          textBody: 'Hello',
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      )
    const first = await (await call(emailsPage.loader, makeRequest('/admin/emails', { cookie }))).json()
    expect(first.outbox).toMatchObject({ page: 1, totalPages: 2, totalRows: 23 })
    expect(first.outbox.rows[0]).toMatchObject({ toAddress: 'someone22@example.com', subject: 'Message 22' })
    expect(first.delivery).toBe('outbox')
    const second = await (await call(emailsPage.loader, makeRequest('/admin/emails?page=2', { cookie }))).json()
    expect(second.outbox.rows.map((r: { subject: string }) => r.subject)).toEqual(['Message 2', 'Message 1', 'Message 0'])
  })
})

describe('an admin cancelling a booking', () => {
  const HOUR = 60 * 60 * 1000

  async function paidBookingOfThreeNights(options: { providerPaymentId?: string } = {}) {
    const parent = await createUser({ displayName: 'Pat Parent' })
    const nurse = await createNurse({ rateCents: 35000, name: 'Nora Night' })
    // Three nights at $350: $1,050 + $105 fee = $1,155 paid.
    const booking = await createBooking({
      parent,
      nurse,
      // Today's date in UTC, at 21:00 in New York, is always 2 to 26 hours ahead.
      dates: [daysFromNow(0), daysFromNow(10), daysFromNow(11)],
      providerPaymentId: options.providerPaymentId,
    })
    const admin = await createUser({ role: 'admin' })
    return { parent, nurse, booking, admin, cookie: await cookieFor(admin.id) }
  }

  const setStatus = (cookie: string, bookingId: number, status: string, notes?: string) =>
    call(updateStatusApi.action, makeRequest('/_api/admin/booking/update-status', { body: { bookingId, status, notes }, cookie }))

  test('frees the nights not yet started and refunds them in full, even within 48 hours', async () => {
    const { parent, booking, admin, cookie } = await paidBookingOfThreeNights()
    const firstNight = await getNight(booking.occurrenceIds[0])
    // The first night starts within a day: a parent cancelling it would get half; the platform refunds all.
    expect(firstNight.startsAt.getTime() - Date.now()).toBeLessThan(48 * HOUR)

    const response = await setStatus(cookie, booking.id, 'cancelled', 'Nurse unavailable: family rebooked by phone.')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, booking: { id: booking.id, status: 'cancelled' } })

    expect((await getBooking(booking.id)).status).toBe('cancelled')
    for (const id of booking.occurrenceIds) expect(await getNight(id)).toMatchObject({ status: 'cancelled', refundCents: 38500 })
    const refunds = await refundsOf(booking.id)
    expect(refunds).toEqual([expect.objectContaining({ amountCents: 115500, feeCents: 10500, status: 'succeeded' })])

    const audit = await getDb().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, booking.id))
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'booking.status_changed',
        notes: 'Nurse unavailable: family rebooked by phone.',
        data: { from: 'confirmed', to: 'cancelled', nightsCancelled: booking.occurrenceIds, refundCents: 115500 },
      }),
    ])
    const [notice] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, parent.email))
    expect(notice.subject).toBe(`Booking ${formatBookingReference(booking.id)} with Nora Night was cancelled`)
    expect(notice.textBody).toContain('$1,155.00 will be refunded to your card in full')

    // Asking again changes nothing and refunds nothing more.
    expect((await setStatus(cookie, booking.id, 'cancelled')).status).toBe(200)
    expect(await refundsOf(booking.id)).toHaveLength(1)
  })

  test('a refund the provider refuses leaves the booking and its nights as they were', async () => {
    const { booking, cookie } = await paidBookingOfThreeNights({ providerPaymentId: 'ch_unknown_to_the_provider' })
    const response = await setStatus(cookie, booking.id, 'cancelled')
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ error: 'The refund could not be made, so the booking was not cancelled. Please try again.' })
    expect((await getBooking(booking.id)).status).toBe('confirmed')
    for (const id of booking.occurrenceIds) expect(await getNight(id)).toMatchObject({ status: 'scheduled', refundCents: null })
    const audit = await getDb().select({ action: adminAuditLog.action }).from(adminAuditLog).where(eq(adminAuditLog.entityId, booking.id))
    expect(audit.map((row) => row.action)).toEqual(['booking.status_changed', 'booking.cancellation_reverted'])
  })

  test('a cancelled booking cannot be reopened, and a paid one never goes back to pending', async () => {
    const { booking, cookie } = await paidBookingOfThreeNights()
    const toPending = await setStatus(cookie, booking.id, 'pending')
    expect(toPending.status).toBe(409)
    expect((await toPending.json()).error).toMatch(/^A booking cannot go back to pending/)
    expect((await getBooking(booking.id)).status).toBe('confirmed')

    expect((await setStatus(cookie, booking.id, 'cancelled')).status).toBe(200)
    const reopen = await setStatus(cookie, booking.id, 'confirmed')
    expect(reopen.status).toBe(409)
    expect((await reopen.json()).error).toMatch(/^A cancelled booking cannot be reopened/)
    expect((await getBooking(booking.id)).status).toBe('cancelled')
    for (const id of booking.occurrenceIds) expect((await getNight(id)).status).toBe('cancelled')
  })
})

describe("an admin's status change follows the nights", () => {
  const setStatus = (cookie: string, bookingId: number, status: string) =>
    call(updateStatusApi.action, makeRequest('/_api/admin/booking/update-status', { body: { bookingId, status }, cookie }))

  async function paidBooking(dates: string[]) {
    const parent = await createUser({ displayName: 'Pat Parent' })
    const nurse = await createNurse({ rateCents: 30000 })
    const booking = await createBooking({ parent, nurse, dates })
    const admin = await createUser({ role: 'admin' })
    return { booking, cookie: await cookieFor(admin.id) }
  }

  test('a booking with a night still ahead cannot be marked completed, and nothing changes', async () => {
    const { booking, cookie } = await paidBooking([daysFromNow(-5), daysFromNow(6)])
    const response = await setStatus(cookie, booking.id, 'completed')
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ error: NOT_OVER_REFUSED })
    expect((await getBooking(booking.id)).status).toBe('confirmed')
    for (const id of booking.occurrenceIds) expect((await getNight(id)).status).toBe('scheduled')
    expect(await getDb().select().from(adminAuditLog)).toEqual([])
  })

  test('completing a booking whose nights are over completes its nights; confirming it again schedules them', async () => {
    const { booking, cookie } = await paidBooking([daysFromNow(-9), daysFromNow(-8)])
    const completed = await setStatus(cookie, booking.id, 'completed')
    expect(completed.status).toBe(200)
    expect((await getBooking(booking.id)).status).toBe('completed')
    for (const id of booking.occurrenceIds) expect((await getNight(id)).status).toBe('completed')

    const reopened = await setStatus(cookie, booking.id, 'confirmed')
    expect(reopened.status).toBe(200)
    for (const id of booking.occurrenceIds) expect((await getNight(id)).status).toBe('scheduled')
  })

  test('a cancelled night stays cancelled when its booking is completed', async () => {
    const { booking, cookie } = await paidBooking([daysFromNow(-9), daysFromNow(-8)])
    await getDb().update(bookingOccurrences).set({ status: 'cancelled' }).where(eq(bookingOccurrences.id, booking.occurrenceIds[1]))
    expect((await setStatus(cookie, booking.id, 'completed')).status).toBe(200)
    expect((await getNight(booking.occurrenceIds[0])).status).toBe('completed')
    expect((await getNight(booking.occurrenceIds[1])).status).toBe('cancelled')
  })
})

/**
 * Runs `work` on a database handle that logs every statement it sends (the same connection, so the
 * same data), for a test of what a page reads.
 */
async function withStatementsLogged<T>(work: () => Promise<T>): Promise<{ statements: string[]; result: T }> {
  const handle = getDatabase()
  const statements: string[] = []
  const logger = { logQuery: (text: string) => void statements.push(text) }
  const client = (handle.db as unknown as { $client: never }).$client
  const db = handle.kind === 'pglite' ? drizzlePglite({ client, schema, casing: 'snake_case', logger }) : drizzlePostgres({ client, schema, casing: 'snake_case', logger })
  setDatabase({ ...handle, db: db as unknown as typeof handle.db })
  try {
    return { statements, result: await work() }
  } finally {
    setDatabase(handle)
  }
}
