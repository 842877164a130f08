// Which language a request is answered in, and whether a first visit is sent to its page in the
// visitor's language (docs/i18n.md). Pure: server.js hands in what it read off the request.
import { DEFAULT_LANGUAGE, isLanguage, languageOfAcceptHeader, type Language } from './languages'
import { isLocalizedPath, languageOfPath, pathInLanguage } from './localized-paths'

export interface RequestLanguageClues {
  /** The address's path, '/es/search' or '/parent/dashboard' ('.data' of a page's data included). */
  path: string
  cookie?: string | null
  acceptLanguage?: string | null
}

export const LANGUAGE_COOKIE = 'lang'

/** The language the visitor chose with the switcher (the `lang` cookie), if any. */
export function chosenLanguage(cookieHeader: string | null | undefined): Language | null {
  const match = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '')
  return match && isLanguage(match[1]) ? match[1] : null
}

/** '/search.data' → '/search', '/_root.data' → '/': a page's data speaks the page's language. */
function pagePath(path: string): string {
  if (!path.endsWith('.data')) return path
  const page = path.slice(0, -'.data'.length)
  return page === '/_root' ? '/' : page.endsWith('/_root') ? page.slice(0, -'/_root'.length) || '/' : page
}

/**
 * A public page speaks its address's language ('/es/…' Spanish, the same page without it
 * English); every other page the visitor's choice, else the browser's, else English.
 */
export function languageOfRequest({ path, cookie, acceptLanguage }: RequestLanguageClues): Language {
  const page = pagePath(path)
  const named = languageOfPath(page)
  if (named) return named
  if (isLocalizedPath(page)) return DEFAULT_LANGUAGE
  return chosenLanguage(cookie) ?? languageOfAcceptHeader(acceptLanguage) ?? DEFAULT_LANGUAGE
}

/**
 * Where a visitor asking for a public page by its English address is sent instead: its Spanish
 * address when they chose Spanish, or on a first visit (no choice yet) when their browser asks
 * for Spanish before English. Only for GET and HEAD of a page, never its data.
 */
export function languageRedirect({
  method,
  path,
  search,
  cookie,
  acceptLanguage,
}: RequestLanguageClues & { method: string; search: string }): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null
  if (path.endsWith('.data') || languageOfPath(path) || !isLocalizedPath(path)) return null
  const wanted = chosenLanguage(cookie) ?? languageOfAcceptHeader(acceptLanguage) ?? DEFAULT_LANGUAGE
  if (wanted === DEFAULT_LANGUAGE) return null
  return pathInLanguage(path, wanted) + search
}

/** Whether what an address answers depends on Accept-Language: a public page's English address, which a first visit in Spanish leaves. */
export function answersByBrowserLanguage(path: string): boolean {
  return !languageOfPath(path) && isLocalizedPath(path)
}
