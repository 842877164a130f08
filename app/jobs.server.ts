// Periodic work inside each app server. Every job is safe to run on several servers at once
// (docs/architecture.md): each one claims its rows in the database before acting.
import { getConfig } from './config.server'
import { reconcilePayments, releaseExpiredHolds } from './domain/payments/reconciliation.server'
import { countJobRun } from './domain/platform/metrics.server'
import { remindMissingReports } from './domain/night-reports/night-reports.server'
import { chargeDueWeeks, releaseUnpaidWeeks } from './domain/payments/weekly-charges.server'
import { payDueNights } from './domain/payouts/payouts.server'
import { REMINDER_SWEEP_EVERY_MS, sendDueReminders } from './domain/bookings/reminders.server'
import { runVerificationSweep } from './domain/verification/expiry-sweep.server'
import { INTERVIEW_REMINDER_SWEEP_EVERY_MS, sendDueInterviewReminders } from './domain/interviews/interview-reminders.server'
import { sendDueDateReminders } from './domain/reservations/reservations.server'
import { sweepReservations } from './domain/payments/reservation-deposits.server'

export interface BackgroundJob {
  name: string
  everyMs: number
  run: (now: Date) => Promise<unknown>
}

const jobs: BackgroundJob[] = []

export function registerJob(job: BackgroundJob) {
  if (!jobs.some((j) => j.name === job.name)) jobs.push(job)
}

export function startBackgroundJobs(): () => void {
  // Tests only (tests/fault): run every job this often, with a clock this far ahead, so a test can
  // see holds expire and pending payments settle without waiting for real minutes.
  const { JOBS_EVERY_MS, JOBS_CLOCK_OFFSET_MS } = getConfig()
  const timers = jobs.map((job) => {
    let running = false
    return setInterval(() => {
      // A run still going (a slow provider) is not overlapped by the next one on this server.
      if (running) return
      running = true
      job
        .run(new Date(Date.now() + JOBS_CLOCK_OFFSET_MS))
        .then(() => countJobRun(job.name, 'ok'))
        .catch((error) => {
          countJobRun(job.name, 'failed')
          console.error(`Job ${job.name} failed:`, error)
        })
        .finally(() => (running = false))
    }, JOBS_EVERY_MS ?? job.everyMs)
  })
  for (const t of timers) t.unref()
  return () => timers.forEach(clearInterval)
}

// The reminder sweep: every 5 minutes; sent_notifications keeps it to one e-mail
// per night however many servers sweep.
registerJob({ name: 'booking-reminders', everyMs: REMINDER_SWEEP_EVERY_MS, run: sendDueReminders })

// Unpaid bookings give their nights back after 15 minutes, once the payment provider has said
// their charge did not go through (docs/decisions/0012, 0013).
registerJob({ name: 'release-expired-holds', everyMs: 60_000, run: releaseExpiredHolds })

// Charges left pending settle from the provider's records (docs/decisions/0013).
registerJob({ name: 'reconcile-payments', everyMs: 60_000, run: reconcilePayments })

// Nurses are paid per night, 24 hours after it ends, unless the family reported a problem
// (issue 15, docs/decisions/0027); each night's payout row is claimed under its own key, so
// several servers running this together send each night once.
registerJob({ name: 'pay-nurses', everyMs: 5 * 60_000, run: payDueNights })

// Long weekly series are charged week by week, five days before each week, to the saved card;
// a week still unpaid 48 hours after a decline gives its nights back (issue 15, docs/decisions/0028).
// Each week is claimed in one guarded UPDATE, so several servers charge and release it once.
registerJob({
  name: 'charge-weeks',
  everyMs: 5 * 60_000,
  run: async (now) => ({ charged: await chargeDueWeeks(now), released: await releaseUnpaidWeeks(now) }),
})

// A night with no morning report 12 hours after it ended reminds its nurse, once (issue 16):
// sent_notifications keeps it to one e-mail per night however many servers run it.
registerJob({ name: 'night-report-reminders', everyMs: 15 * 60_000, run: remindMissingReports })

// Expiry and re-checks (issue 35, docs/decisions/0062), every hour: credentials turn 'expiring'
// and 'expired' by the calendar, reminders 30 and 7 days before, the yearly re-check, lapses out
// of search, and checks whose webhook never came re-read. verification_notices keeps each notice
// to one send however many servers run it; each part reads a bounded batch.
registerJob({ name: 'verification-sweep', everyMs: 60 * 60_000, run: runVerificationSweep })

// An hour before an agreed interview both sides are reminded (issue 36, docs/decisions/0067): each
// interview's reminder_sent_at is claimed in one conditional UPDATE, so it goes once.
registerJob({ name: 'interview-reminders', everyMs: INTERVIEW_REMINDER_SWEEP_EVERY_MS, run: sendDueInterviewReminders })

// Due-date reservations (issue 36, docs/decisions/0066): requests unanswered 48 hours lapse and the
// family is told (the status change is guarded, so a second server lapses nothing twice), and each
// family is asked four weeks and one week before its due date whether it still stands
// (verification_notices keeps each to one send).
// Lapses, unpaid deposits past their 15 minutes, and deposit refunds still owed (decision 0073).
registerJob({ name: 'reservation-lapses', everyMs: 5 * 60_000, run: sweepReservations })
registerJob({ name: 'due-date-reminders', everyMs: 60 * 60_000, run: sendDueDateReminders })
