// Accounts, sessions and one-time OAuth tokens (docs/security.md). Database access only here.
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { getDb, type Db } from '../../db/client.server'
import { nurseProfiles, notificationPreferences, oauthTempTokens, sessions, users } from '../../db/schema'
import { hashPassword, verifyPassword } from './passwords.server'
import { currentLanguage } from '~/i18n/current-language'
import type { Language } from '~/i18n/languages'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const TEMP_TOKEN_TTL_MS = 2 * 60 * 1000

export interface SessionUser {
  id: number
  email: string
  displayName: string
  role: 'parent' | 'nurse' | 'admin'
  avatarUrl: string | null
  phoneNumber: string | null
  nurseVerificationStatus: string | null
  /** The language they read (app/i18n/languages.ts). */
  language: Language
}

export class EmailInUseError extends Error {
  constructor() {
    super('Email already in use')
  }
}

export class AccountLinkingRequiredError extends Error {
  readonly code = 'account_linking_required'
  constructor() {
    super(
      'An account with this email already exists. Log in with your email and password; Google sign-in can then be used once the accounts are linked.',
    )
  }
}

function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex')
}

function newToken() {
  return randomBytes(32).toString('base64url')
}

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  role: users.role,
  avatarUrl: users.avatarUrl,
  phoneNumber: users.phoneNumber,
  nurseVerificationStatus: nurseProfiles.verificationStatus,
  language: sql<Language>`${users.language}`,
}

export async function getSessionUserById(userId: number): Promise<SessionUser | null> {
  const [row] = await getDb()
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(nurseProfiles, eq(nurseProfiles.userId, users.id))
    .where(eq(users.id, userId))
  return row ?? null
}

export async function findUserByEmail(email: string) {
  const [row] = await getDb()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
  return row ?? null
}

export async function createPasswordUser(input: {
  email: string
  password: string
  displayName: string
  role: 'parent' | 'nurse'
  /** The language of the page they signed up on, by default the request's. */
  language?: Language
}): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password)
  const db = getDb()
  const inserted = await db
    .insert(users)
    .values({
      email: input.email.trim().toLowerCase(),
      passwordHash,
      displayName: input.displayName.trim(),
      role: input.role,
      language: input.language ?? currentLanguage(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id })
  if (inserted.length === 0) throw new EmailInUseError()
  await db.insert(notificationPreferences).values({ userId: inserted[0].id }).onConflictDoNothing()
  return (await getSessionUserById(inserted[0].id))!
}

/**
 * The user whose password matches; 'suspended' when it matches a suspended account; else null.
 * Unknown e-mails cost the same as wrong passwords.
 */
export async function verifyPasswordLogin(email: string, password: string): Promise<SessionUser | 'suspended' | null> {
  const user = await findUserByEmail(email)
  if (!user?.passwordHash) {
    await verifyPassword(DUMMY_HASH, password)
    return null
  }
  if (!(await verifyPassword(user.passwordHash, password))) return null
  // A suspended account cannot sign in (issue 16). Only the right password learns it is
  // suspended (issue 38), so a stranger cannot tell a suspended address from any other.
  if (user.suspendedAt) return 'suspended'
  return getSessionUserById(user.id)
}
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$xQ3e95JeQopBCB2Z6TaWlg$qeI/QsJ+4N5W0C/FkZCbGFmYWv58s+NeghnnktWbc4M'

export async function createSession(userId: number, now = new Date()): Promise<string> {
  const token = newToken()
  await getDb()
    .insert(sessions)
    .values({ idHash: sha256(token), userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
  return token
}

// Every signed-in request reads its session: one prepared statement per database, so the query
// is built once and planned once per connection.
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUserQuery>>()

function prepareSessionUserQuery(db: Db) {
  return db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(nurseProfiles, eq(nurseProfiles.userId, users.id))
    // A suspended account (issue 16) has no session, whatever cookie it still holds.
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.suspendedAt)))
    .prepare('session_user')
}

export async function getUserBySessionToken(token: string, now = new Date()): Promise<SessionUser | null> {
  const db = getDb()
  let query = sessionUserQueries.get(db)
  if (!query) {
    query = prepareSessionUserQuery(db)
    sessionUserQueries.set(db, query)
  }
  const [row] = await query.execute({ idHash: sha256(token), now: now.toISOString() })
  return row ?? null
}

export async function revokeSession(token: string) {
  await getDb().delete(sessions).where(eq(sessions.idHash, sha256(token)))
}

export async function deleteExpiredSessions(now = new Date()) {
  await getDb().delete(sessions).where(lt(sessions.expiresAt, now))
}

/** A single-use, short-lived token the sign-in popup hands to its opener, to trade for a session. */
export async function createOAuthTempToken(userId: number, now = new Date()): Promise<string> {
  const token = newToken()
  await getDb()
    .insert(oauthTempTokens)
    .values({ tokenHash: sha256(token), userId, expiresAt: new Date(now.getTime() + TEMP_TOKEN_TTL_MS) })
  return token
}

/** Marks the token used and answers its user; a used, expired or unknown token answers null. */
export async function consumeOAuthTempToken(token: string, now = new Date()): Promise<number | null> {
  const rows = await getDb()
    .update(oauthTempTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthTempTokens.tokenHash, sha256(token)),
        isNull(oauthTempTokens.usedAt),
        gt(oauthTempTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oauthTempTokens.userId })
  return rows[0]?.userId ?? null
}

export interface GoogleProfileInput {
  sub: string
  email: string
  emailVerified: boolean
  displayName: string
  avatarUrl?: string | null
}

/**
 * Signs a Google user in: the account already linked to this Google subject, or a new parent
 * account. An existing password account with the same e-mail is not taken over silently
 * (account_linking_required), since the e-mail alone does not prove it is the same person.
 */
export async function signInWithGoogle(profile: GoogleProfileInput, role: 'parent' | 'nurse' = 'parent') {
  const db = getDb()
  const [linked] = await db.select({ id: users.id }).from(users).where(eq(users.googleSub, profile.sub))
  if (linked) return (await getSessionUserById(linked.id))!
  const existing = await findUserByEmail(profile.email)
  if (existing) {
    if (existing.passwordHash || !profile.emailVerified) throw new AccountLinkingRequiredError()
    await db.update(users).set({ googleSub: profile.sub }).where(eq(users.id, existing.id))
    return (await getSessionUserById(existing.id))!
  }
  const [created] = await db
    .insert(users)
    .values({
      email: profile.email.toLowerCase(),
      displayName: profile.displayName || profile.email.split('@')[0],
      role,
      googleSub: profile.sub,
      avatarUrl: profile.avatarUrl ?? null,
      language: currentLanguage(),
    })
    .returning({ id: users.id })
  await db.insert(notificationPreferences).values({ userId: created.id }).onConflictDoNothing()
  return (await getSessionUserById(created.id))!
}
