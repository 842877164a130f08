// A card that is one section of a page, named by its heading (an h2): screen readers list it as a
// region and can jump to it.
import { Card, Title, type CardProps, type TitleProps } from '@mantine/core'
import type { ReactNode } from 'react'

export function SectionCard({
  id,
  title,
  titleFz = 'lg',
  titleMb,
  children,
  ...cardProps
}: {
  /** The heading's id, which names the section. */
  id: string
  title: ReactNode
  titleFz?: TitleProps['fz']
  titleMb?: TitleProps['mb']
  children: ReactNode
} & Omit<CardProps, 'children'>) {
  return (
    <Card component="section" aria-labelledby={id} {...cardProps}>
      <Title order={2} fz={titleFz} id={id} mb={titleMb}>
        {title}
      </Title>
      {children}
    </Card>
  )
}
