// The one way a page's Conform form is set up (one schema per input: docs/architecture.md): the
// action's own zod schema validates in the browser, first when a field is left and then on every
// keystroke. The action parses the same schema, so the form works the same before JavaScript loads.
import { useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import type { z } from 'zod'

type Fields = Record<string, unknown>
type FormOptions<Shape extends Fields, Value> = Parameters<typeof useForm<Shape, Value>>[0]

/**
 * A press of the form's submit button leaves the focus in the field being filled in. Were the
 * field left, its own check would write its message under it while the button is held, the
 * button would move down under the pointer, the release would land beside it, and the form would
 * not be sent at all: the field's message and no error summary (decision 0072). The submit checks
 * every field anyway.
 */
function useSubmitPressKeepsFocus(formId: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    const onPress = (event: MouseEvent) => {
      const form = document.forms.namedItem(formId)
      const pressed = event.target instanceof Element ? event.target.closest('button, input') : null
      const field = document.activeElement
      if (!form || event.button !== 0 || !(pressed instanceof HTMLButtonElement || pressed instanceof HTMLInputElement)) return
      if (pressed.type !== 'submit' || pressed.form !== form) return
      const filling = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement
      if (filling && field.form === form) event.preventDefault()
    }
    // Captured, so it runs before anything on the page can move the focus.
    document.addEventListener('mousedown', onPress, true)
    return () => document.removeEventListener('mousedown', onPress, true)
  }, [formId, enabled])
}

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
  const shouldValidate = options.shouldValidate ?? 'onBlur'
  const conform = useForm<FormShape, z.output<Schema>>({
    shouldRevalidate: 'onInput',
    ...options,
    shouldValidate,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  useSubmitPressKeepsFocus(conform[0].id, shouldValidate === 'onBlur')
  return conform
}
