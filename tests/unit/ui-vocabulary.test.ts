// One UI vocabulary (docs/decisions/0058): a page is drawn with Mantine; Mantine's markup written as
// plain elements is imported only by the rows, cards and shell eslint.config.js names.
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: ROOT })

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) })
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

const PLAIN_IMPORTS = `import { PlainText } from '~/components/plain-layout'
import { ButtonLabel } from '~/components/button-look'
import { PlainTr } from '../components/plain-mantine'
import { PlainSwitch } from './plain-switch'
import { PlainTextInput } from './plain-text-input'
import { PlainToast } from '~/components/plain-toast'
export const used = [PlainText, ButtonLabel, PlainTr, PlainSwitch, PlainTextInput, PlainToast]
`

describe('one UI vocabulary', () => {
  test('a page or a component outside the list cannot import plain markup (plain-toast is Mantine)', async () => {
    expect(await restrictedImports('app/routes/terms.tsx', PLAIN_IMPORTS)).toHaveLength(5)
    expect(await restrictedImports('app/components/booking-summary.tsx', PLAIN_IMPORTS)).toHaveLength(5)
  }, 30_000)

  test('the dashboards, their sections and the section card are Mantine', async () => {
    for (const file of [
      'app/routes/parent.dashboard/route.tsx',
      'app/routes/parent.dashboard/bookings-section.tsx',
      'app/routes/nurse.dashboard/availability-tab.tsx',
      'app/routes/admin.dashboard/route.tsx',
      'app/routes/admin.dashboard/admin-actions.tsx',
      'app/components/section-card.tsx',
      'app/components/page-links.tsx',
      'app/components/parent-notification-fields.tsx',
    ]) {
      expect(await restrictedImports(file, PLAIN_IMPORTS), file).toHaveLength(5)
    }
  }, 60_000)

  test('the rows and cards a page repeats, and the shell, may', async () => {
    for (const file of [
      'app/routes/admin.dashboard/bookings-table.tsx',
      'app/routes/parent.dashboard/night-row.tsx',
      'app/components/parent-booking-card.tsx',
      'app/components/parent-payment-history.tsx',
      'app/components/site-header.tsx',
    ]) {
      expect(await restrictedImports(file, PLAIN_IMPORTS), file).toEqual([])
    }
  }, 30_000)

  test("Remix's Link stays refused in the files that may import plain markup", async () => {
    const code = "import { Link } from '@remix-run/react'\nexport const used = Link\n"
    expect(await restrictedImports('app/components/site-header.tsx', code)).toHaveLength(1)
    expect(await restrictedImports('app/routes/terms.tsx', code)).toHaveLength(1)
  }, 30_000)
})
