// A card that is one section of a page, named by its heading (an h2): screen readers list it as a
// region and can jump to it. The theme gives a card its border, radius and padding.
import { Card, Title, type MantineSize, type MantineSpacing } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'

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
  titleMb?: MantineSpacing
  shadow?: 'sm'
  /** The card's largest width, in pixels. */
  maw?: number
  style?: CSSProperties
  children: ReactNode
}) {
  return (
    <Card component="section" aria-labelledby={id} shadow={shadow} maw={maw} style={style}>
      <Title order={2} fz={titleFz} id={id} mb={titleMb}>
        {title}
      </Title>
      {children}
    </Card>
  )
}
