import { useTranslation } from 'react-i18next'
import { bookingStatus, nightStatus, type StatusView } from '~/domain/statuses'
import { StatusBadge } from './status-badge'

// The words of the statuses a family reads (app/domain/statuses.ts), by their English label.
const LABEL_KEYS: Record<string, string> = {
  Pending: 'status.pending',
  Confirmed: 'status.confirmed',
  Completed: 'status.completed',
  Cancelled: 'status.cancelled',
  Scheduled: 'status.scheduled',
  Unknown: 'status.unknown',
}

/** A status with its label in the page's language. */
function useFamilyStatus(view: StatusView): StatusView {
  const { t } = useTranslation('parent')
  const key = LABEL_KEYS[view.label]
  return key ? { ...view, label: t(key) } : view
}

/** A booking's status on the parent's pages (app/domain/statuses.ts). */
export function BookingStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={useFamilyStatus(bookingStatus(status))} />
}

/** A night's status (app/domain/statuses.ts; a status it does not know reads 'Unknown'). */
export function NightStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={useFamilyStatus(nightStatus(status))} />
}
