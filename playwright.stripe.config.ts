// Browser tests of the Stripe card path (docs/money.md): the app runs with Stripe keys and
// the real `stripe` SDK pointed at the local fake Stripe API; the page's Stripe.js is a stand-in
// served through page.route (tests/e2e-stripe/fake-stripe-js.ts). A separate configuration, so
// its servers start only for these tests: `BUILD_DIR=build-e2e playwright test -c playwright.stripe.config.ts`.
import { defineConfig } from '@playwright/test'
import base, { appServer } from './playwright.config'

const PORT = Number(process.env.E2E_STRIPE_APP_PORT ?? 4175)
const FAKE_STRIPE_PORT = Number(process.env.E2E_FAKE_STRIPE_PORT ?? 4181)
const DATA_DIR = process.env.E2E_STRIPE_DATA ?? '.data/e2e-stripe'
const BASE_URL = `http://localhost:${PORT}`

export default defineConfig({
  ...base,
  testDir: './tests/e2e-stripe',
  use: { ...base.use, baseURL: BASE_URL },
  metadata: { fakeStripeUrl: `http://127.0.0.1:${FAKE_STRIPE_PORT}` },
  webServer: [
    {
      command: 'npx tsx tests/support/fake-stripe-server.ts',
      port: FAKE_STRIPE_PORT,
      env: { FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    appServer({
      port: PORT,
      dataDir: DATA_DIR,
      env: {
        SESSION_SECRET: 'e2e-stripe-session-secret-0123456789-0123',
        GOOGLE_CLIENT_ID: '',
        GOOGLE_CLIENT_SECRET: '',
        // Test-mode-shaped keys for the fake; nothing here reaches Stripe.
        STRIPE_SECRET_KEY: 'sk_test_fake_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake_e2e',
        STRIPE_API_BASE: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
      },
    }),
  ],
})
