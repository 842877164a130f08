// Periodic work inside each app server. Every job is safe to run on several servers at once
// (DESIGN.md §13): each one claims its rows in the database before acting.
import { releaseExpiredHolds } from './domain/bookings.server'
import { REMINDER_SWEEP_EVERY_MS, sendDueReminders } from './domain/reminders.server'

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
  const timers = jobs.map((job) =>
    setInterval(() => {
      job.run(new Date()).catch((error) => console.error(`Job ${job.name} failed:`, error))
    }, job.everyMs),
  )
  for (const t of timers) t.unref()
  return () => timers.forEach(clearInterval)
}

// The reminder sweep (DESIGN.md §10): every 5 minutes; sent_notifications keeps it to one e-mail
// per night however many servers sweep.
registerJob({ name: 'booking-reminders', everyMs: REMINDER_SWEEP_EVERY_MS, run: sendDueReminders })

// Unpaid bookings give their nights back after 30 minutes (DESIGN.md §6.11).
registerJob({ name: 'release-expired-holds', everyMs: 60_000, run: releaseExpiredHolds })
