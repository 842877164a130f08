import { getDb } from '../../db/client.server'
import { newsletterSubscribers } from '../../db/schema'

/** Stores the address once; signing up twice is not an error (DESIGN.md §6.7). */
export async function subscribeToNewsletter(email: string) {
  await getDb().insert(newsletterSubscribers).values({ email: email.trim().toLowerCase() }).onConflictDoNothing()
}
