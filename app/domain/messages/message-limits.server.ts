// Counting messages against the limits of message-limits.ts (issue 33.2, docs/decisions/0044),
// with rate-limiter-flexible's Drizzle store on the rate_limits table, as sign-in and bookings are
// counted (docs/decisions/0020): every app server counts the same messages, atomically. The limits
// live here, beside the messages, because which ones apply depends on the family's bookings.
import { type RateLimiterAbstract, RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import { getDb, type Db } from '../../db/client.server'
import { rateLimits } from '../../db/schema'
import {
  MESSAGES_PER_CONVERSATION_PER_DAY,
  MESSAGES_PER_HOUR_WITHOUT_BOOKING,
  MESSAGES_PER_MINUTE,
  TOO_MANY_MESSAGES_NOW,
  tooManyInConversation,
  tooManyWithoutBooking,
} from './message-limits'

interface Limit {
  limiter: RateLimiterAbstract
  refusal: (retryAfterSeconds: number) => string
}

function makeLimits(db: Db) {
  const make = (keyPrefix: string, points: number, duration: number) => new RateLimiterDrizzle({ keyPrefix, points, duration, storeClient: db, schema: rateLimits })
  return {
    burst: { limiter: make('message-minute', MESSAGES_PER_MINUTE, 60), refusal: () => TOO_MANY_MESSAGES_NOW },
    withoutBooking: { limiter: make('message-unbooked-hour', MESSAGES_PER_HOUR_WITHOUT_BOOKING, 60 * 60), refusal: tooManyWithoutBooking },
    conversation: { limiter: make('message-conversation-day', MESSAGES_PER_CONVERSATION_PER_DAY, 24 * 60 * 60), refusal: tooManyInConversation },
  } satisfies Record<string, Limit>
}
// One set per database (the tests give each worker its own).
const limitsByDb = new WeakMap<Db, ReturnType<typeof makeLimits>>()

export type Allowance = { ok: true } | { ok: false; error: string; retryAfterSeconds: number }

/**
 * Counts one message against every limit that applies; when one refuses, the others are given
 * their point back, so a refused message costs nothing but the wait.
 */
export async function countMessage(input: { senderId: number; conversationId: number; toUnbookedNurse: boolean }): Promise<Allowance> {
  const db = getDb()
  let limits = limitsByDb.get(db)
  if (!limits) limitsByDb.set(db, (limits = makeLimits(db)))
  const checks: Array<[Limit, string]> = [[limits.burst, String(input.senderId)]]
  if (input.toUnbookedNurse) checks.push([limits.withoutBooking, String(input.senderId)])
  checks.push([limits.conversation, `${input.conversationId}:${input.senderId}`])
  const counted: Array<[Limit, string]> = []
  for (const [limit, key] of checks) {
    try {
      await limit.limiter.consume(key)
      counted.push([limit, key])
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      for (const [given, givenKey] of counted) await given.limiter.reward(givenKey, 1)
      const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000))
      return { ok: false, error: limit.refusal(retryAfterSeconds), retryAfterSeconds }
    }
  }
  return { ok: true }
}
