// Messages between a family and a nurse (issue 16; rules: message-rules.ts). A family starts a
// conversation from a nurse's profile or a booking; both sides read and answer at /messages. What
// each side sees is masked until a booking unlocks contact details (contact-unlock.ts), a sender's
// last few messages read together (docs/decisions/0044); what each account may send is limited
// (message-limits.ts). Conversations are read a page at a time. Reading a page
// changes nothing: a conversation is marked read by a POST (the page sends it at once with
// JavaScript; without it, answering or 'Mark as read' does). Only the two members read a
// conversation; admins read one only once a member reported it.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { executeRows, getDb, type Db } from '../../db/client.server'
import { intArrayText, preparedPerDatabase } from '../../db/prepared.server'
import { bookingOccurrences, bookings, conversations, messages, notificationPreferences, nurseProfiles, payments, users } from '../../db/schema'
import { paidBooking } from '../bookings/life-cycle.server'
import { countOf, readPage, type Paged } from '../platform/paging'
import { firstName } from '../accounts/display-name'
import { sendEmail } from '../notifications/email.server'
import { pushLater } from '../notifications/push.server'
import { newMessageEmail } from '../notifications/message-emails'
import { unlocksContactDetails } from './contact-unlock'
import { countMessage } from './message-limits.server'
import { CONTEXT_MESSAGES, CONVERSATION_PAGE_SIZE, maskMessagesOfOneSender, mayEmailAboutMessage, messagePreview } from './message-rules'

export const CONVERSATION_NOT_FOUND = 'This conversation could not be found.'
type Actor = { id: number; role: 'parent' | 'nurse' | 'admin' }
type Failure = { ok: false; status: 400 | 403 | 404 | 409; error: string } | { ok: false; status: 429; error: string; retryAfterSeconds: number }
export type ConversationRow = typeof conversations.$inferSelect

async function nurseProfileOf(userId: number) {
  const [row] = await getDb().select({ id: nurseProfiles.id }).from(nurseProfiles).where(eq(nurseProfiles.userId, userId))
  return row?.id ?? null
}

/**
 * Whether contact details show between these families and nurses now: each pair with a booking
 * that unlocks them (contact-unlock.ts: confirmed or completed, paid more than $0, first night
 * within 14 days or worked). The facts are read at every view, so a cancelled booking locks again.
 */
async function unlockedPairs(parentIds: number[], nurseIds: number[], now: Date): Promise<Set<string>> {
  if (parentIds.length === 0 || nurseIds.length === 0) return new Set()
  // The subqueries name the outer row in full: Drizzle writes a lone table's columns unqualified.
  const rows = await getDb()
    .select({
      parentId: bookings.parentId,
      nurseId: bookings.nurseId,
      status: bookings.status,
      paidCents: sql<number>`coalesce((select sum(p.amount_cents) from ${payments} p
        where p.booking_id = "bookings"."id" and p.kind = 'charge' and p.status = 'succeeded'), 0)::int`,
      firstNightEpoch: sql<number | null>`(select extract(epoch from min(o.starts_at))::float8 from ${bookingOccurrences} o
        where o.booking_id = "bookings"."id" and o.status <> 'cancelled')`,
    })
    .from(bookings)
    .where(and(inArray(bookings.parentId, parentIds), inArray(bookings.nurseId, nurseIds), paidBooking()))
  const unlocked = new Set<string>()
  for (const row of rows) {
    const epoch = row.firstNightEpoch === null ? null : Number(row.firstNightEpoch)
    const facts = { status: row.status, paidCents: Number(row.paidCents), firstNightStartsAt: epoch === null ? null : new Date(epoch * 1000) }
    if (unlocksContactDetails(facts, now)) unlocked.add(`${row.parentId}:${row.nurseId}`)
  }
  return unlocked
}

async function isUnlocked(parentId: number, nurseId: number, now: Date): Promise<boolean> {
  return (await unlockedPairs([parentId], [nurseId], now)).has(`${parentId}:${nurseId}`)
}

/** Has the family a confirmed (or completed) booking with the nurse? Then its messages to her are not the unbooked kind. */
async function hasBooked(parentId: number, nurseId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.parentId, parentId), eq(bookings.nurseId, nurseId), paidBooking()))
    .limit(1)
  return Boolean(row)
}

/** Counts a message against the sender's limits (message-limits.ts): 429 with the wait when one is reached. */
async function allowMessage(actor: Actor, pair: { parentId: number; nurseId: number }, conversationId: number): Promise<{ ok: true } | Failure> {
  const toUnbookedNurse = actor.role === 'parent' && !(await hasBooked(pair.parentId, pair.nurseId))
  const counted = await countMessage({ senderId: actor.id, conversationId, toUnbookedNurse })
  return counted.ok ? counted : { ok: false, status: 429, error: counted.error, retryAfterSeconds: counted.retryAfterSeconds }
}

/** The conversation if the actor is one of its two members (which side they are), else null. */
async function memberConversation(actor: Actor, conversationId: number) {
  const [conversation] = await getDb().select().from(conversations).where(eq(conversations.id, conversationId))
  if (!conversation) return null
  if (actor.role === 'parent' && conversation.parentId === actor.id) return { conversation, side: 'parent' as const }
  if (actor.role === 'nurse' && conversation.nurseId === (await nurseProfileOf(actor.id))) return { conversation, side: 'nurse' as const }
  return null
}

/** The family's conversation with this nurse, if there is one (the 'Ask a question' page goes straight to it). */
export async function findConversationWith(parentId: number, nurseId: number): Promise<number | null> {
  const [row] = await getDb()
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.parentId, parentId), eq(conversations.nurseId, nurseId)))
  return row?.id ?? null
}

/** A family asks an approved nurse a question: the pair's conversation (made once) and the first message. */
export async function startConversation(
  parent: Actor,
  nurseId: number,
  body: string,
  now: Date = new Date(),
): Promise<{ ok: true; conversationId: number } | Failure> {
  if (parent.role !== 'parent') return { ok: false, status: 403, error: 'Only families can start a conversation with a nurse.' }
  const [nurse] = await getDb()
    .select({ id: nurseProfiles.id })
    .from(nurseProfiles)
    .where(and(eq(nurseProfiles.id, nurseId), eq(nurseProfiles.verificationStatus, 'approved')))
  if (!nurse) return { ok: false, status: 404, error: 'This nurse could not be found.' }
  const [made] = await getDb()
    .insert(conversations)
    .values({ parentId: parent.id, nurseId, lastMessageAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: conversations.id })
  const conversationId = made?.id ?? (await findConversationWith(parent.id, nurseId))!
  const sent = await sendMessage(parent, conversationId, body, now)
  if (!sent.ok && made) {
    // A refused first question leaves no empty conversation behind.
    await getDb()
      .delete(conversations)
      .where(and(eq(conversations.id, made.id), sql`not exists (select 1 from ${messages} m where m.conversation_id = ${made.id})`))
  }
  return sent.ok ? { ok: true, conversationId } : sent
}

/** A member writes in the conversation; the other side is e-mailed at most once an hour, if they want it. */
export async function sendMessage(actor: Actor, conversationId: number, body: string, now: Date = new Date()): Promise<{ ok: true } | Failure> {
  const member = await memberConversation(actor, conversationId)
  if (!member) return { ok: false, status: 404, error: CONVERSATION_NOT_FOUND }
  const allowed = await allowMessage(actor, member.conversation, conversationId)
  if (!allowed.ok) return allowed
  await writeMessage(actor, member, body, now)
  return { ok: true }
}

async function writeMessage(actor: Actor, member: { conversation: ConversationRow; side: 'parent' | 'nurse' }, body: string, now: Date) {
  const db = getDb()
  const conversationId = member.conversation.id
  await db.insert(messages).values({ conversationId, senderId: actor.id, body, createdAt: now })
  // Writing is reading: the sender has seen everything before their message.
  await db
    .update(conversations)
    .set(member.side === 'parent' ? { lastMessageAt: now, parentReadAt: now } : { lastMessageAt: now, nurseReadAt: now })
    .where(eq(conversations.id, conversationId))
  await notifyOtherSide(member.conversation, member.side, body, now)
}

/**
 * Marks the conversation read for this member (the page's POST, or opening the page): every message
 * in it so far, even one written by a server whose clock runs ahead, so that opening it once is enough.
 */
export async function markConversationRead(actor: Actor, conversationId: number, now: Date = new Date()): Promise<boolean> {
  const member = await memberConversation(actor, conversationId)
  if (!member) return false
  const readAt = sql<Date>`greatest(${now.toISOString()}::timestamptz, (select max(m.created_at) from ${messages} m where m.conversation_id = ${conversationId}))`
  await getDb()
    .update(conversations)
    .set(member.side === 'parent' ? { parentReadAt: readAt } : { nurseReadAt: readAt })
    .where(eq(conversations.id, conversationId))
  return true
}

export interface ConversationMessage {
  id: number
  mine: boolean
  body: string
  createdAt: string
}

type MessageRow = typeof messages.$inferSelect

/** Messages in the order they were written: time, then id (the conversation's index). */
const writtenBefore = (row: Pick<MessageRow, 'createdAt' | 'id'>) =>
  sql`(${messages.createdAt}, ${messages.id}) < (${row.createdAt.toISOString()}::timestamptz, ${row.id})`
const writtenAfter = (row: Pick<MessageRow, 'createdAt' | 'id'>) =>
  sql`(${messages.createdAt}, ${messages.id}) > (${row.createdAt.toISOString()}::timestamptz, ${row.id})`

/** A message of this conversation named by a page's cursor, or null. */
async function cursorMessage(conversationId: number, id: number) {
  const [row] = await getDb()
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, id)))
  return row ?? null
}

/**
 * What this member sees of the messages: their own words as written; the other side's as written
 * once unlocked, else masked together with up to CONTEXT_MESSAGES of that sender's messages before
 * (and, on an earlier page, after) them, so that a number split over messages is hidden in each
 * piece. Answers each message's body, and the context messages before, masked again (a poll sends
 * them so that a piece already shown is hidden once the rest arrives).
 */
async function bodiesFor(actorId: number, conversationId: number, rows: MessageRow[], unlocked: boolean, withFollowing: boolean) {
  const bodies = new Map(rows.map((row) => [row.id, row.body]))
  const theirs = rows.filter((row) => row.senderId !== actorId)
  if (unlocked || theirs.length === 0) return { bodies, revised: [] as Array<{ id: number; body: string }> }
  const db = getDb()
  const theirsHere = and(eq(messages.conversationId, conversationId), ne(messages.senderId, actorId))
  const [before, after] = await Promise.all([
    db
      .select({ id: messages.id, body: messages.body })
      .from(messages)
      .where(and(theirsHere, writtenBefore(theirs[0])))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(CONTEXT_MESSAGES),
    withFollowing
      ? db
          .select({ id: messages.id, body: messages.body })
          .from(messages)
          .where(and(theirsHere, writtenAfter(theirs[theirs.length - 1])))
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(CONTEXT_MESSAGES)
      : Promise.resolve([]),
  ])
  before.reverse()
  const masked = maskMessagesOfOneSender([...before, ...theirs, ...after].map((row) => row.body))
  theirs.forEach((row, index) => bodies.set(row.id, masked[before.length + index]))
  return { bodies, revised: before.map((row, index) => ({ id: row.id, body: masked[index] })) }
}

async function countUnread(actorId: number, conversationId: number, readAt: Date | null): Promise<number> {
  const [row] = await getDb()
    .select({ value: count() })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, actorId), readAt ? gt(messages.createdAt, readAt) : undefined))
  return Number(row.value)
}

const toMessage = (actorId: number, bodies: Map<number, string>) => (row: MessageRow): ConversationMessage => ({
  id: row.id,
  mine: row.senderId === actorId,
  body: bodies.get(row.id) ?? row.body,
  createdAt: row.createdAt.toISOString(),
})

/**
 * A page of the conversation as this member sees it (masked until unlocked): the newest
 * CONVERSATION_PAGE_SIZE messages, or those written before the message `before`; null when the
 * conversation is not theirs.
 */
export async function getConversation(actor: Actor, conversationId: number, options: { before?: number; now?: Date } = {}) {
  const member = await memberConversation(actor, conversationId)
  if (!member) return null
  const { conversation, side } = member
  const db = getDb()
  const cursor = options.before === undefined ? null : await cursorMessage(conversationId, options.before)
  const readAt = side === 'parent' ? conversation.parentReadAt : conversation.nurseReadAt
  const [newestFirst, [other], unlocked, unread] = await Promise.all([
    options.before !== undefined && !cursor
      ? Promise.resolve([])
      : db
          .select()
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), cursor ? writtenBefore(cursor) : undefined))
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(CONVERSATION_PAGE_SIZE + 1),
    side === 'parent'
      ? db
          .select({ name: users.displayName, slug: nurseProfiles.slug })
          .from(nurseProfiles)
          .innerJoin(users, eq(users.id, nurseProfiles.userId))
          .where(eq(nurseProfiles.id, conversation.nurseId))
      : db.select({ name: users.displayName, slug: sql<string | null>`null` }).from(users).where(eq(users.id, conversation.parentId)),
    isUnlocked(conversation.parentId, conversation.nurseId, options.now ?? new Date()),
    countUnread(actor.id, conversationId, readAt),
  ])
  const rows = newestFirst.slice(0, CONVERSATION_PAGE_SIZE).reverse()
  const { bodies } = await bodiesFor(actor.id, conversationId, rows, unlocked, cursor !== null)
  return {
    id: conversation.id,
    side,
    // The nurse sees the family by first name only.
    otherName: side === 'parent' ? other.name : firstName(other.name),
    nurseSlug: other.slug,
    unlocked,
    reported: conversation.reportedAt !== null,
    unread,
    messages: rows.map(toMessage(actor.id, bodies)),
    /** The cursor of the page before this one ('Earlier messages'), null when this is the first. */
    earlierCursor: newestFirst.length > CONVERSATION_PAGE_SIZE ? rows[0].id : null,
    /** This is an earlier page: newer messages follow it. */
    newerPage: options.before !== undefined,
  }
}

/**
 * The messages written after the message `after` (what the page's poll asks for), oldest first, at
 * most a page of them; with the context messages masked again and the unread count. Null when the
 * conversation is not theirs; no messages when `after` is not one of its messages.
 */
export async function listNewMessages(actor: Actor, conversationId: number, after: number, now: Date = new Date()) {
  const member = await memberConversation(actor, conversationId)
  if (!member) return null
  const { conversation, side } = member
  const cursor = await cursorMessage(conversationId, after)
  const readAt = side === 'parent' ? conversation.parentReadAt : conversation.nurseReadAt
  const [rows, unlocked, unread] = await Promise.all([
    cursor
      ? getDb()
          .select()
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), writtenAfter(cursor)))
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(CONVERSATION_PAGE_SIZE)
      : Promise.resolve([]),
    isUnlocked(conversation.parentId, conversation.nurseId, now),
    countUnread(actor.id, conversationId, readAt),
  ])
  const { bodies, revised } = await bodiesFor(actor.id, conversationId, rows, unlocked, false)
  return { messages: rows.map(toMessage(actor.id, bodies)), revised, unread, unlocked }
}

/** This member's conversations, latest first, each with its unread count and last message. */
export async function listConversations(actor: Actor, now: Date = new Date()) {
  const db = getDb()
  const nurseId = actor.role === 'nurse' ? await nurseProfileOf(actor.id) : null
  if (actor.role !== 'parent' && nurseId === null) return []
  const mine = actor.role === 'parent' ? eq(conversations.parentId, actor.id) : eq(conversations.nurseId, nurseId!)
  const readAt = actor.role === 'parent' ? conversations.parentReadAt : conversations.nurseReadAt
  const rows = await db
    .select({
      conversation: conversations,
      parentName: users.displayName,
      nurseName: sql<string>`(select u.display_name from ${users} u join ${nurseProfiles} n on n.user_id = u.id where n.id = ${conversations.nurseId})`,
      unread: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id}
        and m.sender_id <> ${actor.id} and (${readAt} is null or m.created_at > ${readAt}))`,
      lastBody: sql<string | null>`(select m.body from ${messages} m where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1)`,
      lastSender: sql<number | null>`(select m.sender_id from ${messages} m where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1)`,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.parentId))
    .where(mine)
    .orderBy(desc(conversations.lastMessageAt))
    .limit(100)
  const unlocked = await unlockedPairs(
    [...new Set(rows.map((row) => row.conversation.parentId))],
    [...new Set(rows.map((row) => row.conversation.nurseId))],
    now,
  )
  const masked = rows.filter((row) => row.lastSender !== null && row.lastSender !== actor.id && !unlocked.has(`${row.conversation.parentId}:${row.conversation.nurseId}`))
  const previews = await lastMessagesMasked(masked.map((row) => row.conversation.id), actor.id)
  return rows.map((row) => ({
    id: row.conversation.id,
    otherName: actor.role === 'parent' ? row.nurseName : firstName(row.parentName),
    unread: row.unread,
    lastMessageAt: row.conversation.lastMessageAt.toISOString(),
    preview: messagePreview(previews.get(row.conversation.id) ?? row.lastBody ?? ''),
  }))
}

/** The other side's last message in each conversation, masked with the few before it (one query, an index walk per conversation). */
async function lastMessagesMasked(conversationIds: number[], actorId: number): Promise<Map<number, string>> {
  const previews = new Map<number, string>()
  if (conversationIds.length === 0) return previews
  const rows = await executeRows<{ conversation_id: number; body: string }>(
    getDb(),
    sql`select c.id as conversation_id, t.body from unnest(${intArrayText(conversationIds)}::int[]) as c(id)
      cross join lateral (select m.body, m.created_at, m.id from ${messages} m where m.conversation_id = c.id and m.sender_id <> ${actorId}
        order by m.created_at desc, m.id desc limit ${CONTEXT_MESSAGES + 1}) t
      order by c.id, t.created_at, t.id`,
  )
  const byConversation = new Map<number, string[]>()
  for (const row of rows) {
    const id = Number(row.conversation_id)
    const list = byConversation.get(id) ?? []
    list.push(row.body)
    byConversation.set(id, list)
  }
  for (const [id, bodies] of byConversation) previews.set(id, maskMessagesOfOneSender(bodies).at(-1)!)
  return previews
}

/** How many messages wait for this member (the header's count). */
export async function countUnreadMessages(actor: Actor): Promise<number> {
  if (actor.role !== 'parent' && actor.role !== 'nurse') return 0
  // One query on every signed-in page (the header's count), built once.
  const [row] = await (actor.role === 'parent' ? parentUnreadQuery : nurseUnreadQuery)().execute({ userId: actor.id })
  return row.value
}

function unreadQuery(db: Db, role: 'parent' | 'nurse') {
  const userId = sql.placeholder('userId')
  const readAt = role === 'parent' ? conversations.parentReadAt : conversations.nurseReadAt
  // A nurse's conversations are found by her profile, joined.
  const member =
    role === 'parent'
      ? eq(conversations.parentId, userId)
      : inArray(conversations.nurseId, db.select({ id: nurseProfiles.id }).from(nurseProfiles).where(eq(nurseProfiles.userId, userId)))
  return db
    .select({ value: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(member, sql`${messages.senderId} <> ${userId}`, or(isNull(readAt), gt(messages.createdAt, readAt))))
    .prepare(`unread_messages_${role}`)
}
const parentUnreadQuery = preparedPerDatabase((db) => unreadQuery(db, 'parent'))
const nurseUnreadQuery = preparedPerDatabase((db) => unreadQuery(db, 'nurse'))

/** A member reports the conversation: admins may then read it whole. */
export async function reportConversation(actor: Actor, conversationId: number, reason: string, now: Date = new Date()): Promise<{ ok: true } | Failure> {
  const member = await memberConversation(actor, conversationId)
  if (!member) return { ok: false, status: 404, error: CONVERSATION_NOT_FOUND }
  await getDb()
    .update(conversations)
    .set({ reportedAt: now, reportedBy: actor.id, reportReason: reason })
    .where(eq(conversations.id, conversationId))
  return { ok: true }
}

export interface ReportedConversationRow {
  id: number
  parentName: string
  nurseName: string
  reportedAt: string
  reportReason: string | null
}

/** The reported conversations, latest report first, twenty a page, for admins: every one can be reached. */
export async function listReportedConversations(query: { page: number }): Promise<Paged<ReportedConversationRow>> {
  const db = getDb()
  const reported = isNotNull(conversations.reportedAt)
  const paged = await readPage(
    query.page,
    (offset, limit) =>
      db
        .select({
          conversation: conversations,
          parentName: users.displayName,
          nurseName: sql<string>`(select u.display_name from ${users} u join ${nurseProfiles} n on n.user_id = u.id where n.id = ${conversations.nurseId})`,
        })
        .from(conversations)
        .innerJoin(users, eq(users.id, conversations.parentId))
        .where(reported)
        .orderBy(desc(conversations.reportedAt), desc(conversations.id))
        .limit(limit)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(conversations).where(reported)),
  )
  return {
    ...paged,
    rows: paged.rows.map((row) => ({
      id: row.conversation.id,
      parentName: row.parentName,
      nurseName: row.nurseName,
      reportedAt: row.conversation.reportedAt!.toISOString(),
      reportReason: row.conversation.reportReason,
    })),
  }
}

/** A reported conversation as written (nothing masked), with its members, for admins; null when it was not reported. */
export async function getReportedConversation(conversationId: number) {
  const db = getDb()
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), isNotNull(conversations.reportedAt)))
  if (!conversation) return null
  const [parent] = await db.select({ id: users.id, name: users.displayName, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, conversation.parentId))
  const [nurse] = await db
    .select({ id: users.id, name: users.displayName, suspendedAt: users.suspendedAt })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, conversation.nurseId))
  const rows = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.createdAt), asc(messages.id))
  const nameOf = (id: number) => (id === parent.id ? parent.name : id === nurse.id ? nurse.name : 'Someone')
  return {
    id: conversation.id,
    reportedAt: conversation.reportedAt!.toISOString(),
    reportReason: conversation.reportReason,
    members: [
      { ...parent, role: 'parent' as const, suspendedAt: parent.suspendedAt?.toISOString() ?? null },
      { ...nurse, role: 'nurse' as const, suspendedAt: nurse.suspendedAt?.toISOString() ?? null },
    ],
    messages: rows.map((row) => ({ id: row.id, from: nameOf(row.senderId), body: row.body, createdAt: row.createdAt.toISOString() })),
  }
}

/** The other side hears of a new message, at most once an hour per conversation, when they want it. Never fails the message. */
async function notifyOtherSide(conversation: ConversationRow, senderSide: 'parent' | 'nurse', body: string, now: Date) {
  try {
    const db = getDb()
    const recipientSide = senderSide === 'parent' ? 'nurse' : 'parent'
    const [parent] = await db.select({ id: users.id, email: users.email, name: users.displayName }).from(users).where(eq(users.id, conversation.parentId))
    const [nurse] = await db
      .select({ id: users.id, email: users.email, name: users.displayName })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(eq(nurseProfiles.id, conversation.nurseId))
    const recipient = recipientSide === 'parent' ? parent : nurse
    // A push for every message, to the devices that want it (one notice per conversation on the
    // phone); the e-mail keeps its hour and its preference (docs/decisions/0074).
    pushLater({
      kind: 'message',
      recipientUserId: recipient.id,
      recipientRole: recipientSide,
      conversationId: conversation.id,
      senderName: senderSide === 'parent' ? firstName(parent.name) : nurse.name,
    })
    const lastEmailed = recipientSide === 'parent' ? conversation.parentEmailedAt : conversation.nurseEmailedAt
    if (!mayEmailAboutMessage(lastEmailed, now)) return
    const [preferences] = await db
      .select({ newMessages: notificationPreferences.newMessages })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, recipient.id))
    if (preferences && !preferences.newMessages) return
    // Claim the hour in one guarded UPDATE, so two messages at once send one e-mail.
    const column = recipientSide === 'parent' ? conversations.parentEmailedAt : conversations.nurseEmailedAt
    const [claimed] = await db
      .update(conversations)
      .set(recipientSide === 'parent' ? { parentEmailedAt: now } : { nurseEmailedAt: now })
      .where(
        and(
          eq(conversations.id, conversation.id),
          or(isNull(column), sql`${column} <= ${new Date(now.getTime() - 60 * 60 * 1000).toISOString()}::timestamptz`),
        ),
      )
      .returning({ id: conversations.id })
    if (!claimed) return
    const unlocked = await isUnlocked(conversation.parentId, conversation.nurseId, now)
    // Masked with the sender's few messages before it, as the conversation shows it.
    const masked = unlocked ? body : ((await lastMessagesMasked([conversation.id], recipient.id)).get(conversation.id) ?? body)
    await sendEmail(
      recipient.email,
      (t) =>
        newMessageEmail(
          {
            origin: getConfig().APP_ORIGIN,
            recipientName: firstName(recipient.name),
            senderName: senderSide === 'parent' ? firstName(parent.name) : nurse.name,
            preview: messagePreview(masked),
            conversationId: conversation.id,
          },
          t,
        ),
    )
  } catch (error) {
    console.error(`The new-message e-mail of conversation ${conversation.id} could not be sent:`, error)
  }
}
