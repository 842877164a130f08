// What an operator watches (issue 14): Prometheus metrics in one registry, served by server.js at
// /metrics to whoever holds METRICS_TOKEN. Request durations are observed by server.js; the jobs
// count their runs here; payments by status and statements in flight are read at each scrape.
import { sql } from 'drizzle-orm'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { executeRows, getDb } from '../../db/client.server'
import { statementsInFlight } from '../../db/connection-retry'

const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'nightlight_' })

const requestDuration = new Histogram({
  name: 'nightlight_http_request_duration_seconds',
  help: 'Time to answer a request, by method, route and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

const jobRuns = new Counter({
  name: 'nightlight_job_runs_total',
  help: 'Background job runs on this server, by job and outcome (ok or failed).',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
})

new Gauge({
  name: 'nightlight_db_statements_in_flight',
  help: 'Database statements this server is waiting on (pool usage).',
  registers: [registry],
  collect() {
    this.set(statementsInFlight())
  },
})

new Gauge({
  name: 'nightlight_payments',
  help: 'Payments and refunds in the database, by kind and status (the outcomes of every charge).',
  labelNames: ['kind', 'status'] as const,
  registers: [registry],
  async collect() {
    const rows = await executeRows<{ kind: string; status: string; count: number }>(
      getDb(),
      sql`select kind, status, count(*)::int as count from payments group by kind, status`,
    )
    this.reset()
    for (const row of rows) {
      this.set({ kind: row.kind, status: row.status }, Number(row.count))
    }
  },
})

export function observeRequest(labels: { method: string; route: string; status: number }, seconds: number) {
  requestDuration.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds)
}

export function countJobRun(job: string, outcome: 'ok' | 'failed') {
  jobRuns.inc({ job, outcome })
}

/** The exposition text and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() }
}
