import { Button, Group, Text } from '@mantine/core'
import { useLocation } from '@remix-run/react'
import { Link } from '~/components/link'
import { DASHBOARD_PAGE } from '~/schemas/parent-bookings'
import { dashboardHref } from './results'
import { useTranslation } from 'react-i18next'

/**
 * Below a list the dashboard shows a page at a time: how many of how many are shown, and a link
 * that shows the next page too (?bookings= or ?payments=), with or without JavaScript.
 */
export function ShowMore({ param, shown, total, noun }: { param: 'bookings' | 'payments'; shown: number; total: number; noun: 'bookings' | 'payments' }) {
  const { t } = useTranslation('parent')
  const location = useLocation()
  if (total <= shown) return null
  return (
    <Group gap="sm">
      <Button component={Link} variant="default" to={dashboardHref(location.search, { [param]: shown + DASHBOARD_PAGE })} preventScrollReset>
        {noun === 'bookings' ? t('dashboard.showMoreBookings') : t('dashboard.showMorePayments')}
      </Button>
      <Text fz="sm" c="dimmed">
        {t('dashboard.showing', { shown, total })}
      </Text>
    </Group>
  )
}
