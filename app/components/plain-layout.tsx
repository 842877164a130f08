// Mantine's layout components (Text, Title, Stack, Group, Container, Anchor) as plain elements with
// Mantine's own classes and the variables and style props Mantine writes (docs/decisions/0041): the
// header, the dashboards and their sections draw dozens on every page, and each Mantine component
// runs its props, styles and hooks through some ten functions. Only the props the pages use are
// supported; plain-mantine.test.tsx renders each beside the Mantine component it stands for. This
// module imports only components whose styles the root loads on every page (decision 0023).
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'

/** A size of Mantine's theme (its spacing or font sizes). */
export type MantineSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl'
/** A shade of the theme's palette that the pages' texts use (Mantine's `c="gray.7"`). */
export type TextColor = 'gray.7' | 'red.8'

/** A theme spacing, or pixels as Mantine's `rem()` writes them. */
export type Spacing = MantineSize | number

const space = (value: Spacing) =>
  typeof value === 'number' ? `calc(${value / 16}rem * var(--mantine-scale))` : `var(--mantine-spacing-${value})`

/** Mantine's style props that the plain elements take, written in the order Mantine writes them. */
interface StyleProps {
  mt?: Spacing
  mb?: Spacing
  my?: Spacing
  py?: Spacing
  dimmed?: boolean
  c?: TextColor
  fz?: MantineSize
  fw?: number
  w?: string
}

function styleProps({ mt, mb, my, py, dimmed, c, fz, fw, w }: StyleProps, style: CSSProperties = {}) {
  if (mt !== undefined) style.marginTop = space(mt)
  if (mb !== undefined) style.marginBottom = space(mb)
  if (my !== undefined) style.marginBlock = space(my)
  if (py !== undefined) style.paddingBlock = space(py)
  if (dimmed) style.color = 'var(--mantine-color-dimmed)'
  else if (c !== undefined) style.color = `var(--mantine-color-${c.replace('.', '-')})`
  if (fz !== undefined) style.fontSize = `var(--mantine-font-size-${fz})`
  if (fw !== undefined) style.fontWeight = fw
  if (w !== undefined) style.width = w
  return style
}

/** `<Text fz=… fw=… c=… mt=… mb=… py=… span>` as a paragraph, or a span. */
export function PlainText({
  size,
  bold,
  dimmed,
  color,
  breakAnywhere,
  mt,
  mb,
  py,
  span = false,
  role,
  children,
}: {
  size?: MantineSize
  bold?: boolean
  dimmed?: boolean
  /** A shade of the palette (`c="gray.7"`); `dimmed` is Mantine's dimmed colour. */
  color?: TextColor
  /** Mantine's `span`: the text inside a line, as a `<span>`. */
  span?: boolean
  role?: 'alert' | 'status'
  /** `style={{ overflowWrap: 'anywhere' }}`: an e-mail address wraps inside a narrow column. */
  breakAnywhere?: boolean
  mt?: Spacing
  mb?: Spacing
  py?: Spacing
  children: ReactNode
}) {
  const style = styleProps(
    { mt, mb, py, dimmed, c: color, fz: size, fw: bold ? 600 : undefined },
    breakAnywhere ? { overflowWrap: 'anywhere' } : {},
  )
  const Element = span ? 'span' : 'p'
  return (
    <Element style={style} className={`mantine-focus-auto ${Text.classes.root} mantine-Text-root`} role={role}>
      {children}
    </Element>
  )
}

/**
 * `<Group gap=… align=… justify=… wrap=… mt=… mb=… component=…>` (Mantine's defaults: md, center,
 * flex-start, wrap, a `div`).
 */
export function PlainGroup({
  gap = 'md',
  align = 'center',
  justify = 'flex-start',
  wrap = 'wrap',
  mt,
  mb,
  component: Component = 'div',
  role,
  'aria-label': ariaLabel,
  children,
}: {
  gap?: MantineSize
  align?: 'center' | 'flex-start' | 'flex-end'
  justify?: 'flex-start' | 'space-between'
  wrap?: 'wrap' | 'nowrap'
  mt?: Spacing
  mb?: Spacing
  component?: 'div' | 'nav'
  role?: 'group'
  'aria-label'?: string
  children: ReactNode
}) {
  const style = styleProps({ mt, mb }, {
    '--group-gap': space(gap),
    '--group-align': align,
    '--group-justify': justify,
    '--group-wrap': wrap,
  } as CSSProperties)
  return (
    <Component style={style} className={`${Group.classes.root} mantine-Group-root`} role={role} aria-label={ariaLabel}>
      {children}
    </Component>
  )
}

/** `<Stack gap=… component=…>` (a `div` or a `section` named by its heading). */
export function PlainStack({
  gap = 'md',
  component: Component = 'div',
  'aria-labelledby': labelledBy,
  children,
}: {
  gap?: Spacing
  component?: 'div' | 'section'
  'aria-labelledby'?: string
  children: ReactNode
}) {
  const style = { '--stack-gap': space(gap), '--stack-align': 'stretch', '--stack-justify': 'flex-start' } as CSSProperties
  return (
    <Component style={style} className={`${Stack.classes.root} mantine-Stack-root`} aria-labelledby={labelledBy}>
      {children}
    </Component>
  )
}

/** `<Title order=… fz=… mb=… id=…>`. */
export function PlainTitle({
  order,
  fz,
  mb,
  id,
  children,
}: {
  order: 1 | 2 | 3
  fz?: MantineSize
  mb?: Spacing
  id?: string
  children: ReactNode
}) {
  const Heading = `h${order}` as const
  const style = styleProps(
    { mb, fz },
    {
      '--title-fw': `var(--mantine-h${order}-font-weight)`,
      '--title-lh': `var(--mantine-h${order}-line-height)`,
      '--title-fz': `var(--mantine-h${order}-font-size)`,
    } as CSSProperties,
  )
  return (
    <Heading style={style} className={`${Title.classes.root} mantine-Title-root`} data-order={order} id={id}>
      {children}
    </Heading>
  )
}

const ANCHOR_LOOKS = new Map<string, { style?: CSSProperties; className: string; 'data-underline': 'hover' | 'always' }>()

/**
 * The props that give a link the look of Mantine's `<Anchor component={Link} fw=… fz=… underline=…>`;
 * made once per look (spread them, never change them).
 */
export function anchorLook({ fw, fz, underline = 'hover' }: { fw?: number; fz?: MantineSize; underline?: 'hover' | 'always' } = {}) {
  const key = `${fw} ${fz} ${underline}`
  let look = ANCHOR_LOOKS.get(key)
  if (!look) {
    const style = styleProps({ fz, fw })
    look = Object.freeze({
      style: Object.keys(style).length ? Object.freeze(style) : undefined,
      className: `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`,
      'data-underline': underline,
    })
    ANCHOR_LOOKS.set(key, look)
  }
  return look
}

/** `<Container size=… py=…>`. */
export function PlainContainer({ size, py, children }: { size: MantineSize; py?: Spacing; children: ReactNode }) {
  const style = styleProps({ py }, { '--container-size': `var(--container-size-${size})` } as CSSProperties)
  return (
    <div style={style} className={`${Container.classes.root} mantine-Container-root`} data-size={size} data-strategy="block">
      {children}
    </div>
  )
}
