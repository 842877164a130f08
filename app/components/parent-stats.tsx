import classes from '~/components/dashboard-cards.module.css'
import { StatCard } from '~/components/stat-card'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/payments/receipts'
import { useTranslation } from 'react-i18next'

export interface ParentStatsView {
  totalBookings: number
  upcoming: number
  totalSpentCents: number
  lastBookingAt: string | null
}

/** The dashboard's four numbers, computed on the server. */
export function ParentStats({ stats, timeZone }: { stats: ParentStatsView; timeZone?: string }) {
  const { t } = useTranslation('parent')
  return (
    <div className={classes.stats}>
      <StatCard landmark label={t('stats.totalBookings')} value={String(stats.totalBookings)} />
      <StatCard landmark label={t('stats.upcoming')} value={String(stats.upcoming)} />
      <StatCard landmark label={t('stats.totalSpent')} value={formatCents(stats.totalSpentCents)} />
      <StatCard landmark label={t('stats.lastBooking')} value={stats.lastBookingAt ? formatPaymentDate(stats.lastBookingAt, timeZone) : t('stats.noneYet')} />
    </div>
  )
}
