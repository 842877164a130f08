// The languages the product speaks (issue 37): English, the default, and Spanish as spoken in the
// United States (es-US). Pure and shared by the server and the browser; docs/i18n.md tells how a
// page, an e-mail or a document finds its language.

export const LANGUAGES = ['en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/**
 * The catalogue's namespaces: one per area of the app, so a page loads only what it shows.
 * `messages` is keyed by the English sentence itself (a schema's or the domain's message, shown
 * as the server wrote it) and translated where it is shown.
 */
export const NAMESPACES = [
  'common',
  'public',
  'auth',
  'booking',
  'parent',
  'nurse',
  'conversations',
  'admin',
  'emails',
  'documents',
  'messages',
] as const
export type Namespace = (typeof NAMESPACES)[number]

/** Each language's own name for itself, as the switcher offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' }

/** The BCP 47 tag for `<html lang>`, hreflang and Intl's formatters. */
export const LANGUAGE_TAGS: Record<Language, 'en-US' | 'es-US'> = { en: 'en-US', es: 'es-US' }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** 'es-MX', 'es', 'ES' → 'es'; anything we do not speak → null. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0]
  return isLanguage(primary) ? primary : null
}

/**
 * The language an Accept-Language header asks for first among ours, by its q-values
 * ('es-US,es;q=0.9,en;q=0.8' → 'es'); null when it names none of ours.
 */
export function languageOfAcceptHeader(header: string | null | undefined): Language | null {
  if (!header) return null
  const asked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { language: languageOfTag(tag), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((item): item is { language: Language; q: number; index: number } => item.language !== null && item.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return asked[0]?.language ?? null
}
