// The one writer of a background check's status (docs/decisions/0061): a change the table holds is
// made once and logged with who and when; one it does not hold, or one another writer made first,
// writes nothing.
import { asc, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { backgroundCheckEvents, backgroundChecks } from '../../app/db/schema'
import { changeCheckStatus, createCheck } from '../../app/domain/verification/check-life-cycle.server'
import { createNurse, createUser } from '../support/factories'

test('a check is ordered, completed by the provider and decided by an admin, each step logged once', async () => {
  const nurse = await createNurse({ status: 'pending' })
  const admin = await createUser({ role: 'admin' })
  const db = getDb()
  const now = new Date('2026-03-02T12:00:00Z')
  const check = await createCheck(db, {
    nurseProfileId: nurse.id,
    provider: 'test',
    candidateId: 'cand_1',
    invitationId: 'inv_1',
    invitationUrl: null,
    consentName: nurse.name,
    consentedAt: now,
    actorId: nurse.userId,
    now,
  })
  expect(check.status).toBe('invited')
  const change = (to: 'needs_review' | 'approved' | 'pending', cause: 'provider' | 'admin-approve', actorId: number | null) =>
    changeCheckStatus(db, { checkId: check.id, to, cause, actorId, action: `to-${to}`, now })

  expect(await change('needs_review', 'provider', null)).toBe(true)
  // The same delivery again, and a late 'pending': neither writes.
  expect(await change('needs_review', 'provider', null)).toBe(false)
  expect(await change('pending', 'provider', null)).toBe(false)
  // The provider cannot approve; an admin can.
  expect(await change('approved', 'provider', null)).toBe(false)
  expect(await change('approved', 'admin-approve', admin.id)).toBe(true)

  const [row] = await db.select().from(backgroundChecks).where(eq(backgroundChecks.id, check.id))
  expect(row.status).toBe('approved')
  const events = await db.select().from(backgroundCheckEvents).where(eq(backgroundCheckEvents.checkId, check.id)).orderBy(asc(backgroundCheckEvents.id))
  expect(events.map(({ action, actorId, fromStatus, toStatus }) => ({ action, actorId, fromStatus, toStatus }))).toEqual([
    { action: 'ordered', actorId: nurse.userId, fromStatus: null, toStatus: 'invited' },
    { action: 'to-needs_review', actorId: null, fromStatus: 'invited', toStatus: 'needs_review' },
    { action: 'to-approved', actorId: admin.id, fromStatus: 'needs_review', toStatus: 'approved' },
  ])
  expect(events.every((event) => event.createdAt.getTime() === now.getTime())).toBe(true)
})
