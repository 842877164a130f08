// Checkr's webhook (docs/decisions/0061), kept like Stripe's: the signature (an HMAC-SHA256 of the
// exact body) is verified, each event id is applied once (a second delivery answers 200 and
// changes nothing), and the event is only a prompt: the check is re-read from Checkr and moved
// forward by the life cycle, so events arriving late or out of order cannot move it back. The
// event id is recorded after it is applied: a delivery that failed half-way is applied again when
// Checkr retries, which is safe because applying is idempotent.
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { processedProviderEvents } from '../../db/schema'
import { findCheckByProviderIds, refreshCheck } from './background-checks.server'
import { isCheckrSignatureValid } from './providers/checkr.server'
import { checkrWebhookSecret } from './verification-provider.server'

export const CHECK_WEBHOOK_SIGNATURE_FAILED = 'Webhook signature verification failed.'

interface CheckrEvent {
  id: string
  type: string
  data: { object: { id?: string; object?: string; candidate_id?: string; report_id?: string } }
}

function parseEvent(rawBody: string): CheckrEvent | null {
  try {
    const event = JSON.parse(rawBody) as CheckrEvent
    return typeof event?.id === 'string' && typeof event.type === 'string' && event.data?.object ? event : null
  } catch {
    return null
  }
}

export async function handleCheckrWebhook(
  rawBody: string,
  signature: string | null,
  now: Date = new Date(),
): Promise<{ ok: true; duplicate: boolean; checkId: number | null } | { ok: false; status: 400; error: string }> {
  const secret = checkrWebhookSecret()
  if (!secret || !isCheckrSignatureValid(rawBody, signature, secret)) return { ok: false, status: 400, error: CHECK_WEBHOOK_SIGNATURE_FAILED }
  const event = parseEvent(rawBody)
  if (!event) return { ok: false, status: 400, error: 'The event could not be read.' }
  const db = getDb()
  // Checkr's ids share the table with Stripe's: prefixed, so they can never meet.
  const eventKey = `checkr:${event.id}`
  const [seen] = await db.select({ id: processedProviderEvents.id }).from(processedProviderEvents).where(eq(processedProviderEvents.id, eventKey))
  if (seen) return { ok: true, duplicate: true, checkId: null }
  const object = event.data.object
  const checkId = await findCheckByProviderIds('checkr', {
    reportId: object.object === 'report' ? object.id : object.report_id,
    invitationId: object.object === 'invitation' ? object.id : undefined,
    candidateId: object.candidate_id,
  })
  // An event about someone we never ordered a check for (another product on the same account) is left alone.
  if (checkId !== null && (event.type.startsWith('report.') || event.type.startsWith('invitation.'))) await refreshCheck(checkId, now)
  await db.insert(processedProviderEvents).values({ id: eventKey, type: event.type }).onConflictDoNothing()
  return { ok: true, duplicate: false, checkId }
}
