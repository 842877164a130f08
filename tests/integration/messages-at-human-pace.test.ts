// Messages at human pace, masking that holds, unlocking that means something (issue 33.2–3, issue
// 38.4; docs/decisions/0044): per-account limits answered 429 on the page and through /_api, a
// number split over messages masked, contact details unlocked only by a paid, near, confirmed
// booking and locked again when it is cancelled, reviews masked on the profile, conversations paged.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { payments } from '../../app/db/schema'
import { cancelOccurrence } from '../../app/domain/payments/cancellation.server'
import { CONVERSATION_PAGE_SIZE, MASK } from '../../app/domain/messages/message-rules'
import {
  MESSAGES_PER_CONVERSATION_PER_DAY,
  MESSAGES_PER_HOUR_WITHOUT_BOOKING,
  MESSAGES_PER_MINUTE,
} from '../../app/domain/messages/message-limits'
import { getConversation, listNewMessages, sendMessage, startConversation } from '../../app/domain/messages/messages.server'
import { replyToReview, saveReview } from '../../app/domain/reviews/reviews.server'
import * as messagesApi from '../../app/api/messages'
import * as conversationPage from '../../app/routes/messages.$conversationId'
import * as newPage from '../../app/routes/messages.new'
import * as profilePage from '../../app/routes/nurse.$slug'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const asParent = (user: { id: number }) => ({ id: user.id, role: 'parent' as const })
const asNurse = (nurse: { userId: number }) => ({ id: nurse.userId, role: 'nurse' as const })

async function conversationOf(parent: { id: number }, nurse: { id: number }, text = 'Hello!') {
  const started = await startConversation(asParent(parent), nurse.id, text)
  if (!started.ok) throw new Error(started.error)
  return started.conversationId
}

/** The limits count real time: the test moves the clock (Date only; timers and the database run as usual). */
function clockAt(start: Date) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(start)
  return (ms: number) => vi.setSystemTime(new Date(Date.now() + ms))
}
afterEach(() => {
  vi.useRealTimers()
})

describe('messages at human pace', () => {
  test(`a burst: ${MESSAGES_PER_MINUTE} messages a minute, then 429 with the typed text kept on the page and the reason through /_api`, async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const conversationId = await conversationOf(parent, nurse)
    for (let i = 1; i < MESSAGES_PER_MINUTE; i++) expect(await sendMessage(asParent(parent), conversationId, `Question ${i}`)).toEqual({ ok: true })
    expect(await sendMessage(asParent(parent), conversationId, 'One too many')).toMatchObject({ ok: false, status: 429 })

    const cookie = await cookieFor(parent.id)
    const page = await call(conversationPage.action, makeRequest(`/messages/${conversationId}`, { cookie, form: { intent: 'send', body: 'Still here?' } }), {
      conversationId: String(conversationId),
    })
    expect(page.status).toBe(429)
    expect(page.headers.get('Retry-After')).toMatch(/^\d+$/)
    const shown = await page.json()
    expect(shown.body).toBe('Still here?')
    expect(shown.error).toMatch(/too quickly/)

    const api = await call(messagesApi.action, makeRequest('/_api/messages', { cookie, body: { conversationId, body: 'And via the API?' } }))
    expect(api.status).toBe(429)
    expect(Number(api.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await api.json()).error).toMatch(/too quickly/)

    // The nurse answering is not held back by the family's burst.
    expect(await sendMessage(asNurse(nurse), conversationId, 'Yes, I am here.')).toEqual({ ok: true })
  })

  test(`a family writes at most ${MESSAGES_PER_HOUR_WITHOUT_BOOKING} messages an hour to nurses it has not booked; a booked nurse is not counted`, async () => {
    const tick = clockAt(new Date())
    const parent = await createUser()
    const first = await createNurse()
    const second = await createNurse()
    const booked = await createNurse()
    await createBooking({ nurse: booked, parent, dates: futureDates(5) })
    const toFirst = await conversationOf(parent, first)
    const toSecond = await conversationOf(parent, second)
    const toBooked = await conversationOf(parent, booked)
    let sent = 2 // the first message of each unbooked conversation
    while (sent < MESSAGES_PER_HOUR_WITHOUT_BOOKING) {
      if (sent % 5 === 0) tick(61_000) // never a burst
      expect(await sendMessage(asParent(parent), sent % 2 ? toFirst : toSecond, `Question ${sent}`)).toEqual({ ok: true })
      sent++
    }
    tick(61_000)
    const refused = await sendMessage(asParent(parent), toSecond, 'One more question')
    expect(refused).toMatchObject({ ok: false, status: 429 })
    expect(refused.ok ? '' : refused.error).toContain(`${MESSAGES_PER_HOUR_WITHOUT_BOOKING} messages an hour`)
    // Asking a nurse for the first time counts too, and is refused on the page with the text kept.
    const cookie = await cookieFor(parent.id)
    const third = await createNurse()
    const asked = await call(newPage.action, makeRequest('/messages/new', { cookie, form: { nurseId: String(third.id), body: 'Are you free?' } }))
    expect(asked.status).toBe(429)
    expect(await asked.json()).toMatchObject({ body: 'Are you free?' })
    // The nurse the family booked is not counted.
    expect(await sendMessage(asParent(parent), toBooked, 'See you on the night!')).toEqual({ ok: true })
    // An hour later the family may write again.
    tick(60 * 60_000)
    expect(await sendMessage(asParent(parent), toSecond, 'One more question')).toEqual({ ok: true })
  })

  test(`at most ${MESSAGES_PER_CONVERSATION_PER_DAY} messages a day from one side of a conversation`, async () => {
    const tick = clockAt(new Date())
    const nurse = await createNurse()
    const parent = await createUser()
    await createBooking({ nurse, parent, dates: futureDates(4) })
    const conversationId = await conversationOf(parent, nurse)
    for (let sent = 1; sent < MESSAGES_PER_CONVERSATION_PER_DAY; sent++) {
      if (sent % MESSAGES_PER_MINUTE === 0) tick(61_000)
      const result = await sendMessage(asParent(parent), conversationId, `Note ${sent}`)
      if (!result.ok) throw new Error(`message ${sent}: ${result.error}`)
    }
    tick(61_000)
    const refused = await sendMessage(asParent(parent), conversationId, 'Note 201')
    expect(refused).toMatchObject({ ok: false, status: 429 })
    expect(refused.ok ? '' : refused.error).toContain(`${MESSAGES_PER_CONVERSATION_PER_DAY} messages`)
    expect(await sendMessage(asNurse(nurse), conversationId, 'Got them all.')).toEqual({ ok: true })
    tick(24 * 60 * 60_000)
    expect(await sendMessage(asParent(parent), conversationId, 'Note 201')).toEqual({ ok: true })
  }, 120_000)
})

describe('masking across a sender’s messages', () => {
  test('a number split over three messages is hidden in all three; each is stored as written', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const conversationId = await conversationOf(parent, nurse, 'My number is 512')
    await sendMessage(asNurse(nurse), conversationId, 'Sorry?')
    await sendMessage(asParent(parent), conversationId, '555')
    await sendMessage(asParent(parent), conversationId, '0199, call me')
    const seen = await getConversation(asNurse(nurse), conversationId)
    expect(seen!.messages.map((message) => message.body)).toEqual([`My number is ${MASK}`, 'Sorry?', MASK, `${MASK}, call me`])
    // The family sees its own words.
    expect((await getConversation(asParent(parent), conversationId))!.messages.map((message) => message.body)).toContain('555')
  })

  test('the poll for new messages masks a new piece with the sender’s earlier ones, and sends those again masked', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const conversationId = await conversationOf(parent, nurse, 'Call me on 512')
    const [first] = (await getConversation(asNurse(nurse), conversationId))!.messages
    expect(first.body).toBe('Call me on 512')
    await sendMessage(asParent(parent), conversationId, '555')
    await sendMessage(asParent(parent), conversationId, '0199')
    const fresh = await listNewMessages(asNurse(nurse), conversationId, first.id)
    expect(fresh!.messages.map((message) => message.body)).toEqual([MASK, MASK])
    expect(fresh!.revised).toContainEqual({ id: first.id, body: `Call me on ${MASK}` })
  })
})

describe('unlocking that means something', () => {
  async function unlockedWith(booking: Parameters<typeof createBooking>[0] | null) {
    const nurse = await createNurse()
    const parent = await createUser()
    const conversationId = await conversationOf(parent, nurse, 'Text me at 617-555-0142')
    const made = booking ? await createBooking({ ...booking, nurse, parent }) : null
    const seen = await getConversation(asNurse(nurse), conversationId)
    return { seen: seen!, nurse, parent, conversationId, booking: made }
  }
  const nurseStub = { id: 0, timezone: 'America/New_York', rateCents: 30_000 }

  test('a confirmed, paid booking whose first night is within 14 days unlocks; one 30 days out does not yet', async () => {
    const near = await unlockedWith({ nurse: nurseStub, dates: futureDates(10) })
    expect(near.seen.unlocked).toBe(true)
    expect(near.seen.messages[0].body).toBe('Text me at 617-555-0142')
    const far = await unlockedWith({ nurse: nurseStub, dates: futureDates(30) })
    expect(far.seen.unlocked).toBe(false)
    expect(far.seen.messages[0].body).toBe(`Text me at ${MASK}`)
  })

  test('a booking paid $0 does not unlock', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const conversationId = await conversationOf(parent, nurse, 'Text me at 617-555-0142')
    const booking = await createBooking({ nurse, parent, dates: futureDates(3) })
    await getDb().update(payments).set({ amountCents: 0, feeCents: 0 }).where(eq(payments.id, booking.chargeId!))
    const seen = await getConversation(asNurse(nurse), conversationId)
    expect(seen!.unlocked).toBe(false)
    expect(seen!.messages[0].body).toBe(`Text me at ${MASK}`)
  })

  test('cancelling the booking locks contact details again, in the conversation and its list', async () => {
    const { seen, nurse, parent, conversationId, booking } = await unlockedWith({ nurse: nurseStub, dates: futureDates(6) })
    expect(seen.unlocked).toBe(true)
    const cancelled = await cancelOccurrence({ parentId: parent.id, occurrenceId: booking!.occurrenceIds[0], now: new Date() })
    expect(cancelled).toMatchObject({ ok: true })
    const after = await getConversation(asNurse(nurse), conversationId)
    expect(after!.unlocked).toBe(false)
    expect(after!.messages[0].body).toBe(`Text me at ${MASK}`)
    const { listConversations } = await import('../../app/domain/messages/messages.server')
    expect((await listConversations(asNurse(nurse)))[0].preview).toBe(`Text me at ${MASK}`)
  })
})

describe('reviews are masked where the public reads them', () => {
  test('a review and the nurse’s answer show no contact details on her profile', async () => {
    const nurse = await createNurse({ name: 'Rhea Review' })
    const parent = await createUser()
    const booking = await createBooking({ nurse, parent, dates: futureDates(-3), status: 'completed' })
    expect(await saveReview(parent.id, booking.id, { rating: 5, body: 'Wonderful nights. Text me at 512-555-0186 or jordan@example.com' })).toMatchObject({ ok: true })
    const [{ id: reviewId }] = (await import('../../app/domain/reviews/reviews.server').then((m) => m.listReviewsForAdmin({ page: 1 }))).rows.filter((review) => review.nurseSlug === nurse.slug)
    expect(await replyToReview(nurse.userId, reviewId, 'Thank you! Reach me at rhea dot nights at gmail dot com')).toEqual({ ok: true })
    const page = await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}`), { slug: nurse.slug })
    const html = JSON.stringify(await page.json())
    expect(html).not.toContain('0186')
    expect(html).not.toContain('jordan@')
    expect(html).not.toContain('rhea dot nights')
    expect(html).toContain(`Wonderful nights. Text me at ${MASK}`)
    // Admins read it as written.
    const { listReviewsForAdmin } = await import('../../app/domain/reviews/reviews.server')
    expect((await listReviewsForAdmin({ page: 1 })).rows[0].body).toContain('512-555-0186')
  })
})

describe('conversations are paged', () => {
  test(`the page shows the newest ${CONVERSATION_PAGE_SIZE} messages and links to earlier ones that work without JavaScript; the poll asks only for newer ones`, async () => {
    const tick = clockAt(new Date())
    const nurse = await createNurse()
    const parent = await createUser()
    await createBooking({ nurse, parent, dates: futureDates(4) })
    const conversationId = await conversationOf(parent, nurse, 'Message 1')
    for (let n = 2; n <= 60; n++) {
      if (n % MESSAGES_PER_MINUTE === 0) tick(61_000)
      await sendMessage(n % 2 ? asParent(parent) : asNurse(nurse), conversationId, `Message ${n}`)
    }
    const cookie = await cookieFor(nurse.userId)
    const params = { conversationId: String(conversationId) }
    const latest = await (await call(conversationPage.loader, makeRequest(`/messages/${conversationId}`, { cookie }), params)).json()
    const bodies = (page: { conversation: { messages: Array<{ body: string }> } }) => page.conversation.messages.map((message) => message.body)
    expect(bodies(latest)).toHaveLength(CONVERSATION_PAGE_SIZE)
    expect(bodies(latest).at(0)).toBe(`Message ${60 - CONVERSATION_PAGE_SIZE + 1}`)
    expect(bodies(latest).at(-1)).toBe('Message 60')
    expect(latest.conversation.earlierCursor).toBe(latest.conversation.messages[0].id)

    const earlier = await (await call(conversationPage.loader, makeRequest(`/messages/${conversationId}?before=${latest.conversation.earlierCursor}`, { cookie }), params)).json()
    expect(bodies(earlier)).toEqual(Array.from({ length: 60 - CONVERSATION_PAGE_SIZE }, (_, i) => `Message ${i + 1}`))
    expect(earlier.conversation.earlierCursor).toBeNull()
    expect(earlier.conversation.newerPage).toBe(true)
    expect((await call(conversationPage.loader, makeRequest(`/messages/${conversationId}?before=abc`, { cookie }), params)).status).toBe(400)

    // The poll: only what is newer than the last message the page has.
    const lastId = latest.conversation.messages.at(-1).id
    tick(61_000)
    await sendMessage(asParent(parent), conversationId, 'Message 61')
    const polled = await call(messagesApi.loader, makeRequest(`/_api/messages?conversationId=${conversationId}&after=${lastId}`, { cookie }))
    expect(polled.status).toBe(200)
    expect(polled.headers.get('Cache-Control')).toContain('no-store')
    const answer = await polled.json()
    expect(answer.messages.map((message: { body: string }) => message.body)).toEqual(['Message 61'])
    expect(answer.unread).toBeGreaterThan(0)
    // Not a member: Not Found.
    const stranger = await cookieFor((await createUser()).id)
    expect((await call(messagesApi.loader, makeRequest(`/_api/messages?conversationId=${conversationId}&after=${lastId}`, { cookie: stranger }))).status).toBe(404)
  }, 60_000)
})
