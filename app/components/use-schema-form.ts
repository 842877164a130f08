// The one way a page's Conform form is set up (one schema per input: docs/architecture.md): the
// action's own zod schema validates in the browser, first when a field is left and then on every
// keystroke. The action parses the same schema, so the form works the same before JavaScript loads.
import { useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

type Fields = Record<string, unknown>
type FormOptions<Shape extends Fields, Value> = Parameters<typeof useForm<Shape, Value>>[0]

/**
 * `FormShape`, when given, is what the form's fields hold where the schema's input type says
 * `unknown` (preprocessed fields).
 */
export function useSchemaForm<Schema extends z.ZodType, FormShape extends Fields = Extract<z.input<Schema>, Fields>>(
  schema: Schema,
  options: {
    id?: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: NoInfer<FormOptions<FormShape, z.output<Schema>>['defaultValue']>
    /** A form that opens to be sent at once (a rejection reason) waits for the submit. */
    shouldValidate?: 'onBlur' | 'onSubmit'
  },
) {
  return useForm<FormShape, z.output<Schema>>({
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}
