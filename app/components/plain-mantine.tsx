// Mantine's markup for the few controls a page repeats on every row of a table (a booking's cells
// and its status form; StatusBadge is another), written as plain elements with Mantine's own classes
// (`Component.classes`, Mantine's styles API) and the variables its components set. A page of
// twenty rows otherwise runs Mantine's props, styles and hooks some 300 times, half of what the
// admin's bookings page costs to render (docs/decisions/0026). Only the props the rows use are
// supported. plain-mantine.test.tsx renders each beside the Mantine component it stands for and
// fails when the markup differs, so a Mantine upgrade that changes it is caught.
import { ComboboxChevron, Input, Table } from '@mantine/core'
import type { ChangeEventHandler, CSSProperties, ReactNode } from 'react'

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ')

/** `<Table.Tr>` of a table with row borders (the default), striped or not. */
export function PlainTr({ striped, children }: { striped?: boolean; children: ReactNode }) {
  return (
    <tr className={`${Table.classes.tr} mantine-Table-tr`} data-with-row-border="true" data-striped={striped ? 'odd' : undefined}>
      {children}
    </tr>
  )
}

/** `<Table.Td data-label=…>`, as StackedTable's rows name their column on a phone. */
export function PlainTd({
  label,
  nowrap,
  className,
  children,
}: {
  label: string
  nowrap?: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <td
      style={nowrap ? { whiteSpace: 'nowrap' } : undefined}
      className={cx(Table.classes.td, 'mantine-Table-td', className)}
      data-label={label}
    >
      {children}
    </td>
  )
}

const inputWidth = (rem: number) => ({ width: `calc(${rem}rem * var(--mantine-scale))` })

// NativeSelect's chevron (Mantine's ComboboxChevron at size xs).
const CHEVRON_PATH =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z'

function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ))
}

const XS_CHEVRON_STYLE = { '--combobox-chevron-size': 'var(--combobox-chevron-size-xs)' } as CSSProperties

/** NativeSelect's right section: its chevron at size xs. */
function SelectChevron() {
  return (
    <div data-position="right" className={`${Input.classes.section} mantine-Input-section mantine-NativeSelect-section`}>
      <svg
        style={XS_CHEVRON_STYLE}
        className={`${ComboboxChevron.classes.chevron} mantine-ComboboxChevron-chevron`}
        data-size="xs"
        data-combobox-chevron="true"
        viewBox="0 0 15 15"
        fill="none"
        xmlns="http://www.w3.org/2000/svg"
      >
        <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
      </svg>
    </div>
  )
}

/** `<NativeSelect size="xs" w={…}>` without a label, its options given as value and label. */
export function PlainNativeSelect({
  id,
  name,
  label,
  options,
  value,
  onChange,
  widthRem,
}: {
  id: string
  name: string
  /** Its accessible name (aria-label). */
  label: string
  options: readonly { value: string; label: string }[]
  value: string
  onChange: ChangeEventHandler<HTMLSelectElement>
  widthRem: number
}) {
  const wrapperStyle = {
    '--input-height': 'var(--input-height-xs)',
    '--input-fz': 'var(--mantine-font-size-xs)',
    '--input-right-section-pointer-events': 'none',
  } as CSSProperties
  return (
    <div style={inputWidth(widthRem)} className={`${Input.classes.root} mantine-InputWrapper-root mantine-NativeSelect-root`} data-size="xs">
      <div
        style={wrapperStyle}
        className={`${Input.classes.wrapper} mantine-Input-wrapper mantine-NativeSelect-wrapper`}
        data-variant="default"
        data-size="xs"
        data-pointer="true"
        data-with-right-section="true"
      >
        <select
          className={`${Input.classes.input} mantine-Input-input mantine-NativeSelect-input`}
          data-variant="default"
          name={name}
          aria-label={label}
          value={value}
          onChange={onChange}
          aria-invalid="false"
          id={id}
        >
          <SelectOptions options={options} />
        </select>
        <SelectChevron />
      </div>
    </div>
  )
}
