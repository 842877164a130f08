import { and, asc, eq, isNull } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { users } from '../../db/schema'

/** Every admin who can sign in: the people told of a nurse's lapse or of a reported barrier. */
export async function listAdminAddresses(): Promise<string[]> {
  const rows = await getDb()
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)))
    .orderBy(asc(users.id))
  return rows.map((row) => row.email)
}
