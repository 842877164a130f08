import { defineConfig, devices } from '@playwright/test'

// E2E_PORT, E2E_GOOGLE_PORT and E2E_DATA let two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 4173)
const GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT ?? 4180)
const DATA_DIR = process.env.E2E_DATA ?? '.data/e2e'
const BASE_URL = `http://localhost:${PORT}`
const SLOWDOWN = process.env.CI ? 2 : 1

// Playwright cannot download its own browser here: Debian's Chromium (docs/architecture.md).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// The browser lives in a US zone and the server in UTC, whatever the machine's own zone: a page
// whose times the server and the browser write differently fails on React's hydration error
// (docs/decisions/0050).
export const BROWSER_TIME_ZONE = 'America/Los_Angeles'
export const SERVER_TIME_ZONE = 'UTC'

/**
 * The production server the browser tests run against: a fresh embedded database seeded with the
 * demo data, the server in SERVER_TIME_ZONE, no e-mail server and no PostgreSQL server.
 */
export function appServer(options: { port: number; dataDir: string; env: Record<string, string> }) {
  const baseUrl = `http://localhost:${options.port}`
  return {
    command: `rm -rf ${options.dataDir} && node server.js`,
    url: `${baseUrl}/healthz`,
    env: {
      // The browser's zone comes with use (a US zone); the server's differs from it.
      TZ: SERVER_TIME_ZONE,
      PORT: String(options.port),
      PGLITE_DIR: `${options.dataDir}/pglite`,
      APP_ORIGIN: baseUrl,
      // Every browser of the run signs in from 127.0.0.1; the limits themselves are tested in
      // tests/integration/auth.test.ts.
      AUTH_RATE_LIMIT: '200',
      // Request lines would drown the test report; warnings and errors still show.
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...options.env,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
  }
}

export default defineConfig({
  testDir: './tests/e2e',
  // Every test owns the data it changes (tests/e2e/fixtures.ts), so tests run in any order and
  // side by side, on one seeded server. E2E_WORKERS sets how many.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // A CI machine is shared and has been seen three times slower than a developer's (the whole
  // browser suite in 51 minutes, not 18): there a test, and each of its expectations, gets twice
  // the time. A test asserts what the pages do, never how fast; the benches (bench/) measure speed.
  timeout: 60_000 * SLOWDOWN,
  expect: { timeout: 10_000 * SLOWDOWN },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    timezoneId: BROWSER_TIME_ZONE,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node tests/support/fake-google.mjs`,
      url: `http://127.0.0.1:${GOOGLE_PORT}/health`,
      env: { FAKE_GOOGLE_PORT: String(GOOGLE_PORT) },
      reuseExistingServer: false,
      timeout: 20_000,
    },
    appServer({
      port: PORT,
      dataDir: DATA_DIR,
      env: {
        GOOGLE_CLIENT_ID: 'fake-google-client',
        GOOGLE_CLIENT_SECRET: 'fake-google-secret',
        GOOGLE_OAUTH_BASE: `http://127.0.0.1:${GOOGLE_PORT}`,
        SESSION_SECRET: 'e2e-session-secret-0123456789-0123456789',
        STRIPE_SECRET_KEY: '',
        STRIPE_PUBLISHABLE_KEY: '',
      },
    }),
  ],
})
