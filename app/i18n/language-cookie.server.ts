// The `lang` cookie: the language a visitor chose with the switcher, or their account's. A plain
// preference, not a secret: 'en' or 'es', read without a signature (request-language.ts), set by
// the switcher and after signing in.
import { getConfig } from '~/config.server'
import { LANGUAGE_COOKIE } from './request-language'
import type { Language } from './languages'

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

export function languageCookie(language: Language): string {
  const secure = getConfig().APP_ORIGIN.startsWith('https://') ? '; Secure' : ''
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`
}
