// The i18next settings the server's and the browser's instances share (docs/i18n.md). Messages
// are ICU MessageFormat ('{count, plural, one {# night} other {# nights}}'), through i18next-icu.
import type { InitOptions } from 'i18next'
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages'

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  // Keys are flat words ('header.signIn'); the `messages` namespace is keyed by whole English
  // sentences, whose dots and colons are text.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
} satisfies InitOptions
