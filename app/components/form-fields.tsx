// Mantine inputs for Conform fields (docs/architecture.md, layers): the field's name, default
// value and first error go to the input; Conform's `key` is kept out of the spread. Checkboxes and
// selects are in choice-fields.tsx, so a page of text fields does not load their styles (0023).
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import {
  Alert,
  PasswordInput,
  Textarea,
  TextInput,
  type AlertProps,
  type PasswordInputProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core'
import type { ReactNode } from 'react'

export type Field = FieldMetadata<string | undefined | null | number>

function inputProps(field: Field, type: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date' = 'text') {
  const { key, ...props } = getInputProps(field, { type })
  return props
}

export function TextField({
  field,
  type = 'text',
  ...props
}: { field: Field; type?: 'text' | 'email' | 'tel' | 'number' | 'date' } & Omit<TextInputProps, 'type'>) {
  return <TextInput {...inputProps(field, type)} error={field.errors?.[0]} {...props} />
}

export function PasswordField({ field, ...props }: { field: Field } & PasswordInputProps) {
  return <PasswordInput {...inputProps(field, 'password')} error={field.errors?.[0]} {...props} />
}

export function TextareaField({ field, ...props }: { field: Field } & TextareaProps) {
  const { key, ...rest } = getInputProps(field, { type: 'text' })
  return <Textarea {...(rest as object)} error={field.errors?.[0]} {...props} />
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
