// patches/ (patch-package, run by `npm install` and `npm ci`): postgres.js drops a write to a
// closed socket instead of crashing (docs/decisions/0010), and nothing else is patched (0077).
// These tests fail when a patch was not applied, or when a framework is patched.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const PATCHES = path.resolve(__dirname, '../../patches')

describe('the patched packages', () => {
  test.each(fs.readdirSync(PATCHES).filter((file) => file.endsWith('.patch')))('%s is applied', (file) => {
    const patch = fs.readFileSync(path.join(PATCHES, file), 'utf8')
    const files = patch.split(/^diff --git /m).slice(1)
    expect(files.length).toBeGreaterThan(0)
    for (const diff of files) {
      const target = /^\+\+\+ b\/(\S+)$/m.exec(diff)![1]
      const added = diff.split('\n').filter((line) => line.startsWith('+') && !line.startsWith('+++')).map((line) => line.slice(1))
      const installed = fs.readFileSync(path.resolve(PATCHES, '..', target), 'utf8')
      for (const line of added) expect(installed, `${target} lacks a line of ${file}`).toContain(line)
    }
  })

  // Framework code is not patched (issue 39): a patch of Remix, React, Mantine or any other
  // package the pages are built with would be a fork the next upgrade silently drops. What may be
  // patched is a driver fault with no other way round it, named here with its decision.
  test('only a driver fault is patched, never framework code', () => {
    const allowed = new Map([['postgres', 'a write on a closed socket killed the process (decision 0010)']])
    for (const file of fs.readdirSync(PATCHES).filter((name) => name.endsWith('.patch'))) {
      const name = file.replace(/\+\d[^+]*\.patch$/, '').replace('+', '/')
      expect(allowed.has(name), `${file} patches ${name}, which is not a driver fault allowed here`).toBe(true)
    }
  })
})
