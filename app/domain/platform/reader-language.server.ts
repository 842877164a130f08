// Work done in its reader's language (docs/i18n.md): an e-mail or a calendar feed for someone other
// than the visitor speaks THEIR language, its words and the dates, times and amounts it formats. The
// request scope (app/utils/request-scope.server.ts) keeps the language those formatters read; the
// domain sits below it, so the scope hands its `withLanguage` here as it loads.
import type { Language } from '~/i18n/languages'

type LanguageRunner = <T>(language: Language, work: () => T) => T

let runner: LanguageRunner | undefined

/** Called once by the request scope, with its `withLanguage`. */
export function runReadersLanguageWith(run: LanguageRunner): void {
  runner = run
}

/**
 * Runs `work` speaking `language`. Without a request scope loaded (a script that never loads it),
 * the work runs as it is: its catalogue words are still the reader's, its formatted values English.
 */
export function inReadersLanguage<T>(language: Language, work: () => T): T {
  return runner ? runner(language, work) : work()
}
