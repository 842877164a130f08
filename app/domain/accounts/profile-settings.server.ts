// Profile Settings ('Manage Your Account' on the parent's dashboard): a user's name and phone, and
// changing the password with the current one (argon2id). A changed password signs the account out
// everywhere; the route then starts a fresh session for the device that changed it.
import { eq } from 'drizzle-orm'
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
