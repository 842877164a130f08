// One UI vocabulary (docs/decisions/0077): pages, rows and the shell are drawn with Mantine's
// components, or with our own elements styled by our own CSS modules. Nothing writes Mantine's
// markup by hand (its class names or its components' `.classes`): such a copy passes every test
// until a Mantine upgrade changes the markup it copied, and then it silently looks wrong.
import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** What in a source text copies Mantine's markup: a component's generated class names, or its static class written into markup. */
export function mantineMarkupCopies(code: string): string[] {
  const copies = [...code.matchAll(/\b[A-Z][A-Za-z]*\.classes\.[a-zA-Z]+/g)].map((match) => match[0])
  for (const match of code.matchAll(/className=[{`'"][^\n>]*?\bmantine-[A-Z][A-Za-z]+-[a-z][A-Za-z]*/g)) copies.push(match[0])
  return copies
}

describe('one UI vocabulary', () => {
  test('the check finds a copy of Mantine markup and lets Mantine and our own classes through', () => {
    expect(mantineMarkupCopies('<div className={`${Badge.classes.root} mantine-Badge-root`} data-variant="light">')).toHaveLength(2)
    expect(mantineMarkupCopies('<td className={cx(Table.classes.td, className)}>')).toEqual(['Table.classes.td'])
    expect(mantineMarkupCopies("<span className='mantine-Button-label'>")).toHaveLength(1)
    expect(mantineMarkupCopies('<Button variant="light" className={classes.save}>')).toEqual([])
    // Reading Mantine's static classes to find an element is its public styling API, not a copy.
    expect(mantineMarkupCopies("document.querySelectorAll('.site-toasts .mantine-Notification-root')")).toEqual([])
  })

  test('no file of the app writes Mantine markup by hand', () => {
    const copies = sourceFiles(path.join(ROOT, 'app')).flatMap((file) =>
      mantineMarkupCopies(fs.readFileSync(file, 'utf8')).map((copy) => `${path.relative(ROOT, file)}: ${copy}`),
    )
    expect(copies).toEqual([])
  })

  test("Remix's Link is refused everywhere but our own Link", async () => {
    const eslint = new ESLint({ cwd: ROOT })
    const code = "import { Link } from '@remix-run/react'\nexport const used = Link\n"
    for (const file of ['app/components/site-header.tsx', 'app/routes/terms.tsx']) {
      const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) })
      expect(result.messages.filter((message) => message.ruleId === 'no-restricted-imports'), file).toHaveLength(1)
    }
  }, 30_000)
})
