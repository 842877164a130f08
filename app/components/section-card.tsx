// A card that is one section of a page, named by its heading (an h2): screen readers list it as a
// region and can jump to it. Mantine's `<Card component="section">` and `<Title order={2}>` markup
// as plain elements (plain-mantine.test.tsx compares them): the dashboards draw several on every
// page (docs/decisions/0041).
import { Card, Paper } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'
import { PlainTitle, type MantineSize, type Spacing } from './plain-layout'

const CARD_CLASSES = `${Card.classes.root} mantine-Card-root ${Paper.classes.root} mantine-Paper-root`

export function SectionCard({
  id,
  title,
  titleFz = 'lg',
  titleMb,
  shadow,
  maw,
  style,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string
  title: ReactNode
  titleFz?: MantineSize
  titleMb?: Spacing
  shadow?: 'sm'
  /** The card's largest width, in pixels. */
  maw?: number
  style?: CSSProperties
  children: ReactNode
}) {
  const cardStyle = {
    '--paper-radius': 'var(--mantine-radius-md)',
    ...(shadow && { '--paper-shadow': `var(--mantine-shadow-${shadow})` }),
    '--card-padding': 'var(--mantine-spacing-lg)',
    ...style,
    ...(maw !== undefined && { maxWidth: `calc(${maw / 16}rem * var(--mantine-scale))` }),
  } as CSSProperties
  return (
    <PlainCard style={cardStyle} labelledBy={id}>
      <PlainTitle order={2} fz={titleFz} id={id} mb={titleMb}>
        {title}
      </PlainTitle>
      {children}
    </PlainCard>
  )
}

const CARD_STYLE = { '--paper-radius': 'var(--mantine-radius-md)', '--card-padding': 'var(--mantine-spacing-lg)' } as CSSProperties

/** `<Card component="section" aria-labelledby=…>`: a section named by a heading inside it. */
export function PlainCard({ labelledBy, style = CARD_STYLE, children }: { labelledBy: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <section style={style} className={CARD_CLASSES} data-with-border="true" aria-labelledby={labelledBy}>
      {children}
    </section>
  )
}
