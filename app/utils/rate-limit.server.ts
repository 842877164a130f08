// Sign-in, registration and password-reset requests are rate limited per IP and per e-mail (DESIGN.md §9), with
// rate-limiter-flexible. Limits live in memory per app server; behind several servers use its
// PostgreSQL store (RateLimiterPostgres) with the same keys.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { getConfig } from '../config.server'

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.'

const limiters = {
  loginByIp: (limit: number) => new RateLimiterMemory({ keyPrefix: 'login-ip', points: limit * 3, duration: 15 * 60 }),
  loginByEmail: (limit: number) => new RateLimiterMemory({ keyPrefix: 'login-email', points: limit, duration: 15 * 60 }),
  registerByIp: (limit: number) => new RateLimiterMemory({ keyPrefix: 'register-ip', points: limit, duration: 60 * 60 }),
  // Reset e-mails: a few per address an hour, so nobody can flood someone's inbox from our server.
  resetByEmail: (limit: number) =>
    new RateLimiterMemory({ keyPrefix: 'reset-email', points: Math.max(3, Math.ceil(limit / 3)), duration: 60 * 60 }),
  resetByIp: (limit: number) => new RateLimiterMemory({ keyPrefix: 'reset-ip', points: limit, duration: 60 * 60 }),
}
type LimiterName = keyof typeof limiters
let instances: Record<LimiterName, RateLimiterMemory> | undefined

function createInstances() {
  const limit = getConfig().AUTH_RATE_LIMIT
  return Object.fromEntries(Object.entries(limiters).map(([name, make]) => [name, make(limit)])) as Record<
    LimiterName,
    RateLimiterMemory
  >
}

export function resetRateLimitsForTests() {
  instances = undefined
}

/** Counts one attempt against each key; throws a 429 answer when any is exhausted. */
export async function limitAttempt(checks: Array<[LimiterName, string]>) {
  for (const [name, key] of checks) {
    try {
      instances ??= createInstances()
      await instances[name].consume(key.toLowerCase())
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      const retryAfter = Math.ceil(error.msBeforeNext / 1000)
      throw Response.json(
        { error: TOO_MANY_ATTEMPTS, message: TOO_MANY_ATTEMPTS },
        { status: 429, headers: { 'Retry-After': String(retryAfter) } },
      )
    }
  }
}

export function clientIp(request: Request, context?: unknown): string {
  const fromContext = (context as { clientIp?: string } | undefined)?.clientIp
  return fromContext ?? request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim() ?? 'local'
}
