// Issue 37: the accessibility statement's 'Report a barrier' reaches every admin by e-mail, with the
// address to answer (typed, or the signed-in account's); a report without its description is
// refused with the field's message and sends nothing; one address cannot flood the admins.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { outboxEmails, users } from '../../app/db/schema'
import { getConfig } from '../../app/config.server'
import * as accessibilityPage from '../../app/routes/accessibility'
import { BARRIER_DESCRIPTION_MESSAGE, BARRIER_EMAIL_MESSAGE } from '../../app/schemas/accessibility'
import { TOO_MANY_ATTEMPTS } from '../../app/utils/rate-limit.server'
import { createUser } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const report = (form: Record<string, string>, cookie?: string) => call(accessibilityPage.action, makeRequest('/accessibility', { form, cookie }))

describe('reporting a barrier', () => {
  test('every admin who can sign in receives it, with the page and the address to answer', async () => {
    const admin = await createUser({ role: 'admin' })
    const other = await createUser({ role: 'admin' })
    const suspended = await createUser({ role: 'admin' })
    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id))
    const response = await report({
      description: 'The date picker on the booking page cannot be reached with the Tab key.',
      page: '/book',
      email: 'Reader@Example.com',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ sent: true })
    const mails = await getDb().select().from(outboxEmails)
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([admin.email, other.email].sort())
    expect(mails[0].subject).toBe('Accessibility barrier reported')
    expect(mails[0].textBody).toContain('The date picker on the booking page cannot be reached with the Tab key.')
    expect(mails[0].textBody).toContain('Page: /book')
    expect(mails[0].textBody).toContain('Answer to: reader@example.com')
    expect(mails[0].textBody).toContain('Signed in as: Not signed in')
  })

  test('a signed-in family is answered at her account’s address when she types none', async () => {
    const admin = await createUser({ role: 'admin' })
    const parent = await createUser({ role: 'parent', displayName: 'Dana Whitfield' })
    const response = await report({ description: 'The receipt PDF is not read by my screen reader.' }, await cookieFor(parent.id))
    expect(response.status).toBe(200)
    const [mail] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, admin.email))
    expect(mail.textBody).toContain(`Answer to: ${parent.email}`)
    expect(mail.textBody).toContain('Signed in as: Dana Whitfield (family)')
    expect(mail.textBody).toContain('Page: Not given')
  })

  test('a report without a description, or with an address that is not one, changes nothing and names the field', async () => {
    await createUser({ role: 'admin' })
    const empty = await report({ description: '   ', email: 'reader@example.com' })
    expect(empty.status).toBe(400)
    expect(JSON.stringify(await empty.json())).toContain(BARRIER_DESCRIPTION_MESSAGE)
    const badAddress = await report({ description: 'The menu does not open with Enter.', email: 'not an address' })
    expect(badAddress.status).toBe(400)
    const body = JSON.stringify(await badAddress.json())
    expect(body).toContain(BARRIER_EMAIL_MESSAGE)
    // What was typed comes back with the error, so nothing is lost.
    expect(body).toContain('The menu does not open with Enter.')
    expect(await getDb().select().from(outboxEmails)).toHaveLength(0)
  })

  test('one address sends at most AUTH_RATE_LIMIT reports an hour; the next is told to wait', async () => {
    await createUser({ role: 'admin' })
    const limit = getConfig().AUTH_RATE_LIMIT
    for (let i = 0; i < limit; i++) expect((await report({ description: `Barrier number ${i + 1} on the search page.` })).status).toBe(200)
    const refused = await report({ description: 'One report too many from this address.' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(JSON.stringify(await refused.json())).toContain(TOO_MANY_ATTEMPTS)
    expect(await getDb().select().from(outboxEmails)).toHaveLength(limit)
  })
})
