// The environment every test process runs with: a fixed secret, no third-party keys.
export const TEST_ENV = {
  NODE_ENV: 'test',
  SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
  APP_ORIGIN: 'http://localhost:3000',
  PGLITE_DIR: './.data/test-unused',
} as const

export function applyTestEnv() {
  for (const [key, value] of Object.entries(TEST_ENV)) process.env[key] = value
  for (const key of ['DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'SMTP_URL']) {
    delete process.env[key]
  }
}

export const isPostgresRun = () => process.env.TEST_DB_KIND === 'postgres'
