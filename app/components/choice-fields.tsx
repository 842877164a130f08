// Checkboxes and selects for Conform fields, as form-fields.tsx does text fields; apart, so that a
// page of text fields alone (sign-in, registration) does not load their styles (decision 0023).
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Checkbox, Group, NativeSelect, Text, type CheckboxProps, type NativeSelectProps } from '@mantine/core'
import type { ReactNode } from 'react'
import { useServerMessage } from '~/i18n/messages'
import { fieldError, type Field } from './form-fields'

export function CheckboxField({
  field,
  label,
  ...props
}: { field: FieldMetadata<boolean | string | undefined>; label: ReactNode } & Omit<CheckboxProps, 'label'>) {
  const say = useServerMessage()
  const { key, ...rest } = getInputProps(field, { type: 'checkbox' })
  return <Checkbox {...rest} label={label} error={fieldError(field, say)} {...props} />
}

export function SelectField({
  field,
  data,
  ...props
}: { field: Field; data: NativeSelectProps['data'] } & Omit<NativeSelectProps, 'data'>) {
  const say = useServerMessage()
  const { key, type: _type, ...rest } = getInputProps(field, { type: 'text' })
  return <NativeSelect {...rest} data={data} error={fieldError(field, say)} {...props} />
}

/**
 * Native checkboxes of one name, for a list field: they post without JavaScript, the ticked ones
 * as a list. `checked` is what is saved; the boxes are not controlled.
 */
export function CheckboxGroupField({
  field,
  legend,
  options,
  checked,
  labelOf = (option) => option,
}: {
  field: { name: string; errors?: string[] }
  legend: string
  options: readonly string[]
  checked: readonly string[]
  /** An option's words when they differ from its value (a page in another language). */
  labelOf?: (option: string) => string
}) {
  const say = useServerMessage()
  const error = fieldError(field, say)
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} fz="sm" mb={6}>
        {legend}
      </Text>
      <Group gap="md">
        {options.map((option) => (
          <Checkbox
            key={option}
            name={field.name}
            value={option}
            label={labelOf(option)}

            defaultChecked={checked.includes(option)}
          />
        ))}
      </Group>
      {error && (
        <Text c="red.8" fz="sm" mt={4} role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  )
}
