// Mantine's `<Button>` look for links a page repeats on every card or row (a booking's View
// Details and Book Again, a night's Cancel, a payment's receipt links): the props and label of
// Mantine's markup, put on a plain Remix `<Link>` or `<a>`, so Mantine's props, styles and hooks
// do not run for each (docs/decisions/0026). plain-mantine.test.tsx compares the markup with
// Mantine's own for every variant and size here.
import { Button, UnstyledButton } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'

type ButtonLookVariant = 'light' | 'default' | 'subtle-red'
type ButtonLookSize = 'md' | 'xs' | 'compact-sm'

const BUTTON_SIZE_VARS: Record<ButtonLookSize, Record<string, string>> = {
  md: {},
  xs: {
    '--button-height': 'var(--button-height-xs)',
    '--button-padding-x': 'var(--button-padding-x-xs)',
    '--button-fz': 'var(--mantine-font-size-xs)',
  },
  'compact-sm': {
    '--button-height': 'var(--button-height-compact-sm)',
    '--button-padding-x': 'var(--button-padding-x-compact-sm)',
    '--button-fz': 'var(--mantine-font-size-sm)',
  },
}

const BUTTON_VARIANT_VARS: Record<ButtonLookVariant, Record<string, string>> = {
  light: {
    '--button-bg': 'var(--mantine-color-night-light)',
    '--button-hover': 'var(--mantine-color-night-light-hover)',
    '--button-color': 'var(--mantine-color-night-light-color)',
    '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  },
  default: {
    '--button-bg': 'var(--mantine-color-default)',
    '--button-hover': 'var(--mantine-color-default-hover)',
    '--button-color': 'var(--mantine-color-default-color)',
    '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
  },
  // variant="subtle" color="red" c="red.9": the dark red keeps AA contrast on white.
  'subtle-red': {
    '--button-bg': 'transparent',
    '--button-hover': 'var(--mantine-color-red-light-hover)',
    '--button-color': 'var(--mantine-color-red-light-color)',
    '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
    color: 'var(--mantine-color-red-9)',
  },
}

/** The props of each look, made once: a dashboard spreads them on dozens of links per render. */
const LOOKS = new Map<string, ReturnType<typeof makeLook>>()

function makeLook(variant: ButtonLookVariant, size: ButtonLookSize) {
  const { color, ...variantVars } = BUTTON_VARIANT_VARS[variant]
  const style = {
    ...BUTTON_SIZE_VARS[size],
    '--button-radius': 'var(--mantine-radius-md)',
    ...variantVars,
    ...(color && { color }),
  } as CSSProperties
  return Object.freeze({
    style: Object.freeze(style),
    className: `mantine-focus-auto mantine-active ${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`,
    'data-variant': variant === 'subtle-red' ? 'subtle' : variant,
    'data-size': size === 'md' ? undefined : size,
  })
}

/**
 * The props that give a link (a Remix `<Link>` or an `<a>`) the look of Mantine's
 * `<Button component={…} variant=… size=…>` (`light` is the theme's colour; `subtle-red` is
 * `variant="subtle" color="red" c="red.9"`); its children go in `<ButtonLabel>`. The same frozen
 * object for the same look: spread it, never change it.
 */
export function buttonLook(variant: ButtonLookVariant, size: ButtonLookSize = 'md') {
  const key = `${variant} ${size}`
  let look = LOOKS.get(key)
  if (!look) LOOKS.set(key, (look = makeLook(variant, size)))
  return look
}

/** The inside of a button: its label in Mantine's two spans. */
export function ButtonLabel({ children }: { children: ReactNode }) {
  return (
    <span className={`${Button.classes.inner} mantine-Button-inner`}>
      <span className={`${Button.classes.label} mantine-Button-label`}>{children}</span>
    </span>
  )
}
