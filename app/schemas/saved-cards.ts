// The forms of the parent's saved card (issue 15, docs/decisions/0028): the test provider's card
// number, Stripe's return with its SetupIntent, removing the card, and paying a week after a decline.
import { z } from 'zod'
import { positiveId } from './fields'

export const CARD_NUMBER_MESSAGE = 'Card number must be 12 to 19 digits'

const cardNumber = z
  .string({ error: 'Card number is required' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string({ error: 'Card number is required' }).min(1, 'Card number is required').regex(/^\d{12,19}$/, CARD_NUMBER_MESSAGE))

export const SaveTestCardSchema = z.object({ intent: z.literal('save-test-card'), cardNumber })

export const CompleteSetupSchema = z.object({
  intent: z.literal('complete-setup'),
  setupIntentId: z.string({ error: 'The card setup is missing.' }).regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'The card setup is missing.'),
})

export const PaymentMethodIntentSchema = z.object({ intent: z.enum(['start-setup', 'remove-card']) })

/** The booking page's 'Pay now' for a week whose charge was declined. */
export const PayWeekSchema = z.object({
  intent: z.literal('pay-week'),
  week: positiveId('Choose the week to pay.'),
  cardNumber: z.preprocess((value) => (value === '' ? undefined : value), cardNumber.optional()),
})

/** Where to go back after saving a card: only one of the parent's own booking pages. */
export const SafeReturnToSchema = z
  .string()
  .regex(/^\/parent\/bookings\/\d{1,10}$/)
  .optional()
  .catch(undefined)
