// What needs an admin in the payments tab (issue 15): nights whose payout a family's problem
// report holds (release to the nurse, or refund the family), and payouts that failed (retry).
// Plain posts to the dashboard's action: they work without JavaScript.
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate, formatReservationReference } from '~/domain/payments/receipts'
import { formatNightDate } from '~/domain/time/shift-times'
import type { FailedPayout, PayoutAttention as Attention } from '~/domain/payouts/payouts.server'
import type { Translate } from '~/i18n/translate'
import type { AdminDashboardQuery } from '~/schemas/admin'
import { PageLinks } from '~/components/page-links'
import { dashboardHref } from './hrefs'
import type { AdminActionFailure } from './results'

/**
 * Each list shows twenty, oldest first, and links to its other pages when it has more (`holds` and
 * `failed` in the address, beside the payments table's own `page`).
 */
export function PayoutAttention({
  attention,
  query,
  failure,
}: {
  attention: Attention
  query: AdminDashboardQuery
  failure: AdminActionFailure | undefined
}) {
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  const holds = attention.holds.rows
  const failures = attention.failures.rows
  if (holds.length === 0 && failures.length === 0) return null
  return (
    <Stack gap="md" mb="lg">
      {holds.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="payout-holds">
          <Title order={3} fz="lg" id="payout-holds">
            {t('payouts.onHold', { count: attention.holds.totalRows })}
          </Title>
          {holds.map((hold) => (
            <Card key={hold.problemId} withBorder padding="md">
              <Stack gap="xs">
                <Text fw={600}>
                  {t('payouts.holdTitle', {
                    date: formatNightDate(hold.date),
                    nurse: hold.nurseName,
                    parent: hold.parentName,
                    reference: formatBookingReference(hold.bookingId),
                  })}
                </Text>
                <Text fz="sm" c="gray.7">
                  {t('payouts.reported', { date: formatPaymentDate(hold.reportedAt) })}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{hold.description}</Text>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="resolve-problem" />
                  <input type="hidden" name="problemId" value={hold.problemId} />
                  <Stack gap="xs">
                    <Textarea
                      name="note"
                      label={t('payouts.decisionNote')}
                      required
                      maxLength={1000}
                      autosize
                      minRows={2}
                      error={failure?.intent === 'resolve-problem' && failure.entityId === hold.problemId ? say(failure.error) : undefined}
                    />
                    <Group gap="sm">
                      <Button type="submit" name="decision" value="release" variant="default">
                        {t('payouts.release')}
                      </Button>
                      <Button type="submit" name="decision" value="refund" color="red" variant="light" c="red.9">
                        {t('payouts.refund', { amount: formatCents(hold.refundableCents) })}
                      </Button>
                    </Group>
                  </Stack>
                </Form>
              </Stack>
            </Card>
          ))}
          {attention.holds.totalPages > 1 && (
            <PageLinks
              page={attention.holds.page}
              totalPages={attention.holds.totalPages}
              hrefFor={(page) => `${dashboardHref({ ...query, reject: undefined, holds: page })}#payout-holds`}
              label={t('payouts.holdsLabel')}
            />
          )}
        </Stack>
      )}
      {failures.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="payout-failures">
          <Title order={3} fz="lg" id="payout-failures">
            {t('payouts.failed', { count: attention.failures.totalRows })}
          </Title>
          {failures.map((payout) => (
            <Card key={payout.paymentId} withBorder padding="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2}>
                  <Text fw={600}>
                    {failedTitle(payout, t)}
                  </Text>
                  <Text fz="sm" c="red.9">
                    {payout.failureMessage ?? t('payouts.providerRefused')}
                  </Text>
                  {failure?.intent === 'retry-payout' && failure.entityId === payout.paymentId && (
                    <ErrorNote p="xs">{say(failure.error)}</ErrorNote>
                  )}
                </Stack>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="retry-payout" />
                  <input type="hidden" name="paymentId" value={payout.paymentId} />
                  <Button type="submit" variant="default">
                    {t('payouts.retry')}
                  </Button>
                </Form>
              </Group>
            </Card>
          ))}
          {attention.failures.totalPages > 1 && (
            <PageLinks
              page={attention.failures.page}
              totalPages={attention.failures.totalPages}
              hrefFor={(page) => `${dashboardHref({ ...query, reject: undefined, failed: page })}#payout-failures`}
              label={t('payouts.failedLabel')}
            />
          )}
        </Stack>
      )}
    </Stack>
  )
}

/** A night's payout names its night and booking; a kept deposit's, its reservation. */
function failedTitle(payout: FailedPayout, t: Translate): string {
  const amount = formatCents(payout.amountCents)
  if (payout.bookingId === null) {
    return t('payouts.failedTitleDeposit', { amount, nurse: payout.nurseName, reference: formatReservationReference(payout.reservationId ?? 0) })
  }
  const reference = formatBookingReference(payout.bookingId)
  return payout.date
    ? t('payouts.failedTitleNight', { amount, nurse: payout.nurseName, date: formatNightDate(payout.date), reference })
    : t('payouts.failedTitle', { amount, nurse: payout.nurseName, reference })
}
