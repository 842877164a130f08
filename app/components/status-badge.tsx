import { Badge, type BadgeProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { StatusView, Tone } from '~/domain/statuses'

// Each tone's tint; the text stays dark for AA contrast (app/domain/statuses.ts says which tone).
const TINT: Record<Tone, string> = {
  waiting: 'yellow',
  active: 'night',
  good: 'teal',
  stopped: 'red',
  neutral: 'gray',
}

// The words of the statuses (app/domain/statuses.ts), as keys of the `common` catalogue; a label
// not listed here is shown as written.
const LABEL_KEYS: Record<string, string> = {
  'Unknown': 'status.unknown',
  'Pending': 'status.pending',
  'Confirmed': 'status.confirmed',
  'Completed': 'status.completed',
  'Cancelled': 'status.cancelled',
  'Scheduled': 'status.scheduled',
  'Awaiting payment': 'status.awaitingPayment',
  'Succeeded': 'status.succeeded',
  'Failed': 'status.failed',
  'Refunded': 'status.refunded',
  'Active': 'status.active',
  'Suspended': 'status.suspended',
  'Verified': 'status.verified',
  'Pending Review': 'status.pendingReview',
  'Not Verified': 'status.notVerified',
  'Not due yet': 'status.notDueYet',
  'Payable': 'status.payable',
  'On hold': 'status.onHold',
  'Sending': 'status.sending',
  'Paid': 'status.paid',
  'Payout failed': 'status.payoutFailed',
  'Reversed': 'status.reversed',
  'Nothing due': 'status.nothingDue',
}

// Never shortened to 'Sche…' on a narrow screen.
const NEVER_SHORTENED = { flexShrink: 0, overflow: 'visible' } as const
const LABEL_NEVER_SHORTENED = { label: { overflow: 'visible' } } as const

/** The one status badge: bookings, nights, payments and verification, on every page. */
export function StatusBadge({ status, size }: { status: StatusView; size?: BadgeProps['size'] }) {
  const { t } = useTranslation()
  const labelKey = LABEL_KEYS[status.label]
  const label = labelKey ? t(labelKey, { defaultValue: status.label }) : status.label
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
      style={NEVER_SHORTENED}
      styles={LABEL_NEVER_SHORTENED}
    >
      {label}
    </Badge>
  )
}
