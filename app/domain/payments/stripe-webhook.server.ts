// The Stripe webhook (docs/money.md): the signature is verified, each event id is handled once (a
// replay answers 200 and changes nothing), and objects are re-read from Stripe instead of trusting
// the event's copy, so events arriving late or out of order cannot move a payment back. The event
// id is recorded after handling: a delivery that failed half-way is handled again when Stripe
// retries, which is safe because handling is idempotent. Payment events are handled here
// (payments.server.ts, saved cards, weekly charges); the webhook's route hands every other event to
// payouts (payouts/payout-events.server.ts, issue 15), which sit above payments (decision 0057).
import { eq } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { processedProviderEvents } from '../../db/schema'
import { handlePaymentEvent, type PaymentFailure } from './payments.server'
import { constructStripeEvent, type Stripe } from './providers/stripe.server'
import { completeCardSetup } from './saved-cards.server'
import { failWeekOfCharge } from './weekly-charges.server'

export const WEBHOOK_SIGNATURE_FAILED = 'Webhook signature verification failed.'

/** What to do with a verified event seen for the first time. */
export type StripeEventHandler = (event: Stripe.Event, now: Date) => Promise<void>

export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
  handleEvent: StripeEventHandler,
  now: Date = new Date(),
): Promise<{ ok: true; duplicate: boolean } | PaymentFailure> {
  const { STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET } = getConfig()
  // The platform's endpoint and, when set, the Connect endpoint (its own secret, same URL).
  const secrets = [STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET].filter((secret): secret is string => Boolean(secret))
  if (secrets.length === 0 || !signature) return { ok: false, status: 400, error: WEBHOOK_SIGNATURE_FAILED }
  let event: Stripe.Event | undefined
  for (const secret of secrets) {
    try {
      event = constructStripeEvent(rawBody, signature, secret)
      break
    } catch {
      // Not signed with this secret: try the next.
    }
  }
  if (!event) return { ok: false, status: 400, error: WEBHOOK_SIGNATURE_FAILED }
  const db = getDb()
  const [seen] = await db
    .select({ id: processedProviderEvents.id })
    .from(processedProviderEvents)
    .where(eq(processedProviderEvents.id, event.id))
  if (seen) return { ok: true, duplicate: true }
  await handleEvent(event, now)
  await db.insert(processedProviderEvents).values({ id: event.id, type: event.type }).onConflictDoNothing()
  return { ok: true, duplicate: false }
}

/** A payment event or a saved card: true when it was one of payments' events, handled here. */
export async function handlePaymentStripeEvent(event: Stripe.Event, now: Date = new Date()): Promise<boolean> {
  if (await handlePaymentEvent(event, now)) {
    // A weekly charge that failed after the job's call returned (Stripe answers some later): the
    // week waits for the parent, who is told.
    if (event.type === 'payment_intent.payment_failed') await failWeekOfCharge(event.data.object.id, now)
    return true
  }
  if (event.type === 'setup_intent.succeeded') {
    // The card saved at Stripe's form, in case the parent never came back to our return page.
    await completeCardSetup(event.data.object.id, null)
    return true
  }
  return false
}
