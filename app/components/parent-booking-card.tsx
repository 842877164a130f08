// One booking on the parent's dashboard (spec 000 §2 'Your Bookings'). Presentational: the route
// decides how each night's Cancel works and passes the nights' rows in.
import { Anchor, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { ParentBooking } from '~/domain/bookings/parent-bookings.server'
import { formatCents } from '~/domain/bookings/pricing'
import { patternLabel } from '~/domain/bookings/receipts'
import { formatNightDate, formatTime12 } from '~/domain/bookings/shift-times'
import { BookingStatusBadge, NightStatusBadge } from './parent-status-badge'
import { UserAvatar } from './user-avatar'

/** Nights shown before 'Show all N nights' (spec 000 §9). */
export const NIGHTS_SHOWN = 3

export interface BookingCardNight {
  id: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  status: string
}

/** What the card shows of the parent's booking (the dashboard's list item), with the route's rows of nights. */
export type BookingCardData<N extends BookingCardNight = BookingCardNight> = Pick<
  ParentBooking,
  'id' | 'nurseName' | 'nurseAvatarUrl' | 'nurseSlug' | 'status' | 'startDate' | 'pattern' | 'totalAmountCents'
> & { occurrences: N[] }

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Box>
  )
}

export function BookingCard<N extends BookingCardNight>({
  booking,
  expanded,
  toggleHref,
  onToggle,
  renderNight,
}: {
  booking: BookingCardData<N>
  expanded: boolean
  /** Without JavaScript the toggle is this link. */
  toggleHref: string
  /** With JavaScript the toggle is a button. */
  onToggle?: () => void
  renderNight: (night: N) => ReactNode
}) {
  const nights = booking.occurrences
  const shown = expanded ? nights : nights.slice(0, NIGHTS_SHOWN)
  const toggleLabel = expanded ? 'Show fewer nights' : `Show all ${nights.length} nights`
  const listId = `booking-${booking.id}-nights`
  return (
    <Card component="article" aria-labelledby={`booking-${booking.id}-title`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={booking.nurseName} src={booking.nurseAvatarUrl} size={48} radius="xl" />
          <Box>
            <Title order={3} fz="lg" id={`booking-${booking.id}-title`}>
              {booking.nurseName}
            </Title>
            <Text fz="sm" c="dimmed">
              Booking #{String(booking.id).padStart(6, '0')}
            </Text>
          </Box>
        </Group>
        <BookingStatusBadge status={booking.status} />
      </Group>

      <Group gap="xl" mt="md">
        <Fact label="Start Date" value={formatNightDate(booking.startDate)} />
        <Fact label="Pattern" value={patternLabel(booking.pattern)} />
        <Fact label="Total" value={formatCents(booking.totalAmountCents)} />
      </Group>

      <Title order={4} fz="sm" mt="lg" mb="xs">
        Scheduled Nights
      </Title>
      <Stack gap={6} component="ul" id={listId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shown.map((night) => (
          <Box component="li" key={night.id}>
            {renderNight(night)}
          </Box>
        ))}
      </Stack>
      {nights.length > NIGHTS_SHOWN &&
        (onToggle ? (
          <Button variant="subtle" size="compact-sm" mt="xs" onClick={onToggle} aria-expanded={expanded} aria-controls={listId}>
            {toggleLabel}
          </Button>
        ) : (
          <Anchor component={Link} to={toggleHref} fz="sm" fw={600} mt="xs" display="inline-block" preventScrollReset>
            {toggleLabel}
          </Anchor>
        ))}

      <Group gap="sm" mt="lg">
        <Button component={Link} to={`/parent/bookings/${booking.id}`} variant="light">
          View Details
        </Button>
        <Button component={Link} to={`/nurse/${booking.nurseSlug}`} variant="default">
          Book Again
        </Button>
      </Group>
    </Card>
  )
}

/** One night: date, 12-hour start–end time, status badge, and its action (Cancel) when there is one. */
export function NightRowView({ night, status, action }: { night: BookingCardNight; status: string; action?: ReactNode }) {
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      px="sm"
      py={6}
      style={{ borderRadius: 8, background: 'var(--mantine-color-gray-0)' }}
    >
      <Group gap="md" wrap="wrap">
        <Text fw={600} fz="sm" miw={130}>
          {formatNightDate(night.date)}
        </Text>
        <Text fz="sm">
          {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
        </Text>
        <NightStatusBadge status={status} />
      </Group>
      {action}
    </Group>
  )
}
