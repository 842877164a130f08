// Profile Settings ('Manage Your Account' on the parent's dashboard): a user's name and phone, and
// changing the password with the current one (argon2id). A changed password signs the account out
// everywhere; the route then starts a fresh session for the device that changed it.
import { eq, inArray } from 'drizzle-orm'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '~/i18n/languages'
import { getDb } from '../../db/client.server'
import { sessions, users } from '../../db/schema'
import type { ChangePasswordInput, ProfileInput } from '../../schemas/profile'
import { hashPassword, verifyPassword } from './passwords.server'

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect'
export const NO_PASSWORD_MESSAGE = 'This account signs in with Google and has no password to change.'

export interface ProfileSettings {
  displayName: string
  email: string
  phoneNumber: string | null
  hasPassword: boolean
}

export async function getProfileSettings(userId: number): Promise<ProfileSettings | null> {
  const [row] = await getDb()
    .select({ displayName: users.displayName, email: users.email, phoneNumber: users.phoneNumber, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
  if (!row) return null
  const { passwordHash, ...rest } = row
  return { ...rest, hasPassword: Boolean(passwordHash) }
}

export async function updateProfile(userId: number, input: ProfileInput, now = new Date()): Promise<void> {
  await getDb()
    .update(users)
    .set({ displayName: input.displayName, phoneNumber: input.phoneNumber, updatedAt: now })
    .where(eq(users.id, userId))
}

export type ChangePasswordResult = { ok: true } | { ok: false; field: 'currentPassword'; error: string }

export async function changePassword(
  userId: number,
  input: Pick<ChangePasswordInput, 'currentPassword' | 'newPassword'>,
  now = new Date(),
): Promise<ChangePasswordResult> {
  const db = getDb()
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  if (!row?.passwordHash) return { ok: false, field: 'currentPassword', error: NO_PASSWORD_MESSAGE }
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    return { ok: false, field: 'currentPassword', error: WRONG_CURRENT_PASSWORD_MESSAGE }
  }
  const passwordHash = await hashPassword(input.newPassword)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId))
    await tx.delete(sessions).where(eq(sessions.userId, userId))
  })
  return { ok: true }
}

/** The language a person reads their pages, e-mails and documents in (issue 37). */
export async function setUserLanguage(userId: number, language: Language, now = new Date()): Promise<void> {
  await getDb().update(users).set({ language, updatedAt: now }).where(eq(users.id, userId))
}

/** The language each of these people reads, by id; English for an id not found. */
export async function languagesOf(userIds: readonly number[]): Promise<Map<number, Language>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const rows = await getDb().select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids))
  return new Map(rows.map((row) => [row.id, isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE]))
}
