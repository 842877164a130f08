import { Card, SimpleGrid, Text } from '@mantine/core'
import { formatCents } from '~/domain/pricing'
import { formatPaymentDate } from '~/domain/receipts'

export interface ParentStatsView {
  totalBookings: number
  upcoming: number
  totalSpentCents: number
  lastBookingAt: string | null
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card padding="md" component="section" aria-label={label}>
      <Text fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4}>
        {value}
      </Text>
    </Card>
  )
}

/** The dashboard's four numbers (spec 000 §2), computed on the server. */
export function ParentStats({ stats, timeZone }: { stats: ParentStatsView; timeZone?: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      <Stat label="Total Bookings" value={String(stats.totalBookings)} />
      <Stat label="Upcoming" value={String(stats.upcoming)} />
      <Stat label="Total Spent" value={formatCents(stats.totalSpentCents)} />
      <Stat label="Last Booking" value={stats.lastBookingAt ? formatPaymentDate(stats.lastBookingAt, timeZone) : 'None yet'} />
    </SimpleGrid>
  )
}
