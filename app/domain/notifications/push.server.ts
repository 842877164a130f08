// Web Push (docs/decisions/0074; rules: push-rules.ts). A user's devices subscribe from the
// notification settings; events push to the devices whose switch is on, alongside the e-mail.
// Pushing never holds up or fails what caused it: `pushLater` starts it and logs a failure. A
// push service answering 404/410 removes that subscription.
import { and, eq } from 'drizzle-orm'
import webpush from 'web-push'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { pushKeys, pushSubscriptions } from '../../db/schema'
import type { PushSubscriptionInput, PushTopicsInput } from '../../schemas/push'
import { translator } from '~/i18n/i18n.server'
import { inReadersLanguage } from '../platform/reader-language.server'
import { languageOfUser } from './email.server'
import { DEFAULT_PUSH_TOPICS, devicesFor, isGoneSubscription, pushNoticeFor, recipientOf, type PushEvent, type PushNotice, type PushTopics } from './push-rules'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

let keys: Promise<VapidKeys> | undefined

/**
 * The server's VAPID key pair: the configured one, else the one kept in the database, made at the
 * first need (by one server; the others read it), so a restart keeps every subscription valid.
 */
export function getVapidKeys(): Promise<VapidKeys> {
  const config = getConfig()
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return Promise.resolve({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY })
  }
  keys ??= keptVapidKeys().catch((error: unknown) => {
    keys = undefined
    throw error
  })
  return keys
}

async function keptVapidKeys(): Promise<VapidKeys> {
  const db = getDb()
  const made = webpush.generateVAPIDKeys()
  await db.insert(pushKeys).values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing()
  const [kept] = await db.select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey }).from(pushKeys).where(eq(pushKeys.id, 1))
  return kept
}

/** For tests that swap databases: the next read finds the keys of the database in use. */
export function forgetVapidKeysForTests() {
  keys = undefined
}

function vapidSubject(): string {
  const config = getConfig()
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT
  if (config.APP_ORIGIN.startsWith('https://')) return config.APP_ORIGIN
  const address = config.MAIL_FROM.includes('<') ? config.MAIL_FROM.slice(config.MAIL_FROM.lastIndexOf('<') + 1).replace('>', '') : config.MAIL_FROM
  return `mailto:${address.trim()}`
}

const deviceColumns = {
  id: pushSubscriptions.id,
  userId: pushSubscriptions.userId,
  endpoint: pushSubscriptions.endpoint,
  bookings: pushSubscriptions.bookings,
  reservations: pushSubscriptions.reservations,
  messages: pushSubscriptions.messages,
  reportReminders: pushSubscriptions.reportReminders,
}

export type PushDevice = { id: number; userId: number; endpoint: string } & PushTopics

/**
 * Keeps this device's subscription for the user. An endpoint is one browser: subscribed again
 * (by whoever is signed in on it now), it is that user's, with the switches given.
 */
export async function saveSubscription(userId: number, input: PushSubscriptionInput, now = new Date()): Promise<PushDevice> {
  const topics = { ...DEFAULT_PUSH_TOPICS, ...input.topics }
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, ...topics, updatedAt: now }
  const [device] = await getDb()
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning(deviceColumns)
  return device
}

/** This user's device with this endpoint, or null (another user's answers as missing). */
export async function getDevice(userId: number, endpoint: string): Promise<PushDevice | null> {
  const [device] = await getDb()
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
  return device ?? null
}

/** Changes a device's switches; null when the endpoint is not this user's. */
export async function updateDeviceTopics(userId: number, endpoint: string, topics: PushTopicsInput, now = new Date()): Promise<PushDevice | null> {
  const [device] = await getDb()
    .update(pushSubscriptions)
    .set({ ...topics, updatedAt: now })
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning(deviceColumns)
  return device ?? null
}

/** Forgets this user's device; false when it was not theirs (or already gone). */
export async function removeSubscription(userId: number, endpoint: string): Promise<boolean> {
  const removed = await getDb()
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return removed.length > 0
}

const PUSH_TIMEOUT_MS = 10_000
/** How long a push service keeps a notice for a phone that is off: a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60

/** Pushes a notice to the user's devices that want it; answers how many took it. */
export async function sendPushNotice(notice: PushNotice): Promise<number> {
  const rows = await getDb()
    .select({ ...deviceColumns, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, notice.userId))
  const devices = devicesFor(rows, notice)
  if (devices.length === 0) return 0
  const { publicKey, privateKey } = await getVapidKeys()
  const payload = JSON.stringify({ title: notice.title, body: notice.body, url: notice.url, tag: notice.tag })
  let delivered = 0
  for (const device of devices) {
    try {
      await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
        vapidDetails: { subject: vapidSubject(), publicKey, privateKey },
        TTL: PUSH_TTL_SECONDS,
        timeout: PUSH_TIMEOUT_MS,
        urgency: 'normal',
      })
      delivered++
    } catch (error) {
      const statusCode = (error as { statusCode?: number }).statusCode
      if (isGoneSubscription(statusCode)) {
        await getDb().delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id))
      } else {
        console.error(`A push (${notice.tag}) to device ${device.id} of user ${notice.userId} failed (${statusCode ?? 'no answer'}):`, (error as Error).message)
      }
    }
  }
  return delivered
}

const inFlight = new Set<Promise<unknown>>()

/**
 * Pushes an event in the background: the caller goes on at once, a failure is logged. Never
 * throws, not even when the event could not be read.
 */
export function pushLater(event: PushEvent): void {
  const pushing = Promise.resolve()
    .then(async () => {
      // In the reader's language, like her e-mails (docs/i18n.md).
      const language = await languageOfUser(recipientOf(event))
      return sendPushNotice(inReadersLanguage(language, () => pushNoticeFor(event, translator('emails', language))))
    })
    .catch((error: unknown) => console.error(`A push (${event.kind}) could not be sent:`, error))
    .finally(() => inFlight.delete(pushing))
  inFlight.add(pushing)
}

/** Waits for the pushes started so far (tests; a server stopping). */
export async function pushesSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight])
}
