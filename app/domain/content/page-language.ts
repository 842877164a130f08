// A text page's words in each language (app/content/pages/<page>.json and es/<page>.json). One route
// module serves both addresses (/about and /es/about), so the page picks its file each time it is
// drawn or its head is written, by the language it is drawn in: the request's on the server, the
// page's <html lang> in the browser. No zod here: the routes' browser bundles import this module.
import { currentLanguage } from '~/i18n/current-language'
import type { Language } from '~/i18n/languages'

/** The file of the language the page is drawn in; every language has its own file. */
export function inPageLanguage<Content>(files: Readonly<Record<Language, Content>>): Content {
  return files[currentLanguage()]
}
