// The sign-in pages and /book in Spanish: an account made on /es/register reads Spanish, the log-in
// form at /es/login posts there and sends the person on, and the refusals come back in Spanish.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { users } from '../../app/db/schema'
import * as loginPage from '../../app/routes/login'
import * as registerPage from '../../app/routes/register'
import { inRequestScope } from '../../app/utils/request-scope.server'
import { createUser, DEFAULT_PASSWORD } from '../support/factories'
import { call, makeRequest } from '../support/fixtures'

/** A page's handler as server.js runs it: in the request's scope, which gives its language. */
function callAt(handler: Parameters<typeof call>[0], path: string, options: Parameters<typeof makeRequest>[1] = {}) {
  const request = makeRequest(path, options)
  return inRequestScope(() => call(handler, request), { path: new URL(request.url).pathname, cookie: options.cookie ?? null })
}

describe('signing up and in, in Spanish', () => {
  test('an account made on /es/register keeps Spanish as its language', async () => {
    const response = await callAt(registerPage.action, '/es/register?method=email', {
      form: { email: 'ana@example.com', password: 'long enough', displayName: 'Ana Pérez', redirectTo: '' },
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/parent/dashboard')
    const [user] = await getDb().select().from(users).where(eq(users.email, 'ana@example.com'))
    expect(user.language).toBe('es')
    expect(user.role).toBe('parent')
  })

  test('an account made on /register keeps English', async () => {
    await callAt(registerPage.action, '/register?method=email', {
      form: { email: 'pat@example.com', password: 'long enough', displayName: 'Pat' },
    })
    const [user] = await getDb().select().from(users).where(eq(users.email, 'pat@example.com'))
    expect(user.language).toBe('en')
  })

  test('/es/register says an e-mail in use in Spanish', async () => {
    await createUser({ email: 'taken@example.com' })
    const response = await callAt(registerPage.action, '/es/register', {
      form: { email: 'taken@example.com', password: 'long enough', displayName: 'X' },
    })
    expect(response.status).toBe(409)
    expect((await response.json()).result.error['']).toEqual(['Este correo electrónico ya está registrado. Intenta iniciar sesión.'])
  })

  test('the log-in at /es/login signs in and sends the person to ?redirectTo', async () => {
    await createUser({ email: 'pat@example.com' })
    const response = await callAt(loginPage.action, '/es/login', {
      form: { email: 'pat@example.com', password: DEFAULT_PASSWORD, redirectTo: '/parent/payment' },
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/parent/payment')
    expect(response.headers.get('Set-Cookie')).toContain('session')
  })

  test('a wrong password at /es/login is refused in Spanish; at /login in English', async () => {
    await createUser({ email: 'pat@example.com' })
    const form = { email: 'pat@example.com', password: 'wrong' }
    const spanish = await callAt(loginPage.action, '/es/login', { form })
    expect(spanish.status).toBe(401)
    expect((await spanish.json()).error['']).toEqual(['Correo electrónico o contraseña incorrectos'])
    const english = await callAt(loginPage.action, '/login', { form })
    expect((await english.json()).error['']).toEqual(['Invalid email or password'])
  })

  test('the pages title themselves in their language', async () => {
    const spanish = await callAt(loginPage.loader, '/es/login')
    expect((await spanish.json()).title).toBe('Iniciar sesión – Nightlight')
    const english = await callAt(registerPage.loader, '/register')
    expect((await english.json()).title).toBe('Sign Up – Nightlight')
  })
})
