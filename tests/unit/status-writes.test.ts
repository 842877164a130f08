// Every booking and night status is written by app/domain/bookings/life-cycle.server.ts and
// nowhere else (issue 12), and every `payments` row by app/domain/payments/payment-life-cycle.server.ts
// (docs/decisions/0052), every background check by app/domain/verification/check-life-cycle.server.ts
// (docs/decisions/0061), every credential by app/domain/verification/credential-life-cycle.server.ts
// (docs/decisions/0062), every change after approval by app/domain/nurses/profile-changes.server.ts
// (docs/decisions/0063), and a nurse's lapse out of search by app/domain/verification/listing.server.ts
// (docs/decisions/0062), and an interview's status by app/domain/interviews/interview-life-cycle.server.ts
// (docs/decisions/0067): a write anywhere else fails this test.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'

interface Owner {
  file: string
  /** Modules that write history as it would have been, not through the life cycle: the demo's seed. */
  exempt?: readonly string[]
  writes: readonly RegExp[]
}

const BOOKINGS: Owner = {
  file: path.normalize('app/domain/bookings/life-cycle.server.ts'),
  // The demo's started reservation names the weekly booking seeded for it (reservation_id, never a status).
  exempt: [path.normalize('app/demo/demo-reservations.server.ts')],
  writes: [
    /\.update\(\s*(bookings|bookingOccurrences)\s*\)/,
    /\bupdate\s+"?(bookings|booking_occurrences)"?\s+set\b/i,
    /\.insert\(\s*(bookings|bookingOccurrences)\s*\)[\s\S]{0,400}?onConflictDoUpdate/,
  ],
}

const PAYMENTS: Owner = {
  file: path.normalize('app/domain/payments/payment-life-cycle.server.ts'),
  // The demo's past bookings are written paid, refunded and paid out at once, in their final statuses;
  // its reservations' deposits, paid (decision 0073).
  exempt: [path.normalize('app/demo/seed.server.ts'), path.normalize('app/demo/demo-reservations.server.ts')],
  writes: [/\.(update|insert)\(\s*payments\s*\)/, /\bupdate\s+"?payments"?(\s+\w+)?\s+set\b/i, /\binsert\s+into\s+"?payments"?/i],
}

// A background check's status (docs/decisions/0061): the demo's seed writes its checks finished.
const CHECKS: Owner = {
  file: path.normalize('app/domain/verification/check-life-cycle.server.ts'),
  exempt: [path.normalize('app/demo/demo-checks.server.ts')],
  writes: [/\.(update|insert)\(\s*backgroundChecks\s*\)/, /\bupdate\s+"?background_checks"?(\s+\w+)?\s+set\b/i, /\binsert\s+into\s+"?background_checks"?/i],
}

// A credential's status (docs/decisions/0062): the demo's seed writes its credentials as checked.
const CREDENTIALS: Owner = {
  file: path.normalize('app/domain/verification/credential-life-cycle.server.ts'),
  exempt: [path.normalize('app/demo/demo-checks.server.ts')],
  writes: [/\.(update|insert)\(\s*nurseCredentials\s*\)/, /\bupdate\s+"?nurse_credentials"?(\s+\w+)?\s+set\b/i, /\binsert\s+into\s+"?nurse_credentials"?/i],
}

// A nurse's change after approval (docs/decisions/0063): pending, then approved or refused, only here.
const PROFILE_CHANGES: Owner = {
  file: path.normalize('app/domain/nurses/profile-changes.server.ts'),
  writes: [
    /\.(update|insert)\(\s*nurseProfileChanges\s*\)/,
    /\bupdate\s+"?nurse_profile_changes"?(\s+\w+)?\s+set\b/i,
    /\binsert\s+into\s+"?nurse_profile_changes"?/i,
  ],
}

// A nurse's lapse out of search and new bookings (docs/decisions/0062): set and cleared in one place.
const LAPSES: Owner = {
  file: path.normalize('app/domain/verification/listing.server.ts'),
  // The demo's nurse with an expired license is seeded out of search, as the sweep would leave her.
  exempt: [path.normalize('app/demo/demo-checks.server.ts')],
  writes: [/\.(update|insert)\(\s*nurseProfiles\s*\)[\s\S]{0,300}?\blapsed(At|Reason)\s*:/, /\blapsed_(at|reason)"?\s*=/i],
}

// An interview's status (issue 36, docs/decisions/0067): asked, agreed, declined or cancelled only
// by its life cycle; the reminder's claim (reminder_sent_at) is not a status. The demo's seed writes
// its one interview agreed.
const INTERVIEWS: Owner = {
  file: path.normalize('app/domain/interviews/interview-life-cycle.server.ts'),
  exempt: [path.normalize('app/demo/demo-interviews.server.ts')],
  writes: [/\.(update|insert)\(\s*interviews\s*\)[\s\S]{0,300}?\bstatus\s*:/, /\bupdate\s+"?interviews"?(\s+\w+)?\s+set\b[^;`]*\bstatus\b/i, /\binsert\s+into\s+"?interviews"?/i],
}

// A due-date reservation (docs/decisions/0066): made, answered, withdrawn, lapsed and moved only here.
const RESERVATIONS: Owner = {
  file: path.normalize('app/domain/reservations/reservation-life-cycle.server.ts'),
  exempt: [path.normalize('app/demo/demo-reservations.server.ts')],
  writes: [/\.(update|insert)\(\s*(reservations|reservationEvents)\s*\)/, /\b(update|insert\s+into)\s+"?reservation(s|_events)"?(\s+\w+)?\s/i],
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

export function writesOutsideTheOwner(files: string[], owner: Owner): string[] {
  return files
    .filter((file) => path.normalize(file) !== owner.file && !owner.exempt?.includes(path.normalize(file)))
    .flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8')
      return owner.writes.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`)
    })
}

test('no module but the life cycle updates bookings or their nights', () => {
  expect(writesOutsideTheOwner(sourceFiles('app'), BOOKINGS)).toEqual([])
})

test('no module but the payments life cycle writes a payments row', () => {
  expect(writesOutsideTheOwner(sourceFiles('app'), PAYMENTS)).toEqual([])
})

test('no module but the check life cycle writes a background check', () => {
  expect(writesOutsideTheOwner(sourceFiles('app'), CHECKS)).toEqual([])
})

test('no module but the credential life cycle writes a credential', () => {
  expect(writesOutsideTheOwner(sourceFiles('app'), CREDENTIALS)).toEqual([])
})

test("no module but the profile changes' own writes a change after approval", () => {
  expect(writesOutsideTheOwner(sourceFiles('app'), PROFILE_CHANGES)).toEqual([])
})

test('no module but the listing writes a lapse', () => {
  expect(writesOutsideTheOwner(sourceFiles('app'), LAPSES)).toEqual([])
})

test('no module but the interview life cycle writes an interview status', () => {
  expect(writesOutsideTheOwner(sourceFiles('app'), INTERVIEWS)).toEqual([])
})

test('no module but the reservation life cycle writes a reservation', () => {
  expect(writesOutsideTheOwner(sourceFiles('app'), RESERVATIONS)).toEqual([])
})

test('the checks find a write where it does not belong', () => {
  const probe = path.join(os.tmpdir(), `status-write-probe-${process.pid}.ts`)
  fs.writeFileSync(
    probe,
    [
      "await tx.update(bookings).set({ status: 'cancelled' })",
      "await db.execute(sql`update booking_occurrences set status = 'x'`)",
      "await db.update(payments).set({ status: 'refunded' })",
      'await tx.insert(payments).values(row)',
      "await db.execute(sql`update payments r set status = 'failed'`)",
      "await db.update(backgroundChecks).set({ status: 'approved' })",
      "await db.update(nurseCredentials).set({ status: 'current' })",
      "await tx.update(nurseProfileChanges).set({ status: 'approved' })",
      'await db.update(nurseProfiles).set({ lapsedAt: null })',
      "await db.update(interviews).set({ status: 'accepted' })",
      "await tx.update(reservations).set({ status: 'accepted' })",
    ].join('\n'),
  )
  try {
    expect(writesOutsideTheOwner([probe], BOOKINGS)).toHaveLength(2)
    expect(writesOutsideTheOwner([probe], PAYMENTS)).toHaveLength(2)
    expect(writesOutsideTheOwner([probe], CHECKS)).toHaveLength(1)
    expect(writesOutsideTheOwner([probe], CREDENTIALS)).toHaveLength(1)
    expect(writesOutsideTheOwner([probe], PROFILE_CHANGES)).toHaveLength(1)
    expect(writesOutsideTheOwner([probe], LAPSES)).toHaveLength(1)
    expect(writesOutsideTheOwner([probe], INTERVIEWS)).toHaveLength(1)
    expect(writesOutsideTheOwner([probe], RESERVATIONS)).toHaveLength(1)
  } finally {
    fs.rmSync(probe)
  }
})
