// A local fake of the parts of Checkr's HTTP API the app uses (docs/decisions/0061), so the real
// client (app/domain/verification/providers/checkr.server.ts) is exercised offline: point it here
// with CHECKR_API_BASE. JSON bodies, Basic auth with the API key, Idempotency-Key replays the first
// answer. The candidate's e-mail decides the report, as with the built-in test provider
// (app/domain/verification/test-identities.ts). The hosted flow and Checkr's own clock are played
// by the test: completeInvitation (she finished the hosted form) and completeReport (the
// screenings are done); `event` builds a signed webhook delivery to hand to the route.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { checkrSignature } from '../../app/domain/verification/providers/checkr.server'
import { testOutcomeOf, TEST_CONSIDER_RECORD } from '../../app/domain/verification/test-identities'

export const FAKE_CHECKR_KEY = 'test_checkr_key_0123456789'
export const FAKE_CHECKR_WEBHOOK_SECRET = 'checkr_webhook_secret_test'

type Json = Record<string, unknown>

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`

export class FakeCheckr {
  private server: http.Server | null = null
  url = ''
  candidates = new Map<string, Json>()
  invitations = new Map<string, Json>()
  reports = new Map<string, Json>()
  adverseActions = new Map<string, Json>()
  /** Every request, as `METHOD /path`, to see what the client asked. */
  requests: string[] = []
  private replies = new Map<string, { status: number; body: Json }>()

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  /** She finished the hosted form: the invitation completes and its report starts, pending. */
  completeInvitation(invitationId: string): Json {
    const invitation = this.invitations.get(invitationId)
    if (!invitation) throw new Error(`No invitation ${invitationId}`)
    const report: Json = {
      id: id('rpt_'),
      object: 'report',
      status: 'pending',
      result: null,
      adjudication: null,
      candidate_id: invitation.candidate_id,
      package: invitation.package,
      created_at: new Date().toISOString(),
      completed_at: null,
      ...screenings('pending'),
    }
    this.reports.set(String(report.id), report)
    Object.assign(invitation, { status: 'completed', report_id: report.id, completed_at: new Date().toISOString() })
    return report
  }

  /** The screenings are done: clear, consider (a county record) or suspended, by her e-mail. */
  completeReport(reportId: string, at = new Date()): Json {
    const report = this.reports.get(reportId)
    if (!report) throw new Error(`No report ${reportId}`)
    const candidate = this.candidates.get(String(report.candidate_id))!
    const outcome = testOutcomeOf(String(candidate.email))
    if (outcome === 'suspended') Object.assign(report, { status: 'suspended', ...screenings('suspended') })
    else Object.assign(report, { status: 'complete', result: outcome, completed_at: at.toISOString(), ...screenings(outcome) })
    return report
  }

  /** A webhook delivery of Checkr's shape, its body and its signature header. */
  event(type: string, object: Json, secret = FAKE_CHECKR_WEBHOOK_SECRET): { body: string; signature: string; id: string } {
    const eventId = id('evt_')
    const body = JSON.stringify({ id: eventId, object: 'event', type, created_at: new Date().toISOString(), data: { object } })
    return { body, signature: checkrSignature(body, secret), id: eventId }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', this.url)
    this.requests.push(`${req.method} ${url.pathname}`)
    const send = (status: number, body: Json) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.headers.authorization !== `Basic ${Buffer.from(`${FAKE_CHECKR_KEY}:`).toString('base64')}`) {
      return send(401, { error: 'Bad authentication' })
    }
    const key = req.headers['idempotency-key']
    const replayKey = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : null
    if (replayKey && this.replies.has(replayKey)) {
      const reply = this.replies.get(replayKey)!
      return send(reply.status, reply.body)
    }
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json) : {}
    const [status, answer] = this.route(req.method ?? 'GET', url.pathname, body)
    if (replayKey) this.replies.set(replayKey, { status, body: answer })
    send(status, answer)
  }

  private route(method: string, path: string, body: Json): [number, Json] {
    const notFound: [number, Json] = [404, { error: 'Not found' }]
    if (method === 'POST' && path === '/v1/candidates') {
      if (!body.email || !body.first_name || !body.last_name) return [400, { error: 'email, first_name and last_name are required' }]
      const candidate = { id: id('cand_'), object: 'candidate', ...body, created_at: new Date().toISOString() }
      this.candidates.set(candidate.id, candidate)
      return [201, candidate]
    }
    if (method === 'POST' && path === '/v1/invitations') {
      if (!this.candidates.has(String(body.candidate_id))) return [400, { error: 'Candidate not found' }]
      const invitationId = id('inv_')
      const invitation = {
        id: invitationId,
        object: 'invitation',
        status: 'pending',
        candidate_id: body.candidate_id,
        package: body.package,
        work_locations: body.work_locations,
        invitation_url: `${this.url}/hosted/${invitationId}`,
        report_id: null,
        created_at: new Date().toISOString(),
      }
      this.invitations.set(invitationId, invitation)
      return [201, invitation]
    }
    let match = /^\/v1\/invitations\/([\w-]+)$/.exec(path)
    if (method === 'GET' && match) return this.invitations.has(match[1]) ? [200, this.invitations.get(match[1])!] : notFound
    match = /^\/v1\/reports\/([\w-]+)$/.exec(path)
    if (method === 'GET' && match) return this.reports.has(match[1]) ? [200, this.reports.get(match[1])!] : notFound
    if (method === 'POST' && path === '/v1/adverse_actions') {
      if (!this.reports.has(String(body.report_id))) return [400, { error: 'Report not found' }]
      const action = { id: id('aa_'), object: 'adverse_action', status: 'pending', report_id: body.report_id, created_at: new Date().toISOString() }
      this.adverseActions.set(action.id, action)
      return [201, action]
    }
    match = /^\/v1\/adverse_actions\/([\w-]+)$/.exec(path)
    if (method === 'DELETE' && match) {
      const action = this.adverseActions.get(match[1])
      if (!action) return notFound
      action.status = 'canceled'
      return [200, action]
    }
    return notFound
  }
}

/** A report's embedded screenings (Checkr's `include`), for each stage of the fake. */
function screenings(stage: 'pending' | 'clear' | 'consider' | 'suspended'): Json {
  const status = (own: string) => (stage === 'suspended' ? (own === 'ssn' ? 'suspended' : 'pending') : stage === 'consider' && own !== 'county' ? 'clear' : stage)
  const record = { charges: [{ charge: TEST_CONSIDER_RECORD.split(': ')[1].replace(/ \(\d+\)$/, ''), classification: 'misdemeanor', offense_date: '2019-06-01' }] }
  return {
    ssn_trace: { id: id('ssn_'), object: 'ssn_trace', status: status('ssn') },
    sex_offender_search: { id: id('sor_'), object: 'sex_offender_search', status: status('sor'), records: [] },
    national_criminal_search: { id: id('ncs_'), object: 'national_criminal_search', status: status('ncs'), records: [] },
    county_criminal_searches: [
      { id: id('ccs_'), object: 'county_criminal_search', status: status('county'), records: stage === 'consider' ? [record] : [] },
    ],
  }
}
