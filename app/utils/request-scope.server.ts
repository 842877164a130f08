// What one HTTP request keeps for itself while Remix runs its action and loaders
// (docs/decisions/0053). server.js runs the Remix handler inside `inRequestScope`, so every loader
// of a request finds the same store, whichever copy of the Request Remix hands it. The store also
// holds the language the request is answered in (docs/i18n.md).
import { AsyncLocalStorage } from 'node:async_hooks'
import { readLanguageOnServer } from '~/i18n/current-language'
import { runReadersLanguageWith } from '~/domain/platform/reader-language.server'
import { languageOfRequest, type RequestLanguageClues } from '~/i18n/request-language'
import type { Language } from '~/i18n/languages'

const scopes = new AsyncLocalStorage<Map<string, unknown>>()
const LANGUAGE = 'language'

readLanguageOnServer(() => scopes.getStore()?.get(LANGUAGE) as Language | undefined)

/**
 * Runs one request's handling with a store of its own. `clues` (the address, the `lang` cookie,
 * Accept-Language) give the language it is answered in; without them, English.
 */
export function inRequestScope<T>(handle: () => T, clues?: RequestLanguageClues): T {
  const store = new Map<string, unknown>()
  if (clues) store.set(LANGUAGE, languageOfRequest(clues))
  return scopes.run(store, handle)
}

/**
 * Runs `work` speaking `language`: an e-mail, a PDF or a calendar entry made for someone other
 * than the visitor is in its reader's language. What `work` keeps with `oncePerRequest` stays
 * with it.
 */
export function withLanguage<T>(language: Language, work: () => T): T {
  const store = new Map(scopes.getStore() ?? [])
  store.set(LANGUAGE, language)
  return scopes.run(store, work)
}

// E-mails and calendar feeds, in the domain, are written in their reader's language through it.
runReadersLanguageWith(withLanguage)

/**
 * The signed-in person's own language, found once their account is read: this request's pages
 * speak it from then on (the root's loader, when the `lang` cookie does not say it yet).
 */
export function answerInLanguage(language: Language): void {
  scopes.getStore()?.set(LANGUAGE, language)
}

/**
 * The value made the first time this request asks for `key`, and given again to every later ask.
 * Outside a request scope (a loader called by a test) it is made on every ask.
 */
export function oncePerRequest<T>(key: string, make: () => T): T {
  const store = scopes.getStore()
  if (!store) return make()
  if (!store.has(key)) store.set(key, make())
  return store.get(key) as T
}
