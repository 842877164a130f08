import { Badge } from '@mantine/core'
import { occurrenceStatusLabel } from '~/domain/booking-rules'

const COLORS: Record<string, string> = {
  pending: 'yellow',
  scheduled: 'night',
  confirmed: 'night',
  completed: 'teal',
  cancelled: 'red',
  no_show: 'gray',
}

const BOOKING_LABELS: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

// The tint tells the states apart at a glance; the text stays dark for AA contrast.
function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge
      variant="light"
      color={COLORS[status] ?? 'gray'}
      c="dark.8"
      radius="sm"
      tt="none"
      fw={600}
      // Never shortened to 'Sche…' on a narrow screen.
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  )
}

export function BookingStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} label={BOOKING_LABELS[status] ?? 'Unknown'} />
}

/** A night's status (spec 000 §4: scheduled, confirmed, pending, completed, cancelled, no_show; else 'Unknown'). */
export function NightStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} label={occurrenceStatusLabel(status)} />
}
