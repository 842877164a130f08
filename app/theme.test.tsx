import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mantineThemeCss } from './styles/mantine-theme-css'

const FILE = path.join(import.meta.dirname, 'styles/mantine-theme.css')

describe('mantine-theme.css', () => {
  it('holds exactly the CSS MantineProvider would write for app/theme.ts', () => {
    const css = mantineThemeCss()
    if (process.env.UPDATE_THEME_CSS) fs.writeFileSync(FILE, css)
    expect(fs.readFileSync(FILE, 'utf8')).toBe(css)
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-night-filled)')
    expect(css).toContain('.mantine-hidden-from-sm')
    expect(css).toContain(':root[data-mantine-color-scheme="light"]')
    expect(css).not.toContain('color-scheme="dark"')
  })
})
