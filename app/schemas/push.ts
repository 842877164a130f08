// Web Push subscriptions from a browser (docs/decisions/0074): PushSubscription.toJSON() and the
// device's switches.
import { z } from 'zod'
import { PUSH_TOPICS, type PushTopic } from '../domain/notifications/push-rules'

const KEY_MESSAGE = 'Not a URL-safe base64 key'
const base64url = (max: number) => z.string({ error: KEY_MESSAGE }).regex(/^[\w-]+=*$/, KEY_MESSAGE).min(16, KEY_MESSAGE).max(max, KEY_MESSAGE)

export const PushTopicsSchema = z
  .object(Object.fromEntries(PUSH_TOPICS.map((topic) => [topic, z.boolean().optional()])) as Record<PushTopic, z.ZodOptional<z.ZodBoolean>>)
  .strict()
export type PushTopicsInput = z.infer<typeof PushTopicsSchema>

const endpoint = z.url({ protocol: /^https$/, error: 'The endpoint must be an https URL' }).max(2000)

export const PushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  topics: PushTopicsSchema.default({}),
})
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>

/** POST /_api/push/subscriptions: subscribe this device, change its switches, or forget it. */
export const PushRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('subscribe'), subscription: PushSubscriptionSchema }),
  z.object({ action: z.literal('topics'), endpoint, topics: PushTopicsSchema }),
  z.object({ action: z.literal('unsubscribe'), endpoint }),
], { error: "action must be 'subscribe', 'topics' or 'unsubscribe'" })
export type PushRequest = z.infer<typeof PushRequestSchema>
