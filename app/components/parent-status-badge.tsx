import { useTranslation } from 'react-i18next'
import { bookingStatus, nightStatus, type StatusView } from '~/domain/statuses'
import type { Translate } from '~/i18n/translate'
import { StatusBadge } from './status-badge'

// The words of the statuses a family reads (app/domain/statuses.ts), by their English label.
const LABEL_KEYS: Record<string, string> = {
  Pending: 'status.pending',
  Confirmed: 'status.confirmed',
  Completed: 'status.completed',
  Cancelled: 'status.cancelled',
  Scheduled: 'status.scheduled',
  Unknown: 'status.unknown',
  // A reservation's (reservation-words.ts).
  'Deposit not paid yet': 'status.depositNotPaid',
  'Waiting for her answer': 'status.waitingForHer',
  Reserved: 'status.reserved',
  'Lapsed: not answered in time': 'status.lapsed',
  Declined: 'status.declined',
  Started: 'status.started',
}

/** A status's English label in the page's language (`t` of the `parent` namespace). */
export function familyStatusLabel(label: string, t: Translate): string {
  const key = LABEL_KEYS[label]
  return key ? t(key) : label
}

/** A status with its label in the page's language. */
export function useFamilyStatus(view: StatusView): StatusView {
  const { t } = useTranslation('parent')
  return { ...view, label: familyStatusLabel(view.label, t) }
}

/** A booking's status on the parent's pages (app/domain/statuses.ts). */
export function BookingStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={useFamilyStatus(bookingStatus(status))} />
}

/** A night's status (app/domain/statuses.ts; a status it does not know reads 'Unknown'). */
export function NightStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={useFamilyStatus(nightStatus(status))} />
}
