// The admin dashboard (/admin/dashboard) in one call: the stats and the open tab's table, read
// side by side, and nothing of the other tabs. The page's loader only parses its address and turns
// this into its answer; what is worked out from the address is dashboard-page.ts.
import { getConfig } from '../../config.server'
import type { AdminDashboardQuery } from '../../schemas/admin'
import { listPayoutAttention } from '../payouts/payouts.server'
import { STRIPE_DASHBOARD_URL } from './admin'
import {
  countPendingVerifications,
  getEmailDelivery,
  listAdminBookings,
  listAdminNurses,
  listAdminPayments,
  readAdminStats,
} from './admin.server'
import { tableReadOf, type DashboardTableRead } from './dashboard-page'

export type DashboardPage = Awaited<ReturnType<typeof getDashboardPage>>

/**
 * What the dashboard shows this admin for the view its address names: the stats (null when they
 * cannot be read: the page says 'Failed to load stats' instead of failing), the open tab's page
 * of rows, how e-mail leaves, and where 'Open Stripe' goes (null with the built-in test provider,
 * which has no dashboard).
 */
export async function getDashboardPage(input: { admin: { displayName: string }; query: AdminDashboardQuery; now: Date }) {
  const { query, now } = input
  const read = tableReadOf(query)
  // The pending tab's count is the stats' 'Pending Verifications': one query for both.
  const pendingCount = read.tab === 'pending' ? countPendingVerifications() : undefined
  const [stats, table] = await Promise.all([
    readAdminStats(now, { pendingVerifications: pendingCount }).catch((error: unknown) => {
      console.error('Loading the admin stats failed:', error)
      return null
    }),
    readTable(read, pendingCount),
  ])
  return {
    displayName: input.admin.displayName,
    query,
    stats,
    table,
    now: now.toISOString(),
    emailDelivery: getEmailDelivery(),
    stripeDashboardUrl: getConfig().stripeEnabled ? STRIPE_DASHBOARD_URL : null,
  }
}

/** The open tab's page; the payments tab also has the nights and payouts waiting for an admin. */
async function readTable(read: DashboardTableRead, pendingCount: PromiseLike<number> | undefined) {
  switch (read.tab) {
    case 'bookings':
      return { tab: read.tab, ...(await listAdminBookings(read.bookings)) }
    case 'nurses':
      return { tab: read.tab, ...(await listAdminNurses(read.nurses)) }
    case 'payments': {
      const [payments, attention] = await Promise.all([listAdminPayments(read.payments), listPayoutAttention(read.attention)])
      return { tab: read.tab, ...payments, attention }
    }
    case 'pending':
      return { tab: read.tab, ...(await listAdminNurses(read.nurses, { totalRows: pendingCount })) }
  }
}
