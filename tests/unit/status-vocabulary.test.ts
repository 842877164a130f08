// A set of statuses is stated once, by its owner (docs/decisions/0052): a booking's and a night's in
// app/domain/bookings/life-cycle.ts, a payment's in app/domain/payments/payment-life-cycle.ts, and
// the database's enums in app/db/schema.ts. Anywhere else a rule asks the owner's named set
// (isPaidBooking, workedNight(), collectedCharge(), …). This test fails when a list of two or more
// statuses of one vocabulary is written elsewhere: an array, an SQL `in (…)`, or a chain of
// comparisons such as `status === 'confirmed' || status === 'completed'`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { BOOKING_STATUSES, NIGHT_STATUSES, RETIRED_NIGHT_STATUSES } from '../../app/domain/bookings/life-cycle'
import { PAYMENT_STATUSES } from '../../app/domain/payments/payment-life-cycle'

const VOCABULARIES = [
  { name: 'booking and night', owner: 'app/domain/bookings/life-cycle.ts', words: new Set<string>([...BOOKING_STATUSES, ...NIGHT_STATUSES, ...RETIRED_NIGHT_STATUSES]) },
  { name: 'payment', owner: 'app/domain/payments/payment-life-cycle.ts', words: new Set<string>(PAYMENT_STATUSES) },
]

const ALLOWED = new Set(
  [
    ...VOCABULARIES.map((vocabulary) => vocabulary.owner),
    // The database's enums, which the owners' tests pin to their lists.
    'app/db/schema.ts',
  ].map((file) => path.normalize(file)),
)
// The payment providers translate the provider's own statuses (Stripe's), not ours.
const PROVIDERS = path.normalize('app/domain/payments/providers/')

const QUOTED_LIST = /\[\s*('[a-z_]+'\s*,\s*)+'[a-z_]+'\s*,?\s*\]|\b[iI][nN]\s*\(\s*('[a-z_]+'\s*,\s*)+'[a-z_]+'\s*\)/g
const COMPARISON_CHAIN = /\bstatus\s*[!=]==\s*'([a-z_]+)'\s*(?:\|\||&&)\s*\(?\s*[\w.?]*\bstatus\s*[!=]==\s*'([a-z_]+)'/g

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Which vocabulary every word belongs to, if they all belong to one. */
function vocabularyOf(words: readonly string[]) {
  if (words.length < 2) return undefined
  return VOCABULARIES.find((vocabulary) => words.every((word) => vocabulary.words.has(word)))
}

export function statusListsOutsideTheirOwner(files: readonly string[]): string[] {
  return files
    .filter((file) => !ALLOWED.has(path.normalize(file)) && !path.normalize(file).startsWith(PROVIDERS))
    .flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8')
      const found: string[] = []
      for (const [list] of text.matchAll(QUOTED_LIST)) {
        const vocabulary = vocabularyOf([...list.matchAll(/'([a-z_]+)'/g)].map(([, word]) => word))
        if (vocabulary) found.push(`${file}: ${list.replace(/\s+/g, ' ')} (${vocabulary.name} statuses: ask ${vocabulary.owner})`)
      }
      for (const [chain, first, second] of text.matchAll(COMPARISON_CHAIN)) {
        const vocabulary = vocabularyOf([first, second])
        if (vocabulary) found.push(`${file}: ${chain.replace(/\s+/g, ' ')} (${vocabulary.name} statuses: ask ${vocabulary.owner})`)
      }
      return found
    })
}

test('no list of booking, night or payment statuses is written outside its owner', () => {
  expect(statusListsOutsideTheirOwner(sourceFiles('app'))).toEqual([])
})

test('the check finds a restated list, and leaves other vocabularies alone', () => {
  const probe = path.join(os.tmpdir(), `status-vocabulary-probe-${process.pid}.ts`)
  fs.writeFileSync(
    probe,
    [
      "const WORKED = new Set(['scheduled', 'completed'])",
      "if (booking.status === 'confirmed' || booking.status === 'completed') return",
      "inArray(payments.status, [\n  'succeeded',\n  'refunded',\n])",
      "sql`r.status in ('pending', 'succeeded')`",
      // A charge week's statuses and a nurse's verification are other vocabularies.
      "const STILL_TO_CHARGE = ['scheduled', 'charging', 'failed']",
      "z.enum(['pending', 'approved', 'rejected'])",
      "if (week.status === 'paid' || night.status === 'cancelled') return",
    ].join('\n'),
  )
  try {
    expect(statusListsOutsideTheirOwner([probe])).toHaveLength(4)
  } finally {
    fs.rmSync(probe)
  }
})
