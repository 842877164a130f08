// The repository explains itself: what the code relies on is written in docs/ (architecture,
// glossary, money, time, security, product texts) and docs/decisions/. No tracked file may send
// its reader to the design notes, the style notes or the two specification documents that were
// never part of the repository; a comment states the rule or names a file under docs/.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const THIS_FILE = 'tests/unit/repository-stands-alone.test.ts'

/** Names of documents outside the repository, however a comment spells or wraps them. */
const OUTSIDE_DOCUMENTS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['DESIGN.md', /\bDESIGN\.md\b/i],
  ['STYLE.md', /\bSTYLE\.md\b/i],
  // 'spec 000 §7', and 'spec\n * 000 §2' wrapped over two comment lines.
  ['spec 000/001', /\bspec[\s*/#-]*00[01]\b/i],
]

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !file.startsWith('node_modules/'))
}

/** Which outside documents a text names. */
export function outsideDocumentsNamed(text: string): string[] {
  return OUTSIDE_DOCUMENTS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name)
}

function readText(file: string): string | null {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return null
  const bytes = fs.readFileSync(file)
  return bytes.includes(0) ? null : bytes.toString('utf8')
}

describe('the repository stands alone', () => {
  test('no tracked file points to DESIGN.md, STYLE.md or spec 000/001', () => {
    const offenders = trackedFiles()
      .filter((file) => path.normalize(file) !== path.normalize(THIS_FILE))
      .flatMap((file) => {
        const text = readText(file)
        return text === null ? [] : outsideDocumentsNamed(text).map((name) => `${file}: ${name}`)
      })
    expect(offenders).toEqual([])
  })

  test('every docs/ page a tracked file names exists', () => {
    const missing = new Set<string>()
    for (const file of trackedFiles()) {
      const text = readText(file)
      if (text === null) continue
      for (const [page] of text.matchAll(/\bdocs\/[a-z0-9-]+(?:\/[a-z0-9-]+)*\.md\b/g)) {
        if (!fs.existsSync(page)) missing.add(`${file}: ${page}`)
      }
    }
    expect([...missing]).toEqual([])
  })

  test('the check finds each outside document, also when a comment wraps it', () => {
    expect(outsideDocumentsNamed('// The fee rounds half up (DESIGN.md §7).')).toEqual(['DESIGN.md'])
    expect(outsideDocumentsNamed('See style.md, rule 3.')).toEqual(['STYLE.md'])
    expect(outsideDocumentsNamed('/** Whole dollars (Spec 001 §2). */')).toEqual(['spec 000/001'])
    expect(outsideDocumentsNamed(' * whole dollars a night (spec\n * 000 §2). In a search')).toEqual(['spec 000/001'])
    expect(outsideDocumentsNamed('// The fee rounds half up to a whole cent (docs/money.md).')).toEqual([])
    expect(outsideDocumentsNamed("import { test } from '@playwright/test' // tests/e2e/booking.spec.ts")).toEqual([])
  })
})
