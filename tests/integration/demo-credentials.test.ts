// The demo's dated credentials (docs/decisions/0062): every approved nurse has current licenses
// and a CPR card, her certificates confirmed by the demo admin; one CPR card expires within a
// month of the seed's today; one approved nurse's RN license the registry says has expired;
// applicants' certificates wait in the admins' queue. Each credential's log agrees with its status.
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { getDatabase, openPglite, setDatabase, type DatabaseHandle } from '../../app/db/client.server'
import { nurseCredentialEvents, nurseCredentials, nurseProfiles, users } from '../../app/db/schema'
import { EXPIRED_LICENSE_NURSE, EXPIRING_CPR_DAYS, EXPIRING_CPR_NURSE } from '../../app/demo/demo-checks.server'
import { DEMO_ADMIN_EMAIL, seedDemoData } from '../../app/demo/seed.server'
import { canChangeCredential, daysUntil, type CredentialCause } from '../../app/domain/verification/credential-life-cycle'
import { listCredentialsToConfirm, listNurseCredentials } from '../../app/domain/verification/credentials.server'
import { refreshListing } from '../../app/domain/verification/listing.server'
import { searchNurses } from '../../app/domain/nurses/nurses.server'

const NOW = new Date('2026-11-28T15:00:00Z')
const TODAY = '2026-11-28'
let database: DatabaseHandle

// The demo has its own database; the domain's reads run on it only inside `onDemo` (the worker's
// own database is emptied before every test).
beforeAll(async () => {
  database = openPglite()
  await database.migrate()
  await seedDemoData(database.db, { now: NOW })
}, 120_000)

afterAll(async () => {
  await database?.close()
}, 60_000)

async function onDemo<T>(work: () => Promise<T>): Promise<T> {
  const previous = getDatabase()
  setDatabase(database)
  try {
    return await work()
  } finally {
    setDatabase(previous)
  }
}

async function credentialsOfNurse(name: string) {
  const [nurse] = await database.db
    .select({ id: nurseProfiles.id, timeZone: nurseProfiles.timezone })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(users.displayName, name))
  return onDemo(() => listNurseCredentials(nurse.id, { today: TODAY, timeZone: nurse.timeZone }))
}

it('gives every approved nurse a valid CPR card, and licenses for the ones she lists', { timeout: 60_000 }, async () => {
  const rows = await database.db
    .select({ name: users.displayName, listed: nurseProfiles.credentials, kind: nurseCredentials.kind, status: nurseCredentials.status })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .leftJoin(nurseCredentials, eq(nurseCredentials.nurseProfileId, nurseProfiles.id))
    .where(eq(nurseProfiles.verificationStatus, 'approved'))
  const byNurse = new Map<string, typeof rows>()
  for (const row of rows) byNurse.set(row.name, [...(byNurse.get(row.name) ?? []), row])
  expect(byNurse.size).toBeGreaterThan(30)
  for (const [name, own] of byNurse) {
    const cpr = own.filter((row) => row.kind === 'CPR')
    expect(cpr.map((row) => row.status), name).toEqual([name === EXPIRING_CPR_NURSE ? 'expiring' : 'current'])
    for (const kind of own[0].listed.filter((listed) => listed !== 'Other')) {
      const expected = name === EXPIRED_LICENSE_NURSE && kind === 'RN' ? 'expired' : 'current'
      expect(own.filter((row) => row.kind === kind).map((row) => row.status), `${name} ${kind}`).toEqual([expected])
    }
  }
})

it(`shows ${EXPIRING_CPR_NURSE}'s CPR card expiring and ${EXPIRED_LICENSE_NURSE}'s RN license expired`, async () => {
  const cpr = (await credentialsOfNurse(EXPIRING_CPR_NURSE)).find((credential) => credential.kind === 'CPR')!
  expect(daysUntil(cpr.expiresOn!, TODAY)).toBe(EXPIRING_CPR_DAYS)
  expect(cpr.standing).toMatchObject({ label: 'current', tone: 'soon' })
  const rn = (await credentialsOfNurse(EXPIRED_LICENSE_NURSE)).find((credential) => credential.kind === 'RN')!
  expect(rn).toMatchObject({ status: 'expired', lookupOutcome: 'expired', lookupSource: 'test' })
  expect(rn.number).toMatch(/^EXP/)
  expect(rn.standing.label).toBe('Expired')
  // The admins see it among the licenses the registry refused.
  expect((await onDemo(() => listCredentialsToConfirm())).refused.rows.map((row) => row.nurseName)).toContain(EXPIRED_LICENSE_NURSE)
  // From the first start, he is out of search and new bookings, and the sweep agrees.
  const [marcus] = await database.db
    .select({ id: nurseProfiles.id, lapsedReason: nurseProfiles.lapsedReason })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(users.displayName, EXPIRED_LICENSE_NURSE))
  expect(marcus.lapsedReason).toBe('RN license expired')
  const listed = await onDemo(() => searchNurses({ location: 'Chicago, IL', limit: 50, offset: 0 }))
  expect(listed.map((nurse) => nurse.displayName)).not.toContain(EXPIRED_LICENSE_NURSE)
  expect(await onDemo(() => refreshListing(marcus.id, NOW))).toBe('unchanged')
})

it("puts the applicants' certificates in the admins' queue, and the approved nurses' certificates confirmed by the demo admin", async () => {
  const { waiting } = await onDemo(() => listCredentialsToConfirm())
  expect(waiting.totalRows).toBeGreaterThan(0)
  const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL))
  const confirmed = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(nurseCredentials)
    .where(eq(nurseCredentials.checkedBy, admin.id))
  expect(Number(confirmed[0].n)).toBeGreaterThan(40)
})

it("keeps a log that the credential life cycle allows, ending at each one's status", async () => {
  const credentials = await database.db.select().from(nurseCredentials)
  const events = await database.db.select().from(nurseCredentialEvents).orderBy(asc(nurseCredentialEvents.id))
  expect(credentials.length).toBeGreaterThan(100)
  for (const credential of credentials) {
    const own = events.filter((event) => event.credentialId === credential.id)
    expect(own[0]).toMatchObject({ action: 'listed', toStatus: 'submitted' })
    for (const event of own.slice(1)) {
      const cause: CredentialCause = event.action === 'confirmed' ? 'admin' : 'registry'
      expect(canChangeCredential(event.fromStatus!, event.toStatus!, cause), `${credential.id} ${event.action}`).toBe(true)
    }
    expect(own.at(-1)!.toStatus).toBe(credential.status)
  }
})
