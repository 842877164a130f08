// The server's translators (docs/i18n.md): one i18next instance per language, made once with every
// catalogue and never switched to another language, so all requests share them. Pages get theirs
// through react-i18next's provider (entry.server.tsx); e-mails, PDFs and calendar entries ask
// `translator(language, namespace)` for their reader's language.
import { createInstance, type i18n, type TFunction } from 'i18next'
import ICU from 'i18next-icu'
import { initReactI18next } from 'react-i18next'
import { catalogues } from './catalogues.server'
import { currentLanguage } from './current-language'
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES, type Language, type Namespace } from './languages'
import { messageIn } from './messages'
import { i18nOptions } from './options'
import { SENTENCE_PATTERNS } from './sentence-patterns'

function instanceFor(language: Language): i18n {
  const instance = createInstance()
  void instance
    .use(ICU)
    .use(initReactI18next)
    .init({ ...i18nOptions, lng: language, ns: [...NAMESPACES], resources: catalogues, initImmediate: false })
  return keepingPlainTranslations(instance, language)
}

// What `t` is given besides the key when a component asks for a plain word: react-i18next's and
// i18next's own `getFixedT` add the language, its fallbacks, the namespace and a key prefix.
const PLAIN_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix'])
/** More keys than the catalogues hold: a bound, should a key ever be made from what a user sent. */
export const MAX_KEPT_TRANSLATIONS = 20_000

/**
 * A server instance's catalogues never change once loaded, so a key asked without values reads the
 * same text every time: the instance keeps it, and the next page's `t('header.logIn')` is a Map
 * lookup instead of i18next's resolution and ICU formatting (docs/decisions/0077: 3–5% of a page's
 * CPU). A call with values (a count, a name), a default value or another language goes to i18next.
 */
export function keepingPlainTranslations(instance: i18n, language: Language): i18n {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown
  // Per namespace, each key's text: no string is built to look one up.
  const kept = new Map<string, Map<string, unknown>>()
  let count = 0
  const keep = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string' || rest.length > 0) return translate(key, options, ...rest)
    const namespace = plainNamespace(options, language)
    if (namespace === undefined) return translate(key, options)
    let texts = kept.get(namespace)
    if (!texts) kept.set(namespace, (texts = new Map()))
    let text = texts.get(key)
    if (text === undefined) {
      text = translate(key, options)
      if (++count > MAX_KEPT_TRANSLATIONS) {
        kept.clear()
        count = 0
      }
      texts.set(key, text)
    }
    return text
  }
  instance.t = keep as unknown as i18n['t']
  return instance
}

/**
 * The namespace a call asks a plain word of ('' for the default one), or undefined when it asks
 * more: values, a default, a key prefix or another language.
 */
function plainNamespace(options: unknown, language: Language): string | undefined {
  if (options === undefined) return ''
  if (typeof options !== 'object' || options === null) return undefined
  const asked = options as Record<string, unknown>
  for (const name in asked) {
    if (!PLAIN_OPTIONS.has(name)) return undefined
  }
  if (asked.keyPrefix !== undefined && asked.keyPrefix !== '') return undefined
  if (asked.lng !== undefined && asked.lng !== language) return undefined
  const { ns } = asked
  if (ns === undefined) return ''
  if (typeof ns === 'string') return ns
  return Array.isArray(ns) ? ns.join(',') : undefined
}

// react-i18next takes the last instance initialised as its default, the one a component rendered
// without a provider (a test's) speaks: English, made last.
const instances = Object.fromEntries(
  [...LANGUAGES].sort((a, b) => Number(a === DEFAULT_LANGUAGE) - Number(b === DEFAULT_LANGUAGE)).map((language) => [language, instanceFor(language)]),
) as Record<Language, i18n>

/** The i18next instance of a language, for react-i18next's provider. */
export function i18nFor(language: Language): i18n {
  return instances[language]
}

/** `t` of one namespace in a language (the current one by default). */
export function translator(namespace: Namespace, language: Language = currentLanguage()): TFunction {
  return instances[language].getFixedT(language, namespace)
}

/**
 * A sentence the server wrote in English (a schema's message, a refusal of the domain) in the
 * reader's language: the `messages` catalogue is keyed by the English sentence; one with a changing
 * value is read by its pattern (sentence-patterns.ts); one that names things after a colon has its
 * words before the colon translated. One it does not know stays English (the catalogue test lists
 * the schemas' messages it must hold).
 */
export function translateMessage(message: string, language: Language = currentLanguage()): string {
  if (language === DEFAULT_LANGUAGE) return message
  const whole = messageIn(catalogues, message, language)
  if (whole !== message) return whole
  for (const { pattern, namespace, key, values } of SENTENCE_PATTERNS) {
    const match = pattern.exec(message)
    if (match) return translator(namespace, language)(key, values(match))
  }
  // 'These nights are no longer available: <the nights>': the words before the colon, then the rest as written.
  const cut = message.indexOf(': ')
  if (cut > 0) {
    const head = messageIn(catalogues, message.slice(0, cut), language)
    if (head !== message.slice(0, cut)) return `${head}: ${message.slice(cut + 2)}`
  }
  return message
}
