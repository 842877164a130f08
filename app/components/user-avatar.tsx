// A person's round picture: Mantine's Avatar in the theme's colour, with the first letter of the
// name (or 'N') where there is no photo or the photo fails to load (Mantine shows its children then).
import { Avatar } from '@mantine/core'
import type { ImgHTMLAttributes } from 'react'

export function UserAvatar({
  name,
  src,
  size,
  radius,
  imageProps,
}: {
  name?: string | null
  src?: string | null
  /** Pixels, as Mantine's `size`. */
  size: number
  /** Pixels, or a theme radius ('xl'). */
  radius: number | 'xl'
  imageProps?: ImgHTMLAttributes<HTMLImageElement>
}) {
  return (
    <Avatar src={src || null} alt={name ?? ''} color="night" size={size} radius={radius} imageProps={imageProps}>
      {(name?.trim()[0] ?? 'N').toUpperCase()}
    </Avatar>
  )
}
