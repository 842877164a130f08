// The booking's nights, each with what can be done with it now: cancel, move, read its night
// report, report a problem.
import { Anchor, Group, Table, Text, VisuallyHidden } from '@mantine/core'
import { Link } from '~/components/link'
import { NightStatusBadge } from '~/components/parent-status-badge'
import { SectionCard } from '~/components/section-card'
import { Cell, StackedTable } from '~/components/stacked-table'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate, formatTime12, timeZoneName } from '~/domain/time/shift-times'
import type { BookingPageData } from './route'
import { useTranslation } from 'react-i18next'

const PROBLEM_LABELS = {
  open: 'nights.problemReported',
  released: 'nights.problemResolved',
  refunded: 'nights.refundedAfterReport',
} as const

export function BookingNights({ page }: { page: BookingPageData }) {
  const { t } = useTranslation('parent')
  const { booking, reports, reportable, problems, movable } = page
  const columns = [
    t('nights.date'),
    t('receipt.time'),
    t('receipt.status'),
    { label: t('receipt.price'), ta: 'right' },
    { label: t('nights.refund'), ta: 'right' },
    { label: <VisuallyHidden>{t('nights.actions')}</VisuallyHidden> },
  ] as const
  const reportedNights = new Set(reports.map((report) => report.occurrenceId))
  const problemOf = new Map(problems.map((problem) => [problem.occurrenceId, problem]))
  return (
    <SectionCard id="booking-nights" title={t('price.nights')} titleMb="sm">
      <StackedTable columns={columns} minWidth={560} verticalSpacing="xs">
        {booking.occurrences.map((night) => (
          <Table.Tr key={night.id}>
            <Cell data-label={t('nights.date')}>{formatNightDate(night.date)}</Cell>
            <Cell data-label={t('receipt.time')}>
              {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
            </Cell>
            <Cell data-label={t('receipt.status')}>
              <NightStatusBadge status={night.status} />
            </Cell>
            <Cell data-label={t('receipt.price')} align="right">{formatCents(night.priceCents)}</Cell>
            <Cell data-label={t('nights.refund')} align="right">
              {night.status === 'cancelled' && night.refundCents !== null ? formatCents(night.refundCents) : ''}
            </Cell>
            <Cell data-label="">
              <Group gap="sm" wrap="nowrap">
                {night.refundableCents !== null && (
                  <Anchor
                    component={Link}
                    to={`?cancel=${night.id}#confirm-cancellation`}
                    preventScrollReset
                    fz="sm"
                    c="red.9"
                    aria-label={t('night.cancelName', { date: formatNightDate(night.date) })}
                  >
                    {t('night.cancel')}
                  </Anchor>
                )}
                {movable.includes(night.id) && (
                  <Anchor
                    component={Link}
                    to={`/parent/bookings/${booking.id}/move/${night.id}`}
                    fz="sm"
                    aria-label={t('nights.moveName', { date: formatNightDate(night.date) })}
                  >
                    {t('nights.move')}
                  </Anchor>
                )}
                {reportedNights.has(night.id) && (
                  <Anchor
                    href={`#report-${night.id}`}
                    fz="sm"
                    aria-label={t('nights.reportName', { date: formatNightDate(night.date) })}
                  >
                    {t('nights.report')}
                  </Anchor>
                )}
                {reportable.includes(night.id) && (
                  <Anchor
                    component={Link}
                    to={`?report=${night.id}#report-problem`}
                    preventScrollReset
                    fz="sm"
                    aria-label={t('nights.problemName', { date: formatNightDate(night.date) })}
                  >
                    {t('nights.problem')}
                  </Anchor>
                )}
                {problemOf.get(night.id) && (
                  <Text fz="sm" c="gray.7">
                    {t(PROBLEM_LABELS[problemOf.get(night.id)!.status])}
                  </Text>
                )}
              </Group>
            </Cell>
          </Table.Tr>
        ))}
      </StackedTable>
      <Text fz="xs" c="dimmed" mt="xs">
        {t('nights.localTime', { zone: timeZoneName(booking.timezone) })}
      </Text>
    </SectionCard>
  )
}
