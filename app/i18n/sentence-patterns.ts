// The server's English sentences that carry a changing value ('This nurse works shifts of 8 to
// 12 hours', 'A night must last 6 to 10 hours …'): the `messages` catalogue cannot hold each one,
// so each is read by a pattern here and written again by a catalogue key with the same values.
// The values themselves (dates, names) are already written in the request's language.
import type { Namespace } from './languages'

export interface SentencePattern {
  pattern: RegExp
  namespace: Namespace
  key: string
  values: (match: RegExpExecArray) => Record<string, unknown>
}

export const SENTENCE_PATTERNS: readonly SentencePattern[] = [
  {
    pattern: /^This nurse works shifts of (\d+) to (\d+) hours$/,
    namespace: 'booking',
    key: 'refusal.shiftHours',
    values: (m) => ({ min: Number(m[1]), max: Number(m[2]) }),
  },
  {
    pattern: /^This nurse needs (\d+) hours' notice: (.+) (starts|start) too soon\.$/,
    namespace: 'booking',
    key: 'refusal.notice',
    values: (m) => ({ hours: Number(m[1]), dates: m[2], count: m[3] === 'starts' ? 1 : 2 }),
  },
  {
    pattern: /^This nurse takes at most (\d+) nights? a week: the week of (.+) would have more\.$/,
    namespace: 'booking',
    key: 'refusal.weekLimit',
    values: (m) => ({ count: Number(m[1]), weeks: m[2] }),
  },
  {
    pattern: /^(.+) takes twins, not triplets\.$/,
    namespace: 'booking',
    key: 'refusal.twinsNotTriplets',
    values: (m) => ({ name: m[1] }),
  },
  {
    pattern: /^(.+) takes single babies only\.$/,
    namespace: 'booking',
    key: 'refusal.singleBabiesOnly',
    values: (m) => ({ name: m[1] }),
  },
  {
    pattern: /^A night must last (\d+) to (\d+) hours \(the minimum and maximum hours on your profile\)$/,
    namespace: 'nurse',
    key: 'refusal.nightLength',
    values: (m) => ({ min: Number(m[1]), max: Number(m[2]) }),
  },
]
