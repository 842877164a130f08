import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client.server'

export async function checkDatabase(timeoutMs = 2000): Promise<boolean> {
  try {
    const query = getDb().execute(sql`select 1`)
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref())
    await Promise.race([query, timeout])
    return true
  } catch {
    return false
  }
}

/** What /healthz answers: 200 while the database answers, 503 when it does not. */
export async function healthAnswer() {
  const ok = await checkDatabase()
  return ok
    ? { status: 200 as const, body: { status: 'ok', database: 'up' } }
    : { status: 503 as const, body: { status: 'unavailable', database: 'down' } }
}
