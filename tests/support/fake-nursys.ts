// A local fake of the Nursys e-Notify nurse lookup the app uses (docs/decisions/0062), so the real
// client (app/domain/verification/providers/nursys.server.ts) is exercised offline: point it here
// with NURSYS_API_BASE. The key goes in the X-Api-Key header; a lookup is submitted (a transaction
// id comes back) and then retrieved, the first retrieve answering 'not complete yet' as Nursys
// may. The license number decides the answer, as with the built-in test registry
// (app/domain/verification/test-identities.ts); an 'EXP' license has expired a year ago.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { NURSYS_LOOKUP_PATH } from '../../app/domain/verification/providers/nursys.server'
import { testLicenseOutcomeOf } from '../../app/domain/verification/test-identities'

export const FAKE_NURSYS_KEY = 'test_nursys_key_0123456789'

type Json = Record<string, unknown>

interface LookupRequest {
  RecordId: string
  LicenseNumber: string
  JurisdictionAbbreviation: string
  LicenseType: string
}

/** Nursys prints dates as MM/DD/YYYY. */
const usDate = (date: Date) => `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`
const yearsFromNow = (years: number) => new Date(Date.UTC(new Date().getUTCFullYear() + years, 9, 31))

export class FakeNursys {
  private server: http.Server | null = null
  url = ''
  /** Every request, as `METHOD /path`, to see what the client asked. */
  requests: string[] = []
  /** Every lookup request's body, as the client sent it. */
  lookups: LookupRequest[] = []
  private transactions = new Map<string, { requests: LookupRequest[]; polls: number }>()

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
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
    if (req.headers['x-api-key'] !== FAKE_NURSYS_KEY) return send(401, { Message: 'Authorization has been denied for this request.' })
    if (url.pathname !== NURSYS_LOOKUP_PATH) return send(404, { Message: 'Not found' })
    if (req.method === 'POST') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { NurseLookupRequests?: LookupRequest[] }
      const requests = body.NurseLookupRequests ?? []
      if (requests.length === 0 || requests.some((r) => !r.LicenseNumber || !r.JurisdictionAbbreviation || !['RN', 'PN'].includes(r.LicenseType))) {
        return send(200, { TransactionId: null, TransactionSuccessFlag: false, TransactionErrors: [{ ErrorMessage: 'Invalid lookup request' }] })
      }
      this.lookups.push(...requests)
      const transactionId = randomBytes(8).toString('hex')
      this.transactions.set(transactionId, { requests, polls: 0 })
      return send(200, { TransactionId: transactionId, TransactionSuccessFlag: true, TransactionErrors: [] })
    }
    const transaction = this.transactions.get(url.searchParams.get('transactionId') ?? '')
    if (!transaction) return send(404, { Message: 'Unknown transaction' })
    // The first retrieve is too early: Nursys processes lookups in the background.
    if (transaction.polls++ === 0) return send(200, { TransactionComplete: false, NurseLookupResponses: [] })
    return send(200, {
      TransactionComplete: true,
      NurseLookupResponses: transaction.requests.map((request) => ({
        RecordId: request.RecordId,
        SuccessFlag: true,
        Errors: [],
        NurseLookupLicenses: licensesFor(request),
      })),
    })
  }
}

function licensesFor(request: LookupRequest): Json[] {
  const outcome = testLicenseOutcomeOf(request.LicenseNumber)
  if (outcome === 'not_found') return []
  const license = {
    LicenseNumber: request.LicenseNumber,
    JurisdictionAbbreviation: request.JurisdictionAbbreviation,
    LicenseType: request.LicenseType,
    LicenseStatus: outcome === 'expired' ? 'Expired' : 'Active',
    LicenseExpirationDate: usDate(yearsFromNow(outcome === 'expired' ? -1 : 2)),
    DisciplineAgainstLicense: outcome === 'encumbered' ? 'Yes' : 'No',
  }
  // Another license she holds elsewhere, which the client must not take for this one.
  const other = { ...license, JurisdictionAbbreviation: request.JurisdictionAbbreviation === 'TX' ? 'NM' : 'TX', LicenseStatus: 'Active', DisciplineAgainstLicense: 'No' }
  return [other, license]
}
