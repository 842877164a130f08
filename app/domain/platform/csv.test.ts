import { describe, expect, test } from 'vitest'
import { csvText } from './csv'

describe('text in the CSV export', () => {
  // A leading apostrophe makes a spreadsheet show the cell as text instead of running it.
  test.each(['=HYPERLINK("https://evil.example","Click")', '+1 555 0100', '-2', '@SUM(A1)'])(
    'a name a spreadsheet would run as a formula is kept as text: %s',
    (name) => {
      expect(csvText(name)).toBe(`'${name}`)
    },
  )

  test.each(['Jordan Parent', 'jordan@example.com', 'Anne-Marie'])(
    'ordinary names and addresses are left alone: %s',
    (name) => {
      expect(csvText(name)).toBe(name)
    },
  )
})
