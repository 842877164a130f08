import type { LoaderFunctionArgs } from '@remix-run/node'
import { refreshPayoutAccount } from '~/domain/payouts/payouts.server'
import { payoutAccountAdvice } from '~/domain/payouts/payout-rules'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { requireNurse } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

// GET /nurse/payouts/return: Stripe sends the nurse back here from its onboarding (issue 15). Her
// account is read back from Stripe (the webhook may not have arrived yet) and she sees where it stands.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const back = '/nurse/dashboard?tab=bookings#payout-account'
  try {
    const account = await refreshPayoutAccount(user.id)
    if (account?.payoutsEnabled) {
      return redirectWithToast(back, {
        type: 'success',
        message: translateMessage('Your payout account is ready. Payable nights are sent within minutes.'),
      })
    }
    const advice = payoutAccountAdvice(account && { ...account, requirementsDue: account.requirementsDue ?? [] }, translator('nurse'))
    return redirectWithToast(back, { type: 'error', message: advice ?? translateMessage('Your payout account is not ready yet.') })
  } catch (error) {
    console.error('Reading the payout account back failed:', error)
    return redirectWithToast(back, {
      type: 'error',
      message: translateMessage('We could not check your payout account. Please try again in a minute.'),
    })

  }
}
