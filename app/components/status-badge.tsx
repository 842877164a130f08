import { Badge, type BadgeProps } from '@mantine/core'
import type { StatusView, Tone } from '~/domain/statuses'

// Each tone's tint; the text stays dark for AA contrast (app/domain/statuses.ts says which tone).
const TINT: Record<Tone, string> = {
  waiting: 'yellow',
  active: 'night',
  good: 'teal',
  stopped: 'red',
  neutral: 'gray',
}

/** The one status badge: bookings, nights, payments and verification, on every page. */
export function StatusBadge({ status, size }: { status: StatusView; size?: BadgeProps['size'] }) {
  return (
    <Badge
      variant="light"
      color={TINT[status.tone]}
      c="dark.8"
      radius="sm"
      tt="none"
      fw={600}
      size={size}
      w="max-content"
      // Never shortened to 'Sche…' on a narrow screen.
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {status.label}
    </Badge>
  )
}
