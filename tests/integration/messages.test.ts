// Messages (issue 16): one conversation per family and nurse, only its members read it (anyone
// else: Not Found), contact details masked until the family has a confirmed booking with the nurse
// (the message kept as written for admins), unread counts, at most one e-mail an hour, reports and
// suspension. The pages work without JavaScript: every change is a form post.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { conversations, messages, outboxEmails, sessions, users } from '../../app/db/schema'
import { getUserBySessionToken, verifyPasswordLogin } from '../../app/domain/accounts/auth.server'
import { MASK } from '../../app/domain/messages/message-rules'
import {
  countUnreadMessages,
  getConversation,
  getReportedConversation,
  listConversations,
  markConversationRead,
  reportConversation,
  sendMessage,
  startConversation,
} from '../../app/domain/messages/messages.server'
import { suspendUser } from '../../app/domain/accounts/suspensions.server'
import * as adminConversation from '../../app/routes/admin.conversations.$conversationId'
import * as adminReported from '../../app/routes/admin.conversations._index'
import * as conversationPage from '../../app/routes/messages.$conversationId'
import * as newPage from '../../app/routes/messages.new'
import { createBooking, createNurse, createPayment, createUser, DEFAULT_PASSWORD, futureDates } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const asParent = (user: { id: number }) => ({ id: user.id, role: 'parent' as const })
const asNurse = (nurse: { userId: number }) => ({ id: nurse.userId, role: 'nurse' as const })

async function subjectsTo(userId: number) {
  const [user] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId))
  const sent = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email))
  return sent.map((email) => email.subject)
}

async function started(text = 'Hello! Do you have experience with twins?') {
  const nurse = await createNurse({ name: 'Mira Message' })
  const parent = await createUser({ displayName: 'Dana Family' })
  const result = await startConversation(asParent(parent), nurse.id, text)
  if (!result.ok) throw new Error(result.error)
  return { nurse, parent, conversationId: result.conversationId }
}

describe('conversations', () => {
  test('one per family and nurse; only its two members read it; a nurse cannot start one', async () => {
    const { nurse, parent, conversationId } = await started()
    const again = await startConversation(asParent(parent), nurse.id, 'And one more question.')
    expect(again).toEqual({ ok: true, conversationId })
    expect(await getDb().select().from(conversations).where(eq(conversations.parentId, parent.id))).toHaveLength(1)

    const stranger = await createUser()
    const otherNurse = await createNurse()
    expect(await getConversation(asParent(stranger), conversationId)).toBeNull()
    expect(await getConversation(asNurse(otherNurse), conversationId)).toBeNull()
    expect(await sendMessage(asParent(stranger), conversationId, 'Hi')).toMatchObject({ ok: false, status: 404 })
    expect(await startConversation(asNurse(nurse), nurse.id, 'Hi')).toMatchObject({ ok: false, status: 403 })
    const applicant = await createNurse({ status: 'pending' })
    expect(await startConversation(asParent(parent), applicant.id, 'Hi')).toMatchObject({ ok: false, status: 404 })

    const page = await call(conversationPage.loader, makeRequest(`/messages/${conversationId}`, { cookie: await cookieFor(stranger.id) }), {
      conversationId: String(conversationId),
    })
    expect(page.status).toBe(404)
  })

  test('Mark as read in the reply form marks the conversation read and sends nothing, though the form also names intent=send', async () => {
    const { nurse, conversationId } = await started()
    const cookie = await cookieFor(nurse.userId)
    // The button's intent comes after the form's hidden one, as a browser sends them.
    const body = 'intent=send&body=Half-typed&intent=read'
    const request = makeRequest(`/messages/${conversationId}`, { body })
    const read = await call(conversationPage.action, new Request(request, { headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' } }), {
      conversationId: String(conversationId),
    })
    expect(read.status).toBe(200)
    expect(await countUnreadMessages(asNurse(nurse))).toBe(0)
    const page = await (await call(conversationPage.loader, makeRequest(`/messages/${conversationId}`, { cookie }), { conversationId: String(conversationId) })).json()
    expect(JSON.stringify(page)).not.toContain('Half-typed')
  })

  test('unread counts: the other side’s messages since one last read; reading is a POST', async () => {
    const { nurse, parent, conversationId } = await started()
    expect(await countUnreadMessages(asNurse(nurse))).toBe(1)
    expect(await countUnreadMessages(asParent(parent))).toBe(0)
    // Reading the page's data changes nothing (no document load: see the next test).
    const cookie = await cookieFor(nurse.userId)
    await call(conversationPage.loader, makeRequest(`/messages/${conversationId}`, { cookie }), { conversationId: String(conversationId) })
    expect(await countUnreadMessages(asNurse(nurse))).toBe(1)
    const read = await call(conversationPage.action, makeRequest(`/messages/${conversationId}`, { cookie, form: { intent: 'read' } }), {
      conversationId: String(conversationId),
    })
    expect(read.status).toBe(200)
    expect(await countUnreadMessages(asNurse(nurse))).toBe(0)

    await sendMessage(asNurse(nurse), conversationId, 'Yes, I have cared for three sets of twins.')
    await sendMessage(asNurse(nurse), conversationId, 'Happy to talk more.')
    expect(await countUnreadMessages(asParent(parent))).toBe(2)
    expect((await listConversations(asParent(parent)))[0]).toMatchObject({ unread: 2, otherName: 'Mira Message', preview: 'Happy to talk more.' })
    // Answering is reading.
    await sendMessage(asParent(parent), conversationId, 'Wonderful, thank you!')
    expect(await countUnreadMessages(asParent(parent))).toBe(0)
    expect(await markConversationRead(asParent(await createUser()), conversationId)).toBe(false)
  })

  test('opening the conversation as a page marks it read, without JavaScript; a prefetch or a data fetch marks nothing', async () => {
    const { nurse, parent, conversationId } = await started()
    const [first] = await getDb().select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId))
    const cookie = await cookieFor(nurse.userId)
    const params = { conversationId: String(conversationId) }
    // An earlier page ('?before='): the page opened is the page shown again.
    const path = `/messages/${conversationId}?before=${first.id}`
    const open = (headers: Record<string, string>) => call(conversationPage.loader, makeRequest(path, { cookie, headers }), params)
    const pageLoad = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' }

    for (const headers of [
      { ...pageLoad, 'Sec-Purpose': 'prefetch' },
      { ...pageLoad, 'Sec-Purpose': 'prefetch;prerender' },
      { ...pageLoad, Purpose: 'prefetch' },
      // What the browser sends with the page's own /messages/{id}.data fetch.
      { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors' },
    ]) {
      expect((await open(headers)).status).toBe(200)
      expect(await countUnreadMessages(asNurse(nurse))).toBe(1)
    }

    // The page load marks it read, then loads again so the header counts it no more.
    const marked = await open(pageLoad)
    expect(marked.status).toBe(303)
    expect(marked.headers.get('Location')).toBe(path)
    expect(marked.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await countUnreadMessages(asNurse(nurse))).toBe(0)
    const shown = await open(pageLoad)
    expect(shown.status).toBe(200)
    expect((await shown.json()).conversation.unread).toBe(0)

    // A message from a server whose clock runs a minute ahead is read by one opening too: no loop.
    await sendMessage(asParent(parent), conversationId, 'One more thing.', new Date(Date.now() + 60_000))
    expect((await open(pageLoad)).status).toBe(303)
    expect((await open(pageLoad)).status).toBe(200)
    expect(await countUnreadMessages(asNurse(nurse))).toBe(0)

    // Not hers: nothing is marked.
    const stranger = await createNurse()
    const refused = await call(
      conversationPage.loader,
      makeRequest(`/messages/${conversationId}`, { cookie: await cookieFor(stranger.userId), headers: pageLoad }),
      params,
    )
    expect(refused.status).toBe(404)
  })

  test('contact details are masked until the family has a confirmed booking with the nurse, never for admins', async () => {
    const { nurse, parent, conversationId } = await started('Text me at 555-123-4567 or write to dana@gmail.com')
    await sendMessage(asNurse(nurse), conversationId, 'My site is www.mira-nights.com, call (617) 555 0100')
    const seenByNurse = await getConversation(asNurse(nurse), conversationId)
    expect(seenByNurse!.messages[0].body).toBe(`Text me at ${MASK} or write to ${MASK}`)
    expect(seenByNurse!.messages[1].body).toBe('My site is www.mira-nights.com, call (617) 555 0100') // her own words
    const seenByParent = await getConversation(asParent(parent), conversationId)
    expect(seenByParent!.messages[1].body).not.toContain('555')
    expect(seenByParent!.messages[1].body).toContain(MASK)
    expect((await listConversations(asNurse(nurse)))[0].preview).toContain('My site is') // her own last message
    // Stored as written.
    const stored = await getDb().select().from(messages).where(eq(messages.conversationId, conversationId))
    expect(stored.map((row) => row.body)).toContain('Text me at 555-123-4567 or write to dana@gmail.com')

    // A booking not paid yet does not unlock; a confirmed one does.
    await createBooking({ nurse, parent, dates: futureDates(9), status: 'pending' })
    expect((await getConversation(asNurse(nurse), conversationId))!.messages[0].body).toContain(MASK)
    await createBooking({ nurse, parent, dates: futureDates(10) })
    const unlocked = await getConversation(asNurse(nurse), conversationId)
    expect(unlocked!.unlocked).toBe(true)
    expect(unlocked!.messages[0].body).toBe('Text me at 555-123-4567 or write to dana@gmail.com')
  })

  test('the other side is e-mailed at most once an hour per conversation, masked, and not when they turned it off', async () => {
    const start = new Date()
    const { nurse, parent, conversationId } = await started('Call 555 123 4567?')
    await sendMessage(asParent(parent), conversationId, 'Also, do you do weekends?', new Date(start.getTime() + 10 * 60_000))
    const nurseMail = async () => (await getDb().select().from(outboxEmails).where(eq(outboxEmails.subject, 'New message from Dana')))
    expect(await nurseMail()).toHaveLength(1)
    expect((await nurseMail())[0].textBody).not.toContain('4567')
    expect((await nurseMail())[0].textBody).toContain(MASK)
    await sendMessage(asParent(parent), conversationId, 'One more thing.', new Date(start.getTime() + 61 * 60_000))
    expect(await nurseMail()).toHaveLength(2)

    // The family turned message e-mails off: the nurse's answer sends none.
    const { updateNotificationPreferences } = await import('../../app/domain/notifications/notification-preferences.server')
    await updateNotificationPreferences(parent.id, { bookingConfirmations: true, bookingReminders: true, cancellationNotices: true, reminderHoursBefore: 24, newMessages: false })
    await sendMessage(asNurse(nurse), conversationId, 'Yes, weekends too.')
    expect((await subjectsTo(parent.id)).filter((subject) => subject.startsWith('New message'))).toEqual([])
  })

  test('the pages: asking a question keeps what was typed when refused; an existing conversation is opened instead of a new one', async () => {
    const nurse = await createNurse({ name: 'Nell Newpage' })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const form = await call(newPage.loader, makeRequest(`/messages/new?nurse=${nurse.slug}`, { cookie }))
    expect(await form.json()).toMatchObject({ nurse: { id: nurse.id, displayName: 'Nell Newpage' } })
    const empty = await call(newPage.action, makeRequest('/messages/new', { cookie, form: { nurseId: String(nurse.id), body: '   ' } }))
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({ error: 'Write your message first.', body: '   ' })
    const sent = await call(newPage.action, makeRequest('/messages/new', { cookie, form: { nurseId: String(nurse.id), body: 'Are you free in March?' } }))
    expect(sent.status).toBe(302)
    const location = sent.headers.get('Location')!
    expect(location).toMatch(/^\/messages\/\d+#reply$/)
    const reopened = await call(newPage.loader, makeRequest(`/messages/new?nurse=${nurse.slug}`, { cookie }))
    expect(reopened.status).toBe(302)
    expect(reopened.headers.get('Location')).toBe(location)
    const asNurseCookie = await cookieFor(nurse.userId)
    expect([302, 403]).toContain((await call(newPage.loader, makeRequest(`/messages/new?nurse=${nurse.slug}`, { cookie: asNurseCookie }))).status)
    expect((await call(newPage.loader, makeRequest('/messages/new?nurse=nobody-here', { cookie }))).status).toBe(404)
  })
})

describe('the family’s address', () => {
  test('reaches the nurse only with a confirmed booking, for that booking; never through her dashboard or messages', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const address = '77 Hidden Lane, Boston, MA 02116'
    const booking = await createBooking({ nurse, parent, dates: futureDates(12), status: 'pending', addressText: address })
    const nurseMail = async () => (await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, nurse.email))).map((row) => row.textBody).join('\n')
    expect(await nurseMail()).not.toContain('Hidden Lane')
    const { getNurseOverview } = await import('../../app/domain/bookings/nurse-dashboard.server')
    expect(JSON.stringify(await getNurseOverview(nurse.userId, new Date()))).not.toContain('Hidden Lane')

    const paymentId = await createPayment({ bookingId: booking.id, amountCents: booking.totalAmountCents, status: 'pending' })
    const { confirmBookingPayment } = await import('../../app/domain/payments/booking-confirmation.server')
    expect(await confirmBookingPayment({ bookingId: booking.id, paymentId })).toEqual({ outcome: 'confirmed' })
    // The booking's confirmation gives the nurse the address of that booking's nights.
    expect(await nurseMail()).toContain(`Address: ${address}`)
    // Her dashboard still shows the family's first name and city only.
    expect(JSON.stringify(await getNurseOverview(nurse.userId, new Date()))).not.toContain('Hidden Lane')
  })
})

describe('reports and suspension', () => {
  test('admins read a conversation only once reported, as written, and may suspend a member, who is signed out and cannot sign in', async () => {
    const { nurse, parent, conversationId } = await started('Pay me outside the app: venmo @dana-pays, 555-987-6543')
    const admin = await createUser({ role: 'admin' })
    const adminCookie = await cookieFor(admin.id)
    const before = await call(adminConversation.loader, makeRequest(`/admin/conversations/${conversationId}`, { cookie: adminCookie }), {
      conversationId: String(conversationId),
    })
    expect(before.status).toBe(404)
    expect(await reportConversation(asParent(await createUser()), conversationId, 'Not mine')).toMatchObject({ ok: false, status: 404 })
    expect(await reportConversation(asNurse(nurse), conversationId, 'Asked to be paid outside Nightlight.')).toEqual({ ok: true })
    const reported = await getReportedConversation(conversationId)
    expect(reported!.messages[0].body).toContain('555-987-6543')

    const parentCookie = await cookieFor(parent.id)
    const parentToken = (await getDb().select().from(sessions).where(eq(sessions.userId, parent.id)))[0]
    expect(parentToken).toBeDefined()
    const refused = await call(adminConversation.action, makeRequest(`/admin/conversations/${conversationId}`, { cookie: adminCookie, form: { userId: String(admin.id), reason: 'Not a member.' } }), {
      conversationId: String(conversationId),
    })
    expect(refused.status).toBe(404)
    const suspended = await call(adminConversation.action, makeRequest(`/admin/conversations/${conversationId}`, { cookie: adminCookie, form: { userId: String(parent.id), reason: 'Off-platform payment.' } }), {
      conversationId: String(conversationId),
    })
    expect(suspended.status).toBe(302)
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, parent.id))).toEqual([])
    expect(await suspendUser(admin.id, parent.id, 'Again.')).toMatchObject({ ok: false, status: 409 })
    expect(await suspendUser(admin.id, admin.id, 'Self.')).toMatchObject({ ok: false, status: 403 })
    // The old cookie no longer signs in, and the password does not either.
    const page = await call(conversationPage.loader, makeRequest(`/messages/${conversationId}`, { cookie: parentCookie }), { conversationId: String(conversationId) })
    expect(page.status).toBe(302)
    const [row] = await getDb().select().from(users).where(eq(users.id, parent.id))
    expect(row.suspendedReason).toBe('Off-platform payment.')
    expect(await verifyPasswordLogin(row.email, DEFAULT_PASSWORD)).toBe('suspended')
    // The same password signs in an account that is not suspended.
    expect(await verifyPasswordLogin((await createUser({ email: 'still-here@example.com' })).email, DEFAULT_PASSWORD)).not.toBeNull()
    expect(await getUserBySessionToken('anything')).toBeNull()
  })

  test('admins reach every reported conversation, latest report first, twenty a page', async () => {
    // 21 reports dated before any other test's, a day apart: the first made ends the last page.
    const reportedIds: number[] = []
    for (let index = 0; index < 21; index += 1) {
      const { nurse, conversationId } = await started(`Hello, are you free in March? (${index})`)
      expect(await reportConversation(asNurse(nurse), conversationId, `Report ${index}`)).toEqual({ ok: true })
      await getDb()
        .update(conversations)
        .set({ reportedAt: new Date(Date.UTC(2001, 0, 30 - index)) })
        .where(eq(conversations.id, conversationId))
      reportedIds.push(conversationId)
    }
    const cookie = await cookieFor((await createUser({ role: 'admin' })).id)
    const pageOf = async (search: string) => (await (await call(adminReported.loader, makeRequest(`/admin/conversations${search}`, { cookie }))).json()).conversations
    const first = await pageOf('')
    expect(first.rows).toHaveLength(20)
    expect(first.totalPages).toBe(Math.ceil(first.totalRows / 20))
    const all = []
    for (let page = 1; page <= first.totalPages; page += 1) all.push(...(await pageOf(`?page=${page}`)).rows)
    expect(all.map((row: { id: number }) => row.id).slice(-21)).toEqual(reportedIds)
    expect(all.at(-1)).toMatchObject({ id: reportedIds.at(-1), reportReason: 'Report 20', nurseName: 'Mira Message', parentName: 'Dana Family' })
    expect((await pageOf('?page=500')).page).toBe(first.totalPages)
    // Only admins.
    const parent = await createUser()
    expect([302, 403, 404]).toContain((await call(adminReported.loader, makeRequest('/admin/conversations', { cookie: await cookieFor(parent.id) }))).status)
  })
})
