// Profile Settings' Language (issue 37): English or Español, checked with its schema, saved on the
// account and in the `lang` cookie, its answer in the language chosen; a refusal is said in the
// page's language. The dashboard's own words and answers follow the request's language.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { users } from '../../app/db/schema'
import * as languageRoute from '../../app/routes/language'
import * as dashboard from '../../app/routes/parent.dashboard/route'
import * as settings from '../../app/routes/parent.settings'
import { inRequestScope } from '../../app/utils/request-scope.server'
import { readToast } from '../../app/utils/toast.server'
import { createUser } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

/** The action answered in the language the `lang` cookie names, as server.js runs it. */
function inLanguage(language: 'en' | 'es', run: () => Promise<Response>): Promise<Response> {
  return inRequestScope(run, { path: '/parent/settings', cookie: `lang=${language}` })
}

async function languageOf(userId: number) {
  const [row] = await getDb().select({ language: users.language }).from(users).where(eq(users.id, userId))
  return row.language
}

describe('Profile Settings: the language', () => {
  test('Español is saved on the account and in the lang cookie; the toast is in Spanish', async () => {
    const parent = await createUser({ displayName: 'Robin Parent' })
    const cookie = await cookieFor(parent.id)
    expect(await languageOf(parent.id)).toBe('en')
    const saved = await inLanguage('en', () =>
      call(settings.action, makeRequest('/parent/settings', { form: { intent: 'language', language: 'es' }, cookie })),
    )
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/parent/settings')
    expect(await languageOf(parent.id)).toBe('es')
    const setCookie = saved.headers.get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(/(^|,\s*)lang=es; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/)
    const toastCookie = setCookie.split(/,\s*(?=\w+=)/).find((part) => part.startsWith('__toast='))!.split(';')[0]
    expect((await readToast(makeRequest('/', { cookie: toastCookie }))).toast).toMatchObject({ type: 'success', message: 'Idioma guardado.' })

    const back = await inLanguage('es', () =>
      call(settings.action, makeRequest('/parent/settings', { form: { intent: 'language', language: 'en' }, cookie })),
    )
    expect(back.status).toBe(302)
    expect(await languageOf(parent.id)).toBe('en')
    expect(back.headers.get('Set-Cookie')).toContain('lang=en;')
    const englishToast = (back.headers.get('Set-Cookie') ?? '').split(/,\s*(?=\w+=)/).find((part) => part.startsWith('__toast='))!.split(';')[0]
    expect((await readToast(makeRequest('/', { cookie: englishToast }))).toast).toMatchObject({ message: 'Language saved.' })
  })

  test('a language we do not speak is refused, in the page’s language, and nothing is saved', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    for (const [language, message] of [
      ['es', 'Elige inglés o español.'],
      ['en', 'Choose English or Spanish.'],
    ] as const) {
      const refused = await inLanguage(language, () =>
        call(settings.action, makeRequest('/parent/settings', { form: { intent: 'language', language: 'fr' }, cookie })),
      )
      expect(refused.status).toBe(400)
      expect(refused.headers.get('Set-Cookie')).toBeNull()
      const body = await refused.json()
      expect(body).toMatchObject({ intent: 'language', result: { error: { language: [message] } } })
    }
    const missing = await inLanguage('es', () => call(settings.action, makeRequest('/parent/settings', { form: { intent: 'language' }, cookie })))
    expect((await missing.json()).result.error).toEqual({ language: ['Elige inglés o español.'] })
    expect(await languageOf(parent.id)).toBe('en')
  })

  test('the other forms’ refusals are in Spanish too, and stay English in English', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const form = { intent: 'profile', displayName: '', phoneNumber: '12' }
    const spanish = await inLanguage('es', () => call(settings.action, makeRequest('/parent/settings', { form, cookie })))
    expect((await spanish.json()).result.error).toMatchObject({
      displayName: ['El nombre es obligatorio'],
      phoneNumber: ['Escribe un número de teléfono válido'],
    })
    const english = await inLanguage('en', () => call(settings.action, makeRequest('/parent/settings', { form, cookie })))
    expect((await english.json()).result.error).toMatchObject({ displayName: ['Name is required'], phoneNumber: ['A valid phone number is required'] })
  })

  test('the page says which language the account reads, and its title in it', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const page = await inRequestScope(() => call(settings.loader, makeRequest('/parent/settings', { cookie })), {
      path: '/parent/settings',
      cookie: 'lang=es',
    })
    expect(await page.json()).toMatchObject({ language: 'es', title: 'Configuración del perfil – Nightlight' })
  })

  test('the dashboard’s answers follow the language: a saved preference in Spanish', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const form = { intent: 'preferences', bookingConfirmations: 'on', bookingReminders: 'on', cancellationNotices: 'on', reminderHoursBefore: '24' }
    const saved = await inRequestScope(() => call(dashboard.action, makeRequest('/parent/dashboard', { form, cookie })), {
      path: '/parent/dashboard',
      cookie: 'lang=es',
    })
    expect(await saved.json()).toMatchObject({ ok: true, message: '¡Preferencias de notificación guardadas!' })
    const refused = await inRequestScope(() => call(dashboard.action, makeRequest('/parent/dashboard', { form: { intent: 'nope' }, cookie })), {
      path: '/parent/dashboard',
      cookie: 'lang=es',
    })
    expect(await refused.json()).toMatchObject({ ok: false, error: 'Acción desconocida' })
  })
})

describe('the switcher: POST /language', () => {
  const toastOf = async (response: Response) => {
    const part = (response.headers.get('Set-Cookie') ?? '').split(/,\s*(?=\w+=)/).find((piece) => piece.startsWith('__toast='))
    return part ? (await readToast(makeRequest('/', { cookie: part.split(';')[0] }))).toast : null
  }

  test('a language we do not speak goes back to the page with the reason, and changes nothing', async () => {
    const parent = await createUser({ displayName: 'Sol Switcher' })
    const cookie = await cookieFor(parent.id)
    const refused = await inLanguage('es', () =>
      call(languageRoute.action, makeRequest('/language', { form: { language: 'fr', redirectTo: '/parent/settings?tab=x' }, cookie })),
    )
    expect(refused.status).toBe(303)
    expect(refused.headers.get('Location')).toBe('/parent/settings?tab=x')
    expect(refused.headers.get('Set-Cookie')).not.toMatch(/(^|,\s*)lang=/)
    expect(await toastOf(refused)).toMatchObject({ type: 'error', message: 'Elige inglés o español.' })
    expect(await languageOf(parent.id)).toBe('en')
  })

  test('another site or a scheme-relative address as the way back is never followed', async () => {
    for (const redirectTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'x'.repeat(5000)]) {
      const chosen = await call(languageRoute.action, makeRequest('/language', { form: { language: 'es', redirectTo } }))
      expect(chosen.status).toBe(302)
      expect(chosen.headers.get('Location')).toBe('/es')
      const refused = await call(languageRoute.action, makeRequest('/language', { form: { language: '', redirectTo } }))
      expect(refused.headers.get('Location')).toBe('/')
    }
  })
})
