// A person's round picture. Drawn as Mantine's `<Avatar color="night">` markup without running
// Mantine's Avatar (its props, styles and Box machinery): a dashboard repeats it on every booking
// card, and the nurse cards of search on every result (docs/decisions/0040). plain-mantine.test.tsx
// compares the markup with Mantine's own.
import { Avatar, rem } from '@mantine/core'
import { type CSSProperties, type ImgHTMLAttributes, useEffect, useState } from 'react'

const ROOT = `${Avatar.classes.root} mantine-Avatar-root`
const IMAGE = `${Avatar.classes.image} mantine-Avatar-image`
const PLACEHOLDER = `${Avatar.classes.placeholder} mantine-Avatar-placeholder`

/** A photo, or the first letter of the name, or 'N'; the initial also stands in for a photo that fails to load. */
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
  const initial = (name?.trim()[0] ?? 'N').toUpperCase()
  const alt = name ?? ''
  const [failed, setFailed] = useState(!src)
  useEffect(() => setFailed(!src), [src])
  const style = {
    '--avatar-size': rem(size),
    '--avatar-radius': typeof radius === 'number' ? rem(radius) : `var(--mantine-radius-${radius})`,
    '--avatar-bg': 'var(--mantine-color-night-light)',
    '--avatar-color': 'var(--mantine-color-night-light-color)',
    '--avatar-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  } as CSSProperties
  return (
    <div style={style} className={ROOT}>
      {failed || !src ? (
        <span className={PLACEHOLDER} title={alt}>
          {initial}
        </span>
      ) : (
        <img {...imageProps} className={IMAGE} src={src} alt={alt} onError={() => setFailed(true)} />
      )}
    </div>
  )
}
