// Periodic work inside each app server. Every job is safe to run on several servers at once
// (DESIGN.md §13): each one claims its rows in the database before acting.
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
