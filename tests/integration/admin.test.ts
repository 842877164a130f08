// The admin side (spec 001 §2, §3, §4, §7; DESIGN.md §6.6, §6.9, §10): who may call what, the
// stats, lists with their filters and pages, the booking status change and the verification
// decision with their audit rows and e-mail, the CSV export and the outbox page.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import {
  adminAuditLog,
  bookingOccurrences,
  bookings,
  files,
  nurseProfiles,
  outboxEmails,
  payments,
  users,
} from '../../app/db/schema'
import { seedDemoData } from '../../app/db/seed.server'
import { formatBookingReference } from '../../app/domain/booking-rules'
import * as dashboard from '../../app/routes/admin.dashboard/route'
import * as emailsPage from '../../app/routes/admin.emails'
import * as updateStatusApi from '../../app/routes/[_api].admin.booking.update-status'
import * as bookingsApi from '../../app/routes/[_api].admin.bookings'
import * as exportApi from '../../app/routes/[_api].admin.export-bookings'
import * as verificationApi from '../../app/routes/[_api].admin.nurse.update-verification'
import * as nursesApi from '../../app/routes/[_api].admin.nurses'
import * as paymentsApi from '../../app/routes/[_api].admin.payments'
import * as statsApi from '../../app/routes/[_api].admin.stats'
import * as publicProfileApi from '../../app/routes/[_api].nurses.public-profile'
import { call, cookieFor, createUser, makeRequest } from '../support/fixtures'
import { createNurse, createPaidBooking, daysFromNow, getBooking, getNight, refundsOf } from './parent-fixtures'

const ADMIN_EMAIL = 'admin@example.com'
const PENDING = ['Brittany Cole', 'Lucía Herrera', 'Olivia Park', 'Deshawn Carter']

async function userIdOf(email: string) {
  const [row] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email))
  return row.id
}

async function nurseByName(name: string) {
  const [row] = await getDb()
    .select({ id: nurseProfiles.id, slug: nurseProfiles.slug, email: users.email, userId: users.id })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(users.displayName, name))
  return row
}

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
    const { profile, bookingId } = await makeBooking()
    const parent = await createUser({ role: 'parent' })
    const nurse = await createUser({ role: 'nurse' })
    const statusBody = { bookingId, status: 'cancelled' }
    const verifyBody = { nurseProfileId: profile.id, verificationStatus: 'approved' }

    expect((await call(updateStatusApi.action, makeRequest('/_api/admin/booking/update-status', { body: statusBody }))).status).toBe(401)
    expect((await call(verificationApi.action, makeRequest('/_api/admin/nurse/update-verification', { body: verifyBody }))).status).toBe(401)
    for (const user of [parent, nurse]) {
      const cookie = await cookieFor(user.id)
      const a = await call(updateStatusApi.action, makeRequest('/_api/admin/booking/update-status', { body: statusBody, cookie }))
      const b = await call(verificationApi.action, makeRequest('/_api/admin/nurse/update-verification', { body: verifyBody, cookie }))
      expect([a.status, b.status]).toEqual([403, 403])
    }
    const [booking] = await getDb().select().from(bookings).where(eq(bookings.id, bookingId))
    const [nurseRow] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, profile.id))
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

/** A pending nurse with one confirmed, paid booking of two future nights. */
async function makeBooking() {
  const nurseUser = await createUser({ role: 'nurse', displayName: 'Penny Pending' })
  const parent = await createUser({ role: 'parent', displayName: 'Pat Parent', email: `pat-${Date.now()}@example.com` })
  const [profile] = await getDb()
    .insert(nurseProfiles)
    .values({ userId: nurseUser.id, slug: `penny-${nurseUser.id}`, baseLocation: 'Boston, MA', verificationStatus: 'pending' })
    .returning()
  const [booking] = await getDb()
    .insert(bookings)
    .values({
      parentId: parent.id,
      nurseId: profile.id,
      status: 'confirmed',
      startDate: '2099-01-10',
      timezone: 'America/New_York',
      addressText: '1 Main St',
      nightlyRateCents: 30000,
      subtotalCents: 60000,
      platformFeeCents: 6000,
      totalAmountCents: 66000,
      nursePayoutCents: 60000,
    })
    .returning()
  return { profile, parent, nurseUser, bookingId: booking.id }
}

describe('with the demo data', () => {
  let adminId: number
  let cookie: string

  beforeEach(async () => {
    await seedDemoData(getDb(), { now: new Date() })
    adminId = await userIdOf(ADMIN_EMAIL)
    cookie = await cookieFor(adminId)
  }, 60_000)

  const get = async (loader: typeof statsApi.loader, path: string) => {
    const response = await call(loader, makeRequest(path, { cookie }))
    return { status: response.status, body: await response.json() }
  }

  test('the stats count active bookings, pending nurses and the payouts still owed', async () => {
    const { status, body } = await get(statsApi.loader, '/_api/admin/stats')
    expect(status).toBe(200)
    // Five upcoming confirmed bookings are seeded; completed and cancelled ones are not active.
    expect(body.activeBookings).toBe(5)
    expect(body.pendingVerifications).toBe(4)
    const owed = await getDb()
      .select({ price: bookingOccurrences.priceCents, id: bookingOccurrences.id })
      .from(bookingOccurrences)
      .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
      .where(and(inArray(bookings.status, ['confirmed', 'completed']), sql`${bookingOccurrences.status} <> 'cancelled'`))
    expect(body.totalPayoutsDueCents).toBe(owed.reduce((sum, night) => sum + night.price, 0))
    expect(body.totalPayoutsDueCents).toBeGreaterThan(0)

    // A night paid out to its nurse is no longer due.
    const [night] = owed
    const [bookingRow] = await getDb()
      .select({ bookingId: bookingOccurrences.bookingId })
      .from(bookingOccurrences)
      .where(eq(bookingOccurrences.id, night.id))
    await getDb().insert(payments).values({
      bookingId: bookingRow.bookingId,
      occurrenceId: night.id,
      kind: 'payout',
      provider: 'test',
      providerPaymentId: 'po_test_1',
      amountCents: night.price,
      status: 'succeeded',
    })
    const after = await get(statsApi.loader, '/_api/admin/stats')
    expect(after.body.totalPayoutsDueCents).toBe(body.totalPayoutsDueCents - night.price)
  })

  test('the bookings list filters by status and searches names, e-mails and references', async () => {
    const all = await get(bookingsApi.loader, '/_api/admin/bookings')
    expect(all.status).toBe(200)
    expect(all.body.totalPages).toBe(1)
    expect(all.body.bookings).toHaveLength(11)
    expect(Object.keys(all.body.bookings[0])).toEqual(
      expect.arrayContaining(['id', 'nurseName', 'parentName', 'startDate', 'status', 'totalAmountCents']),
    )

    const cancelled = await get(bookingsApi.loader, '/_api/admin/bookings?status=cancelled')
    expect(cancelled.body.bookings.map((b: { nurseName: string }) => b.nurseName).sort()).toEqual(['Camila Reyes', 'Emily Carter'])

    const byNurse = await get(bookingsApi.loader, '/_api/admin/bookings?search=nightingale')
    expect(byNurse.body.bookings).toHaveLength(2)
    expect(byNurse.body.bookings.every((b: { nurseName: string }) => b.nurseName === 'Nora Nightingale')).toBe(true)

    const byEmail = await get(bookingsApi.loader, '/_api/admin/bookings?search=riley.thompson%40example')
    expect(byEmail.body.bookings.map((b: { parentName: string }) => b.parentName)).toEqual(['Riley Thompson', 'Riley Thompson'])

    const byParentAndStatus = await get(bookingsApi.loader, '/_api/admin/bookings?search=Riley&status=completed')
    expect(byParentAndStatus.body.bookings).toHaveLength(1)
    expect(byParentAndStatus.body.bookings[0].nurseName).toBe('Sarah Whitfield')

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
    // Grow the bookings to 26 with copies of a seeded one.
    const [template] = await getDb().select().from(bookings).limit(1)
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template
    await getDb()
      .insert(bookings)
      .values(Array.from({ length: 15 }, () => ({ ...copy, status: 'pending' as const })))
    const first = await get(bookingsApi.loader, '/_api/admin/bookings?page=1')
    const second = await get(bookingsApi.loader, '/_api/admin/bookings?page=2')
    expect(first.body.totalPages).toBe(2)
    expect(first.body.bookings).toHaveLength(20)
    expect(second.body.bookings).toHaveLength(6)
    const ids = [...first.body.bookings, ...second.body.bookings].map((b: { id: number }) => b.id)
    expect(new Set(ids).size).toBe(26)

    const nurses = await get(nursesApi.loader, '/_api/admin/nurses?page=2')
    const [{ value: nurseCount }] = await getDb().select({ value: sql<number>`count(*)::int` }).from(nurseProfiles)
    expect(nurses.body.totalPages).toBe(Math.ceil(nurseCount / 20))
    expect(nurses.body.nurses).toHaveLength(Math.min(20, nurseCount - 20))
  })

  test('the pending list shows the applicants with their documents as private file links', async () => {
    const brittany = await nurseByName('Brittany Cole')
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
    expect(body.nurses.map((n: { displayName: string }) => n.displayName).sort()).toEqual([...PENDING].sort())
    const row = body.nurses.find((n: { displayName: string }) => n.displayName === 'Brittany Cole')
    expect(row).toMatchObject({
      nurseProfileId: brittany.id,
      email: brittany.email,
      baseLocation: expect.stringContaining('Atlanta'),
      verificationStatus: 'pending',
      averageRating: null,
      idDocumentUrl: `/files/${file.id}`,
      certificationDocumentUrl: null,
    })
    expect(new Date(row.memberSince).getTime()).toBeLessThan(Date.now())
    expect(row.profileUpdatedAt).toEqual(expect.any(String))
  })

  test('an admin changes a booking status, with notes kept in the audit log', async () => {
    const [booking] = await getDb().select().from(bookings).where(eq(bookings.status, 'completed')).limit(1)
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
        actorId: adminId,
        action: 'booking.status_changed',
        entityType: 'booking',
        notes: 'Parent disputes the last night.',
        data: { from: 'completed', to: 'confirmed' },
      }),
    ])
  })

  test('a bad or unknown booking status change changes nothing', async () => {
    const [booking] = await getDb().select().from(bookings).limit(1)
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
    expect(after.status).toBe(booking.status)
    expect(await getDb().select().from(adminAuditLog)).toEqual([])
  })

  test('a rejection needs a reason; without one nothing changes and no e-mail goes out', async () => {
    const olivia = await nurseByName('Olivia Park')
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
    const olivia = await nurseByName('Olivia Park')
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
    expect(audit).toMatchObject({ action: 'nurse.verification_rejected', entityType: 'nurse_profile', notes: reason, actorId: adminId })
    const mail = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, olivia.email))
    expect(mail).toHaveLength(1)
    expect(mail[0].textBody).toContain(reason)

    const stats = await get(statsApi.loader, '/_api/admin/stats')
    expect(stats.body.pendingVerifications).toBe(3)
  })

  test('an approved nurse becomes publicly visible at once, and is told by e-mail', async () => {
    const lucia = await nurseByName('Lucía Herrera')
    const profilePath = `/_api/nurses/public-profile?slug=${lucia.slug}`
    // An anonymous read first, so a stale cached answer would show.
    expect((await call(publicProfileApi.loader, makeRequest(profilePath))).status).toBe(404)

    const response = await call(
      verificationApi.action,
      makeRequest('/_api/admin/nurse/update-verification', {
        body: { nurseProfileId: lucia.id, verificationStatus: 'approved' },
        cookie,
      }),
    )
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
    const { status, body } = await get(paymentsApi.loader, '/_api/admin/payments')
    expect(status).toBe(200)
    const [{ value: total }] = await getDb().select({ value: sql<number>`count(*)::int` }).from(payments)
    expect(body.payments).toHaveLength(Math.min(20, total))
    expect(body.totalPages).toBe(Math.ceil(total / 20))
    const refund = body.payments.find((p: { kind: string }) => p.kind === 'refund')
    expect(refund).toMatchObject({
      id: expect.any(Number),
      createdAt: expect.any(String),
      amountCents: expect.any(Number),
      status: 'succeeded',
      parentName: expect.any(String),
      nurseName: expect.any(String),
      stripePaymentIntentId: expect.stringMatching(/^re_test_seed_/),
    })
    expect(body.payments.filter((p: { kind: string }) => p.kind === 'charge').length).toBeGreaterThan(0)
  })

  test('the CSV export is the bookings list, every page, with the same filters', async () => {
    const response = await call(exportApi.loader, makeRequest('/_api/admin/export-bookings?status=confirmed', { cookie }))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/csv/)
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="bookings.csv"')
    const lines = (await response.text()).trim().split('\n')
    expect(lines[0]).toBe('Booking ID,Reference,Nurse,Parent,Parent Email,Start Date,Status,Total (USD),Created At')
    const list = await get(bookingsApi.loader, '/_api/admin/bookings?status=confirmed')
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(list.body.bookings.map((b: { id: number }) => b.id))
    const first = list.body.bookings[0]
    expect(lines[1]).toContain(`,${first.nurseName},`)
    expect(lines[1]).toContain(`,confirmed,${(first.totalAmountCents / 100).toFixed(2)},`)

    const searched = await call(exportApi.loader, makeRequest('/_api/admin/export-bookings?search=Riley', { cookie }))
    expect((await searched.text()).trim().split('\n')).toHaveLength(3)
  })

  test('the dashboard page shows the open tab and its changes redirect back with the toast', async () => {
    const page = await call(dashboard.loader, makeRequest('/admin/dashboard', { cookie }))
    expect(page.status).toBe(200)
    const view = await page.json()
    expect(view.displayName).toBe('Avery Admin')
    expect(view.table.tab).toBe('pending')
    expect(view.table.rows).toHaveLength(4)

    const bookingsView = await (
      await call(dashboard.loader, makeRequest('/admin/dashboard?tab=bookings&status=cancelled&search=Riley', { cookie }))
    ).json()
    expect(bookingsView.table.rows).toHaveLength(1)

    const [booking] = await getDb().select().from(bookings).where(eq(bookings.status, 'confirmed')).limit(1)
    const posted = await call(
      dashboard.action,
      makeRequest('/admin/dashboard?tab=bookings&page=1', {
        form: { intent: 'update-status', bookingId: String(booking.id), status: 'completed', notes: 'Done early.' },
        cookie,
      }),
    )
    expect(posted.status).toBe(302)
    expect(posted.headers.get('Location')).toBe('/admin/dashboard?tab=bookings')
    expect(posted.headers.get('Set-Cookie')).toContain('__toast=')
    const [audit] = await getDb().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, booking.id))
    expect(audit.notes).toBe('Done early.')

    const deshawn = await nurseByName('Deshawn Carter')
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
    const nurse = await createNurse({ rate: 35000, name: 'Nora Night' })
    // Three nights at $350: $1,050 + $105 fee = $1,155 paid.
    const booking = await createPaidBooking({
      parentId: parent.id,
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
