// Mantine's `<TextInput>` without a label, as plain elements with Mantine's classes and variables
// (docs/decisions/0026, 0041): the admin's twenty booking rows each have one, and the footer on
// every page. Its own module, importing only Input, whose styles the root loads (decision 0023).
// plain-mantine.test.tsx compares it with Mantine's markup.
import { Input } from '@mantine/core'
import type { CSSProperties, InputHTMLAttributes } from 'react'
import { useServerMessage } from '~/i18n/messages'

const inputWidth = (rem: number) => ({ width: `calc(${rem}rem * var(--mantine-scale))` })

/**
 * `<TextInput size=… w={…} style={…} error={…}>` without a label (its accessible name is
 * `aria-label`); the input's other attributes (name, type, placeholder…) in the order Mantine was
 * given them.
 */
export function PlainTextInput({
  id,
  size = 'xs',
  widthRem,
  style,
  error,
  required,
  ...inputProps
}: {
  id: string
  /** Its accessible name. */
  'aria-label': string
  size?: 'xs' | 'sm'
  widthRem?: number
  /** The root's style, as Mantine's `style` prop. */
  style?: CSSProperties
  error?: string
  required?: boolean
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'placeholder' | 'maxLength' | 'autoComplete'>) {
  const say = useServerMessage()
  const invalid = Boolean(error)
  const wrapperStyle = {
    ...(invalid && { '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)' }),
    '--input-height': `var(--input-height-${size})`,
    '--input-fz': `var(--mantine-font-size-${size})`,
  } as CSSProperties
  const errorId = `${id}-error`
  const rootStyle = widthRem === undefined ? style : { ...style, ...inputWidth(widthRem) }
  return (
    <div
      style={rootStyle}
      className={`${Input.classes.root} mantine-InputWrapper-root mantine-TextInput-root`}
      data-size={size}
      data-error={invalid || undefined}
    >
      <div
        style={wrapperStyle}
        className={`${Input.classes.wrapper} mantine-Input-wrapper mantine-TextInput-wrapper`}
        data-variant="default"
        data-size={size}
        data-error={invalid || undefined}
      >
        <input
          className={`${Input.classes.input} mantine-Input-input mantine-TextInput-input`}
          data-variant="default"
          data-error={invalid || undefined}
          {...inputProps}
          required={required}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          id={id}
        />
      </div>
      {invalid && (
        <p
          style={{ '--input-error-size': `calc(var(--mantine-font-size-${size}) - calc(0.125rem * var(--mantine-scale)))` } as CSSProperties}
          className={`${Input.classes.error} mantine-InputWrapper-error mantine-TextInput-error`}
          data-size={size}
          id={errorId}
        >
          {say(error)}
        </p>
      )}
    </div>
  )
}
