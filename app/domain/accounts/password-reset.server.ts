// "Forgot password?" (docs/decisions/0009): a single-use link by e-mail, stored as a hash, valid
// for an hour; using it sets the new password and ends every session of the account. Asking
// answers the same whether or not the address has an account, so nobody learns who is a member.
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { passwordResetTokens, sessions, users } from '../../db/schema'
import { passwordResetEmail } from '../notifications/account-emails'
import { sendEmail } from '../notifications/email.server'
import { RESET_VALID_MINUTES } from './password-reset'
import { hashPassword } from './passwords.server'


const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Sends a reset link when an account uses this e-mail; says nothing about whether one does. */
export async function requestPasswordReset(email: string, now = new Date()): Promise<void> {
  const db = getDb()
  const [user] = await db
    .select({ id: users.id, displayName: users.displayName, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
  if (!user) return
  const token = randomBytes(32).toString('base64url')
  await db.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * 60_000),
    createdAt: now,
  })
  const resetUrl = `${getConfig().APP_ORIGIN.replace(/\/$/, '')}/reset-password?${new URLSearchParams({ token })}`
  await sendEmail(user.email, (t) => passwordResetEmail({ displayName: user.displayName, resetUrl, validMinutes: RESET_VALID_MINUTES }, t))
}

/** Whether a link can still be used (the page shows the form only then). */
export async function isResetTokenUsable(token: string, now = new Date()): Promise<boolean> {
  const [row] = await getDb()
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
  return Boolean(row)
}

/**
 * Sets the new password with a usable link, once: the link is claimed in the same statement that
 * checks it, so two submissions cannot both use it. Every session of the account ends, and the
 * account's other open links stop working. Answers the user's id, or null for a bad link.
 */
export async function resetPassword(token: string, newPassword: string, now = new Date()): Promise<number | null> {
  const passwordHash = await hashPassword(newPassword)
  return getDb().transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId })
    if (!claimed) return null
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId))
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId))
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)))
    return claimed.userId
  })
}
