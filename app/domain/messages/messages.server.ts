// Messages between a family and a nurse (issue 16; rules: message-rules.ts). A family starts a
// conversation from a nurse's profile or a booking; both sides read and answer at /messages. What
// each side sees is masked until the family has a confirmed booking with the nurse. Reading a page
// changes nothing: a conversation is marked read by a POST (the page sends it at once with
// JavaScript; without it, answering or 'Mark as read' does). Only the two members read a
// conversation; admins read one only once a member reported it.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { getDb, type Db } from '../../db/client.server'
import { preparedPerDatabase } from '../../db/prepared.server'
import { bookings, conversations, messages, notificationPreferences, nurseProfiles, users } from '../../db/schema'
import { firstName } from '../nurses/nurse-profile'
import { sendEmail } from '../notifications/email.server'
import { newMessageEmail } from '../notifications/message-emails'
import { maskContactDetails, mayEmailAboutMessage, messagePreview } from './message-rules'

export const CONVERSATION_NOT_FOUND = 'This conversation could not be found.'
type Actor = { id: number; role: 'parent' | 'nurse' | 'admin' }
type Failure = { ok: false; status: 400 | 403 | 404 | 409; error: string }
export type ConversationRow = typeof conversations.$inferSelect

async function nurseProfileOf(userId: number) {
  const [row] = await getDb().select({ id: nurseProfiles.id }).from(nurseProfiles).where(eq(nurseProfiles.userId, userId))
  return row?.id ?? null
}

/** Contact details show once the family has a confirmed (or completed) booking with the nurse. */
async function isUnlocked(parentId: number, nurseId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.parentId, parentId), eq(bookings.nurseId, nurseId), inArray(bookings.status, ['confirmed', 'completed'])))
    .limit(1)
  return Boolean(row)
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
  await getDb().insert(conversations).values({ parentId: parent.id, nurseId, lastMessageAt: now, createdAt: now }).onConflictDoNothing()
  const conversationId = (await findConversationWith(parent.id, nurseId))!
  const sent = await sendMessage(parent, conversationId, body, now)
  return sent.ok ? { ok: true, conversationId } : sent
}

/** A member writes in the conversation; the other side is e-mailed at most once an hour, if they want it. */
export async function sendMessage(actor: Actor, conversationId: number, body: string, now: Date = new Date()): Promise<{ ok: true } | Failure> {
  const member = await memberConversation(actor, conversationId)
  if (!member) return { ok: false, status: 404, error: CONVERSATION_NOT_FOUND }
  const db = getDb()
  await db.insert(messages).values({ conversationId, senderId: actor.id, body, createdAt: now })
  // Writing is reading: the sender has seen everything before their message.
  await db
    .update(conversations)
    .set(member.side === 'parent' ? { lastMessageAt: now, parentReadAt: now } : { lastMessageAt: now, nurseReadAt: now })
    .where(eq(conversations.id, conversationId))
  await notifyOtherSide(member.conversation, member.side, body, now)
  return { ok: true }
}

/** Marks the conversation read for this member (a POST from the page). */
export async function markConversationRead(actor: Actor, conversationId: number, now: Date = new Date()): Promise<boolean> {
  const member = await memberConversation(actor, conversationId)
  if (!member) return false
  await getDb()
    .update(conversations)
    .set(member.side === 'parent' ? { parentReadAt: now } : { nurseReadAt: now })
    .where(eq(conversations.id, conversationId))
  return true
}

export interface ConversationMessage {
  id: number
  mine: boolean
  body: string
  createdAt: string
}

/** The conversation as this member sees it (masked until a confirmed booking), or null when it is not theirs. */
export async function getConversation(actor: Actor, conversationId: number) {
  const member = await memberConversation(actor, conversationId)
  if (!member) return null
  const { conversation, side } = member
  const db = getDb()
  const [rows, [other], unlocked] = await Promise.all([
    db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.createdAt), asc(messages.id)),
    side === 'parent'
      ? db
          .select({ name: users.displayName, slug: nurseProfiles.slug })
          .from(nurseProfiles)
          .innerJoin(users, eq(users.id, nurseProfiles.userId))
          .where(eq(nurseProfiles.id, conversation.nurseId))
      : db.select({ name: users.displayName, slug: sql<string | null>`null` }).from(users).where(eq(users.id, conversation.parentId)),
    isUnlocked(conversation.parentId, conversation.nurseId),
  ])
  const readAt = side === 'parent' ? conversation.parentReadAt : conversation.nurseReadAt
  return {
    id: conversation.id,
    side,
    // The nurse sees the family by first name only.
    otherName: side === 'parent' ? other.name : firstName(other.name),
    nurseSlug: other.slug,
    unlocked,
    reported: conversation.reportedAt !== null,
    unread: rows.filter((row) => row.senderId !== actor.id && (!readAt || row.createdAt > readAt)).length,
    messages: rows.map(
      (row): ConversationMessage => ({
        id: row.id,
        mine: row.senderId === actor.id,
        // One's own words are shown as written; the other side's are masked until unlocked.
        body: row.senderId === actor.id || unlocked ? row.body : maskContactDetails(row.body),
        createdAt: row.createdAt.toISOString(),
      }),
    ),
  }
}

/** This member's conversations, latest first, each with its unread count and last message. */
export async function listConversations(actor: Actor) {
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
      unlocked: sql<boolean>`exists (select 1 from ${bookings} b where b.parent_id = ${conversations.parentId} and b.nurse_id = ${conversations.nurseId} and b.status in ('confirmed', 'completed'))`,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.parentId))
    .where(mine)
    .orderBy(desc(conversations.lastMessageAt))
    .limit(100)
  return rows.map((row) => {
    const last = row.lastBody ?? ''
    return {
      id: row.conversation.id,
      otherName: actor.role === 'parent' ? row.nurseName : firstName(row.parentName),
      unread: row.unread,
      lastMessageAt: row.conversation.lastMessageAt.toISOString(),
      preview: messagePreview(row.lastSender === actor.id || row.unlocked ? last : maskContactDetails(last)),
    }
  })
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

/** The reported conversations, latest report first, for admins. */
export async function listReportedConversations() {
  const rows = await getDb()
    .select({
      conversation: conversations,
      parentName: users.displayName,
      nurseName: sql<string>`(select u.display_name from ${users} u join ${nurseProfiles} n on n.user_id = u.id where n.id = ${conversations.nurseId})`,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.parentId))
    .where(isNotNull(conversations.reportedAt))
    .orderBy(desc(conversations.reportedAt))
    .limit(100)
  return rows.map((row) => ({
    id: row.conversation.id,
    parentName: row.parentName,
    nurseName: row.nurseName,
    reportedAt: row.conversation.reportedAt!.toISOString(),
    reportReason: row.conversation.reportReason,
  }))
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
    const lastEmailed = recipientSide === 'parent' ? conversation.parentEmailedAt : conversation.nurseEmailedAt
    if (!mayEmailAboutMessage(lastEmailed, now)) return
    const [parent] = await db.select({ id: users.id, email: users.email, name: users.displayName }).from(users).where(eq(users.id, conversation.parentId))
    const [nurse] = await db
      .select({ id: users.id, email: users.email, name: users.displayName })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(eq(nurseProfiles.id, conversation.nurseId))
    const recipient = recipientSide === 'parent' ? parent : nurse
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
    const unlocked = await isUnlocked(conversation.parentId, conversation.nurseId)
    await sendEmail(
      recipient.email,
      newMessageEmail({
        origin: getConfig().APP_ORIGIN,
        recipientName: firstName(recipient.name),
        senderName: senderSide === 'parent' ? firstName(parent.name) : nurse.name,
        preview: messagePreview(unlocked ? body : maskContactDetails(body)),
        conversationId: conversation.id,
      }),
    )
  } catch (error) {
    console.error(`The new-message e-mail of conversation ${conversation.id} could not be sent:`, error)
  }
}
