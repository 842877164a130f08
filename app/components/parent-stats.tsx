import classes from '~/components/dashboard-cards.module.css'
import { StatCard } from '~/components/stat-card'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/payments/receipts'

export interface ParentStatsView {
  totalBookings: number
  upcoming: number
  totalSpentCents: number
  lastBookingAt: string | null
}

/** The dashboard's four numbers, computed on the server. */
export function ParentStats({ stats, timeZone }: { stats: ParentStatsView; timeZone?: string }) {
  return (
    <div className={classes.stats}>
      <StatCard landmark label="Total Bookings" value={String(stats.totalBookings)} />
      <StatCard landmark label="Upcoming" value={String(stats.upcoming)} />
      <StatCard landmark label="Total Spent" value={formatCents(stats.totalSpentCents)} />
      <StatCard landmark label="Last Booking" value={stats.lastBookingAt ? formatPaymentDate(stats.lastBookingAt, timeZone) : 'None yet'} />
    </div>
  )
}
