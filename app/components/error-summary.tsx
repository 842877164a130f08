// The error summary every form shows when a post comes back refused (issue 37): at the top of the
// form, each error a link to its field, and the focus moved onto it so a keyboard or screen-reader
// user hears what went wrong and can go straight to each field. The same with and without
// JavaScript: the server's page marks it `autofocus`, the browser's render focuses it.
import type { FormMetadata } from '@conform-to/react'
import { Alert, type AlertProps } from '@mantine/core'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'

export interface FieldError {
  /** The id of the field the link moves to. */
  id: string
  /** The field's name in the form, when its element has no id (a list of checkboxes). */
  name?: string
  message: string
}

/** The field's element: by id, else the first focusable control of that name in the same form. */
function fieldElement(link: HTMLElement, error: FieldError): HTMLElement | null {
  const byId = document.getElementById(error.id)
  if (byId) return byId
  if (!error.name) return null
  const form = link.closest('form') ?? document
  return [...form.querySelectorAll<HTMLElement>('input, select, textarea')].find(
    (element) => element.getAttribute('name')?.startsWith(error.name!) && (element as HTMLInputElement).type !== 'hidden',
  ) ?? null
}

/**
 * The summary itself. `focusKey` changes with every refused post: each time, the summary takes
 * the focus (a box it already had says nothing new otherwise).
 */
export function ErrorSummary({
  title,
  formErrors = [],
  fieldErrors,
  focusKey,
  children,
  ...props
}: {
  title?: ReactNode
  formErrors?: readonly string[]
  fieldErrors: readonly FieldError[]
  focusKey: unknown
  children?: ReactNode
} & Omit<AlertProps, 'children' | 'title' | 'color' | 'styles'>) {
  const { t } = useTranslation()
  const say = useServerMessage()
  const ref = useRef<HTMLDivElement>(null)
  const shown = formErrors.length > 0 || fieldErrors.length > 0
  // The errors come in the schema's order; once the page runs, they take the fields' order on it.
  const [placed, setPlaced] = useState<string[] | null>(null)
  const ids = fieldErrors.map((error) => error.id).join('\n')
  useEffect(() => {
    const found = fieldErrors.flatMap((error) => {
      const element = document.getElementById(error.id)
      return element ? [{ id: error.id, element }] : []
    })
    found.sort((a, b) => (a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    setPlaced(found.map((field) => field.id))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids])
  const rank = (id: string) => (placed?.includes(id) ? placed.indexOf(id) : Number.MAX_SAFE_INTEGER)
  const sorted = placed ? [...fieldErrors].sort((a, b) => rank(a.id) - rank(b.id)) : fieldErrors
  // A message several fields carry (a refusal that names several nights, flagged on each) is
  // listed once, linked to the first of them: each field still says it beside itself.
  const ordered = sorted.filter((error, index) => sorted.findIndex((other) => other.message === error.message) === index)
  useEffect(() => {
    if (shown && focusKey) ref.current?.focus()
    // Only a new refusal moves the focus, not every render that still shows one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey])
  if (!shown) return null
  return (
    <Alert
      ref={ref}
      role="alert"
      tabIndex={-1}
      // Without JavaScript the browser focuses it as the page loads; React leaves it to the effect.
      autoFocus
      color="red"
      title={title ?? t('errorSummary.title')}
      data-error-summary=""
      styles={{ title: { color: 'var(--mantine-color-red-9)' }, message: { color: 'var(--mantine-color-dark-7)' } }}
      {...props}
    >
      {say(formErrors[0])}
      {children}
      {ordered.length > 0 && (
        <ul style={{ margin: formErrors.length ? '8px 0 0' : 0, paddingLeft: 20 }}>
          {ordered.map((error) => (
            <li key={error.id}>
              <a
                href={`#${error.id}`}
                style={{ color: 'var(--mantine-color-red-9)', fontWeight: 600 }}
                onClick={(event) => {
                  // A link to an id moves the focus there by itself; a field found by name needs help.
                  const field = fieldElement(event.currentTarget, error)
                  if (!field) return
                  event.preventDefault()
                  field.focus()
                  field.scrollIntoView({ block: 'center' })
                }}
              >
                {say(error.message)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Alert>
  )
}

type ConformForm = Pick<FormMetadata<Record<string, unknown>, string[]>, 'id' | 'status' | 'allErrors'>

/** The field errors of a form, each linked by Conform's id for its field (form id, '-', name). */
function fieldErrorsOf(form: ConformForm): FieldError[] {
  return Object.entries(form.allErrors).flatMap(([name, messages]) =>
    name && messages?.[0] ? [{ id: `${form.id}-${name}`, name, message: messages[0] }] : [],
  )
}

/**
 * The summary of a Conform form (use-schema-form.ts). It lists the fields refused by the last
 * submit, in the browser or by the server, and only those: a field the user has mended since
 * leaves the list, and a field checked as it is left (before any submit) says so beside itself.
 */
export function FormErrorSummary({
  form,
  ...props
}: { form: ConformForm } & Omit<Parameters<typeof ErrorSummary>[0], 'formErrors' | 'fieldErrors' | 'focusKey'>) {
  const errors = form.allErrors
  const refused = form.status === 'error'
  const [submitted, setSubmitted] = useState(() => (refused ? { errors, names: new Set(Object.keys(errors)) } : null))
  // A new refused submit: remember which fields it named (set while rendering, React's way to
  // follow a prop: no render shows the old list).
  if (refused && submitted?.errors !== errors) setSubmitted({ errors, names: new Set(Object.keys(errors)) })
  const fieldErrors = submitted ? fieldErrorsOf(form).filter((error) => submitted.names.has(error.name!)) : []
  return <ErrorSummary formErrors={errors[''] ?? []} fieldErrors={fieldErrors} focusKey={submitted?.errors} {...props} />
}
