// Every booking and night status is written by app/domain/bookings/life-cycle.server.ts and
// nowhere else (issue 12): a write anywhere else fails this test.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'

const OWNER = path.normalize('app/domain/bookings/life-cycle.server.ts')
const WRITES = [
  /\.update\(\s*(bookings|bookingOccurrences)\s*\)/,
  /\bupdate\s+"?(bookings|booking_occurrences)"?\s+set\b/i,
  /\.insert\(\s*(bookings|bookingOccurrences)\s*\)[\s\S]{0,400}?onConflictDoUpdate/,
]

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

export function statusWritesOutsideTheLifeCycle(files: string[]): string[] {
  return files
    .filter((file) => path.normalize(file) !== OWNER)
    .flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8')
      return WRITES.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`)
    })
}

test('no module but the life cycle updates bookings or their nights', () => {
  expect(statusWritesOutsideTheLifeCycle(sourceFiles('app'))).toEqual([])
})

test('the check finds a write where it does not belong', () => {
  const probe = path.join(os.tmpdir(), `status-write-probe-${process.pid}.ts`)
  fs.writeFileSync(probe, "await tx.update(bookings).set({ status: 'cancelled' })\nawait db.execute(sql`update booking_occurrences set status = 'x'`)\n")
  try {
    expect(statusWritesOutsideTheLifeCycle([probe])).toHaveLength(2)
  } finally {
    fs.rmSync(probe)
  }
})
