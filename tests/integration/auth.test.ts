import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { users } from '../../app/db/schema'
import {
  createOAuthTempToken,
  createSession,
  getUserBySessionToken,
  SESSION_TTL_MS,
} from '../../app/domain/accounts/auth.server'
import * as establishSession from '../../app/api/auth.establish_session'
import * as loginApi from '../../app/api/auth.login_with_password'
import * as logoutApi from '../../app/api/auth.logout'
import * as registerApi from '../../app/api/auth.register_with_password'
import * as sessionApi from '../../app/api/auth.session'
import * as loginPage from '../../app/routes/login'
import * as registerPage from '../../app/routes/register'
import { requireAdmin, requireNurse, requireParentOrAdmin } from '../../app/utils/session.server'
import { createNurse, createUser, DEFAULT_PASSWORD } from '../support/factories'
import { call, cookieFor, cookieFromResponse, makeRequest } from '../support/fixtures'

// The password of every account createUser makes.
const PASSWORD = DEFAULT_PASSWORD

async function userCount() {
  const [row] = await getDb().select({ n: count() }).from(users)
  return row.n
}

describe('password sign-in', () => {
  test('a parent logs in through the call and the session call then knows them', async () => {
    const parent = await createUser({ email: 'pat@example.com' })
    const response = await call(
      loginApi.action,
      makeRequest('/_api/auth/login_with_password', { body: { email: 'PAT@example.com', password: PASSWORD } }),
    )
    expect(response.status).toBe(200)
    expect((await response.json()).user).toMatchObject({ id: parent.id, role: 'parent' })
    const me = await call(sessionApi.loader, makeRequest('/_api/auth/session', { cookie: cookieFromResponse(response) }))
    expect(me.status).toBe(200)
    expect((await me.json()).user.email).toBe('pat@example.com')
  })

  test('a wrong password answers 401 with the message and sets no cookie', async () => {
    await createUser({ email: 'pat@example.com' })
    const response = await call(
      loginApi.action,
      makeRequest('/_api/auth/login_with_password', { body: { email: 'pat@example.com', password: 'nope' } }),
    )
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'Invalid email or password', message: 'Invalid email or password' })
    expect(response.headers.get('Set-Cookie')).toBeNull()
  })

  test.each([
    [{ email: 'not-an-email', password: 'x' }, 'Email is required'],
    [{ email: 'pat@example.com', password: '' }, 'Password is required'],
    [{}, 'Email is required'],
  ])('bad login input %j answers 400 with "%s"', async (body, message) => {
    const response = await call(loginApi.action, makeRequest('/_api/auth/login_with_password', { body }))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: message, message })
  })

  test('a body that is not JSON answers 400, never 500', async () => {
    const response = await call(
      loginApi.action,
      makeRequest('/_api/auth/login_with_password', { body: '{not json', headers: { 'Content-Type': 'application/json' } }),
    )
    expect(response.status).toBe(400)
  })

  test('the eleventh attempt on one e-mail from one address within 15 minutes answers 429', async () => {
    await createUser({ email: 'pat@example.com' })
    const attempt = () =>
      call(loginApi.action, makeRequest('/_api/auth/login_with_password', { body: { email: 'pat@example.com', password: 'wrong' } }))
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401)
    const blocked = await attempt()
    expect(blocked.status).toBe(429)
    expect((await blocked.json()).error).toBe('Too many attempts. Please wait a few minutes and try again.')
    expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/)
  })

  // The lock-out policy (docs/decisions/0016): per e-mail and address, and more slowly per e-mail.
  const attemptFrom = (ip: string, password: string) =>
    call(
      loginApi.action,
      makeRequest('/_api/auth/login_with_password', { body: { email: 'pat@example.com', password } }),
      {},
      { clientIp: ip },
    )

  test("a stranger's wrong passwords from one address do not lock out the owner signing in from another", async () => {
    await createUser({ email: 'pat@example.com' })
    const statuses = []
    for (let i = 0; i < 15; i++) statuses.push((await attemptFrom('198.51.100.66', 'wrong')).status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(5).fill(429))
    expect((await attemptFrom('203.0.113.20', PASSWORD)).status).toBe(200)
  })

  test('a successful sign-in starts its address count afresh', async () => {
    await createUser({ email: 'pat@example.com' })
    for (let i = 0; i < 9; i++) expect((await attemptFrom('203.0.113.20', 'wrong')).status).toBe(401)
    expect((await attemptFrom('203.0.113.20', PASSWORD)).status).toBe(200)
    for (let i = 0; i < 9; i++) expect((await attemptFrom('203.0.113.20', 'wrong')).status).toBe(401)
  })

  // Issue 33 point 7 (decision 0046): what many addresses send slows an account down, and never
  // locks its owner out.
  const wrongFromFiveAddresses = async () => {
    // AUTH_RATE_LIMIT is 10 in tests: each address tries ten wrong passwords, its pair's limit.
    for (let a = 1; a <= 5; a++) {
      for (let i = 0; i < 10; i++) expect((await attemptFrom(`198.51.100.${a}`, 'wrong')).status).toBe(401)
    }
  }

  test('after five addresses each try ten wrong passwords, the right password from a sixth address signs in', async () => {
    await createUser({ email: 'pat@example.com' })
    await wrongFromFiveAddresses()
    const owner = await attemptFrom('203.0.113.20', PASSWORD)
    expect(owner.status).toBe(200)
    expect(owner.headers.get('Set-Cookie')).toContain('__session=')
  })

  test('after the attack, each attacking address is locked out of that account, even with the right password', async () => {
    await createUser({ email: 'pat@example.com' })
    await wrongFromFiveAddresses()
    for (let a = 1; a <= 5; a++) {
      const pair = await attemptFrom(`198.51.100.${a}`, PASSWORD)
      expect(pair.status).toBe(429)
      expect(pair.headers.get('Retry-After')).toMatch(/^\d+$/)
    }
  })

  test('an address that guesses across accounts is locked for every account', async () => {
    for (const name of ['a', 'b', 'c', 'd']) await createUser({ email: `${name}@example.com` })
    const from = (email: string, password: string) =>
      call(
        loginApi.action,
        makeRequest('/_api/auth/login_with_password', { body: { email, password } }),
        {},
        { clientIp: '198.51.100.99' },
      )
    // Thirty attempts an address in 15 minutes (three times AUTH_RATE_LIMIT), ten per account.
    for (const name of ['a', 'b', 'c']) {
      for (let i = 0; i < 10; i++) expect((await from(`${name}@example.com`, 'wrong')).status).toBe(401)
    }
    expect((await from('d@example.com', PASSWORD)).status).toBe(429)
    const elsewhere = await call(
      loginApi.action,
      makeRequest('/_api/auth/login_with_password', { body: { email: 'd@example.com', password: PASSWORD } }),
      {},
      { clientIp: '203.0.113.21' },
    )
    expect(elsewhere.status).toBe(200)
  })

  test('past fifty failures in an hour, attempts on the account take turns a second apart, and the owner still signs in', async () => {
    await createUser({ email: 'pat@example.com' })
    await wrongFromFiveAddresses()
    const started = Date.now()
    const [first, second] = await Promise.all([
      attemptFrom('198.51.100.10', 'wrong'),
      attemptFrom('198.51.100.11', 'wrong'),
    ])
    expect([first.status, second.status]).toEqual([401, 401])
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect((await attemptFrom('203.0.113.20', PASSWORD)).status).toBe(200)
  })
})

describe('logging out', () => {
  test('revokes the session: the old cookie no longer works', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    expect((await call(sessionApi.loader, makeRequest('/_api/auth/session', { cookie }))).status).toBe(200)
    const out = await call(logoutApi.action, makeRequest('/_api/auth/logout', { body: {}, cookie }))
    expect(out.status).toBe(200)
    const after = await call(sessionApi.loader, makeRequest('/_api/auth/session', { cookie }))
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ error: 'Not authenticated' })
  })
})

describe('a session', () => {
  test("names its user, with a nurse's verification status", async () => {
    const nurse = await createNurse({ status: 'pending' })
    const response = await call(sessionApi.loader, makeRequest('/_api/auth/session', { cookie: await cookieFor(nurse.userId) }))
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.user).toMatchObject({ id: nurse.userId, email: nurse.email, role: 'nurse' })
    expect(await getUserBySessionToken('not-a-token')).toBeNull()
  })

  test('stops working once it has expired', async () => {
    const parent = await createUser()
    const token = await createSession(parent.id, new Date(Date.now() - SESSION_TTL_MS - 1000))
    expect(await getUserBySessionToken(token)).toBeNull()
    const fresh = await createSession(parent.id)
    expect(await getUserBySessionToken(fresh)).toMatchObject({ id: parent.id, role: 'parent', nurseVerificationStatus: null })
    expect(await getUserBySessionToken(fresh, new Date(Date.now() + SESSION_TTL_MS + 1000))).toBeNull()
  })
})

describe('registration', () => {
  test('creates a parent and signs them in', async () => {
    const response = await call(
      registerApi.action,
      makeRequest('/_api/auth/register_with_password', {
        body: { email: 'new@example.com', password: 'long enough', displayName: 'New Parent', role: 'parent' },
      }),
    )
    expect(response.status).toBe(200)
    expect((await response.json()).user).toMatchObject({ role: 'parent', displayName: 'New Parent' })
    expect(response.headers.get('Set-Cookie')).toContain('__session=')
  })

  test('never grants admin', async () => {
    const before = await userCount()
    const response = await call(
      registerApi.action,
      makeRequest('/_api/auth/register_with_password', {
        body: { email: 'sneaky@example.com', password: 'long enough', displayName: 'Sneaky', role: 'admin' },
      }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Please select either Nurse or Parent')
    expect(await userCount()).toBe(before)
  })

  test('an e-mail in use answers 409 "Email already in use" whatever its case', async () => {
    await createUser({ email: 'taken@example.com' })
    const response = await call(
      registerApi.action,
      makeRequest('/_api/auth/register_with_password', {
        body: { email: 'Taken@Example.com', password: 'long enough', displayName: 'Again', role: 'parent' },
      }),
    )
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ error: 'Email already in use', message: 'Email already in use' })
  })

  test.each([
    [{ email: 'a@example.com', password: 'short', displayName: 'A', role: 'parent' }, 'Password must be at least 8 characters'],
    [{ email: 'a@example.com', password: 'long enough', displayName: '', role: 'parent' }, 'Name is required'],
    [{ email: 'a@example.com', password: 'long enough', displayName: 'A', role: 'nanny' }, 'Please select either Nurse or Parent'],
  ])('bad registration %j answers 400 "%s" and creates nobody', async (body, message) => {
    const response = await call(registerApi.action, makeRequest('/_api/auth/register_with_password', { body }))
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe(message)
    expect(await userCount()).toBe(0)
  })

  test('the register page says the friendlier text for an e-mail in use', async () => {
    await createUser({ email: 'taken@example.com' })
    const response = await call(
      registerPage.action,
      makeRequest('/register', { form: { email: 'taken@example.com', password: 'long enough', displayName: 'X' } }),
    )
    expect(response.status).toBe(409)
    const body = await response.json()
    expect(body.emailInUse).toBe(true)
    expect(body.result.error['']).toEqual(['This email is already registered. Please try logging in instead.'])
  })

  test('the register page always registers a parent, even when the form says admin or nurse', async () => {
    const response = await call(
      registerPage.action,
      makeRequest('/register', { form: { email: 'x@example.com', password: 'long enough', displayName: 'X', role: 'admin' } }),
    )
    expect(response.status).toBe(302)
    const [user] = await getDb().select().from(users).where(eq(users.email, 'x@example.com'))
    expect(user.role).toBe('parent')
  })
})

describe('where a signed-in user is sent', () => {
  async function loginPageRedirectFor(role: 'parent' | 'nurse' | 'admin', verification?: 'pending') {
    const userId = verification ? (await createNurse({ status: verification })).userId : (await createUser({ role })).id
    const response = await call(loginPage.loader, makeRequest('/login', { cookie: await cookieFor(userId) }))
    return response.headers.get('Location')
  }

  test('an admin goes to the admin dashboard', async () => {
    expect(await loginPageRedirectFor('admin')).toBe('/admin/dashboard')
  })
  test('a parent goes to the parent dashboard', async () => {
    expect(await loginPageRedirectFor('parent')).toBe('/parent/dashboard')
  })
  test('a nurse who has not applied goes to the application', async () => {
    expect(await loginPageRedirectFor('nurse')).toBe('/night-nurse-onboard')
  })
  test('a nurse with a submitted application goes to the nurse dashboard', async () => {
    expect(await loginPageRedirectFor('nurse', 'pending')).toBe('/nurse/dashboard')
  })

  test('the login form follows redirectTo on this site only', async () => {
    await createUser({ email: 'pat@example.com' })
    const local = await call(
      loginPage.action,
      makeRequest('/login', { form: { email: 'pat@example.com', password: PASSWORD, redirectTo: '/book?x=1' } }),
    )
    expect(local.headers.get('Location')).toBe('/book?x=1')
    const foreign = await call(
      loginPage.action,
      makeRequest('/login', { form: { email: 'pat@example.com', password: PASSWORD, redirectTo: '//evil.example/' } }),
    )
    expect(foreign.headers.get('Location')).toBe('/parent/dashboard')
  })

  // Each is a path a browser reads as another host or as script (issue 10 item 1).
  const HOSTILE_TARGETS = ['/\t/evil.example', '/\u0001/evil.example', '/\\evil.example', '/.//evil.example', 'javascript:alert(1)', 'https://evil.example']

  test.each(HOSTILE_TARGETS)('the login form sends a hostile redirectTo %j to the home page instead', async (redirectTo) => {
    await createUser({ email: 'pat@example.com' })
    const response = await call(
      loginPage.action,
      makeRequest('/login', { form: { email: 'pat@example.com', password: PASSWORD, redirectTo } }),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/parent/dashboard')
  })

  test.each(HOSTILE_TARGETS)('the register form sends a hostile redirectTo %j to the dashboard instead', async (redirectTo) => {
    const response = await call(
      registerPage.action,
      makeRequest('/register', {
        form: { email: 'new@example.com', password: 'long enough', displayName: 'New', redirectTo },
      }),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/parent/dashboard')
  })
})

describe('the one-time token of the sign-in popup', () => {
  test('is exchanged for a session once, and a second use is refused', async () => {
    const parent = await createUser()
    const token = await createOAuthTempToken(parent.id)
    const first = await call(establishSession.action, makeRequest('/_api/auth/establish_session', { body: { tempToken: token } }))
    expect(first.status).toBe(200)
    expect((await first.json()).user.id).toBe(parent.id)
    const second = await call(establishSession.action, makeRequest('/_api/auth/establish_session', { body: { tempToken: token } }))
    expect(second.status).toBe(401)
  })

  test('expires after two minutes', async () => {
    const parent = await createUser()
    const token = await createOAuthTempToken(parent.id, new Date(Date.now() - 3 * 60 * 1000))
    const response = await call(establishSession.action, makeRequest('/_api/auth/establish_session', { body: { tempToken: token } }))
    expect(response.status).toBe(401)
  })

  test('an empty token answers 400 "Temporary token is required"', async () => {
    const response = await call(establishSession.action, makeRequest('/_api/auth/establish_session', { body: { tempToken: '' } }))
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Temporary token is required')
  })
})

describe('access guards', () => {
  async function guardResult(guard: (r: Request) => Promise<unknown>, role?: 'parent' | 'nurse' | 'admin') {
    const cookie = role ? await cookieFor((await createUser({ role })).id) : undefined
    try {
      await guard(makeRequest('/admin/dashboard', { cookie }))
      return { status: 200, body: null as unknown, location: null as string | null }
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, body: null, location: thrown.headers.get('Location') }
      const { data, init } = thrown as { data: unknown; init: { status: number } }
      return { status: init.status, body: data, location: null }
    }
  }

  test('a signed-out visitor is sent to /login and brought back', async () => {
    const result = await guardResult(requireAdmin)
    expect(result.status).toBe(302)
    expect(result.location).toBe('/login?redirectTo=%2Fadmin%2Fdashboard')
  })

  test('a parent on an admin page sees the guard text with their role', async () => {
    const result = await guardResult(requireAdmin, 'parent')
    expect(result.status).toBe(403)
    expect(result.body).toMatchObject({ message: 'Access denied. Your role (parent) lacks required permissions.' })
  })

  test('the parent-or-admin guard refuses a nurse and admits an admin', async () => {
    expect((await guardResult(requireParentOrAdmin, 'nurse')).body).toMatchObject({
      message: 'Access denied. Your role (nurse) lacks required permissions.',
    })
    expect((await guardResult(requireParentOrAdmin, 'admin')).status).toBe(200)
  })

  test('the nurse guard refuses a parent and an admin and admits a nurse', async () => {
    expect((await guardResult(requireNurse, 'parent')).status).toBe(403)
    expect((await guardResult(requireNurse, 'admin')).status).toBe(403)
    expect((await guardResult(requireNurse, 'nurse')).status).toBe(200)
  })
})
