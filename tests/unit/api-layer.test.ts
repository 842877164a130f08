// The /_api calls (app/api, docs/decisions/0077) are adapters on top, as routes are: they call the
// domain and never the database, and nothing below them imports one (eslint.config.js).
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: ROOT })

async function restricted(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) })
  return result.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message)
}

describe('the /_api calls are a layer on top', () => {
  test('a call may not reach the database, nor read a form with Conform', async () => {
    expect(await restricted('app/api/example.ts', "import { sql } from 'drizzle-orm'\nexport const used = sql\n")).toHaveLength(1)
    expect(await restricted('app/api/example.ts', "import { db } from '~/db/client.server'\nexport const used = db\n")).toHaveLength(1)
    expect(await restricted('app/api/example.ts', "import { parseWithZod } from '@conform-to/zod'\nexport const used = parseWithZod\n")).toHaveLength(1)
    expect(await restricted('app/api/example.ts', "import { startBooking } from '~/domain/bookings/booking-creation.server'\nexport const used = startBooking\n")).toEqual([])
  }, 30_000)

  test('components, utils and the domain may not import a call', async () => {
    const code = "import { API_CALLS } from '~/api/calls.server'\nexport const used = API_CALLS\n"
    for (const file of ['app/components/example.tsx', 'app/utils/example.server.ts', 'app/domain/bookings/example.server.ts']) {
      expect(await restricted(file, code), file).toHaveLength(1)
    }
    expect(await restricted('app/routes/example.tsx', code)).toEqual([])
  }, 30_000)
})
