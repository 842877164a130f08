// A stacked table's cells are plain <td>s of our own module: they name their column for a phone,
// keep the phone's full-width class for a form or a list, and align as the column asks.
import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { theme } from '~/theme'
import { Cell, StackedTable } from './stacked-table'

function table(cells: React.ReactNode) {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <StackedTable columns={['Night', 'Price', 'Change']} minWidth={600} verticalSpacing="sm">
        <tr>{cells}</tr>
      </StackedTable>
    </MantineProvider>,
  )
}

const cellsOf = (html: string) => [...html.matchAll(/<td([^>]*)>(.*?)<\/td>/g)].map(([, attributes, text]) => ({ attributes, text }))

describe('a stacked table’s cells', () => {
  test('each names its column and is padded by the table’s own spacing, not by a Mantine cell', () => {
    const html = table(
      <>
        <Cell data-label="Night">Sat, Dec 5</Cell>
        <Cell data-label="Price" align="right">
          $320.00
        </Cell>
      </>,
    )
    const [night, price] = cellsOf(html)
    expect(night.attributes).toContain('data-label="Night"')
    expect(night.text).toBe('Sat, Dec 5')
    expect(price.attributes).toContain('data-label="Price"')
    expect(html).not.toContain('mantine-Table-td')
    // The spacing is the table's: Mantine sets the variable the cells read from verticalSpacing.
    expect(html).toContain('--table-vertical-spacing:var(--mantine-spacing-sm)')
    expect(night.attributes).toMatch(/class="[^"]*cell/)
    expect(price.attributes).toMatch(/class="[^"]*right/)
    expect(night.attributes).not.toMatch(/right/)
  })

  test('a wide cell keeps the class that gives it the card’s whole width on a phone; a cell’s own class stays', () => {
    const [form, reference] = cellsOf(
      table(
        <>
          <Cell data-label="Change" wide>
            <form />
          </Cell>
          <Cell data-label="Night" nowrap className="own">
            NL-0001
          </Cell>
        </>,
      ),
    )
    expect(form.attributes).toMatch(/class="[^"]*\bstacked-table-wide\b/)
    expect(reference.attributes).toMatch(/class="[^"]*nowrap[^"]*\bown\b/)
    expect(reference.attributes).not.toContain('stacked-table-wide')
  })
})
