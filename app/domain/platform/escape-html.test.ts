import { describe, expect, test } from 'vitest'
import { escapeHtml } from './escape-html'

describe('escaping text for HTML and XML', () => {
  test('the five markup characters become entities', () => {
    expect(escapeHtml(`<a href="x?a=1&b='2'">`)).toBe('&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;')
  })

  test('other text, entities already written included, is escaped once and otherwise kept', () => {
    expect(escapeHtml('Nora’s night – 9:00 PM')).toBe('Nora’s night – 9:00 PM')
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
  })
})
