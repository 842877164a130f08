import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { StatusView } from '~/domain/statuses'
import { localToday } from '~/domain/time/shift-times'
import { babiesLabel } from '~/domain/bookings/babies'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { Cell, StackedTable } from '~/components/stacked-table'
import { StatusBadge } from '~/components/status-badge'
import texts from '~/components/row-texts.module.css'
import type { NurseNight, NurseOverview } from '~/domain/bookings/nurse-dashboard.server'
import type { NursePayouts, PayoutNight } from '~/domain/payouts/nurse-payouts.server'
import { nightStatusForNurse, payoutStatus } from '~/domain/statuses'
import { PayoutAccountSection, PayoutMonthsSection, type PayoutFormResult } from './payouts-section'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/payments/receipts'
import { formatNightDate, formatTime12, timeZoneName } from '~/domain/time/shift-times'

export function BookingsTab({
  overview,
  payouts,
  provider,
  payoutResult,
  submitting,
  timezone,
  reports,
}: {
  /** Nights waiting for their morning report, and the nights that have one (issue 16). */
  reports: { awaiting: Array<{ occurrenceId: number; date: string; startTimeLocal: string; endTimeLocal: string }>; reported: number[] } | null
  overview: NurseOverview
  payouts: NursePayouts | null
  provider: 'stripe' | 'test'
  payoutResult: PayoutFormResult | null
  submitting: boolean
  timezone: string
}) {
  const { t } = useTranslation('nurse')
  const { earnings } = overview
  const payoutOf = new Map(payouts?.nights.map((night) => [night.occurrenceId, night]))
  const reported = new Set(reports?.reported ?? [])
  const awaiting = new Set(reports?.awaiting.map((night) => night.occurrenceId) ?? [])
  return (
    <Stack gap="lg">
      {reports && reports.awaiting.length > 0 && (
        <SectionCard id="reports-to-write" title={t('bookings.reportsTitle')} titleMb="xs">
          <Text fz="sm" mb="sm">
            {t('bookings.reportsIntro')}
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {reports.awaiting.map((night) => (
              <Group component="li" key={night.occurrenceId} justify="space-between" wrap="wrap">
                <Text fz="sm">
                  {formatNightDate(night.date)}, {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
                </Text>
                <Button component={Link} to={`/nurse/reports/${night.occurrenceId}`} size="compact-sm">
                  {t('bookings.writeReport')}
                </Button>
              </Group>
            ))}
          </Stack>
        </SectionCard>
      )}
      {payouts && <PayoutAccountSection payouts={payouts} provider={provider} formResult={payoutResult} submitting={submitting} />}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="section" aria-label={t('bookings.earnings')}>
        <Amount label={t('bookings.earned')} cents={earnings.earnedCents} hint={t('bookings.earnedHint')} />
        <Amount label={t('bookings.paidOut')} cents={earnings.paidOutCents} hint={t('bookings.paidOutHint')} />
        <Amount label={t('bookings.due')} cents={earnings.dueCents} hint={t('bookings.dueHint')} />
        <Amount label={t('bookings.upcoming')} cents={earnings.upcomingCents} hint={t('bookings.upcomingHint')} />
      </SimpleGrid>
      <NightsTable
        id="upcoming-nights"
        title={t('bookings.upcomingTitle')}
        empty={t('bookings.upcomingEmpty')}
        nights={overview.upcomingNights}
        timezone={timezone}
        past={false}
      />
      <NightsTable
        id="past-nights"
        title={t('bookings.pastTitle')}
        empty={t('bookings.pastEmpty')}
        nights={overview.pastNights}
        timezone={timezone}
        past
        payoutOf={payoutOf}
        reportOf={(id) => (reported.has(id) ? 'written' : awaiting.has(id) ? 'awaiting' : null)}
      />
      {payouts && <PayoutMonthsSection payouts={payouts} />}
      <SectionCard id="calendar-feed" title={t('bookings.calendarTitle')} titleMb="xs">
        <Text fz="sm">
          {t('bookings.calendarText')}{' '}
          <Anchor component={Link} to="/calendar" underline="always">
            {t('bookings.calendarLink')}
          </Anchor>
        </Text>
      </SectionCard>
      <SectionCard id="family-reviews" title={t('bookings.reviewsTitle')} titleMb="xs">
        <Text fz="sm">
          {t('bookings.reviewsText')}{' '}
          <Anchor component={Link} to="/nurse/reviews" underline="always">
            {t('bookings.reviewsLink')}
          </Anchor>
        </Text>
      </SectionCard>
    </Stack>
  )
}

function Amount({ label, cents, hint }: { label: string; cents: number; hint: string }) {
  return (
    <Card padding="md">
      <Text fz="sm" c="gray.7">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {formatCents(cents)}
      </Text>
      <Text fz="xs" c="gray.7">
        {hint}
      </Text>
    </Card>
  )
}

function NightsTable({
  id,
  title,
  empty,
  nights,
  timezone,
  past,
  payoutOf,
  reportOf,
}: {
  id: string
  title: string
  empty: string
  nights: NurseNight[]
  timezone: string
  past: boolean
  /** Past nights show their payout (issue 15). */
  payoutOf?: Map<number, PayoutNight>
  /** Past nights link to their morning report (issue 16). */
  reportOf?: (occurrenceId: number) => 'written' | 'awaiting' | null
}) {
  const { t } = useTranslation('nurse')
  return (
    <SectionCard id={id} title={title} titleMb="sm">
      {nights.length === 0 ? (
        <Text c="gray.7">{empty}</Text>
      ) : (
        <StackedTable
          columns={[
            t('bookings.colNight'),
            t('bookings.colTime', { zone: timeZoneName(timezone) }),
            t('bookings.colFamily'),
            t('bookings.colCity'),
            t('bookings.colPay'),
            t('bookings.colStatus'),
            ...(payoutOf ? [t('bookings.colPayout')] : []),
            ...(reportOf ? [t('bookings.colReport')] : []),
          ]}
          minWidth={payoutOf ? 800 : 620}
          focusable={{ role: 'group', label: title }}
          striped
        >
          {nights.map((night) => {
            const status = nightStatusForNurse(night.status, { ended: past })
            return (
              <Table.Tr key={night.occurrenceId}>
                <Cell data-label={t('bookings.colNight')}>{formatNightDate(night.date)}</Cell>
                <Cell data-label={t('bookings.colTimeShort')}>
                  {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
                </Cell>
                <Cell data-label={t('bookings.colFamily')}>
                  {night.parentFirstName}
                  {night.babies > 1 && ` · ${night.babies === 3 ? t('bookings.triplets') : night.babies === 2 ? t('bookings.twins') : babiesLabel(night.babies)}`}
                </Cell>
                <Cell data-label={t('bookings.colCity')}>{night.city ?? '—'}</Cell>
                <Cell data-label={t('bookings.colPay')}>{formatCents(night.priceCents)}</Cell>
                <Cell data-label={t('bookings.colStatus')}>
                  <StatusBadge status={nightStatusShown(status, night.status, t)} />
                </Cell>
                {payoutOf && (
                  <Cell data-label={t('bookings.colPayout')}>
                    <PayoutCell payout={payoutOf.get(night.occurrenceId)} timezone={timezone} />
                  </Cell>
                )}
                {reportOf && (
                  <Cell data-label={t('bookings.colReport')}>
                    {reportOf(night.occurrenceId) === null ? (
                      <p className={texts.text}>—</p>
                    ) : (
                      <Link
                        to={`/nurse/reports/${night.occurrenceId}`}
                        className={texts.link}
                        aria-label={t(reportOf(night.occurrenceId) === 'written' ? 'bookings.editReportOf' : 'bookings.writeReportOf', {
                          date: formatNightDate(night.date),
                        })}
                      >
                        {reportOf(night.occurrenceId) === 'written' ? t('bookings.reportSent') : t('bookings.reportWrite')}
                      </Link>
                    )}
                  </Cell>
                )}
              </Table.Tr>
            )
          })}
        </StackedTable>
      )}
    </SectionCard>
  )
}

/** A night's badge in the page's language: the nurse's words for the statuses statuses.ts names. */
function nightStatusShown(view: StatusView, status: string, t: (key: string) => string): StatusView {
  if (status === 'pending') return { ...view, label: t('status.night.awaitingPayment') }
  const known: Record<string, string> = {
    Confirmed: 'status.night.confirmed',
    Completed: 'status.night.completed',
    Cancelled: 'status.night.cancelled',
    Scheduled: 'status.night.scheduled',
    Pending: 'status.night.pending',
  }
  return known[view.label] ? { ...view, label: t(known[view.label]) } : view
}

const PAYOUT_KEYS: Record<string, string> = {
  upcoming: 'status.payout.upcoming',
  payable: 'status.payout.payable',
  on_hold: 'status.payout.on_hold',
  sending: 'status.payout.sending',
  paid: 'status.payout.paid',
  failed: 'status.payout.failed',
  reversed: 'status.payout.reversed',
  none: 'status.payout.none',
}

function PayoutCell({ payout, timezone }: { payout: PayoutNight | undefined; timezone: string }) {
  const { t, i18n } = useTranslation('nurse')
  if (!payout) return <p className={texts.text}>—</p>
  const view = payoutStatus(payout.state)
  // Spanish names the day as every Spanish date here does; English keeps the receipt's 'Nov 28, 2026'.
  const due =
    i18n.language === 'es' ? formatNightDate(localToday(timezone, new Date(payout.payableAt))) : formatPaymentDate(payout.payableAt, timezone)
  return (
    <div className={texts.stack}>
      <StatusBadge status={PAYOUT_KEYS[payout.state] ? { ...view, label: t(PAYOUT_KEYS[payout.state]) } : view} />
      <p className={texts.quiet}>
        {formatCents(payout.payoutCents)}
        {payout.state === 'upcoming' || payout.state === 'payable' ? t('bookings.payoutDue', { date: due }) : ''}
      </p>
      {payout.failure && <p className={texts.failure}>{payout.failure}</p>}
    </div>
  )
}
