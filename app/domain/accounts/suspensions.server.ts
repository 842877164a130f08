// An admin suspends or reinstates an account (issue 16; issue 38 item 1). A suspended account
// cannot sign in (it is told so, only after the right password: a stranger learns nothing), its
// sessions end at once and the session lookup ignores it (auth.server.ts). Each change is in the
// audit log with its reason. Admin accounts are not suspended this way.
import { and, desc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { adminAuditLog, sessions, users } from '../../db/schema'

type Failure = { ok: false; status: 403 | 404 | 409; error: string }

/** What a suspended member reads after typing her right password. */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account is suspended, so it cannot sign in. To ask why or to appeal, write to support@nightlight.example.'

const STANDING_ACTIONS = ['user.suspended', 'user.reinstated'] as const

export async function suspendUser(adminId: number, userId: number, reason: string, now: Date = new Date()): Promise<{ ok: true } | Failure> {
  return getDb().transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, role: users.role, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).for('update')
    if (!user) return { ok: false as const, status: 404 as const, error: 'This account could not be found.' }
    if (user.role === 'admin') return { ok: false as const, status: 403 as const, error: 'An admin account cannot be suspended here.' }
    if (user.suspendedAt) return { ok: false as const, status: 409 as const, error: 'This account is already suspended.' }
    await tx.update(users).set({ suspendedAt: now, suspendedReason: reason, updatedAt: now }).where(eq(users.id, userId))
    await tx.delete(sessions).where(eq(sessions.userId, userId))
    await tx.insert(adminAuditLog).values({ actorId: adminId, action: 'user.suspended', entityType: 'user', entityId: userId, notes: reason, createdAt: now })
    return { ok: true as const }
  })
}

/** The account signs in again with its password; the suspension and this reason stay in the audit log. */
export async function reinstateUser(adminId: number, userId: number, reason: string, now: Date = new Date()): Promise<{ ok: true } | Failure> {
  return getDb().transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).for('update')
    if (!user) return { ok: false as const, status: 404 as const, error: 'This account could not be found.' }
    if (!user.suspendedAt) return { ok: false as const, status: 409 as const, error: 'This account is not suspended.' }
    await tx.update(users).set({ suspendedAt: null, suspendedReason: null, updatedAt: now }).where(eq(users.id, userId))
    await tx.insert(adminAuditLog).values({ actorId: adminId, action: 'user.reinstated', entityType: 'user', entityId: userId, notes: reason, createdAt: now })
    return { ok: true as const }
  })
}

/** A member's account as an admin sees it: who, the standing, and every suspension and reinstatement with its reason. */
export async function getMemberAccount(userId: number) {
  const db = getDb()
  const [user] = await db
    .select({
      id: users.id,
      name: users.displayName,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return null
  const history = await db
    .select({ id: adminAuditLog.id, action: adminAuditLog.action, notes: adminAuditLog.notes, createdAt: adminAuditLog.createdAt, by: users.displayName })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.actorId))
    .where(and(eq(adminAuditLog.entityType, 'user'), eq(adminAuditLog.entityId, userId), inArray(adminAuditLog.action, [...STANDING_ACTIONS])))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(50)
  return {
    ...user,
    createdAt: user.createdAt.toISOString(),
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    history: history.map((row) => ({
      id: row.id,
      change: row.action === 'user.suspended' ? ('Suspended' as const) : ('Reinstated' as const),
      reason: row.notes ?? '',
      by: row.by ?? 'An admin',
      at: row.createdAt.toISOString(),
    })),
  }
}
export type MemberAccount = NonNullable<Awaited<ReturnType<typeof getMemberAccount>>>
