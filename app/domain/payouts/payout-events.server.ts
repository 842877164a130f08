// The Stripe events about payouts (issue 15): a nurse's Connect account changed, a transfer made or
// reversed, a payout to her bank failed. payments/stripe-webhook.server.ts checks the signature and
// handles each event once; the webhook's route hands it here when it was not one of payments'
// (payouts sit above payments, decision 0057).
import { getPaymentProviderNamed } from '../payments/payment-provider.server'
import type { Stripe } from '../payments/providers/stripe.server'
import { applyPayoutAccountUpdate, recordPayoutAccountFailure, recordTransferCreated, recordTransferReversals } from './payouts.server'

export async function handlePayoutStripeEvent(event: Stripe.Event, now: Date = new Date()): Promise<void> {
  switch (event.type) {
    case 'account.updated': {
      // Re-read: an older event delivered late must not undo a newer state.
      const account = await getPaymentProviderNamed('stripe').retrievePayoutAccount(event.data.object.id)
      await applyPayoutAccountUpdate(account, now)
      return
    }
    case 'transfer.created': {
      const transfer = event.data.object
      const occurrenceId = Number(transfer.metadata?.occurrenceId)
      await recordTransferCreated(
        { id: transfer.id, amountCents: transfer.amount, occurrenceId: Number.isInteger(occurrenceId) && occurrenceId > 0 ? occurrenceId : null },
        now,
      )
      return
    }
    case 'transfer.reversed': {
      const transfer = event.data.object
      await recordTransferReversals(
        transfer.id,
        (transfer.reversals?.data ?? []).map((reversal) => ({ id: reversal.id, amountCents: reversal.amount })),
        now,
      )
      return
    }
    case 'payout.failed': {
      // A payout from a nurse's connected account to her bank: the event names the account.
      if (event.account) {
        const payout = event.data.object
        await recordPayoutAccountFailure(event.account, payout.failure_message ?? 'Your bank returned the payout.', now)
      }
      return
    }
    default:
      return
  }
}
