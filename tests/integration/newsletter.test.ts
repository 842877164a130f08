// 'Join Our List' (the footer's form and /newsletter, issue 37): an address is kept once; a refused
// one keeps nothing; one place cannot fill the list with made-up addresses.
import { describe, expect, test } from 'vitest'
import { getConfig } from '../../app/config.server'
import { getDb } from '../../app/db/client.server'
import { newsletterSubscribers } from '../../app/db/schema'
import * as newsletter from '../../app/routes/newsletter'
import { TOO_MANY_ATTEMPTS } from '../../app/utils/rate-limit.server'
import { call, makeRequest } from '../support/fixtures'

const join = (email: string, clientIp = '203.0.113.7') =>
  call(newsletter.action, makeRequest('/newsletter', { form: { email } }), {}, { clientIp })
const addresses = async () => (await getDb().select().from(newsletterSubscribers)).map((row) => row.email).sort()

describe('Join Our List', () => {
  test('an address is kept once, however often it is sent; a refused one keeps nothing', async () => {
    expect((await join('Dana.List@Example.com')).status).toBe(200)
    expect((await join('dana.list@example.com')).status).toBe(200)
    const refused = await join('dana@localhost')
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ ok: false, message: 'Invalid email' })
    expect(await addresses()).toEqual(['dana.list@example.com'])
  })

  test('one place joins at most AUTH_RATE_LIMIT addresses an hour; the next is told to wait and not kept', async () => {
    const limit = getConfig().AUTH_RATE_LIMIT
    for (let i = 0; i < limit; i++) expect((await join(`reader${i}@example.com`, '198.51.100.9')).status).toBe(200)
    const refused = await join('one.too.many@example.com', '198.51.100.9')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await refused.json()).toMatchObject({ ok: false, message: TOO_MANY_ATTEMPTS })
    expect(await addresses()).not.toContain('one.too.many@example.com')
    // Another place is not held back.
    expect((await join('elsewhere@example.com', '198.51.100.10')).status).toBe(200)
  })
})
