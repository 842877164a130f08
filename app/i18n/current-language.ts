// The language the code running now speaks, for what formats a date, a time or an amount without
// being handed a language (formatCents, formatNightDate, …). On the server it is the request's
// (request-scope.server.ts reads it from the address, the `lang` cookie or Accept-Language, and
// `withLanguage` sets another one for an e-mail to someone else); in the browser it is the page's
// `<html lang>`, set as the page hydrates. Outside both, English.
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, type Language } from './languages'

type LanguageReader = () => Language | undefined

let serverReader: LanguageReader | undefined
let browserLanguage: Language = DEFAULT_LANGUAGE

export function currentLanguage(): Language {
  return serverReader?.() ?? browserLanguage
}

/** The BCP 47 tag of the current language, for Intl's formatters ('en-US', 'es-US'). */
export function currentLocale(): 'en-US' | 'es-US' {
  return LANGUAGE_TAGS[currentLanguage()]
}

/** Called once by the server's request scope. */
export function readLanguageOnServer(reader: LanguageReader): void {
  serverReader = reader
}

/** Called as the page hydrates and when the page's language changes. */
export function setBrowserLanguage(language: Language): void {
  browserLanguage = language
}
