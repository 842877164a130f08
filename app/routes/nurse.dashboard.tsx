import { Alert, Badge, Button, Card, Container, Group, Stack, Table, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { getNurseOverview } from '~/domain/nurse-dashboard.server'
import { formatCents } from '~/domain/pricing'
import { formatNightDate, formatTime12 } from '~/domain/shift-times'
import { requireNurseOrAdmin } from '~/utils/session.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Your Nurse Dashboard – Nightlight' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurseOrAdmin(request)
  return { displayName: user.displayName, ...(await getNurseOverview(user.id, new Date())) }
}

const BADGE = {
  approved: { label: 'Verified', color: 'teal' },
  pending: { label: 'Pending Review', color: 'yellow' },
} as const

export default function NurseDashboard() {
  const { displayName, profile, upcomingNights, earnedCents } = useLoaderData<typeof loader>()
  if (!profile || profile.verificationStatus === 'none') {
    return (
      <Container py="xl">
        <Title order={1}>Create Your Nurse Profile</Title>
        <Text c="dimmed" mt="xs">
          Complete your profile to start getting booked by families.
        </Text>
        <Button component={Link} to="/night-nurse-onboard" mt="lg">
          Continue your application
        </Button>
      </Container>
    )
  }
  const badge = BADGE[profile.verificationStatus as keyof typeof BADGE] ?? { label: 'Not Verified', color: 'gray' }
  return (
    <Container py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>Your Nurse Dashboard</Title>
            <Text c="dimmed">Welcome back, {displayName}.</Text>
          </div>
          <Badge size="lg" color={badge.color} variant="light">
            {badge.label}
          </Badge>
        </Group>
        {profile.verificationStatus === 'rejected' && profile.rejectionReason && (
          <Alert color="red" title="Your application was not approved">
            {profile.rejectionReason}
          </Alert>
        )}
        {profile.verificationStatus === 'approved' && (
          <Group>
            <Button component={Link} to={`/nurse/${profile.slug}`} variant="light">
              View your public profile
            </Button>
          </Group>
        )}
        <Card>
          <Title order={2} fz="lg">
            Bookings & Payments
          </Title>
          <Text mt="xs">
            Earned from booked nights: <strong>{formatCents(earnedCents)}</strong> (your nightly rate, before payouts)
          </Text>
          {upcomingNights.length === 0 ? (
            <Text c="dimmed" mt="md">
              No upcoming booked nights yet.
            </Text>
          ) : (
            <Table mt="md" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Night</Table.Th>
                  <Table.Th>Time ({profile.timezone})</Table.Th>
                  <Table.Th>Family</Table.Th>
                  <Table.Th>Pay</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {upcomingNights.map((night) => (
                  <Table.Tr key={night.occurrenceId}>
                    <Table.Td>{formatNightDate(night.date)}</Table.Td>
                    <Table.Td>
                      {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
                    </Table.Td>
                    <Table.Td>{night.parentName}</Table.Td>
                    <Table.Td>{formatCents(night.priceCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </Stack>
    </Container>
  )
}
