// Mantine inputs for Conform fields (STYLE.md "Mantine with Conform"): the field's name, default
// value and first error go to the input; Conform's `key` is kept out of the spread.
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import {
  Alert,
  Checkbox,
  Group,
  NativeSelect,
  PasswordInput,
  Text,
  Textarea,
  TextInput,
  type AlertProps,
  type CheckboxProps,
  type NativeSelectProps,
  type PasswordInputProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core'
import type { ReactNode } from 'react'

type Field = FieldMetadata<string | undefined | null | number>

function inputProps(field: Field, type: 'text' | 'email' | 'tel' | 'password' | 'number' = 'text') {
  const { key, ...props } = getInputProps(field, { type })
  return props
}

export function TextField({
  field,
  type = 'text',
  ...props
}: { field: Field; type?: 'text' | 'email' | 'tel' | 'number' } & Omit<TextInputProps, 'type'>) {
  return <TextInput {...inputProps(field, type)} error={field.errors?.[0]} {...props} />
}

export function PasswordField({ field, ...props }: { field: Field } & PasswordInputProps) {
  return <PasswordInput {...inputProps(field, 'password')} error={field.errors?.[0]} {...props} />
}

export function TextareaField({ field, ...props }: { field: Field } & TextareaProps) {
  const { key, ...rest } = getInputProps(field, { type: 'text' })
  return <Textarea {...(rest as object)} error={field.errors?.[0]} {...props} />
}

export function CheckboxField({
  field,
  label,
  ...props
}: { field: FieldMetadata<boolean | string | undefined>; label: ReactNode } & Omit<CheckboxProps, 'label'>) {
  const { key, ...rest } = getInputProps(field, { type: 'checkbox' })
  return <Checkbox {...rest} label={label} error={field.errors?.[0]} {...props} />
}

export function SelectField({
  field,
  data,
  ...props
}: { field: Field; data: NativeSelectProps['data'] } & Omit<NativeSelectProps, 'data'>) {
  const { key, type: _type, ...rest } = getInputProps(field, { type: 'text' })
  return <NativeSelect {...rest} data={data} error={field.errors?.[0]} {...props} />
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
}: {
  field: { name: string; errors?: string[] }
  legend: string
  options: readonly string[]
  checked: readonly string[]
}) {
  const error = field.errors?.[0]
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
            label={option}
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

/** The form's own error (one no field owns): the first one, and what the page adds after it. */
export function FormErrorAlert({
  errors,
  children,
  ...props
}: { errors: string[] | undefined; children?: ReactNode } & Omit<AlertProps, 'children'>) {
  if (!errors?.length) return null
  return (
    <Alert color="red" role="alert" {...props}>
      {errors[0]}
      {children}
    </Alert>
  )
}
