// 'Your Bookings': the filters, the cards and cancelling a night. Before JavaScript
// loads, filters, 'Show all N nights' and Cancel are links (?status=, ?expand=, ?cancel=) and the
// confirmation is a form on the page; afterwards the toggle is local state and Cancel opens the
// dialog and posts with a fetcher, showing the night cancelled at once.
import { Skeleton, Stack } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { useFetcher, useLocation, useNavigation, useRevalidator } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect, useState } from 'react'
import { BookingCard, NightRowView } from '~/components/parent-booking-card'
import { ButtonLabel, buttonLook, PlainButton } from '~/components/button-look'
import { PlainGroup, PlainStack, PlainText, PlainTitle } from '~/components/plain-layout'
import { CancelNightConfirmation, cancellableNight } from '~/components/parent-cancel-confirmation'
import { CancelNightDialog } from '~/components/parent-cancel-night'
import type { CancellationPreview } from '~/domain/payments/cancellation.server'
import type { ParentBooking, ParentOccurrence } from '~/domain/parents/parent-bookings.server'
import { formatNightDate } from '~/domain/time/shift-times'
import { BOOKING_FILTERS, type BookingFilter } from '~/schemas/parent-bookings'
import { dashboardHref, toastFailure, toastSuccess, useFetcherResult } from './results'
import { ShowMore } from './show-more'

const FILTER_LABELS: Record<BookingFilter, string> = { upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' }

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
function NightRow({ hydrated, ...props }: NightRowProps & { hydrated: boolean }) {
  if (hydrated) return <InteractiveNightRow {...props} />
  const { night, cancelHref } = props
  const action = cancellation(night) && (
    <Link
      {...buttonLook('subtle-red', 'compact-sm')}
      aria-label={`Cancel the night of ${formatNightDate(night.date)}`}
      to={cancelHref}
      preventScrollReset
    >
      <ButtonLabel>Cancel</ButtonLabel>
    </Link>
  )
  return <NightRowView night={night} status={night.status} action={action} />
}

function InteractiveNightRow({ night, nurseName }: NightRowProps) {
  const fetcher = useFetcher({ key: `cancel-night-${night.id}` })
  const [confirming, setConfirming] = useState(false)
  // Optimistic: the night shows cancelled while the call runs; if it fails, the loader's status
  // (unchanged) shows again.
  const pending = fetcher.state !== 'idle' && fetcher.formData?.get('occurrenceId') === String(night.id)
  const revalidator = useRevalidator()
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toastSuccess(result.message)
    } else {
      toastFailure(result.error, 'Failed to cancel booking.')
      // A refused cancellation is not followed by a refresh; the night's refund may have changed.
      revalidator.revalidate()
    }
  })

  const refund = pending ? null : cancellation(night)
  const action = refund && (
    <PlainButton
      variant="subtle-red"
      size="compact-sm"
      onClick={() => setConfirming(true)}
      aria-label={`Cancel the night of ${formatNightDate(night.date)}`}
    >
      Cancel
    </PlainButton>
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

function BookingsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading bookings">
      {[0, 1].map((i) => (
        <Skeleton key={i} height={220} radius="md" />
      ))}
    </Stack>
  )
}

export function BookingsSection({
  status,
  expand,
  bookings,
  total,
  error,
  cancelPreview,
  hydrated,
}: {
  status: BookingFilter
  expand: number | null
  bookings: ParentBooking[] | null
  /** How many bookings the filter has; `bookings` is the first page or pages of them. */
  total: number
  error: string | null
  cancelPreview: CancellationPreview | null
  hydrated: boolean
}) {
  const location = useLocation()
  const navigation = useNavigation()
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(expand ? [expand] : []))
  useEffect(() => {
    if (expand) setExpanded((current) => new Set(current).add(expand))
  }, [expand])

  // A filter being loaded shows placeholders instead of the old filter's cards.
  const next =
    navigation.state === 'loading' && navigation.location.pathname === '/parent/dashboard'
      ? (new URLSearchParams(navigation.location.search).get('status') ?? 'upcoming')
      : null
  const switching = next !== null && next !== status

  const toggle = (id: number) =>
    setExpanded((current) => {
      const copy = new Set(current)
      if (copy.has(id)) copy.delete(id)
      else copy.add(id)
      return copy
    })

  return (
    <PlainStack component="section" aria-labelledby="your-bookings" gap="md">
      <PlainGroup justify="space-between">
        <PlainTitle order={2} id="your-bookings">
          Your Bookings
        </PlainTitle>
        <PlainGroup gap="xs" role="group" aria-label="Show bookings">
          {BOOKING_FILTERS.map((filter) => (
            <Link
              key={filter}
              {...buttonLook(filter === status ? 'filled' : 'default')}
              to={dashboardHref('', { status: filter === 'upcoming' ? null : filter })}
              aria-current={filter === status ? 'true' : undefined}
              preventScrollReset
            >
              <ButtonLabel>{FILTER_LABELS[filter]}</ButtonLabel>
            </Link>
          ))}
        </PlainGroup>
      </PlainGroup>

      {cancelPreview && (
        <CancelNightConfirmation
          night={cancellableNight(cancelPreview)}
          nurseName={cancelPreview.nurseName}
          action={dashboardHref(location.search, { cancel: null, expand: null, receipt: null })}
          keepHref={dashboardHref(location.search, { cancel: null })}
        />
      )}

      {switching ? (
        <BookingsSkeleton />
      ) : error || !bookings ? (
        <ErrorNote>Error: {error ?? 'Unknown error'}</ErrorNote>
      ) : bookings.length === 0 ? (
        <PlainText dimmed py="md">
          You have no {status} bookings.
        </PlainText>
      ) : (
        <PlainStack gap="md">
          {bookings.map((booking) => {
            const isExpanded = expanded.has(booking.id)
            return (
              <BookingCard
                key={booking.id}
                booking={booking}
                expanded={isExpanded}
                toggleHref={dashboardHref(location.search, { expand: isExpanded ? null : booking.id, cancel: null })}
                onToggle={hydrated ? () => toggle(booking.id) : undefined}
                renderNight={(night) => (
                  <NightRow
                    night={night}
                    nurseName={booking.nurseName}
                    hydrated={hydrated}
                    cancelHref={`${dashboardHref(location.search, { cancel: night.id, receipt: null })}#confirm-cancellation`}
                  />
                )}
              />
            )
          })}
          <ShowMore param="bookings" shown={bookings.length} total={total} noun="bookings" />
        </PlainStack>
      )}
    </PlainStack>
  )
}
