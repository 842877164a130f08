import classes from '~/components/dashboard-cards.module.css'
import { StatCard } from '~/components/stat-card'
import type { AdminStats } from '~/domain/admin/admin.server'
import { formatCents } from '~/domain/bookings/pricing'

/** The admin's three stats; they are defined in app/domain/admin/admin.server.ts. */
export function StatsCards({ stats }: { stats: AdminStats }) {
  return (
    <section aria-label="Stats" className={classes.threeStats}>
      <StatCard label="Active Bookings" value={String(stats.activeBookings)} hint="Confirmed, with nights still to come" />
      <StatCard label="Pending Verifications" value={String(stats.pendingVerifications)} hint="Nurses waiting for review" />
      <StatCard label="Payouts Due" value={formatCents(stats.totalPayoutsDueCents)} hint="Owed to nurses for paid nights" />
    </section>
  )
}
