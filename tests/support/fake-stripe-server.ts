// The fake Stripe API as a process, for the browser tests of the Stripe card path
// (playwright.stripe.config.ts): `FAKE_STRIPE_PORT=4181 tsx tests/support/fake-stripe-server.ts`.
import { FakeStripe } from './fake-stripe'

const port = Number(process.env.FAKE_STRIPE_PORT ?? 4181)
const stripe = await new FakeStripe().start(port)
process.stdout.write(`Fake Stripe API on ${stripe.url}\n`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stripe.stop().then(() => process.exit(0)))
}
