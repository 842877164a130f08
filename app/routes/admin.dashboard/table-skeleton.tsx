// Skeleton rows while another tab, page or filter of the dashboard loads.
import { Skeleton, Stack } from '@mantine/core'

export function TableSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading" py="xs">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  )
}
