import { bookingStatus, nightStatus } from '~/domain/statuses'
import { StatusBadge } from './status-badge'

/** A booking's status on the parent's pages (app/domain/statuses.ts). */
export function BookingStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={bookingStatus(status)} />
}

/** A night's status (app/domain/statuses.ts; a status it does not know reads 'Unknown'). */
export function NightStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={nightStatus(status)} />
}
