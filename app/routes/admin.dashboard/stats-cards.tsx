import { Card, SimpleGrid, Text } from '@mantine/core'
import type { AdminStats } from '~/domain/admin.server'
import { formatCents } from '~/domain/pricing'

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card padding="md" role="group" aria-label={label}>
      <Text fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  )
}

/** The three numbers of spec 001 §3 'Stats'; their definitions are in app/domain/admin.server.ts. */
export function StatsCards({ stats }: { stats: AdminStats }) {
  return (
    <SimpleGrid component="section" aria-label="Stats" cols={{ base: 1, xs: 3 }} spacing="md">
      <Stat label="Active Bookings" value={String(stats.activeBookings)} hint="Confirmed, with nights still to come" />
      <Stat label="Pending Verifications" value={String(stats.pendingVerifications)} hint="Nurses waiting for review" />
      <Stat label="Payouts Due" value={formatCents(stats.totalPayoutsDueCents)} hint="Owed to nurses for paid nights" />
    </SimpleGrid>
  )
}
