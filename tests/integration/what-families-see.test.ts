// What families see of a nurse's checks (issue 35 item 7, docs/decisions/0064): her valid
// credentials beside her profile and her card, never an expired, submitted, rejected or revoked
// one, never a number; 'RN or LPN only' in the search, on the domain function, the /_api call and
// the /search page, with the nearby search's prepared rings and without a place.
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { changeCredentialStatus, createCredential } from '../../app/domain/verification/credential-life-cycle.server'
import type { CredentialKind, CredentialStatus } from '../../app/domain/verification/credential-life-cycle'
import { clearPublicNurseCache, getPublicProfile, searchNurses } from '../../app/domain/nurses/nurses.server'
import * as searchApi from '../../app/api/nurses.search'
import * as profileApi from '../../app/api/nurses.public-profile'
import * as profilePage from '../../app/routes/nurse.$slug'
import * as searchPage from '../../app/routes/search'
import { createBackgroundCheck, createNurse } from '../support/factories'
import { call, makeRequest } from '../support/fixtures'

const now = new Date('2026-03-13T02:00:00Z')

/** A credential as the one writer leaves it: listed, then answered by a registry (licenses) or an admin. */
async function addCredential(
  nurseProfileId: number,
  kind: CredentialKind,
  options: { status?: CredentialStatus; issuer?: string; expiresOn?: string | null; checkedAt?: Date } = {},
) {
  const status = options.status ?? 'current'
  const credential = await createCredential(getDb(), {
    nurseProfileId,
    kind,
    number: `SECRET-${kind}-${nurseProfileId}`,
    issuer: options.issuer ?? (kind === 'RN' || kind === 'LPN' ? 'MA' : 'American Heart Association'),
    expiresOn: options.expiresOn === undefined ? '2027-10-31' : options.expiresOn,
    documentFileId: null,
    actorId: null,
    now,
  })
  if (status === 'submitted') return credential.id
  const cause = status === 'revoked' || status === 'expired' || kind === 'RN' || kind === 'LPN' ? 'registry' : 'admin'
  const changed = await changeCredentialStatus(getDb(), {
    credentialId: credential.id,
    to: status,
    cause,
    actorId: null,
    action: 'test',
    values: { checkedAt: options.checkedAt ?? now, lookupOutcome: cause === 'registry' ? 'active' : null },
    now,
  })
  expect(changed).toBe(true)
  return credential.id
}

beforeEach(() => {
  clearPublicNurseCache()
})

describe('a profile', () => {
  test('shows her valid credentials, licenses first, dated on her own day, and none of the others', async () => {
    const nurse = await createNurse({ name: 'Rosa Vega' })
    await addCredential(nurse.id, 'CPR', { status: 'expiring', expiresOn: '2026-04-01' })
    await addCredential(nurse.id, 'RN', { issuer: 'MA', expiresOn: '2027-10-31' })
    await addCredential(nurse.id, 'NCS', { issuer: 'NCSA', expiresOn: null })
    await addCredential(nurse.id, 'LPN', { status: 'expired', expiresOn: '2026-01-01' })
    await addCredential(nurse.id, 'Doula', { status: 'submitted' })
    await addCredential(nurse.id, 'CNA', { status: 'rejected' })
    await addCredential(nurse.id, 'RN', { status: 'revoked', issuer: 'NH' })

    const profile = await getPublicProfile(nurse.slug)
    // 02:00 UTC on 13 March is the evening of the 12th in Boston, where she lives: the day shown is hers.
    expect(profile?.shownCredentials).toEqual([
      { kind: 'RN', issuer: 'MA', expiresOn: '2027-10-31', checkedOn: '2026-03-12' },
      { kind: 'NCS', issuer: 'NCSA', expiresOn: null, checkedOn: '2026-03-12' },
      { kind: 'CPR', issuer: 'American Heart Association', expiresOn: '2026-04-01', checkedOn: '2026-03-12' },
    ])

    // The page's loader and the public call carry them, and never a number.
    for (const response of [
      await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}`), { slug: nurse.slug }),
      await call(profileApi.loader, makeRequest(`/_api/nurses/public-profile?slug=${nurse.slug}`)),
    ]) {
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text).toContain('"issuer":"MA"')
      expect(text).not.toContain('SECRET-')
    }
  })

  test('a nurse without credentials or check shows none', async () => {
    const nurse = await createNurse()
    const profile = await getPublicProfile(nurse.slug)
    expect(profile?.shownCredentials).toEqual([])
    expect(profile?.backgroundCheckOn).toBeNull()
  })
})

describe('search cards', () => {
  test('carry her background check day and her valid license, RN before LPN, on every kind of search', async () => {
    const rn = await createNurse({ name: 'Ada Reyes' })
    await addCredential(rn.id, 'LPN')
    await addCredential(rn.id, 'RN')
    await createBackgroundCheck(rn.id, { completedAt: new Date('2026-02-10T12:00:00Z') })
    const lapsed = await createNurse({ name: 'Bea Stone' })
    await addCredential(lapsed.id, 'RN', { status: 'expired', expiresOn: '2026-01-01' })
    await addCredential(lapsed.id, 'CPR')

    const byId = (cards: { id: number; license: string | null; backgroundCheckOn: string | null }[]) =>
      Object.fromEntries(cards.map((card) => [card.id, { license: card.license, backgroundCheckOn: card.backgroundCheckOn }]))
    const expected = {
      [rn.id]: { license: 'RN', backgroundCheckOn: '2026-02-10' },
      [lapsed.id]: { license: null, backgroundCheckOn: null },
    }
    // Without a place, and near a place (the prepared rings, then the box).
    expect(byId(await searchNurses({ limit: 12, offset: 0 }))).toEqual(expected)
    expect(byId(await searchNurses({ location: 'Boston, MA', limit: 12, offset: 0 }))).toEqual(expected)
    expect(byId(await searchNurses({ location: '02116', limit: 1, offset: 1 }))).toEqual({ [lapsed.id]: expected[lapsed.id] })
  })
})

describe("'RN or LPN only'", () => {
  async function fourNurses() {
    const rn = await createNurse({ name: 'Cora Lind' })
    await addCredential(rn.id, 'RN')
    const lpn = await createNurse({ name: 'Dana Moss' })
    await addCredential(lpn.id, 'LPN', { status: 'expiring', expiresOn: '2026-04-01' })
    const cprOnly = await createNurse({ name: 'Eve Park' })
    await addCredential(cprOnly.id, 'CPR')
    await addCredential(cprOnly.id, 'RN', { status: 'submitted' })
    const lapsed = await createNurse({ name: 'Fay Quinn' })
    await addCredential(lapsed.id, 'RN', { status: 'expired', expiresOn: '2026-01-01' })
    await addCredential(lapsed.id, 'LPN', { status: 'rejected' })
    return { rn, lpn, cprOnly, lapsed }
  }

  test('keeps the nurses with a valid RN or LPN license, with and without a place', async () => {
    const { rn, lpn } = await fourNurses()
    const ids = (cards: { id: number }[]) => cards.map((card) => card.id)
    expect(ids(await searchNurses({ licensed: true, limit: 12, offset: 0 }))).toEqual([rn.id, lpn.id])
    expect(ids(await searchNurses({ licensed: true, location: 'Boston, MA 02116', limit: 12, offset: 0 }))).toEqual([rn.id, lpn.id])
    expect(ids(await searchNurses({ licensed: true, location: 'Boston, MA 02116', limit: 1, offset: 1 }))).toEqual([lpn.id])
    expect(ids(await searchNurses({ licensed: true, location: 'MA', limit: 12, offset: 0 }))).toEqual([rn.id, lpn.id])
    expect(await searchNurses({ location: 'Boston, MA', limit: 12, offset: 0 })).toHaveLength(4)
  })

  test('on /_api/nurses/search: licensed=1 filters, 0 or nothing does not, anything else is refused', async () => {
    const { rn, lpn } = await fourNurses()
    const search = async (query: string) => {
      const response = await call(searchApi.loader, makeRequest(`/_api/nurses/search?${query}`))
      return { status: response.status, body: (await response.json()) as { nurses?: { id: number; license: string | null }[]; error?: string } }
    }
    const licensed = await search('licensed=1&location=Boston,%20MA')
    expect(licensed.body.nurses?.map((nurse) => [nurse.id, nurse.license])).toEqual([
      [rn.id, 'RN'],
      [lpn.id, 'LPN'],
    ])
    expect((await search('licensed=true')).body.nurses).toHaveLength(2)
    expect((await search('licensed=0')).body.nurses).toHaveLength(4)
    expect((await search('licensed=')).body.nurses).toHaveLength(4)
    expect((await search('unknownFilter=1')).body.nurses).toHaveLength(4)
    expect(await search('licensed=maybe')).toEqual({ status: 400, body: expect.objectContaining({ error: "'RN or LPN only' (licensed) must be 1 or 0" }) })
  })

  test('on /search, a plain GET form: the box stays ticked and the page links keep it', async () => {
    const { rn, lpn } = await fourNurses()
    const response = await call(searchPage.loader, makeRequest('/search?location=Boston%2C+MA&licensed=1'))
    expect(response.status).toBe(200)
    const page = (await response.json()) as { nurses: { id: number }[]; form: Record<string, string>; filters: { licensed?: boolean } }
    expect(page.nurses.map((nurse) => nurse.id)).toEqual([rn.id, lpn.id])
    expect(page.form.licensed).toBe('1')
    expect(page.filters.licensed).toBe(true)
  })
})
