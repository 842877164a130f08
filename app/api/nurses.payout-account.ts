import type { ActionFunctionArgs } from '@remix-run/node'
import { getPaymentProvider } from '~/domain/payments/payment-provider.server'
import { connectTestPayoutAccount, startPayoutOnboarding } from '~/domain/payouts/payouts.server'
import { TestBankAccountApiSchema } from '~/schemas/payouts'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/nurses/payout-account (issue 15): with Stripe, {} → {onboardingUrl}, a fresh link to
// Stripe's onboarding; with the built-in test provider, {routingNumber, accountNumber} (the test
// numbers) → {account: {bankLast4, payoutsEnabled}, sent}, her payable nights sent at once.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['nurse'])
  if (getPaymentProvider().name === 'stripe') {
    const started = await startPayoutOnboarding(user.id)
    if (!started.ok) return apiError(started.status, started.error)
    return Response.json({ onboardingUrl: started.url })
  }
  const bank = await parseBody(request, TestBankAccountApiSchema)
  const result = await connectTestPayoutAccount(user.id, bank)
  if (!result.ok) return apiError(result.status, result.error)
  const { bankLast4, payoutsEnabled } = result.account
  return Response.json({ account: { bankLast4, payoutsEnabled }, sent: result.sent })
}

export const loader = () => methodNotAllowed()
