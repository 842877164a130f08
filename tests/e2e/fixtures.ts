// Shared Playwright helpers: a login that goes through the real form, and an axe check.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'nightnurse-demo'
export const DEMO = {
  admin: 'admin@example.com',
  parent: 'parent@example.com',
  nurse: 'nurse@example.com',
} as const

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

/** No serious or critical WCAG 2.1 AA violations (DESIGN.md §11). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
