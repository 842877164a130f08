// The charge schedule of a series paid week by week (issue 15, docs/decisions/0028): on /book's
// payment step before the first week is paid, and on the parent's booking page after. Each week
// with its nights, its amount, and when it is (or was) charged.
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { currentLanguage } from '~/i18n/current-language'
import type { ChargeWeekView } from '~/domain/payments/charge-weeks.server'
import { CHARGE_DAYS_BEFORE_WEEK } from '~/domain/payments/charge-weeks'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate, localToday } from '~/domain/time/shift-times'
import { deadlineLabel } from '~/domain/payments/weekly-charge-emails'
import { Link } from './link'
import { Cell, StackedTable } from './stacked-table'

// In Spanish, the day in the nurse's zone as every date of the booking is written ('lun, 7 dic 2026').
const shortDate = (iso: string, timeZone: string) =>
  currentLanguage() === 'en'
    ? new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(new Date(iso))
    : formatNightDate(localToday(timeZone, new Date(iso)))


function nightsLabel(week: ChargeWeekView, t: TFunction) {
  if (!week.firstNightDate) return t('weekly.noNightsLeft')
  const range =
    week.firstNightDate === week.lastNightDate || !week.lastNightDate
      ? formatNightDate(week.firstNightDate)
      : `${formatNightDate(week.firstNightDate)} – ${formatNightDate(week.lastNightDate)}`
  return t('weekly.nightsRange', { range, count: week.nights })
}

/** The week's payment in words, for the schedule's last column. */
function chargeLabel(week: ChargeWeekView, timeZone: string, bookingPaid: boolean, t: TFunction): ReactNode {
  switch (week.status) {
    case 'paid':
      return (
        <Badge color="teal" variant="light" c="dark.8" tt="none">
          {t('weekly.paid')}
        </Badge>
      )
    case 'failed':
      return (
        <Badge color="red" variant="light" c="red.9" tt="none">
          {week.releaseAt ? t('weekly.failedPayBy', { deadline: deadlineLabel(week.releaseAt, timeZone) }) : t('weekly.failedPaySoon')}
        </Badge>
      )
    case 'released':
      return <Text fz="sm">{t('weekly.released')}</Text>
    case 'waived':
      return <Text fz="sm">{t('weekly.waived')}</Text>
    case 'charging':
      return <Text fz="sm">{t('weekly.charging')}</Text>
    default:
      // Every night of a week not charged yet cancelled: it will be waived, not charged $0.00.
      if (week.nights === 0 || week.amountCents === 0) return <Text fz="sm">{t('weekly.waived')}</Text>
      if (week.week === 1 && !bookingPaid) return <Text fz="sm" fw={700}>{t('weekly.dueNow')}</Text>
      return <Text fz="sm">{t('weekly.chargedOn', { date: shortDate(week.dueAt, timeZone) })}</Text>
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
  const { t } = useTranslation('booking')
  const columns = { week: t('weekly.week'), nights: t('weekly.nights'), amount: t('weekly.amount'), payment: t('weekly.payment') }
  return (
    <Stack gap="sm">
      <Text>
        <Trans
          t={t}
          i18nKey={savedCardLabel ? 'weekly.introSavedCard' : 'weekly.introNewCard'}
          values={{ when: bookingPaid ? 'paid' : 'now', days: CHARGE_DAYS_BEFORE_WEEK, card: savedCardLabel ?? '' }}
          components={{ strong: <strong />, anchor: <Anchor component={Link} to="/parent/payment" underline="always" /> }}
        />
      </Text>
      <StackedTable columns={[columns.week, columns.nights, { label: columns.amount, ta: 'right' }, columns.payment]} minWidth={560}>
        {weeks.map((week) => (
          <Table.Tr key={week.week} data-testid={`charge-week-${week.week}`}>
            <Cell data-label={columns.week}>{t('weekly.weekNumber', { week: week.week })}</Cell>
            <Cell data-label={columns.nights}>{nightsLabel(week, t)}</Cell>
            <Cell data-label={columns.amount} align="right">
              {formatCents(week.amountCents)}
            </Cell>
            <Cell data-label={columns.payment}>{chargeLabel(week, timeZone, bookingPaid, t)}</Cell>
          </Table.Tr>
        ))}
      </StackedTable>
      {children}
    </Stack>
  )
}

export { cardLabel } from '~/domain/payments/card-words'
