import classes from '~/components/dashboard-cards.module.css'
import { StatCard } from '~/components/stat-card'
import type { AdminStats } from '~/domain/admin/admin.server'
import { useTranslation } from 'react-i18next'
import { formatCents } from '~/domain/bookings/pricing'

/** The admin's three stats; they are defined in app/domain/admin/admin.server.ts. */
export function StatsCards({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation('admin')
  return (
    <section aria-label={t('stats.label')} className={classes.threeStats}>
      <StatCard label={t('stats.activeBookings')} value={String(stats.activeBookings)} hint={t('stats.activeBookingsHint')} />
      <StatCard label={t('stats.pendingVerifications')} value={String(stats.pendingVerifications)} hint={t('stats.pendingVerificationsHint')} />
      <StatCard label={t('stats.payoutsDue')} value={formatCents(stats.totalPayoutsDueCents)} hint={t('stats.payoutsDueHint')} />
    </section>
  )
}
