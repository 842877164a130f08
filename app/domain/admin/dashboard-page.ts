// What the admin dashboard (/admin/dashboard) shows and answers, worked out from its address and
// from what its changes return: pure. The reads are in dashboard-page.server.ts; the texts are
// docs/product-texts.md's.
import type { AdminBookingsQuery, AdminDashboardQuery, AdminTab } from '../../schemas/admin'
import { formatCents } from '../bookings/pricing'
import type { Translate } from '../../i18n/translate'
import type { VerificationDecision } from './admin'

export const TAB_LABELS: Record<AdminTab, string> = {
  pending: 'Pending Verifications',
  bookings: 'All Bookings',
  nurses: 'Nurses',
  payments: 'Payments',
}

/**
 * The one table the open tab reads, with the filters it takes from the address: only the bookings
 * are searched, filtered and paged by their edges; another tab ignores those (a link kept from the
 * bookings tab). The pending tab is the nurses waiting for a decision; the payments tab also pages
 * the payouts on hold and the failed ones, each by its own number.
 */
export type DashboardTableRead =
  | { tab: 'pending'; nurses: { verificationStatus: 'pending'; page: number } }
  | { tab: 'bookings'; bookings: AdminBookingsQuery }
  | { tab: 'nurses'; nurses: { page: number } }
  | { tab: 'payments'; payments: { page: number }; attention: { holdsPage: number; failuresPage: number } }

export function tableReadOf(query: AdminDashboardQuery): DashboardTableRead {
  switch (query.tab) {
    case 'bookings': {
      const { search, status, page, after, before } = query
      return { tab: 'bookings', bookings: { search, status, page, after, before } }
    }
    case 'nurses':
      return { tab: 'nurses', nurses: { page: query.page } }
    case 'payments':
      return { tab: 'payments', payments: { page: query.page }, attention: { holdsPage: query.holds, failuresPage: query.failed } }
    default:
      return { tab: 'pending', nurses: { verificationStatus: 'pending', page: query.page } }
  }
}

/** The view a change goes back to: the same tab, page and filters, with the rejection form closed. */
export function viewAfterChange(query: AdminDashboardQuery): AdminDashboardQuery {
  return { ...query, reject: undefined }
}

/**
 * The view of another page of the open table. The bookings' Next carries the current page's last
 * row (`after`) and Previous its first (`before`), so the page is read from its edge (keyset
 * paging, docs/decisions/0022); a jump to page 1, to a page further away, or a table without
 * edges, is read by its number.
 */
export function pageView(
  query: AdminDashboardQuery,
  shown: { page: number; cursors?: { after: string; before: string } | null },
  page: number,
): AdminDashboardQuery {
  const cursors = shown.cursors ?? null
  return {
    ...viewAfterChange(query),
    after: cursors && page > shown.page ? cursors.after : undefined,
    before: cursors && page > 1 && page < shown.page ? cursors.before : undefined,
    page,
  }
}

export interface Toast {
  type: 'success' | 'error'
  message: string
}

export const BOOKING_STATUS_UPDATED: Toast = { type: 'success', message: 'Booking status updated successfully' }

/** After a verification decision; in the reader's language with the `admin` namespace's `t`. */
export function verificationToast(decision: VerificationDecision, t?: Translate): Toast {
  if (t) return { type: 'success', message: t(`toast.verification.${decision}`) }
  const message =
    decision === 'pending' ? 'Nurse verification reset to pending' : `Nurse verification ${decision} successfully`
  return { type: 'success', message }
}

/**
 * After a reported night is resolved: the refund, or the payout released. A refund whose taking
 * back of the nurse's payout failed is an error the admin must act on at the payment provider.
 */
export function problemResolvedToast(
  decision: 'release' | 'refund',
  result: { refundCents: number; reversalFailure?: string },
  t?: Translate,
): Toast {
  if (t) {
    const amount = formatCents(result.refundCents)
    if (result.reversalFailure) return { type: 'error', message: t('toast.refundedReversalFailed', { amount, failure: result.reversalFailure }) }
    return decision === 'refund'
      ? { type: 'success', message: t('toast.refunded', { amount }) }
      : { type: 'success', message: t('toast.payoutReleased') }
  }
  if (result.reversalFailure) {
    const message = `Night refunded: ${formatCents(result.refundCents)} back to the family. Taking back the nurse's payout failed (${result.reversalFailure}); recover it at the payment provider.`
    return { type: 'error', message }
  }
  return decision === 'refund'
    ? { type: 'success', message: `Night refunded: ${formatCents(result.refundCents)} back to the family` }
    : { type: 'success', message: 'Payout released to the nurse' }
}

/** After a failed payout is sent again: sent, failed again, or waiting for an account that can receive it. */
export function payoutRetriedToast(outcome: 'paid' | 'failed' | 'skipped', t?: Translate): Toast {
  if (t) return { type: outcome === 'failed' ? 'error' : 'success', message: t(`toast.payout.${outcome}`) }
  if (outcome === 'paid') return { type: 'success', message: 'Payout sent' }
  if (outcome === 'failed') return { type: 'error', message: 'The payout failed again; the nurse is shown why' }
  return { type: 'success', message: 'The payout will be sent once the nurse has a payout account that can receive it' }
}
