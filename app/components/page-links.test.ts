import { describe, expect, test } from 'vitest'
import { searchAtPage } from './page-links'

describe('searchAtPage', () => {
  test('sets the page and keeps what else the address asks for', () => {
    expect(searchAtPage('?dates=2026-12-01&babies=2', 'reviews', 2)).toBe('?dates=2026-12-01&babies=2&reviews=2')
    expect(searchAtPage('?reviews=2&dates=2026-12-01', 'reviews', 3)).toBe('?dates=2026-12-01&reviews=3')
  })

  test('the first page names no page', () => {
    expect(searchAtPage('?reviews=4', 'reviews', 1)).toBe('')
    expect(searchAtPage('?dates=2026-12-01&reviews=4', 'reviews', 1)).toBe('?dates=2026-12-01')
  })

  test('leaves out the parameters named to drop', () => {
    expect(searchAtPage('?book=1&date=2026-12-01&date=2026-12-02&dates=2026-12-01', 'reviews', 2, ['book', 'date'])).toBe('?dates=2026-12-01&reviews=2')
  })
})
