// The doors of the domain's areas (docs/decisions/0057): an area imports another area's files only
// through the door app/domain/doors.json declares for it (the ESLint rule eslint/area-doors.js),
// and a door lists only files that exist and that another area imports.
import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'
import { APP, importGraph, sourceFiles } from '../support/import-graph'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DOMAIN = path.join(APP, 'domain')
const DOORS: Record<string, string[]> = JSON.parse(fs.readFileSync(path.join(DOMAIN, 'doors.json'), 'utf8'))
const eslint = new ESLint({ cwd: ROOT })

async function doorProblems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) })
  return result.messages.filter((message) => message.ruleId === 'area-doors/doors').map((message) => message.message)
}

/** The area of a file of app/domain and its path inside it, or null outside any area. */
function areaOf(file: string): { area: string; inside: string } | null {
  const parts = path.relative(DOMAIN, file).split(path.sep)
  return parts.length > 1 && parts[0] !== '..' ? { area: parts[0], inside: parts.slice(1).join('/') } : null
}

describe('areas are entered through their doors', () => {
  test("the lint rule refuses a value import of a file outside another area's door", async () => {
    expect(DOORS.bookings).not.toContain('hold-cycling.ts')
    const outside = "import { mustPayAtOnce } from '../bookings/hold-cycling'\nexport const used = mustPayAtOnce\n"
    expect(await doorProblems('app/domain/payouts/example.server.ts', outside)).toEqual([
      "'hold-cycling.ts' is not in the door of bookings/ (app/domain/doors.json): import what the door offers, or add the file to bookings's door on purpose (docs/decisions/0057).",
    ])
    const byAlias = "import { mustPayAtOnce } from '~/domain/bookings/hold-cycling'\nexport const used = mustPayAtOnce\n"
    expect(await doorProblems('app/domain/payouts/example.server.ts', byAlias)).toHaveLength(1)
    const reExport = "export { mustPayAtOnce } from '../bookings/hold-cycling'\n"
    expect(await doorProblems('app/domain/payouts/example.server.ts', reExport)).toHaveLength(1)
  }, 30_000)

  test('it accepts a door, a type, its own area, a test and the layers above the domain', async () => {
    expect(DOORS.bookings).toContain('booking-rules.ts')
    const door = "import { formatBookingReference } from '../bookings/booking-rules'\nexport const used = formatBookingReference\n"
    expect(await doorProblems('app/domain/payouts/example.server.ts', door)).toEqual([])
    const types = "import type { HoldCycle } from '../bookings/hold-cycling'\nimport { type Other } from '../bookings/hold-cycling'\nexport type Used = [HoldCycle, Other]\n"
    expect(await doorProblems('app/domain/payouts/example.server.ts', types)).toEqual([])
    const own = "import { mustPayAtOnce } from './hold-cycling'\nexport const used = mustPayAtOnce\n"
    expect(await doorProblems('app/domain/bookings/example.server.ts', own)).toEqual([])
    const outside = "import { mustPayAtOnce } from '../bookings/hold-cycling'\nexport const used = mustPayAtOnce\n"
    expect(await doorProblems('app/domain/payouts/example.test.ts', outside)).toEqual([])
    const fromRoute = "import { mustPayAtOnce } from '~/domain/bookings/hold-cycling'\nexport const used = mustPayAtOnce\n"
    expect(await doorProblems('app/routes/example.tsx', fromRoute)).toEqual([])
  }, 30_000)

  test('every area has a door, and a door lists only files that exist and that another area imports', () => {
    const areas = fs.readdirSync(DOMAIN, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    expect(Object.keys(DOORS).sort()).toEqual(areas.sort())
    const imported = new Set<string>()
    const files = sourceFiles(DOMAIN).filter((file) => !file.includes('.test.'))
    for (const [file, targets] of importGraph(files)) {
      const from = areaOf(file)
      for (const target of targets) {
        const to = areaOf(target)
        if (from && to && to.area !== from.area) imported.add(`${to.area}/${to.inside}`)
      }
    }
    const listed = Object.entries(DOORS).flatMap(([area, doors]) => doors.map((door) => `${area}/${door}`))
    expect(listed.filter((door) => !fs.existsSync(path.join(DOMAIN, door))), 'these doors name no file').toEqual([])
    expect(listed.filter((door) => !imported.has(door)), 'no other area imports these: take them out of app/domain/doors.json').toEqual([])
  })
})
