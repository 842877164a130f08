// Mantine's Switch markup as plain elements (docs/decisions/0026, 0040), in a module of its own so
// that only the pages that draw it load Switch's styles (tests/unit/mantine-styles.test.ts reads
// which Mantine components each page's modules import).
import { Input, Switch } from '@mantine/core'
import { type ChangeEventHandler, type ReactNode, useId } from 'react'

/**
 * `<Switch label description checked onChange>` (the label on the right): a dashboard's e-mail
 * settings draw five, and Mantine's costs about 210–230 µs of the server's time each, this one
 * 13 (docs/decisions/0040). Its first root class is Mantine's InlineInput's, which
 * @mantine/core does not export; plain-mantine.test.tsx checks it with the rest.
 */
export function PlainSwitch({
  name,
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  name: string
  label: ReactNode
  description: ReactNode
  checked: boolean
  disabled?: boolean
  onChange: ChangeEventHandler<HTMLInputElement>
}) {
  const id = `mantine-${useId().replace(/:/g, '')}`
  const state = String(checked)
  return (
    <div className={`m_5f93f3bb mantine-Switch-root ${Switch.classes.root} mantine-Switch-root`} data-label-position="right" data-checked={state}>
      {/* The label holds the input and its text (`label`, which the rule cannot see). */}
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control */}
      <label className={`${Switch.classes.body} mantine-Switch-body`} htmlFor={id}>
        <input
          name={name}
          disabled={disabled}
          data-checked={state}
          id={id}
          type="checkbox"
          role="switch"
          className={`${Switch.classes.input} mantine-Switch-input`}
          checked={checked}
          onChange={onChange}
        />
        <span className={`${Switch.classes.track} mantine-Switch-track`} data-label-position="right" data-without-labels="true" aria-hidden="true">
          <span className={`${Switch.classes.thumb} mantine-Switch-thumb`} data-reduce-motion="true" data-with-thumb-indicator="true" />
          <span className={`${Switch.classes.trackLabel} mantine-Switch-trackLabel`} />
        </span>
        <div className={`${Switch.classes.labelWrapper} mantine-Switch-labelWrapper`} data-disabled={disabled || undefined}>
          <span className={`${Switch.classes.label} mantine-Switch-label`} data-disabled={disabled || undefined}>
            {label}
          </span>
          <p className={`${Switch.classes.description} mantine-Switch-description ${Input.Description.classes.description} mantine-InputWrapper-description`}>
            {description}
          </p>
        </div>
      </label>
    </div>
  )
}
