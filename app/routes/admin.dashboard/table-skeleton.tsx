// Skeleton rows while another tab, page or filter of the dashboard loads.
import { Skeleton, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function TableSkeleton() {
  const { t } = useTranslation('admin')
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('dashboard.loading')} py="xs">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  )
}
