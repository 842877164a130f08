// The 'Confirm Cancellation' step: the exact refund before the parent confirms (more than 48
// hours ahead a night is refunded in full, within 48 hours half; docs/decisions/0006), as a page section with a plain form (the dashboard before JavaScript, and the
// booking's own page). The dialog of parent-cancel-night.tsx says the same once JavaScript runs;
// it lives apart so a page without it does not load Modal's styles (decision 0023).
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { SectionCard } from './section-card'
import { Form } from '@remix-run/react'
import { Link } from './link'
import type { RefundPolicy } from '~/domain/bookings/cancellation'
import type { CancellationPreview } from '~/domain/payments/cancellation.server'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate, formatTime12 } from '~/domain/time/shift-times'
import { useTranslation } from 'react-i18next'

export interface CancellableNight {
  id: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  refundableCents: number
  refundPolicy: RefundPolicy
  /** False when the night's week (a series paid week by week) is not charged yet. */
  charged?: boolean
}

/** A cancellation's preview, as the confirmation shows its night. */
export function cancellableNight(preview: CancellationPreview): CancellableNight {
  return {
    id: preview.occurrenceId,
    date: preview.date,
    startTimeLocal: preview.startTimeLocal,
    endTimeLocal: preview.endTimeLocal,
    refundableCents: preview.refundableCents,
    refundPolicy: preview.policy,
    charged: preview.charged,
  }
}

const REFUND_WHY = { full: 'cancel.fullWhy', half: 'cancel.halfWhy', deposit: 'cancel.depositWhy' } as const satisfies Record<RefundPolicy, string>

export function RefundSummary({ night, nurseName }: { night: CancellableNight; nurseName: string }) {
  const { t } = useTranslation('parent')
  return (
    <Stack gap="sm">
      <Text>
        {t('cancel.questionBefore')} <strong>{formatNightDate(night.date)}</strong>
        {t('cancel.questionAfter', { start: formatTime12(night.startTimeLocal), end: formatTime12(night.endTimeLocal), name: nurseName })}
      </Text>
      {night.charged === false ? (
        <Alert color="teal" variant="light" c="dark.8">
          <Text fw={700} data-testid="refund-amount">
            {t('cancel.notCharged')}
          </Text>
          <Text fz="sm" mt={4}>
            {t('cancel.notChargedWhy')}
          </Text>
        </Alert>
      ) : (
      <Alert color={night.refundPolicy === 'full' ? 'teal' : 'yellow'} variant="light" c="dark.8">
        <Text fw={700} data-testid="refund-amount">
          {t('cancel.refunded', { amount: formatCents(night.refundableCents) })}
        </Text>
        <Text fz="sm" mt={4}>
          {t(REFUND_WHY[night.refundPolicy])}
        </Text>
      </Alert>
      )}
      <Text fz="sm" c="dimmed">
        {t('cancel.policy')}
      </Text>
    </Stack>
  )
}

/** The same confirmation as a page section with a form (before JavaScript, at ?cancel={id}). */
export function CancelNightConfirmation({
  night,
  nurseName,
  action,
  keepHref,
}: {
  night: CancellableNight
  nurseName: string
  action: string
  keepHref: string
}) {
  const { t } = useTranslation('parent')
  return (
    <SectionCard
      id="confirm-cancellation"
      title={t('cancel.title')}
      titleMb="sm"
      shadow="sm"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <RefundSummary night={night} nurseName={nurseName} />
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="occurrenceId" value={night.id} />
        <input type="hidden" name="expectedRefundCents" value={night.refundableCents} />
        <Group justify="flex-end" mt="lg">
          <Button component={Link} to={keepHref} variant="default" preventScrollReset>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" color="red.9">
            {t('cancel.confirm')}
          </Button>
        </Group>
      </Form>
    </SectionCard>
  )
}
