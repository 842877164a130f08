// Checkr behind the VerificationProvider interface (docs/decisions/0061), with plain `fetch`:
// candidates, invitations into Checkr's hosted flow (her own consent and details, her SSN among
// them, are given there and never reach us), reports re-read with their screenings, and adverse
// actions. CHECKR_API_BASE (tests) points it at a local fake of the API.
import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  VerificationProviderError,
  type ProviderAdverseAction,
  type ProviderInvitation,
  type ProviderReport,
  type ProviderScreening,
  type ScreeningOutcome,
  type VerificationProvider,
} from './types'

export const CHECKR_SIGNATURE_HEADER = 'X-Checkr-Signature'

/** Checkr signs a delivery with an HMAC-SHA256 of its exact body (hex). */
export function checkrSignature(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')
}

export function isCheckrSignatureValid(rawBody: string, signature: string | null, secret: string): boolean {
  if (!signature) return false
  const expected = Buffer.from(checkrSignature(rawBody, secret), 'utf8')
  const given = Buffer.from(signature.trim(), 'utf8')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

// The screenings of the package, as Checkr names its objects; read with the report (`include`).
const SCREENINGS = [
  ['ssn_trace', 'SSN trace'],
  ['sex_offender_search', 'Sex offender registry search'],
  ['national_criminal_search', 'National criminal search'],
  ['county_criminal_searches', 'County criminal search'],
] as const

interface CheckrCharge {
  charge?: string
  classification?: string
  offense_date?: string | null
}
interface CheckrScreening {
  status?: string
  records?: Array<{ charges?: CheckrCharge[] }>
}

function outcomeOf(status: string | undefined): ScreeningOutcome {
  return status === 'clear' || status === 'consider' || status === 'suspended' ? status : 'pending'
}

/** The record a screening found, named by its kind and charge only: the file itself stays at Checkr. */
function recordOf(screening: CheckrScreening): string | null {
  const charge = screening.records?.[0]?.charges?.[0]
  if (!charge?.charge) return null
  const kind = charge.classification ? charge.classification[0].toUpperCase() + charge.classification.slice(1) : 'Record'
  const year = charge.offense_date ? ` (${charge.offense_date.slice(0, 4)})` : ''
  return `${kind}: ${charge.charge}${year}`
}

function toScreenings(report: Record<string, unknown>): ProviderScreening[] {
  return SCREENINGS.flatMap(([key, name]) => {
    const value = report[key]
    if (value === undefined || value === null || typeof value === 'string') return []
    const items = (Array.isArray(value) ? value : [value]) as CheckrScreening[]
    return items.map((item) => ({ name, outcome: outcomeOf(item.status), record: recordOf(item) }))
  })
}

function toInvitation(body: Record<string, unknown>): ProviderInvitation {
  const status = body.status === 'completed' || body.status === 'expired' ? body.status : 'pending'
  return {
    id: String(body.id),
    url: typeof body.invitation_url === 'string' ? body.invitation_url : null,
    status,
    reportId: typeof body.report_id === 'string' ? body.report_id : null,
  }
}

const REPORT_STATUSES = new Set(['pending', 'complete', 'suspended', 'canceled', 'dispute'])

function toReport(body: Record<string, unknown>): ProviderReport {
  const status = REPORT_STATUSES.has(String(body.status)) ? (body.status as ProviderReport['status']) : 'pending'
  return {
    id: String(body.id),
    candidateId: String(body.candidate_id ?? ''),
    status,
    result: body.result === 'clear' || body.result === 'consider' ? body.result : null,
    screenings: toScreenings(body),
    completedAt: typeof body.completed_at === 'string' ? body.completed_at : null,
  }
}

function toAdverseAction(body: Record<string, unknown>): ProviderAdverseAction {
  const status = ['pending', 'dispute', 'canceled', 'complete'].includes(String(body.status)) ? (body.status as ProviderAdverseAction['status']) : 'pending'
  return { id: String(body.id), status }
}

export function getCheckrProvider(options: { apiKey: string; apiBase: string; packageSlug: string }): VerificationProvider {
  const base = options.apiBase.replace(/\/$/, '')
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object, idempotencyKey?: string) {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      })
    } catch (error) {
      throw new VerificationProviderError(`Checkr could not be reached: ${(error as Error).message}`, 'unreachable')
    }
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (!response.ok) {
      const message = typeof json.error === 'string' ? json.error : `Checkr answered ${response.status}`
      throw new VerificationProviderError(message, response.status === 404 ? 'resource_not_found' : 'provider_error')
    }
    return json
  }

  return {
    name: 'checkr',
    async createCandidate(input) {
      const body = await call(
        'POST',
        '/v1/candidates',
        { first_name: input.firstName, last_name: input.lastName, email: input.email, no_middle_name: true },
        input.idempotencyKey,
      )
      return { id: String(body.id) }
    },
    async createInvitation(input) {
      const body = await call(
        'POST',
        '/v1/invitations',
        {
          candidate_id: input.candidateId,
          package: options.packageSlug,
          work_locations: [{ country: 'US', ...(input.workState ? { state: input.workState } : {}) }],
        },
        input.idempotencyKey,
      )
      return toInvitation(body)
    },
    async retrieveInvitation(invitationId) {
      return toInvitation(await call('GET', `/v1/invitations/${encodeURIComponent(invitationId)}`))
    },
    async retrieveReport(reportId) {
      const include = SCREENINGS.map(([key]) => key).join(',')
      return toReport(await call('GET', `/v1/reports/${encodeURIComponent(reportId)}?include=${include}`))
    },
    async createAdverseAction(input) {
      return toAdverseAction(await call('POST', '/v1/adverse_actions', { report_id: input.reportId }, input.idempotencyKey))
    },
    async cancelAdverseAction(adverseActionId) {
      return toAdverseAction(await call('DELETE', `/v1/adverse_actions/${encodeURIComponent(adverseActionId)}`))
    },
  }
}
