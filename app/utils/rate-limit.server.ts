// Sign-in, registration, password-reset and booking attempts are rate limited (docs/security.md)
// with rate-limiter-flexible. The counters live in the database (its Drizzle store, table
// rate_limits), so every app server counts the same attempts and a restart forgets nothing
// (issue 14; docs/decisions/0020-shared-state-across-servers.md).
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import { getConfig } from '../config.server'
import { getDb } from '../db/client.server'
import { rateLimits } from '../db/schema'

/** The one place the counters' store is chosen. */
function newLimiter(options: IRateLimiterOptions): RateLimiterAbstract {
  return new RateLimiterDrizzle({ ...options, storeClient: getDb(), schema: rateLimits })
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.'

// Sign-in (docs/decisions/0046, which replaces 0016's per-e-mail lock): AUTH_RATE_LIMIT attempts
// per e-mail and IP pair in 15 minutes (a success starts the pair afresh) and three times that per
// IP in 15 minutes lock; nothing locks an e-mail from everywhere. Failures on one e-mail from all
// addresses together only slow it down (waitForAccountTurn), so the owner is never refused.
const limiters = {
  loginByPair: (limit: number) => newLimiter({ keyPrefix: 'login-pair', points: limit, duration: 15 * 60 }),
  loginByIp: (limit: number) => newLimiter({ keyPrefix: 'login-ip', points: limit * 3, duration: 15 * 60 }),
  // Wrong passwords per e-mail in an hour, from everywhere: counted, never refused.
  loginFailuresByEmail: () =>
    newLimiter({ keyPrefix: 'login-failures', points: Number.MAX_SAFE_INTEGER, duration: 60 * 60 }),
  // One password check at a time per slowed-down e-mail: a turn, then a block for the spacing.
  loginTurnByEmail: () => newLimiter({ keyPrefix: 'login-turn', points: 1, duration: 1 }),
  registerByIp: (limit: number) => newLimiter({ keyPrefix: 'register-ip', points: limit, duration: 60 * 60 }),
  // Reset e-mails: a few per address an hour, so nobody can flood someone's inbox from our server.
  resetByEmail: (limit: number) =>
    newLimiter({ keyPrefix: 'reset-email', points: Math.max(3, Math.ceil(limit / 3)), duration: 60 * 60 }),
  resetByIp: (limit: number) => newLimiter({ keyPrefix: 'reset-ip', points: limit, duration: 60 * 60 }),
  // Reported accessibility barriers: as many per address an hour as registrations, so the admins'
  // inboxes cannot be flooded from one place.
  barrierReportByIp: (limit: number) => newLimiter({ keyPrefix: 'barrier-ip', points: limit, duration: 60 * 60 }),
  // 'Join Our List': as many addresses per place an hour as registrations, so nobody can fill the
  // list with made-up addresses from one place.
  newsletterByIp: (limit: number) => newLimiter({ keyPrefix: 'newsletter-ip', points: limit, duration: 60 * 60 }),
}
type LimiterName = keyof typeof limiters
let instances: Record<LimiterName, RateLimiterAbstract> | undefined

function createInstances() {
  const limit = getConfig().AUTH_RATE_LIMIT
  return Object.fromEntries(Object.entries(limiters).map(([name, make]) => [name, make(limit)])) as Record<
    LimiterName,
    RateLimiterAbstract
  >
}

export function resetRateLimitsForTests() {
  instances = undefined
  bookingLimiter = undefined
}

/** Counts one attempt against each key; says how long to wait when any is exhausted. */
export async function consumeAttempts(
  checks: Array<[LimiterName, string]>,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  instances ??= createInstances()
  for (const [name, key] of checks) {
    try {
      await instances[name].consume(key.toLowerCase())
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) }
    }
  }
  return { ok: true }
}

/** The 429 answer of an exhausted limit, with its Retry-After. */
export function tooManyAttempts(retryAfterSeconds: number) {
  return Response.json(
    { error: TOO_MANY_ATTEMPTS, message: TOO_MANY_ATTEMPTS },
    { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } },
  )
}

/** Counts one attempt against each key; throws a 429 answer when any is exhausted. */
export async function limitAttempt(checks: Array<[LimiterName, string]>) {
  const counted = await consumeAttempts(checks)
  if (!counted.ok) throw tooManyAttempts(counted.retryAfterSeconds)
}

/** Starts a key's count afresh: a successful sign-in forgets its pair's failed attempts. */
export async function forgetAttempts(name: LimiterName, key: string) {
  instances ??= createInstances()
  await instances[name].delete(key.toLowerCase())
}

/**
 * Seconds between password checks on one e-mail that has had `failures` wrong passwords in the
 * last hour from all addresses together (decision 0046): none up to five times AUTH_RATE_LIMIT
 * (the five addresses' worth that used to lock it), then 1 s, doubling every AUTH_RATE_LIMIT
 * further failures, at most 16 s.
 */
export function accountSpacingSeconds(failures: number, limit: number): number {
  const over = failures - limit * 5
  if (over < 0) return 0
  return Math.min(MAX_ACCOUNT_SPACING_S, 2 ** Math.floor(over / limit))
}
const MAX_ACCOUNT_SPACING_S = 16
// How long an attempt waits for its turn before it is told to come back (only while others are
// checking passwords on the same e-mail at that moment).
const MAX_TURN_WAIT_MS = 25_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The per-account slow-down: when the e-mail has had many wrong passwords lately, waits until
 * it is this attempt's turn (one check per spacing, across every app server). Refuses only when
 * the turn is further away than MAX_TURN_WAIT_MS, never for the e-mail's failures alone.
 */
export async function waitForAccountTurn(
  email: string,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  instances ??= createInstances()
  const key = email.toLowerCase()
  const failures = (await instances.loginFailuresByEmail.get(key))?.consumedPoints ?? 0
  const spacing = accountSpacingSeconds(failures, getConfig().AUTH_RATE_LIMIT)
  if (spacing === 0) return { ok: true }
  const deadline = Date.now() + MAX_TURN_WAIT_MS
  for (;;) {
    try {
      await instances.loginTurnByEmail.consume(key)
      await instances.loginTurnByEmail.block(key, spacing)
      return { ok: true }
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      // A little jitter, so attempts waiting on several servers do not all ask at the same moment.
      const wait = error.msBeforeNext + Math.floor(Math.random() * 50)
      if (Date.now() + wait > deadline) return { ok: false, retryAfterSeconds: Math.ceil(wait / 1000) }
      await sleep(wait)
    }
  }
}

/** Counts a wrong password against its e-mail (all addresses together). */
export async function countFailedSignIn(email: string) {
  instances ??= createInstances()
  await instances.loginFailuresByEmail.penalty(email.toLowerCase())
}

/** The key of one e-mail tried from one address. */
export function emailAndIp(email: string, ip: string): string {
  return `${email}|${ip}`
}

/**
 * Seconds until this key may try again, or null when an attempt would be counted now. Counts
 * nothing: for refusing before a large body is read, when the attempt itself comes later.
 */
export async function secondsUntilAllowed(name: LimiterName, key: string): Promise<number | null> {
  instances ??= createInstances()
  const state = await instances[name].get(key.toLowerCase())
  if (!state || state.remainingPoints > 0) return null
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000))
}

/**
 * The visitor's address as server.js found it (req.ip: the socket's address, or what the trusted
 * proxies of TRUST_PROXY report). Never read from X-Forwarded-For here: anyone can send that.
 */
export function clientIp(_request: Request, context?: unknown): string {
  return (context as { clientIp?: string } | undefined)?.clientIp ?? 'local'
}

// Booking creation per parent account (docs/decisions/0012): each attempt counts, so nobody can
// churn unpaid holds. Answered as a value, not thrown: /book shows it on the page.
export const TOO_MANY_BOOKINGS = 'You are making bookings too quickly. Please wait a few minutes and try again.'
let bookingLimiter: RateLimiterAbstract | undefined

export async function limitBookingCreation(
  userId: number,
): Promise<{ ok: true } | { ok: false; error: string; retryAfterSeconds: number }> {
  bookingLimiter ??= newLimiter({
    keyPrefix: 'booking-account',
    points: getConfig().BOOKING_RATE_LIMIT,
    duration: 60 * 60,
  })
  try {
    await bookingLimiter.consume(String(userId))
    return { ok: true }
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error
    return { ok: false, error: TOO_MANY_BOOKINGS, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) }
  }
}
