// /search's last page (issue 37's second round found it): a page of exactly twelve nurses offered a
// 'Next page' to an empty page. The page asks for one nurse more than it shows, so it knows.
import { describe, expect, test } from 'vitest'
import { clearPublicNurseCache } from '../../app/domain/nurses/nurses.server'
import * as searchPage from '../../app/routes/search'
import { createNurse } from '../support/factories'
import { call, makeRequest } from '../support/fixtures'

async function searchPageOf(query: string) {
  clearPublicNurseCache()
  const response = await call(searchPage.loader, makeRequest(`/search?${query}`))
  return (await response.json()) as { nurses: { id: number }[]; more: boolean }
}

describe('the last page of a search', () => {
  test('twelve nurses fill one page and no next page is offered; a thirteenth brings one', async () => {
    for (let i = 0; i < 12; i++) await createNurse({ baseLocation: 'Boise, ID 83702', timezone: 'America/Boise' })
    const full = await searchPageOf('location=Boise%2C%20ID')
    expect(full.nurses).toHaveLength(12)
    expect(full.more).toBe(false)
    await createNurse({ baseLocation: 'Boise, ID 83702', timezone: 'America/Boise' })
    const first = await searchPageOf('location=Boise%2C%20ID')
    expect(first.nurses).toHaveLength(12)
    expect(first.more).toBe(true)
    const second = await searchPageOf('location=Boise%2C%20ID&page=2')
    expect(second.nurses).toHaveLength(1)
    expect(second.more).toBe(false)
  })
})
