// A reservation's status as both sides read it, with its tone (the status badge gives each tone its
// colour, app/components/status-badge.tsx). Pure.
import type { StatusView } from '../statuses'
import type { ReservationStatus } from './reservation-life-cycle'

const WORDS: Record<ReservationStatus, StatusView> = {
  unpaid: { label: 'Deposit not paid yet', tone: 'waiting' },
  requested: { label: 'Waiting for her answer', tone: 'waiting' },
  accepted: { label: 'Reserved', tone: 'active' },
  lapsed: { label: 'Lapsed: not answered in time', tone: 'neutral' },
  declined: { label: 'Declined', tone: 'stopped' },
  cancelled: { label: 'Cancelled', tone: 'stopped' },
  started: { label: 'Started', tone: 'good' },
}

/** A request past its 48 hours reads as lapsed before the lapse job has written it. */
export function reservationStatus(status: ReservationStatus, holding: boolean): StatusView {
  return status === 'requested' && !holding ? WORDS.lapsed : WORDS[status]
}
