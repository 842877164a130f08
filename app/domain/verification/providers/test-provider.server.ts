// The built-in background-check provider (docs/decisions/0061), used when CHECKR_API_KEY is not
// set so the whole flow works offline. It keeps nothing: its ids carry the outcome the test
// identity asked for (test-identities.ts) and when the report was made. It has no hosted flow: the
// authorization she gave on our page stands for it, so her invitation is completed at once and
// its report comes back complete.
import { randomBytes } from 'node:crypto'
import { testOutcomeOf, testScreenings, type TestOutcome } from '../test-identities'
import { VerificationProviderError, type ProviderInvitation, type ProviderReport, type VerificationProvider } from './types'

const OUTCOMES: readonly TestOutcome[] = ['clear', 'consider', 'suspended']

const token = () => randomBytes(6).toString('hex')

/** `test_<kind>_<outcome>_<made at, ms in base 36>_<random>` */
function parseId(id: string, kind: string): { outcome: TestOutcome; at: Date } {
  const [prefix, idKind, outcome, at] = id.split('_')
  if (prefix !== 'test' || idKind !== kind || !OUTCOMES.includes(outcome as TestOutcome) || !at) {
    throw new VerificationProviderError(`No such ${kind}: ${id}`, 'resource_not_found')
  }
  return { outcome: outcome as TestOutcome, at: new Date(parseInt(at, 36)) }
}

const makeId = (kind: string, outcome: TestOutcome, at: Date) => `test_${kind}_${outcome}_${at.getTime().toString(36)}_${token()}`

function invitationOf(id: string): ProviderInvitation {
  const { outcome, at } = parseId(id, 'inv')
  // The same invitation always names the same report.
  const reportId = `test_rpt_${outcome}_${at.getTime().toString(36)}_${id.split('_')[4]}`
  return { id, url: null, status: 'completed', reportId }
}

export const testVerificationProvider: VerificationProvider = {
  name: 'test',
  async createCandidate(input) {
    return { id: makeId('cand', testOutcomeOf(input.email), new Date()) }
  },
  async createInvitation(input) {
    const { outcome } = parseId(input.candidateId, 'cand')
    return invitationOf(makeId('inv', outcome, new Date()))
  },
  async retrieveInvitation(invitationId) {
    return invitationOf(invitationId)
  },
  async retrieveReport(reportId): Promise<ProviderReport> {
    const { outcome, at } = parseId(reportId, 'rpt')
    return {
      id: reportId,
      candidateId: '',
      status: outcome === 'suspended' ? 'suspended' : 'complete',
      result: outcome === 'suspended' ? null : outcome,
      screenings: testScreenings(outcome),
      completedAt: outcome === 'suspended' ? null : at.toISOString(),
    }
  },
  async createAdverseAction(input) {
    parseId(input.reportId, 'rpt')
    return { id: `test_aa_${token()}`, status: 'pending' }
  },
  async cancelAdverseAction(adverseActionId) {
    return { id: adverseActionId, status: 'canceled' }
  },
}
