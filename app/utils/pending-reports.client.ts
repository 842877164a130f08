// Night reports kept on the nurse's phone until the server has them (docs/decisions/0074): one per
// night in IndexedDB (idb-keyval), with the key of the press of Send it came from, so sending it
// again is received once. Sent with the form's own fields to the form's own address.
import { createStore, del, entries, get, set } from 'idb-keyval'
import { ALREADY_RECEIVED_HEADER, SEND_HEADER, sendOutcome, type SendOutcome } from '~/domain/night-reports/offline-filing'

export interface PendingReport {
  occurrenceId: number
  key: string
  fields: [string, string][]
  savedAt: string
}

let store: ReturnType<typeof createStore> | undefined
const reports = () => (store ??= createStore('nightlight-reports', 'pending'))

export function savePendingReport(report: PendingReport): Promise<void> {
  return set(report.occurrenceId, report, reports())
}

export function pendingReport(occurrenceId: number): Promise<PendingReport | undefined> {
  return get<PendingReport>(occurrenceId, reports())
}

export async function allPendingReports(): Promise<PendingReport[]> {
  return (await entries<number, PendingReport>(reports())).map(([, report]) => report)
}

/** Forgets a kept report, unless a newer press of Send replaced it meanwhile. */
async function dropPendingReport(report: PendingReport): Promise<void> {
  const kept = await pendingReport(report.occurrenceId)
  if (kept?.key === report.key) await del(report.occurrenceId, reports())
}

/** Sends a kept report once; keeps it when it should be tried again (or the nurse must sign in). */
export async function sendPendingReport(report: PendingReport, how: 'press' | 'retry'): Promise<SendOutcome> {
  const body = new FormData()
  for (const [name, value] of report.fields) body.append(name, value)
  let outcome: SendOutcome
  try {
    const response = await fetch(`/nurse/reports/${report.occurrenceId}`, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      redirect: 'manual',
      headers: { [SEND_HEADER]: how },
    })
    outcome = sendOutcome({ type: response.type, status: response.status, alreadyReceived: response.headers.has(ALREADY_RECEIVED_HEADER) })
  } catch {
    outcome = sendOutcome('network-error')
  }
  if (outcome === 'sent' || outcome === 'already-received' || outcome === 'refused') await dropPendingReport(report)
  return outcome
}

/** A fresh key for one press of Send; null where the browser has none (an insecure origin). */
export function newSubmissionKey(): string | null {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : null
}
