import { Badge, type BadgeProps } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'
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

/**
 * The one status badge: bookings, nights, payments and verification, on every page. At its default
 * size it is Mantine's markup as plain elements: dashboards repeat it per row.
 */
export function StatusBadge({ status, size }: { status: StatusView; size?: BadgeProps['size'] }) {
  const { t } = useTranslation()
  const labelKey = LABEL_KEYS[status.label]
  const label = labelKey ? t(labelKey, { defaultValue: status.label }) : status.label
  if (size === undefined) return <PlainBadge color={TINT[status.tone]}>{label}</PlainBadge>
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
      {label}
    </Badge>
  )
}

/**
 * The badge below as Mantine renders it at its default size, written as plain elements with
 * Mantine's classes (as app/components/plain-mantine.tsx; its test compares the two).
 */
function PlainBadge({ color, children }: { color: string; children: ReactNode }) {
  const style = {
    '--badge-radius': 'var(--mantine-radius-sm)',
    '--badge-bg': `var(--mantine-color-${color}-light)`,
    '--badge-color': `var(--mantine-color-${color}-light-color)`,
    '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
    flexShrink: 0,
    overflow: 'visible',
    color: 'var(--mantine-color-dark-8)',
    fontWeight: 600,
    textTransform: 'none',
    width: 'max-content',
  } as CSSProperties
  return (
    <div style={style} className={`${Badge.classes.root} mantine-Badge-root`} data-variant="light">
      <span className={`${Badge.classes.label} mantine-Badge-label`} style={{ overflow: 'visible' }}>
        {children}
      </span>
    </div>
  )
}
