// The booking's refusals in the reader's language, on the server. Most are whole sentences the
// `messages` catalogue holds; a few name nights, hours or weeks ('These nights are no longer
// available: Sat, Nov 28, 2026'): their fixed words are translated and the dates, already written
// in the request's language, kept.
import type { Language } from '~/i18n/languages'
import { currentLanguage } from '~/i18n/current-language'
import { translateMessage, translator } from '~/i18n/i18n.server'

const PATTERNS: ReadonlyArray<{ pattern: RegExp; key: string; values: (match: RegExpExecArray) => Record<string, unknown> }> = [
  {
    pattern: /^This nurse works shifts of (\d+) to (\d+) hours$/,
    key: 'refusal.shiftHours',
    values: (m) => ({ min: Number(m[1]), max: Number(m[2]) }),
  },
  {
    pattern: /^This nurse needs (\d+) hours' notice: (.+) (starts|start) too soon\.$/,
    key: 'refusal.notice',
    values: (m) => ({ hours: Number(m[1]), dates: m[2], count: m[3] === 'starts' ? 1 : 2 }),
  },
  {
    pattern: /^This nurse takes at most (\d+) nights? a week: the week of (.+) would have more\.$/,
    key: 'refusal.weekLimit',
    values: (m) => ({ count: Number(m[1]), weeks: m[2] }),
  },
  {
    pattern: /^(.+) takes twins, not triplets\.$/,
    key: 'refusal.twinsNotTriplets',
    values: (m) => ({ name: m[1] }),
  },
  {
    pattern: /^(.+) takes single babies only\.$/,
    key: 'refusal.singleBabiesOnly',
    values: (m) => ({ name: m[1] }),
  },
]

/** A refusal of /book or /reserve as the reader reads it; one it does not know stays as written. */
export function sayRefusal(message: string, language: Language = currentLanguage()): string {
  if (language === 'en') return message
  const whole = translateMessage(message, language)
  if (whole !== message) return whole
  for (const { pattern, key, values } of PATTERNS) {
    const match = pattern.exec(message)
    if (match) return translator('booking', language)(key, values(match))
  }
  // 'These nights are no longer available: <the nights>'
  const cut = message.indexOf(': ')
  if (cut > 0) {
    const head = translateMessage(message.slice(0, cut), language)
    if (head !== message.slice(0, cut)) return `${head}: ${message.slice(cut + 2)}`
  }
  return message
}
