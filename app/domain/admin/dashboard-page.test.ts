import { describe, expect, test } from 'vitest'
import type { AdminDashboardQuery } from '../../schemas/admin'
import { pageView, payoutRetriedToast, problemResolvedToast, tableReadOf, TAB_LABELS, verificationToast, viewAfterChange } from './dashboard-page'

const AFTER = '2026-11-20 10:00:00+00~41'
const BEFORE = '2026-11-21 09:00:00+00~60'
/** A view as the dashboard's address gives it (AdminDashboardQuerySchema): the pending tab's first page unless named. */
const viewOf = (view: Partial<AdminDashboardQuery>): AdminDashboardQuery => ({ tab: 'pending', page: 1, holds: 1, failed: 1, ...view })

describe('the table a tab reads', () => {
  test('the dashboard opens on the nurses waiting for a decision', () => {
    expect(tableReadOf(viewOf({}))).toEqual({ tab: 'pending', nurses: { verificationStatus: 'pending', page: 1 } })
    expect(TAB_LABELS.pending).toBe('Pending Verifications')
  })

  test('only the bookings are searched, filtered and paged by their edges', () => {
    const filters = { search: 'Riley', status: 'cancelled', page: 3, after: AFTER } as const
    expect(tableReadOf(viewOf({ tab: 'bookings', ...filters }))).toEqual({
      tab: 'bookings',
      bookings: { search: 'Riley', status: 'cancelled', page: 3, after: AFTER, before: undefined },
    })
    // A link kept from the bookings tab: the other tabs read their page and nothing else.
    expect(tableReadOf(viewOf({ tab: 'nurses', ...filters }))).toEqual({ tab: 'nurses', nurses: { page: 3 } })
    expect(tableReadOf(viewOf({ tab: 'payments', ...filters }))).toEqual({
      tab: 'payments',
      payments: { page: 3 },
      attention: { holdsPage: 1, failuresPage: 1 },
    })
    expect(tableReadOf(viewOf({ ...filters, reject: 9 }))).toEqual({ tab: 'pending', nurses: { verificationStatus: 'pending', page: 3 } })
  })
})

test('the payments tab pages its payouts on hold and its failed payouts, each by its own number', () => {
  expect(tableReadOf(viewOf({ tab: 'payments', page: 2, holds: 3, failed: 4 }))).toEqual({
    tab: 'payments',
    payments: { page: 2 },
    attention: { holdsPage: 3, failuresPage: 4 },
  })
})

describe('where a change goes back to', () => {
  test('the same tab, page and filters, with the rejection form closed', () => {
    const view = viewOf({ tab: 'bookings', search: 'Riley', page: 2, after: AFTER, reject: 9 })
    expect(viewAfterChange(view)).toEqual({ ...view, reject: undefined })
  })
})

describe('the page links', () => {
  const bookings = viewOf({ tab: 'bookings', status: 'confirmed', page: 3, after: AFTER })
  const shown = { page: 3, cursors: { after: AFTER, before: BEFORE } }

  test('Next reads from the last row shown and Previous from the first', () => {
    expect(pageView(bookings, shown, 4)).toMatchObject({ page: 4, after: AFTER, before: undefined, status: 'confirmed' })
    expect(pageView(bookings, shown, 2)).toMatchObject({ page: 2, after: undefined, before: BEFORE, status: 'confirmed' })
  })

  test('page 1, and a table without edges, are read by their number', () => {
    expect(pageView(bookings, shown, 1)).toMatchObject({ page: 1, after: undefined, before: undefined })
    expect(pageView(bookings, { page: 3, cursors: null }, 4)).toMatchObject({ page: 4, after: undefined, before: undefined })
    const nurses = viewOf({ tab: 'nurses', page: 2, reject: 5 })
    expect(pageView(nurses, { page: 2 }, 3)).toEqual({ ...nurses, page: 3, after: undefined, before: undefined, reject: undefined })
  })
})

describe('the toasts of a change', () => {
  test('a verification decision', () => {
    expect(verificationToast('approved')).toEqual({ type: 'success', message: 'Nurse verification approved successfully' })
    expect(verificationToast('rejected')).toEqual({ type: 'success', message: 'Nurse verification rejected successfully' })
    expect(verificationToast('pending')).toEqual({ type: 'success', message: 'Nurse verification reset to pending' })
  })

  test('a reported night resolved, and a refund whose payout could not be taken back', () => {
    expect(problemResolvedToast('refund', { refundCents: 18_000 })).toEqual({
      type: 'success',
      message: 'Night refunded: $180.00 back to the family',
    })
    expect(problemResolvedToast('release', { refundCents: 0 })).toEqual({ type: 'success', message: 'Payout released to the nurse' })
    expect(problemResolvedToast('refund', { refundCents: 18_000, reversalFailure: 'card_declined' })).toEqual({
      type: 'error',
      message:
        "Night refunded: $180.00 back to the family. Taking back the nurse's payout failed (card_declined); recover it at the payment provider.",
    })
  })

  test('a payout sent again', () => {
    expect(payoutRetriedToast('paid')).toEqual({ type: 'success', message: 'Payout sent' })
    expect(payoutRetriedToast('failed')).toEqual({ type: 'error', message: 'The payout failed again; the nurse is shown why' })
    expect(payoutRetriedToast('skipped')).toEqual({
      type: 'success',
      message: 'The payout will be sent once the nurse has a payout account that can receive it',
    })
  })
})
