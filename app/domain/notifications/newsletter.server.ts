import { getDb } from '../../db/client.server'
import { newsletterSubscribers } from '../../db/schema'

/** 'Join Our List': stores the address once; signing up twice is not an error. */
export async function subscribeToNewsletter(email: string) {
  await getDb().insert(newsletterSubscribers).values({ email: email.trim().toLowerCase() }).onConflictDoNothing()
}
