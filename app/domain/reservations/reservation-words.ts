// A reservation's status as both sides read it, with the colour of its badge. Pure.
import type { ReservationStatus } from './reservation-life-cycle'

const WORDS: Record<ReservationStatus, { label: string; color: string }> = {
  requested: { label: 'Waiting for her answer', color: 'yellow' },
  accepted: { label: 'Reserved', color: 'green' },
  lapsed: { label: 'Lapsed: not answered in time', color: 'gray' },
  declined: { label: 'Declined', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  started: { label: 'Started', color: 'blue' },
}

/** A request past its 48 hours reads as lapsed before the lapse job has written it. */
export function reservationStatus(status: ReservationStatus, holding: boolean) {
  return status === 'requested' && !holding ? WORDS.lapsed : WORDS[status]
}
