// A table that reads on a phone (styles/global.css, 'Tables on a phone'): below Mantine's sm
// breakpoint each row becomes a card of labelled lines. The rows' cells name their column with
// data-label; the header row stays for screen readers.
import { Table, type TableProps } from '@mantine/core'
import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import classes from './stacked-table.module.css'

export type StackedTableColumn = string | { label: ReactNode; ta?: 'right' }

export function StackedTable({
  columns,
  minWidth,
  focusable,
  children,
  ...tableProps
}: {
  columns: readonly StackedTableColumn[]
  /** The width below which it scrolls sideways (above the phone breakpoint). */
  minWidth: number
  /**
   * When nothing in a row takes focus, the scrolling box itself does (a native one), so keyboard
   * users can scroll it on a phone; it then needs a role and a name.
   */
  focusable?: { role: 'region' | 'group'; label: string }
  children: ReactNode
} & Omit<TableProps, 'children' | 'className'>) {
  return (
    <Table.ScrollContainer
      className="stacked-table-wrap"
      minWidth={minWidth}
      {...(focusable && { type: 'native', tabIndex: 0, role: focusable.role, 'aria-label': focusable.label })}
    >
      <Table className="stacked-table" {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => {
              const { label, ta } = typeof column === 'string' ? { label: column, ta: undefined } : column
              return (
                <Table.Th key={index} ta={ta}>
                  {label}
                </Table.Th>
              )
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/**
 * A row's cell. A plain `<td>` styled by our own module with the table's spacing variables, so it
 * is padded as Mantine's `Table.Td` pads its cells: a table repeats it for every column of every
 * row, where Mantine's cell costs the server about thirteen times a plain one (docs/decisions/0079).
 * `data-label` names the column on a phone.
 */
export function Cell({
  align,
  nowrap,
  wide,
  className,
  ...props
}: ComponentPropsWithoutRef<'td'> & {
  align?: 'right'
  /** Keeps a date or a reference on one line. */
  nowrap?: boolean
  /** On a phone, the cell takes the card's whole width below its label (a form, a list). */
  wide?: boolean
  'data-label': string
}) {
  const classNames = [classes.cell, align === 'right' && classes.right, nowrap && classes.nowrap, wide && 'stacked-table-wide', className]
  return <td {...props} className={classNames.filter(Boolean).join(' ')} />
}
