// Mantine's `<Button>` markup without Mantine's runtime: the props of its root, put on a plain
// `<Link>`, `<a>` or `<button>`, with its label in `<ButtonLabel>` (docs/decisions/0026, 0041).
// Mantine's Button runs its props, styles and hooks through some ten functions and four elements
// each time it renders; the header, the footer and the dashboards draw a dozen on every page.
// plain-mantine.test.tsx compares the markup with Mantine's own for every look used.
import { Button, Loader, UnstyledButton } from '@mantine/core'
import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react'

/**
 * `filled` is the theme's colour (Mantine's default look); `subtle-gray` is
 * `variant="subtle" color="gray"`; `subtle-red` is `variant="subtle" color="red" c="red.9"` (the dark
 * red keeps AA contrast on white); `outline-red` is `variant="outline" color="red.9"`; `yellow` is
 * `color="yellow" c="dark"`.
 */
export type ButtonLookVariant =
  | 'filled'
  | 'light'
  | 'default'
  | 'subtle'
  | 'subtle-gray'
  | 'subtle-red'
  | 'outline-red'
  | 'yellow'
/** `sm` is Mantine's default size (no `size` prop). */
export type ButtonLookSize = 'sm' | 'md' | 'xs' | 'compact-sm'

const BUTTON_SIZE_VARS: Record<ButtonLookSize, Record<string, string>> = {
  sm: {},
  md: {
    '--button-height': 'var(--button-height-md)',
    '--button-padding-x': 'var(--button-padding-x-md)',
    '--button-fz': 'var(--mantine-font-size-md)',
  },
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

const BORDER_NONE = 'calc(0.0625rem * var(--mantine-scale)) solid transparent'

function subtle(color: string) {
  return {
    '--button-bg': 'transparent',
    '--button-hover': `var(--mantine-color-${color}-light-hover)`,
    '--button-color': `var(--mantine-color-${color}-light-color)`,
    '--button-bd': BORDER_NONE,
  }
}

// The variables Mantine's variant colour resolver gives each look, then the colour its `c` sets.
const BUTTON_VARIANT_VARS: Record<ButtonLookVariant, Record<string, string>> = {
  filled: {
    '--button-bg': 'var(--mantine-color-night-filled)',
    '--button-hover': 'var(--mantine-color-night-filled-hover)',
    '--button-color': 'var(--mantine-color-white)',
    '--button-bd': BORDER_NONE,
  },
  light: {
    '--button-bg': 'var(--mantine-color-night-light)',
    '--button-hover': 'var(--mantine-color-night-light-hover)',
    '--button-color': 'var(--mantine-color-night-light-color)',
    '--button-bd': BORDER_NONE,
  },
  default: {
    '--button-bg': 'var(--mantine-color-default)',
    '--button-hover': 'var(--mantine-color-default-hover)',
    '--button-color': 'var(--mantine-color-default-color)',
    '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
  },
  subtle: subtle('night'),
  'subtle-gray': subtle('gray'),
  'subtle-red': { ...subtle('red'), color: 'var(--mantine-color-red-9)' },
  // A shade of the theme (red.9) is resolved to its colour, and its hover to that colour's 5%.
  'outline-red': {
    '--button-bg': 'transparent',
    '--button-hover': 'rgba(201, 42, 42, 0.05)',
    '--button-color': 'var(--mantine-color-red-9)',
    '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-red-9)',
  },
  yellow: {
    '--button-bg': 'var(--mantine-color-yellow-filled)',
    '--button-hover': 'var(--mantine-color-yellow-filled-hover)',
    '--button-color': 'var(--mantine-color-white)',
    '--button-bd': BORDER_NONE,
    color: 'var(--mantine-color-dark-text)',
  },
}

const ROOT_CLASSES = `${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`

/** The props of each look, made once: a dashboard spreads them on dozens of links per render. */
const LOOKS = new Map<string, ReturnType<typeof makeLook>>()

function makeLook(variant: ButtonLookVariant, size: ButtonLookSize, fullWidth: boolean) {
  const { color, ...variantVars } = BUTTON_VARIANT_VARS[variant]
  const style = {
    ...BUTTON_SIZE_VARS[size],
    '--button-radius': 'var(--mantine-radius-md)',
    ...variantVars,
    ...(color && { color }),
  } as CSSProperties
  return Object.freeze({
    style: Object.freeze(style),
    className: `mantine-focus-auto mantine-active ${ROOT_CLASSES}`,
    'data-variant': variant === 'yellow' ? undefined : variant.replace(/-.*/, ''),
    'data-size': size === 'sm' ? undefined : size,
    'data-block': fullWidth ? 'true' : undefined,
  })
}

/**
 * The props that give a link (a Remix `<Link>` or an `<a>`) the look of Mantine's
 * `<Button component={…} variant=… size=… fullWidth>`; its children go in `<ButtonLabel>`. The same
 * frozen object for the same look: spread it, never change it.
 */
export function buttonLook(variant: ButtonLookVariant, size: ButtonLookSize = 'sm', { fullWidth = false } = {}) {
  const key = `${variant} ${size} ${fullWidth}`
  let look = LOOKS.get(key)
  if (!look) LOOKS.set(key, (look = makeLook(variant, size, fullWidth)))
  return look
}

/** The inside of a button: its label in Mantine's two spans. */
export function ButtonLabel({ children, loading }: { children: ReactNode; loading?: boolean }) {
  return (
    <span className={`${Button.classes.inner} mantine-Button-inner`}>
      <span className={`${Button.classes.label} mantine-Button-label`} data-loading={loading || undefined}>
        {children}
      </span>
    </span>
  )
}

const LOADER_BOX_STYLE: CSSProperties = {
  transitionProperty: 'transform, opacity',
  WebkitBackfaceVisibility: 'hidden',
  transitionDuration: '150ms',
  transitionTimingFunction: 'ease',
  transformOrigin: 'center',
  opacity: 1,
  transform: 'translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))',
}

const LOADER_STYLE = { '--loader-size': 'calc(var(--button-height) / 1.8)', '--loader-color': 'var(--button-color)' } as CSSProperties

/**
 * Mantine's `<Button variant=… size=… fullWidth loading disabled>` as a `<button>`. While it loads
 * it is disabled and draws Mantine's loader over its label (without Mantine's fade: the loader
 * appears at once).
 */
export function PlainButton({
  variant,
  size = 'sm',
  fullWidth = false,
  type = 'button',
  loading,
  disabled,
  style,
  children,
  ...rest
}: {
  variant: ButtonLookVariant
  size?: ButtonLookSize
  fullWidth?: boolean
  type?: 'button' | 'submit'
  loading?: boolean
  disabled?: boolean
  /** Style props Mantine would add after its own (a margin, a width). */
  style?: CSSProperties
  children: ReactNode
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'style' | 'type' | 'disabled' | 'children'>) {
  const look = buttonLook(variant, size, { fullWidth })
  const inactive = loading || disabled
  return (
    <button
      style={style ? { ...look.style, ...style } : look.style}
      className={inactive ? `mantine-focus-auto ${ROOT_CLASSES}` : look.className}
      data-variant={look['data-variant']}
      data-size={look['data-size']}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-block={look['data-block']}
      type={type}
      {...rest}
      disabled={inactive}
    >
      {loading && (
        <span style={LOADER_BOX_STYLE} className={`${Button.classes.loader} mantine-Button-loader`} aria-hidden="true">
          <span style={LOADER_STYLE} className={`${Loader.classes.ovalLoader} ${Loader.classes.root} mantine-Loader-root`} />
        </span>
      )}
      <ButtonLabel loading={loading}>{children}</ButtonLabel>
    </button>
  )
}
