// "Forgot password?" (docs/decisions/0009): the link by e-mail, used once within the hour, sets
// the new password and signs the account out everywhere; asking says nothing about who is a member.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { outboxEmails, passwordResetTokens, sessions } from '../../app/db/schema'
import { verifyPasswordLogin } from '../../app/domain/accounts/auth.server'
import { RESET_REQUESTED_MESSAGE } from '../../app/domain/accounts/password-reset'
import * as forgotPage from '../../app/routes/forgot-password'
import * as resetPage from '../../app/routes/reset-password'
import { createUser } from '../support/factories'
import { call, cookieFor, cookieFromResponse, makeRequest } from '../support/fixtures'

const OLD_PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a brand new passphrase'

async function askForLink(email: string) {
  return call(forgotPage.action, makeRequest('/forgot-password', { form: { email } }))
}

async function linkSentTo(email: string) {
  const mails = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, email))
  expect(mails).toHaveLength(1)
  expect(mails[0].subject).toBe('Reset your Nightlight password')
  const url = mails[0].textBody.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0]
  expect(url).toBeTruthy()
  return new URL(url!)
}

function reset(url: URL, newPassword = NEW_PASSWORD, confirmPassword = newPassword) {
  return call(
    resetPage.action,
    makeRequest(`${url.pathname}${url.search}`, {
      form: { token: url.searchParams.get('token')!, newPassword, confirmPassword },
    }),
  )
}

describe('resetting a forgotten password', () => {
  test('the e-mailed link sets a new password once, signs in here and signs out everywhere else', async () => {
    const parent = await createUser({ password: OLD_PASSWORD })
    const elsewhere = await cookieFor(parent.id)

    const asked = await askForLink(parent.email.toUpperCase())
    expect(asked.status).toBe(200)
    expect(await asked.json()).toMatchObject({ sent: true })
    const url = await linkSentTo(parent.email)

    const page = await call(resetPage.loader, makeRequest(`${url.pathname}${url.search}`))
    expect(page.status).toBe(200)

    const done = await reset(url)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/parent/dashboard')
    const cookie = cookieFromResponse(done)
    expect(cookie).toBeTruthy()

    expect(await verifyPasswordLogin(parent.email, OLD_PASSWORD)).toBeNull()
    expect(await verifyPasswordLogin(parent.email, NEW_PASSWORD)).toMatchObject({ id: parent.id })
    // Only the session the reset just started is left: the one from before is gone.
    const left = await getDb().select().from(sessions).where(eq(sessions.userId, parent.id))
    expect(left).toHaveLength(1)
    expect(elsewhere).not.toBe(cookie)

    // The link is spent.
    const again = await reset(url, 'yet another passphrase')
    expect(again.status).toBe(410)
    expect(await verifyPasswordLogin(parent.email, NEW_PASSWORD)).toMatchObject({ id: parent.id })
    expect((await call(resetPage.loader, makeRequest(`${url.pathname}${url.search}`))).status).toBe(410)
  })

  test('an address without an account gets the same answer and no e-mail', async () => {
    const asked = await askForLink('nobody-here@example.com')
    expect(asked.status).toBe(200)
    expect(await asked.json()).toMatchObject({ sent: true })
    expect(await getDb().select().from(outboxEmails)).toHaveLength(0)
    expect(RESET_REQUESTED_MESSAGE).toMatch(/^If an account uses that e-mail/)
  })

  test('a link older than an hour no longer works', async () => {
    const parent = await createUser({ password: OLD_PASSWORD })
    await askForLink(parent.email)
    const url = await linkSentTo(parent.email)
    await getDb()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, parent.id))
    expect((await reset(url)).status).toBe(410)
    expect(await verifyPasswordLogin(parent.email, OLD_PASSWORD)).toMatchObject({ id: parent.id })
  })

  test('a mistyped confirmation or a short password changes nothing and keeps the link usable', async () => {
    const parent = await createUser({ password: OLD_PASSWORD })
    await askForLink(parent.email)
    const url = await linkSentTo(parent.email)
    expect((await reset(url, NEW_PASSWORD, 'something else')).status).toBe(400)
    expect((await reset(url, 'short')).status).toBe(400)
    expect(await verifyPasswordLogin(parent.email, OLD_PASSWORD)).toMatchObject({ id: parent.id })
    expect((await reset(url)).status).toBe(302)
  })

  test('a made-up token is refused', async () => {
    const fake = new URL('http://localhost/reset-password?token=not-a-real-token-at-all-0123456789')
    expect((await reset(fake)).status).toBe(410)
    expect((await call(resetPage.loader, makeRequest('/reset-password'))).status).toBe(410)
  })

  test('a bad e-mail answers 400, and asking too often for one address is limited', async () => {
    expect((await askForLink('not an email')).status).toBe(400)
    const parent = await createUser()
    const answers = []
    for (let i = 0; i < 5; i++) answers.push((await askForLink(parent.email)).status)
    expect(answers).toContain(429)
    const mails = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, parent.email))
    expect(mails.length).toBeLessThan(5)
  })
})
