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
import { useServerMessage } from '~/i18n/messages'

export type Field = FieldMetadata<string | undefined | null | number>

function inputProps(field: Field, type: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date' = 'text') {
  const { key, ...props } = getInputProps(field, { type })
  return props
}

/**
 * The field's first error in the page's language: the schema's English sentence, whether the
 * browser's check or the server's wrote it, through the `messages` catalogue.
 */
export function fieldError(field: { errors?: string[] }, say: (message: string) => string): string | undefined {
  const first = field.errors?.[0]
  return first === undefined ? undefined : say(first)
}

export function TextField({
  field,
  type = 'text',
  ...props
}: { field: Field; type?: 'text' | 'email' | 'tel' | 'number' | 'date' } & Omit<TextInputProps, 'type'>) {
  const say = useServerMessage()
  return <TextInput {...inputProps(field, type)} error={fieldError(field, say)} {...props} />
}

export function PasswordField({ field, ...props }: { field: Field } & PasswordInputProps) {
  const say = useServerMessage()
  return <PasswordInput {...inputProps(field, 'password')} error={fieldError(field, say)} {...props} />
}

export function TextareaField({ field, ...props }: { field: Field } & TextareaProps) {
  const say = useServerMessage()
  const { key, ...rest } = getInputProps(field, { type: 'text' })
  return <Textarea {...(rest as object)} error={fieldError(field, say)} {...props} />
}

/** The form's own error (one no field owns): the first one, and what the page adds after it. */
export function FormErrorAlert({
  errors,
  children,
  ...props
}: { errors: string[] | undefined; children?: ReactNode } & Omit<AlertProps, 'children'>) {
  const say = useServerMessage()
  if (!errors?.length) return null
  return (
    <Alert color="red" role="alert" {...props}>
      {say(errors[0])}
      {children}
    </Alert>
  )
}
