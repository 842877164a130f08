// Configuration is read and validated once (the variables: README.md, Configuration). A bad
// variable is reported on its own line and start-up stops; tests call `parseConfig` directly with
// their own environment.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ error: 'PORT must be a whole number' })
        .int('PORT must be a whole number')
        .min(1, 'PORT must be between 1 and 65535')
        .max(65535, 'PORT must be between 1 and 65535')
        .default(3000),
    ),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    // Connections each app server keeps to the PostgreSQL server.
    DATABASE_POOL_SIZE: optionalText.pipe(
      z.coerce.number<string | undefined>().int().min(1, 'DATABASE_POOL_SIZE must be at least 1').max(200).default(20),
    ),
    PGLITE_DIR: optionalText.pipe(z.string().default('./.data/pglite')),
    SESSION_SECRET: optionalText.pipe(
      z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    ),
    APP_ORIGIN: optionalText.pipe(z.url('APP_ORIGIN must be a URL like https://example.com').optional()),
    STRIPE_SECRET_KEY: optionalText.pipe(
      z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
      z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
    ),
    // The Connect endpoint's own signing secret (events on nurses' accounts: payout.failed), when
    // it is a second endpoint at the same URL (issue 15).
    STRIPE_CONNECT_WEBHOOK_SECRET: optionalText.pipe(
      z.string().startsWith('whsec_', 'STRIPE_CONNECT_WEBHOOK_SECRET must start with whsec_').optional(),
    ),
    // Test-only: point the Stripe SDK (its host, port and protocol) at a local fake, e.g.
    // http://127.0.0.1:12111.
    STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
    // Background checks (docs/decisions/0061): Checkr when its key is set, the built-in test
    // provider otherwise. Its webhooks are signed with CHECKR_WEBHOOK_SECRET (Checkr signs with
    // the API key itself when this is unset); CHECKR_API_BASE points the client at a local fake in tests.
    CHECKR_API_KEY: optionalText,
    CHECKR_API_BASE: optionalText.pipe(z.url().default('https://api.checkr.com')),
    CHECKR_WEBHOOK_SECRET: optionalText,
    CHECKR_PACKAGE: optionalText.pipe(z.string().default('tasker_standard')),
    // The license lookup (docs/decisions/0062): Nursys e-Notify when its key is set, the built-in
    // test registry otherwise; NURSYS_API_BASE points the client at a local fake in tests.
    NURSYS_API_KEY: optionalText,
    NURSYS_API_BASE: optionalText.pipe(z.url().default('https://api.nursys.com')),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    // Test-only: a local fake OAuth server standing in for accounts.google.com.
    GOOGLE_OAUTH_BASE: optionalText.pipe(z.url().optional()),
    SMTP_URL: optionalText.pipe(
      z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
    ),
    MAIL_FROM: optionalText.pipe(z.string().default('Nightlight <hello@nightlight.example>')),
    // Sign-in attempts per e-mail in 15 minutes (three times as many per IP; registrations per IP
    // per hour). Raised only for test servers where every browser shares one address.
    AUTH_RATE_LIMIT: optionalText.pipe(
      z.coerce.number<string | undefined>().int().min(1, 'AUTH_RATE_LIMIT must be at least 1').default(10),
    ),
    // Bookings one parent account may start per hour (docs/decisions/0012). Raised only for the
    // benchmark, whose few parents book a thousand nights.
    BOOKING_RATE_LIMIT: optionalText.pipe(
      z.coerce.number<string | undefined>().int().min(1, 'BOOKING_RATE_LIMIT must be at least 1').default(30),
    ),
    // Upload bytes all requests of one server may hold at once (docs/decisions/0046); beyond it an
    // upload answers 503.
    UPLOAD_IN_FLIGHT_MB: optionalText.pipe(
      z.coerce.number<string | undefined>().int().min(30, 'UPLOAD_IN_FLIGHT_MB must be at least 30').default(200),
    ),
    // Web Push (docs/decisions/0074): the VAPID key pair (URL-safe base64, as `npx web-push
    // generate-vapid-keys` prints them), set together; unset, a pair is made once and kept in the
    // database. VAPID_SUBJECT is the contact push services are given: a mailto: or https: URL.
    VAPID_PUBLIC_KEY: optionalText.pipe(z.string().regex(/^[\w-]{80,90}$/, 'VAPID_PUBLIC_KEY must be a URL-safe base64 P-256 public key').optional()),
    VAPID_PRIVATE_KEY: optionalText.pipe(z.string().regex(/^[\w-]{40,46}$/, 'VAPID_PRIVATE_KEY must be a URL-safe base64 P-256 private key').optional()),
    VAPID_SUBJECT: optionalText.pipe(z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL').optional()),
    // Tests only: push endpoints on this machine or a private network are accepted (never in
    // production: the server posts to the endpoint a browser gives it).
    PUSH_ALLOW_PRIVATE_ENDPOINTS: optionalText.pipe(z.enum(['true', 'false']).default('false')),
    SEED_DEMO_DATA: optionalText.pipe(z.enum(['true', 'false']).optional()),
    // Behind a load balancer or proxy: which hops to believe about the client's address (Express's
    // 'trust proxy'), so per-address limits count visitors, not the proxy. A whole number of hops
    // ('1' behind one nginx) or a comma list of the proxies' addresses or subnets. Unset: none.
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .refine(isTrustProxy, 'TRUST_PROXY must be a number of hops (like 1) or a comma list of proxy addresses or subnets')
        .transform((value) => (/^\d+$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim())))
        .optional(),
    ),
    // The bearer token that opens /metrics (Prometheus); without it /metrics does not exist.
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
    // Stopping (SIGTERM): keep serving this long with /healthz at 503 so the balancer moves on,
    // then stop listening and give requests in flight up to SHUTDOWN_TIMEOUT_MS to finish.
    SHUTDOWN_DELAY_MS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(120_000).default(0)),
    SHUTDOWN_TIMEOUT_MS: optionalText.pipe(
      z.coerce.number<string | undefined>().int().min(0).max(600_000).default(10_000),
    ),
    // Tests only (tests/fault): every background job runs this often, and is given a clock this
    // far ahead of the real one, so holds expire and pending payments settle within a test.
    JOBS_EVERY_MS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(100).optional()),
    JOBS_CLOCK_OFFSET_MS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).default(0)),
  })
  .superRefine((env, ctx) => {
    const pairs = [
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
      ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ] as const
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        ctx.addIssue({ code: 'custom', path: [env[a] ? b : a], message: `${a} and ${b} are set together` })
      }
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is required in production with DATABASE_URL',
      })
    }
  })

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** Hops, or proxies named by address, subnet (address/bits) or Express's names; never 'trust all'. */
function isTrustProxy(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10
  return value.split(',').every((part) => {
    const entry = part.trim()
    if (PROXY_NAMES.has(entry)) return true
    const [address, bits, ...rest] = entry.split('/')
    const kind = net.isIP(address)
    if (!kind || rest.length) return false
    if (bits === undefined) return true
    return /^\d+$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128)
  })
}

export type Config = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string
  APP_ORIGIN: string
  stripeEnabled: boolean
  googleEnabled: boolean
}

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(`Invalid configuration:\n${lines.join('\n')}`)
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env)
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    )
  }
  const parsed = result.data
  return {
    ...parsed,
    SESSION_SECRET: parsed.SESSION_SECRET ?? localSessionSecret(parsed.PGLITE_DIR),
    APP_ORIGIN: (parsed.APP_ORIGIN ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    stripeEnabled: Boolean(parsed.STRIPE_SECRET_KEY),
    googleEnabled: Boolean(parsed.GOOGLE_CLIENT_ID),
  }
}

// In development (and the embedded default) a secret is made once and kept beside the data.
function localSessionSecret(pgliteDir: string) {
  const file = path.join(path.dirname(path.resolve(pgliteDir)), 'session-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    const secret = randomBytes(32).toString('hex')
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

let config: Config | undefined

export function getConfig(): Config {
  config ??= parseConfig(process.env)
  return config
}

export function resetConfigForTests() {
  config = undefined
}
