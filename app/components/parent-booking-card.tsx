// One booking on the parent's dashboard, under 'Your Bookings'. Presentational: the route
// decides how each night's Cancel works and passes the nights' rows in.
import { Button } from '@mantine/core'
import { Link } from './link'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ParentBooking } from '~/domain/parents/parent-bookings.server'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { formatCents } from '~/domain/bookings/pricing'
import { patternLabel } from '~/domain/payments/receipts'
import { formatNightDate, formatTime12 } from '~/domain/time/shift-times'
import { BookingStatusBadge, NightStatusBadge } from './parent-status-badge'
import classes from './dashboard-cards.module.css'
import { UserAvatar } from './user-avatar'

/** Nights shown before 'Show all N nights'. */
export const NIGHTS_SHOWN = 3

export interface BookingCardNight {
  id: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  status: string
}

/** What the card shows of the parent's booking (the dashboard's list item), with the route's rows of nights. */
export type BookingCardData<N extends BookingCardNight = BookingCardNight> = Pick<
  ParentBooking,
  'id' | 'nurseName' | 'nurseAvatarUrl' | 'nurseSlug' | 'status' | 'startDate' | 'pattern' | 'totalAmountCents'
> & { occurrences: N[] }

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className={classes.factLabel}>{label}</p>
      <p className={classes.strong}>{value}</p>
    </div>
  )
}

export function BookingCard<N extends BookingCardNight>({
  booking,
  expanded,
  toggleHref,
  onToggle,
  renderNight,
}: {
  booking: BookingCardData<N>
  expanded: boolean
  /** Without JavaScript the toggle is this link. */
  toggleHref: string
  /** With JavaScript the toggle is a button. */
  onToggle?: () => void
  renderNight: (night: N) => ReactNode
}) {
  const { t } = useTranslation('parent')
  const nights = booking.occurrences
  const shown = expanded ? nights : nights.slice(0, NIGHTS_SHOWN)
  const toggleLabel = expanded ? t('card.showFewerNights') : t('card.showAllNights', { count: nights.length })
  const listId = `booking-${booking.id}-nights`
  // Plain elements and a CSS module: the dashboard repeats this card for every booking.
  return (
    <article className={classes.card} aria-labelledby={`booking-${booking.id}-title`}>
      <div className={classes.bookingTop}>
        <div className={classes.nurse}>
          <UserAvatar name={booking.nurseName} src={booking.nurseAvatarUrl} size={48} radius="xl" />
          <div>
            <h3 className={classes.nurseName} id={`booking-${booking.id}-title`}>
              {booking.nurseName}
            </h3>
            <p className={classes.dimmedSmall}>{t('card.booking', { reference: formatBookingReference(booking.id) })}</p>
          </div>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>

      <div className={classes.facts}>
        <Fact label={t('card.startDate')} value={formatNightDate(booking.startDate)} />
        <Fact label={t('card.pattern')} value={patternLabel(booking.pattern, t)} />
        <Fact label={t('card.total')} value={formatCents(booking.totalAmountCents)} />
      </div>

      <h4 className={classes.nightsTitle}>{t('card.scheduledNights')}</h4>
      <ul id={listId} className={classes.nights}>
        {shown.map((night) => (
          <li key={night.id}>{renderNight(night)}</li>
        ))}
      </ul>
      {nights.length > NIGHTS_SHOWN &&
        (onToggle ? (
          <Button variant="subtle" size="compact-sm" mt="xs" onClick={onToggle} aria-expanded={expanded} aria-controls={listId}>
            {toggleLabel}
          </Button>
        ) : (
          <Link to={toggleHref} className={`mantine-focus-auto ${classes.showAll}`} preventScrollReset>
            {toggleLabel}
          </Link>
        ))}

      <div className={classes.actions}>
        <Button component={Link} variant="light" to={`/parent/bookings/${booking.id}`}>
          {t('card.viewDetails')}
        </Button>
        <Button component={Link} variant="default" to={`/nurse/${booking.nurseSlug}`}>
          {t('card.bookAgain')}
        </Button>
      </div>
    </article>
  )
}

/** One night: date, 12-hour start–end time, status badge, and its action (Cancel) when there is one. */
export function NightRowView({ night, status, action }: { night: BookingCardNight; status: string; action?: ReactNode }) {
  return (
    <div className={classes.night}>
      <div className={classes.nightFacts}>
        <p className={classes.nightDate}>{formatNightDate(night.date)}</p>
        <p className={classes.small}>
          {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
        </p>
        <NightStatusBadge status={status} />
      </div>
      {action}
    </div>
  )
}
