// The demo's background checks (docs/decisions/0061), written finished as the built-in provider
// would have left them: every approved nurse and applicant has a clear, current check (a yearly
// re-check for those approved more than a year ago), and one applicant's report came back
// 'consider' and waits in the admins' queue; and the dated credentials (below). Exempt from the
// one-writer rules like the rest of the seed's finished history (tests/unit/status-writes.test.ts).
import { createHash } from 'node:crypto'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Tx } from '../db/client.server'
import { eq } from 'drizzle-orm'
import { backgroundCheckEvents, backgroundChecks, files, nurseCredentialEvents, nurseCredentials, nurseProfiles } from '../db/schema'
import { CREDENTIAL_KIND_NAMES, type CredentialKind, type CredentialStatus } from '../domain/verification/credential-life-cycle'
import { addDays } from '../domain/time/shift-times'
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

// The demo's dated credentials (docs/decisions/0062), written as the license registry and the
// demo admin would have left them. Every approved nurse has her licenses (current by the built-in
// test registry, looked up when she applied), an infant CPR card and her other certificates,
// confirmed by the demo admin from their documents. Two show what can go wrong:
// - EXPIRING_CPR_NURSE's CPR card expires 18 days after the seed's today ('expiring');
// - EXPIRED_LICENSE_NURSE's RN license was looked up again yesterday and the registry said it has
//   expired ('expired', license number 'EXP…' as the test registry's identities go), so she
//   leaves search once the daily lapse job runs.
// Applicants' licenses are looked up; their certificates wait in the admins' queue. Exempt from
// the one-writer rule like the rest of the seed's finished history (tests/unit/status-writes.test.ts).
export const EXPIRING_CPR_NURSE = 'Kaitlyn Olsen'
export const EXPIRED_LICENSE_NURSE = 'Marcus Reed'
/** Days from the seed's today to the expiring CPR card's expiry. */
export const EXPIRING_CPR_DAYS = 18

const DOCUMENT_DATE = new Date('2026-01-01T00:00:00Z')

export interface DemoCredentialNurse {
  nurseProfileId: number
  userId: number
  name: string
  /** Her state (two letters): where her licenses were issued. */
  state: string
  /** The kinds her profile lists (RN, LPN, CNA, NCS, Doula, Other). */
  kinds: readonly string[]
  submittedAt: Date
  /** Null for an applicant: her certificates still wait. */
  verifiedAt: Date | null
}

const CPR_BODIES = ['American Red Cross', 'American Heart Association']
const ISSUERS: Partial<Record<CredentialKind, string>> = {
  NCS: 'Newborn Care Specialist Association',
  Doula: 'DONA International',
}

/** One small PDF per kind, shared by every nurse's file row (each row is her own file). */
async function documentBytes(kind: CredentialKind): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(CREDENTIAL_KIND_NAMES[kind])
  doc.setProducer('Nightlight demo data')
  doc.setCreator('Nightlight demo data')
  doc.setCreationDate(DOCUMENT_DATE)
  doc.setModificationDate(DOCUMENT_DATE)
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([420, 260])
  page.drawText(CREDENTIAL_KIND_NAMES[kind], { x: 24, y: 210, size: 18, font })
  page.drawText('Demo document: not a real certificate.', { x: 24, y: 40, size: 10, font })
  return doc.save()
}

interface Planned {
  nurse: DemoCredentialNurse
  kind: CredentialKind
  number: string | null
  issuer: string
  expiresOn: string | null
  status: CredentialStatus
  lookupOutcome: 'active' | 'expired' | null
  listedAt: Date
  checkedAt: Date | null
  byAdmin: boolean
  /** A second lookup that moved it (the expired license). */
  relookedAt: Date | null
}

export async function insertDemoCredentials(tx: Tx, nurses: DemoCredentialNurse[], adminId: number, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10)
  const planned: Planned[] = []
  for (const nurse of nurses) {
    const n = nurse.nurseProfileId
    const listedAt = new Date(nurse.submittedAt.getTime() - DAY_MS)
    const registryAt = new Date(listedAt.getTime() + 60_000)
    const adminAt = nurse.verifiedAt ? new Date(nurse.verifiedAt.getTime() - 3600_000) : null
    const kinds = nurse.kinds.filter((kind): kind is CredentialKind => kind !== 'Other')
    for (const kind of kinds) {
      if (kind === 'RN' || kind === 'LPN') {
        const expired = nurse.name === EXPIRED_LICENSE_NURSE && kind === 'RN'
        planned.push({
          nurse,
          kind,
          number: `${expired ? 'EXP' : kind}${String(204_000 + n * 37).padStart(6, '0')}`,
          issuer: nurse.state,
          expiresOn: expired ? addDays(today, -12) : addDays(today, 240 + ((n * 53) % 480)),
          status: expired ? 'expired' : 'current',
          lookupOutcome: expired ? 'expired' : 'active',
          listedAt,
          checkedAt: expired ? new Date(now.getTime() - DAY_MS) : registryAt,
          byAdmin: false,
          relookedAt: expired ? new Date(now.getTime() - DAY_MS) : null,
        })
        continue
      }
      planned.push({
        nurse,
        kind,
        number: kind === 'CNA' ? `CNA${String(88_000 + n * 11)}` : null,
        issuer: kind === 'CNA' ? `${nurse.state} Nurse Aide Registry` : (ISSUERS[kind] ?? 'Issuing body'),
        expiresOn: kind === 'CNA' ? addDays(today, 300 + ((n * 29) % 400)) : null,
        status: adminAt ? 'current' : 'submitted',
        lookupOutcome: null,
        listedAt,
        checkedAt: adminAt,
        byAdmin: adminAt !== null,
        relookedAt: null,
      })
    }
    // Every nurse's infant CPR card (an applicant's waits with her other certificates).
    const expiring = nurse.name === EXPIRING_CPR_NURSE
    planned.push({
      nurse,
      kind: 'CPR',
      number: null,
      issuer: CPR_BODIES[n % CPR_BODIES.length],
      expiresOn: expiring ? addDays(today, EXPIRING_CPR_DAYS) : addDays(today, 90 + ((n * 41) % 600)),
      status: adminAt ? (expiring ? 'expiring' : 'current') : 'submitted',
      lookupOutcome: null,
      listedAt,
      checkedAt: adminAt,
      byAdmin: adminAt !== null,
      relookedAt: null,
    })
  }
  if (planned.length === 0) return

  // Documents for the certificates (a license is looked up, not read from a document).
  const withDocument = planned.filter((item) => item.kind !== 'RN' && item.kind !== 'LPN')
  const bytesByKind = new Map<CredentialKind, Uint8Array>()
  for (const kind of new Set(withDocument.map((item) => item.kind))) bytesByKind.set(kind, await documentBytes(kind))
  const fileIds = withDocument.length
    ? await tx
        .insert(files)
        .values(
          withDocument.map((item) => {
            const bytes = bytesByKind.get(item.kind)!
            return {
              ownerId: item.nurse.userId,
              kind: 'certification' as const,
              mediaType: 'application/pdf',
              sizeBytes: bytes.byteLength,
              sha256: createHash('sha256').update(bytes).digest('hex'),
              bytes,
              createdAt: item.listedAt,
            }
          }),
        )
        .returning({ id: files.id })
    : []
  const documentOf = new Map(withDocument.map((item, i) => [item, fileIds[i].id]))

  const inserted = await tx
    .insert(nurseCredentials)
    .values(
      planned.map((item) => ({
        nurseProfileId: item.nurse.nurseProfileId,
        kind: item.kind,
        number: item.number,
        issuer: item.issuer,
        expiresOn: item.expiresOn,
        documentFileId: documentOf.get(item) ?? null,
        status: item.status,
        lookupOutcome: item.lookupOutcome,
        lookupSource: item.lookupOutcome ? 'test' : null,
        checkedAt: item.checkedAt,
        checkedBy: item.byAdmin ? adminId : null,
        createdAt: item.listedAt,
        updatedAt: item.relookedAt ?? item.checkedAt ?? item.listedAt,
      })),
    )
    .returning({ id: nurseCredentials.id })

  await tx.insert(nurseCredentialEvents).values(
    planned.flatMap((item, i): (typeof nurseCredentialEvents.$inferInsert)[] => {
      const credentialId = inserted[i].id
      const listed = { credentialId, actorId: item.nurse.userId, action: 'listed', toStatus: 'submitted' as const, createdAt: item.listedAt }
      if (item.status === 'submitted') return [listed]
      if (item.byAdmin) {
        return [listed, { credentialId, actorId: adminId, action: 'confirmed', fromStatus: 'submitted' as const, toStatus: item.status, createdAt: item.checkedAt! }]
      }
      const firstLookup = {
        credentialId,
        actorId: null,
        action: 'looked-up',
        fromStatus: 'submitted' as const,
        toStatus: 'current' as const,
        note: 'test: active',
        createdAt: new Date(item.listedAt.getTime() + 60_000),
      }
      if (!item.relookedAt) return [listed, firstLookup]
      return [
        listed,
        firstLookup,
        { credentialId, actorId: null, action: 'looked-up', fromStatus: 'current' as const, toStatus: 'expired' as const, note: `test: expired, expires ${item.expiresOn}`, createdAt: item.relookedAt },
      ]
    }),
  )

  // The registry's answer took the nurse with the expired license out of search and new bookings,
  // as the sweep would have yesterday (the lapse the daily job keeps).
  const lapsedNurses = [...new Set(planned.filter((item) => item.status === 'expired').map((item) => item.nurse))]
  for (const nurse of lapsedNurses) {
    const reasons = [...new Set(planned.filter((item) => item.nurse === nurse && item.status === 'expired').map((item) => `${CREDENTIAL_KIND_NAMES[item.kind]} expired`))]
    await tx
      .update(nurseProfiles)
      .set({ lapsedAt: new Date(now.getTime() - DAY_MS), lapsedReason: reasons.join('; ') })
      .where(eq(nurseProfiles.id, nurse.nurseProfileId))
  }
}
