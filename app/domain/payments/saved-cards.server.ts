// A parent's saved card (issue 15, docs/decisions/0028): the card a series paid week by week is
// charged to, off-session. One card per parent; saving another replaces it. The card itself stays
// at the provider: with Stripe a PaymentMethod on the parent's Stripe Customer, saved through a
// SetupIntent (Stripe's own form) or by paying a series' first week; with the built-in provider a
// test card typed into our form. Our row keeps the brand, last four digits and expiry to show.
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { paymentCustomers, savedCards, users } from '../../db/schema'
import { getPaymentProvider, getPaymentProviderNamed } from './payment-provider.server'
import { saveTestCard } from './providers/test-provider.server'
import type { ProviderCard } from './providers/types'

export type SavedCard = typeof savedCards.$inferSelect

export const CARD_NOT_SAVED = 'Your card could not be saved. Please try again.'

/** The parent's saved card at the provider this server uses, or null. */
export async function getSavedCard(userId: number): Promise<SavedCard | null> {
  const [card] = await getDb()
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, getPaymentProvider().name)))
  return card ?? null
}

/** The parent's customer at the provider, made once: the same key answers the same customer. */
export async function ensureCustomer(userId: number): Promise<string> {
  const provider = getPaymentProvider()
  const db = getDb()
  const where = and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name))
  const [known] = await db.select().from(paymentCustomers).where(where)
  if (known) return known.customerId
  const [user] = await db.select({ email: users.email, name: users.displayName }).from(users).where(eq(users.id, userId))
  const customer = await provider.createCustomer({ userId, email: user.email, name: user.name, idempotencyKey: `user-${userId}-customer` })
  await db.insert(paymentCustomers).values({ userId, provider: provider.name, customerId: customer.id }).onConflictDoNothing()
  const [row] = await db.select().from(paymentCustomers).where(where)
  return row.customerId
}

/** The parent whose customer this is, for the webhook. */
async function findCustomerOwner(provider: string, customerId: string): Promise<number | null> {
  const [row] = await getDb()
    .select({ userId: paymentCustomers.userId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, provider), eq(paymentCustomers.customerId, customerId)))
  return row?.userId ?? null
}

/**
 * Keeps this card as the parent's saved card, replacing (and detaching) any other. Idempotent: the
 * same card saved twice (the return page and the webhook) is one row.
 */
export async function rememberCard(userId: number, providerName: string, card: ProviderCard): Promise<SavedCard> {
  const db = getDb()
  const [previous] = await db.select().from(savedCards).where(eq(savedCards.userId, userId))
  const values = {
    userId,
    provider: providerName,
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    updatedAt: new Date(),
  }
  const [row] = await db
    .insert(savedCards)
    .values(values)
    .onConflictDoUpdate({ target: savedCards.userId, set: values })
    .returning()
  if (previous && previous.paymentMethodId !== card.paymentMethodId) await detachQuietly(previous)
  return row
}

async function detachQuietly(card: SavedCard) {
  try {
    await getPaymentProviderNamed(card.provider).detachCard(card.paymentMethodId)
  } catch (error) {
    // Our row is gone either way, so the card is never charged again by us.
    console.error(`Detaching card ${card.paymentMethodId} failed:`, error)
  }
}

export type SaveCardResult = { ok: true; card: SavedCard } | { ok: false; status: 400 | 402 | 404 | 409 | 502; error: string }

/** The built-in provider's 'Save card': a test card number typed into our form. */
export async function saveTestCardForParent(userId: number, cardNumber: string): Promise<SaveCardResult> {
  if (getPaymentProvider().name !== 'test') return { ok: false, status: 404, error: 'Test cards are not available on this server.' }
  const saved = await saveTestCard({ customerId: await ensureCustomer(userId), cardNumber })
  if (!saved.ok) return saved
  return { ok: true, card: await rememberCard(userId, 'test', saved.card) }
}

/** Stripe's card form for saving a card: a SetupIntent on the parent's customer (a POST makes it, never a page's GET). */
export async function startCardSetup(userId: number): Promise<{ ok: true; clientSecret: string } | { ok: false; status: 404 | 502; error: string }> {
  const provider = getPaymentProvider()
  try {
    const customerId = await ensureCustomer(userId)
    const setup = await provider.createSetupIntent({
      customerId,
      // A fresh intent per click: a SetupIntent that failed or was left is simply not used.
      idempotencyKey: `user-${userId}-setup-${Date.now()}`,
      metadata: { userId: String(userId) },
    })
    if (!setup) return { ok: false, status: 404, error: 'Cards are saved with the test card form on this server.' }
    return { ok: true, clientSecret: setup.clientSecret }
  } catch (error) {
    console.error(`Starting a card setup for user ${userId} failed:`, error)
    return { ok: false, status: 502, error: CARD_NOT_SAVED }
  }
}

/**
 * Back from Stripe's card form (or its setup_intent.succeeded webhook): re-reads the SetupIntent
 * and saves its card for the parent whose customer it is. `userId` is the signed-in parent; a
 * SetupIntent of another customer is refused as not found.
 */
export async function completeCardSetup(setupIntentId: string, userId: number | null): Promise<SaveCardResult> {
  const provider = getPaymentProvider()
  try {
    const setup = await provider.retrieveSetupIntent(setupIntentId)
    const owner = setup.customerId ? await findCustomerOwner(provider.name, setup.customerId) : null
    if (!owner || (userId !== null && owner !== userId)) return { ok: false, status: 404, error: 'This card setup could not be found.' }
    if (setup.status !== 'succeeded' || !setup.paymentMethodId) {
      return { ok: false, status: 402, error: setup.lastError ?? CARD_NOT_SAVED }
    }
    const [current] = await getDb().select().from(savedCards).where(eq(savedCards.userId, owner))
    if (current?.paymentMethodId === setup.paymentMethodId) return { ok: true, card: current }
    return { ok: true, card: await rememberCard(owner, provider.name, await provider.retrieveCard(setup.paymentMethodId)) }
  } catch (error) {
    console.error(`Completing card setup ${setupIntentId} failed:`, error)
    return { ok: false, status: 502, error: CARD_NOT_SAVED }
  }
}

/** 'Remove card': detached at the provider and forgotten here. */
export async function removeSavedCard(userId: number): Promise<boolean> {
  const [removed] = await getDb().delete(savedCards).where(eq(savedCards.userId, userId)).returning()
  if (removed) await detachQuietly(removed)
  return Boolean(removed)
}

/** A series' first week was paid with a new card that the provider kept: it becomes the saved card. */
export async function rememberCardThatPaid(userId: number, providerName: string, paymentMethodId: string): Promise<void> {
  try {
    const [current] = await getDb().select().from(savedCards).where(eq(savedCards.userId, userId))
    if (current?.paymentMethodId === paymentMethodId) return
    await rememberCard(userId, providerName, await getPaymentProviderNamed(providerName).retrieveCard(paymentMethodId))
  } catch (error) {
    console.error(`Saving the card that paid for user ${userId} failed:`, error)
  }
}
