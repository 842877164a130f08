// The charge schedule of a series paid week by week (issue 15, docs/decisions/0028): on /book's
// payment step before the first week is paid, and on the parent's booking page after. Each week
// with its nights, its amount, and when it is (or was) charged.
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { ChargeWeekView } from '~/domain/payments/charge-weeks.server'
import { CHARGE_DAYS_BEFORE_WEEK } from '~/domain/payments/charge-weeks'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate } from '~/domain/time/shift-times'
import { deadlineLabel } from '~/domain/payments/weekly-charge-emails'
import { Link } from './link'
import { StackedTable } from './stacked-table'

const shortDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(new Date(iso))


function nightsLabel(week: ChargeWeekView) {
  if (!week.firstNightDate) return 'No nights left'
  const range =
    week.firstNightDate === week.lastNightDate || !week.lastNightDate
      ? formatNightDate(week.firstNightDate)
      : `${formatNightDate(week.firstNightDate)} – ${formatNightDate(week.lastNightDate)}`
  return `${range} (${week.nights} night${week.nights === 1 ? '' : 's'})`
}

/** The week's payment in words, for the schedule's last column. */
function chargeLabel(week: ChargeWeekView, timeZone: string, bookingPaid: boolean): ReactNode {
  switch (week.status) {
    case 'paid':
      return (
        <Badge color="teal" variant="light" c="dark.8" tt="none">
          Paid
        </Badge>
      )
    case 'failed':
      return (
        <Badge color="red" variant="light" c="red.9" tt="none">
          Payment failed: pay by {week.releaseAt ? deadlineLabel(week.releaseAt, timeZone) : 'soon'}
        </Badge>
      )
    case 'released':
      return <Text fz="sm">Released unpaid: not charged</Text>
    case 'waived':
      return <Text fz="sm">Nothing to charge</Text>
    case 'charging':
      return <Text fz="sm">Being charged</Text>
    default:
      if (week.week === 1 && !bookingPaid) return <Text fz="sm" fw={700}>Due now</Text>
      return <Text fz="sm">Charged {shortDate(week.dueAt, timeZone)}</Text>
  }
}

export function WeeklyChargeSchedule({
  weeks,
  timeZone,
  bookingPaid,
  savedCardLabel,
  children,
}: {
  weeks: readonly ChargeWeekView[]
  timeZone: string
  /** False on /book before the first week is paid. */
  bookingPaid: boolean
  /** 'Visa ending 4242', or null when no card is saved yet. */
  savedCardLabel: string | null
  children?: ReactNode
}) {
  return (
    <Stack gap="sm">
      <Text>
        This series is paid week by week: the first week {bookingPaid ? 'was paid at booking' : 'now'}, and each later
        week {CHARGE_DAYS_BEFORE_WEEK} days before it starts, to{' '}
        {savedCardLabel ? <strong>your saved card, {savedCardLabel}</strong> : 'the card you pay with now, which we keep for these payments'}.
        You can change the card on your{' '}
        <Anchor component={Link} to="/parent/payment" underline="always">
          Payment Methods page
        </Anchor>
        . Nights you cancel before their week is charged are never charged.
      </Text>
      <StackedTable columns={['Week', 'Nights', { label: 'Amount', ta: 'right' }, 'Payment']} minWidth={560}>
        {weeks.map((week) => (
          <Table.Tr key={week.week} data-testid={`charge-week-${week.week}`}>
            <Table.Td data-label="Week">Week {week.week}</Table.Td>
            <Table.Td data-label="Nights">{nightsLabel(week)}</Table.Td>
            <Table.Td data-label="Amount" ta="right">
              {formatCents(week.amountCents)}
            </Table.Td>
            <Table.Td data-label="Payment">{chargeLabel(week, timeZone, bookingPaid)}</Table.Td>
          </Table.Tr>
        ))}
      </StackedTable>
      {children}
    </Stack>
  )
}

export { cardLabel } from '~/domain/payments/card-words'
