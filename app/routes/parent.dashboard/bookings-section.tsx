// 'Your Bookings': the filters, the cards and cancelling a night. Before JavaScript
// loads, filters, 'Show all N nights' and Cancel are links (?status=, ?expand=, ?cancel=) and the
// confirmation is a form on the page; afterwards the toggle is local state and Cancel opens the
// dialog and posts with a fetcher, showing the night cancelled at once.
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { useLocation, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect, useState } from 'react'
import { BookingCard } from '~/components/parent-booking-card'
import { CancelNightConfirmation, cancellableNight } from '~/components/parent-cancel-confirmation'
import type { CancellationPreview } from '~/domain/payments/cancellation.server'
import type { ParentBooking } from '~/domain/parents/parent-bookings.server'
import { BOOKING_FILTERS, type BookingFilter } from '~/schemas/parent-bookings'
import { NightRow } from './night-row'
import { dashboardHref } from './results'
import { ShowMore } from './show-more'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'

const FILTER_LABELS: Record<BookingFilter, string> = { upcoming: 'dashboard.filterUpcoming', past: 'dashboard.filterPast', cancelled: 'dashboard.filterCancelled' }
const EMPTY_LABELS: Record<BookingFilter, string> = { upcoming: 'dashboard.noUpcoming', past: 'dashboard.noPast', cancelled: 'dashboard.noCancelled' }

function BookingsSkeleton() {
  const { t } = useTranslation('parent')
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('dashboard.loadingBookings')}>
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
  const { t } = useTranslation('parent')
  const say = useServerMessage()
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
    <Stack component="section" aria-labelledby="your-bookings" gap="md">
      <Group justify="space-between">
        <Title order={2} id="your-bookings">
          {t('dashboard.yourBookings')}
        </Title>
        <Group gap="xs" role="group" aria-label={t('dashboard.showBookings')}>
          {BOOKING_FILTERS.map((filter) => (
            <Button
              key={filter}
              component={Link}
              variant={filter === status ? 'filled' : 'default'}
              to={dashboardHref('', { status: filter === 'upcoming' ? null : filter })}
              aria-current={filter === status ? 'true' : undefined}
              preventScrollReset
            >
              {t(FILTER_LABELS[filter])}
            </Button>
          ))}
        </Group>
      </Group>

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
        <ErrorNote>{t('dashboard.error', { error: error ? say(error) : t('dashboard.unknownError') })}</ErrorNote>
      ) : bookings.length === 0 ? (
        <Text c="dimmed" py="md">
          {t(EMPTY_LABELS[status])}
        </Text>
      ) : (
        <Stack gap="md">
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
        </Stack>
      )}
    </Stack>
  )
}
