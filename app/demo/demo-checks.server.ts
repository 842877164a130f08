// The demo's background checks (docs/decisions/0061), written finished as the built-in provider
// would have left them: every approved nurse and applicant has a clear, current check (a yearly
// re-check for those approved more than a year ago), and one applicant's report came back
// 'consider' and waits in the admins' queue. Exempt from the one-writer rule like the rest of the
// seed's finished history (tests/unit/status-writes.test.ts).
import type { Tx } from '../db/client.server'
import { backgroundCheckEvents, backgroundChecks } from '../db/schema'
import { checkExpiry } from '../domain/verification/check-life-cycle'
import { testScreenings } from '../domain/verification/test-identities'

const DAY_MS = 24 * 3600 * 1000

export interface DemoCheckNurse {
  nurseProfileId: number
  userId: number
  name: string
  /** When she applied; an approved nurse's check completed before she was approved. */
  submittedAt: Date
  verifiedAt: Date | null
  outcome: 'clear' | 'consider'
}

export async function insertDemoChecks(tx: Tx, nurses: DemoCheckNurse[], now: Date): Promise<void> {
  if (nurses.length === 0) return
  const rows = nurses.map((nurse) => {
    // At most 300 days old, so every demo check is current.
    const decided = nurse.verifiedAt ?? new Date(nurse.submittedAt.getTime() + DAY_MS)
    const completedAt = new Date(Math.max(decided.getTime() - DAY_MS, now.getTime() - 300 * DAY_MS + (nurse.nurseProfileId % 60) * DAY_MS))
    const consentedAt = new Date(completedAt.getTime() - 2 * DAY_MS)
    const id = `${completedAt.getTime().toString(36)}_demo${nurse.nurseProfileId}`
    return {
      nurseProfileId: nurse.nurseProfileId,
      provider: 'test',
      candidateId: `test_cand_${nurse.outcome}_${id}`,
      invitationId: `test_inv_${nurse.outcome}_${id}`,
      reportId: `test_rpt_${nurse.outcome}_${id}`,
      status: nurse.outcome === 'clear' ? ('clear' as const) : ('needs_review' as const),
      result: nurse.outcome,
      screenings: testScreenings(nurse.outcome),
      consentName: nurse.name,
      consentedAt,
      invitedAt: consentedAt,
      completedAt,
      expiresAt: checkExpiry(completedAt),
      createdAt: consentedAt,
      updatedAt: completedAt,
    }
  })
  const inserted = await tx.insert(backgroundChecks).values(rows).returning({ id: backgroundChecks.id, nurseProfileId: backgroundChecks.nurseProfileId })
  const byProfile = new Map(nurses.map((nurse, i) => [nurse.nurseProfileId, { nurse, row: rows[i] }]))
  await tx.insert(backgroundCheckEvents).values(
    inserted.flatMap(({ id, nurseProfileId }) => {
      const { nurse, row } = byProfile.get(nurseProfileId)!
      return [
        { checkId: id, actorId: nurse.userId, action: 'ordered', toStatus: 'invited' as const, createdAt: row.consentedAt },
        { checkId: id, actorId: null, action: 'report-completed', fromStatus: 'invited' as const, toStatus: row.status, note: nurse.outcome, createdAt: row.completedAt },
      ]
    }),
  )
}
