// One night of a booking card on the dashboard, with its Cancel.
import { Button } from '@mantine/core'
import { useFetcher, useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { Link } from '~/components/link'
import { NightRowView } from '~/components/parent-booking-card'
import { CancelNightDialog } from '~/components/parent-cancel-night'
import type { ParentOccurrence } from '~/domain/parents/parent-bookings.server'
import { formatNightDate } from '~/domain/time/shift-times'
import { toastFailure, toastSuccess, useFetcherResult } from './results'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'

interface NightRowProps {
  night: ParentOccurrence
  nurseName: string
  cancelHref: string
}

/** Whether a night can be cancelled, and its refund as the confirmation shows it. */
function cancellation(night: ParentOccurrence) {
  const { refundableCents, refundPolicy, charged } = night
  return refundableCents !== null && refundPolicy !== null ? { refundableCents, refundPolicy, charged } : null
}

/**
 * One night. Before JavaScript loads (and on the server, which renders every night of a page of
 * bookings) its Cancel is a link to the confirmation form on the page; once hydrated the row
 * with its fetcher, dialog and optimistic status takes its place.
 */
export function NightRow({ hydrated, ...props }: NightRowProps & { hydrated: boolean }) {
  if (hydrated) return <InteractiveNightRow {...props} />
  return <PlainNightRow {...props} />
}

function PlainNightRow({ night, cancelHref }: NightRowProps) {
  const { t } = useTranslation('parent')
  const action = cancellation(night) && (
    <Button
      component={Link}
      variant="subtle"
      color="red"
      c="red.9"
      size="compact-sm"
      aria-label={t('night.cancelName', { date: formatNightDate(night.date) })}
      to={cancelHref}
      preventScrollReset
    >
      {t('night.cancel')}
    </Button>
  )
  return <NightRowView night={night} status={night.status} action={action} />
}

function InteractiveNightRow({ night, nurseName }: NightRowProps) {
  const { t } = useTranslation('parent')
  const say = useServerMessage()
  const fetcher = useFetcher({ key: `cancel-night-${night.id}` })
  const [confirming, setConfirming] = useState(false)
  // Optimistic: the night shows cancelled while the call runs; if it fails, the loader's status
  // (unchanged) shows again.
  const pending = fetcher.state !== 'idle' && fetcher.formData?.get('occurrenceId') === String(night.id)
  const revalidator = useRevalidator()
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toastSuccess(say(result.message))
    } else {
      toastFailure(say(result.error), t('dashboard.cancelFailed'))
      // A refused cancellation is not followed by a refresh; the night's refund may have changed.
      revalidator.revalidate()
    }
  })

  const refund = pending ? null : cancellation(night)
  const action = refund && (
    <Button
      variant="subtle"
      color="red"
      c="red.9"
      size="compact-sm"
      onClick={() => setConfirming(true)}
      aria-label={t('night.cancelName', { date: formatNightDate(night.date) })}
    >
      {t('night.cancel')}
    </Button>
  )
  return (
    <>
      <NightRowView night={night} status={pending ? 'cancelled' : night.status} action={action} />
      {refund && (
        <CancelNightDialog
          night={{ ...night, ...refund }}
          nurseName={nurseName}
          opened={confirming}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false)
            fetcher.submit(
              { intent: 'cancel', occurrenceId: String(night.id), expectedRefundCents: String(refund.refundableCents) },
              { method: 'post', action: '/parent/dashboard', preventScrollReset: true },
            )
          }}
        />
      )}
    </>
  )
}
