// POST /_api/reservations/create (issue 36, docs/product-texts.md): the signed-in family asks a nurse
// to start when the baby comes home and pays its deposit in the same call (decision 0073: the saved
// card unless `payWith: 'card'` names another) → 201 {reservation}; 409 names the nights already
// taken; 402 a card that did not go through, and nothing is reserved.
import type { ActionFunctionArgs } from '@remix-run/node'
import { reserveWithDeposit } from '~/domain/payments/reservation-deposits.server'
import { depositCardOf, ReserveWithDepositSchema } from '~/schemas/reservations'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { limitBookingCreation } from '~/utils/rate-limit.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent'])
  const { payWith, cardNumber, paymentMethodId, ...input } = await parseBody(request, ReserveWithDepositSchema)
  const card = depositCardOf({ payWith, cardNumber, paymentMethodId })
  if ('problem' in card) return apiError(400, card.problem)
  // Each reservation charges a card: it counts as a booking attempt, so nobody tests cards or
  // churns 15-minute holds from here either.
  const limited = await limitBookingCreation(user.id)
  if (!limited.ok) return Response.json({ error: limited.error }, { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds) } })
  const result = await reserveWithDeposit(user, input, card)
  if (!result.ok) {
    const extra = { ...('clashes' in result && result.clashes ? { clashes: result.clashes } : {}), ...('reason' in result && result.reason ? { reason: result.reason } : {}) }
    return apiError(result.status, result.error, extra)
  }
  return Response.json({ reservation: result.reservation }, { status: 201 })
}

export const loader = () => methodNotAllowed()
