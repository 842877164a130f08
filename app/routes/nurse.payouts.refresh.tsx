import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { startPayoutOnboarding } from '~/domain/payouts/payouts.server'
import { translateMessage } from '~/i18n/i18n.server'
import { requireNurse } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

// GET /nurse/payouts/refresh: Stripe's onboarding link expired or was used (issue 15); a fresh one
// is made and the nurse goes straight back to it, as Stripe's refresh_url expects.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const started = await startPayoutOnboarding(user.id)
  if (!started.ok) return redirectWithToast('/nurse/dashboard?tab=bookings#payout-account', { type: 'error', message: translateMessage(started.error) })

  return redirect(started.url)
}
