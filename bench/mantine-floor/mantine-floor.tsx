// The floor under issue 39's CPU targets (docs/decisions/0082): what a page would cost the server if
// Mantine's components cost nothing. Each component the pages draw is replaced, in a build of this
// bench only, by the bare element it stands for with its children; every other export of
// @mantine/core (the provider, hooks, the components no page draws on the server) is Mantine's own.
// The pages lose their looks, never their content: the same loaders, queries, words, links, forms
// and route matches run. Never served: bench/mantine-floor/vite.config.ts builds it into build-floor.
import { createElement, forwardRef, type ElementType, type ReactNode, type Ref } from 'react'

export * from '@mantine/core'

type Props = Record<string, unknown> & { component?: ElementType; children?: ReactNode; className?: string }

// The attributes a page gives its elements; Mantine's style props (gap, fz, c, …) are dropped.
const DOM_ATTRIBUTE =
  /^(aria-|data-)|^(href|to|id|type|name|value|htmlFor|onClick|onChange|onSubmit|role|title|method|action|download|defaultValue|defaultChecked|checked|disabled|required|placeholder|autoComplete|tabIndex|rel|target|src|alt|width|height|prefetch|preventScrollReset|replace|reloadDocument|form|min|max|step|pattern|inputMode|maxLength|minLength|readOnly|multiple|accept|lang|dir|hidden|encType|colSpan|rowSpan|scope|dateTime|style)$/

function domAttributes(props: Record<string, unknown>) {
  const attributes: Record<string, unknown> = {}
  for (const key in props) if (DOM_ATTRIBUTE.test(key)) attributes[key] = props[key]
  return attributes
}

/** A component drawn as `tag` (or its `component`), with what `before` adds ahead of its children. */
function bare(tag: string, before?: (props: Props) => ReactNode) {
  return forwardRef(function Bare({ component, children, className, ...props }: Props, ref: Ref<unknown>) {
    return createElement(component ?? tag, { ref, className, ...domAttributes(props) }, before?.(props) as ReactNode, children)
  })
}

const section = (props: Props) => props.leftSection as ReactNode

export const Box = bare('div')
export const Text = bare('p')
export const Stack = bare('div')
export const Group = bare('div')
export const Center = bare('div')
export const Container = bare('div')
export const SimpleGrid = bare('div')
export const Paper = bare('div')
export const Card = Object.assign(bare('div'), { Section: bare('div') })
export const Title = forwardRef(function Title({ order = 1, children, className, ...props }: Props & { order?: number }, ref: Ref<unknown>) {
  return createElement(`h${order}`, { ref, className, ...domAttributes(props) }, children)
})
export const Anchor = bare('a')
export const Badge = bare('span', section)
export const Button = bare('button', section)
export const UnstyledButton = bare('button')
export const ThemeIcon = bare('div')
export const Avatar = bare('div')
export const Divider = bare('hr')
export const Code = bare('code')
export const VisuallyHidden = bare('span')
export const Alert = bare('div', (props) => props.title as ReactNode)
export const Grid = Object.assign(bare('div'), { Col: bare('div') })
export const List = Object.assign(bare('ul'), { Item: bare('li') })
export const Table = Object.assign(bare('table'), {
  Tr: bare('tr'),
  Td: bare('td'),
  Th: bare('th'),
  Thead: bare('thead'),
  Tbody: bare('tbody'),
  ScrollContainer: bare('div'),
  Caption: bare('caption'),
})

type Option = string | { value: string; label: string }

/** A labelled field: its label, description, control and error as bare elements. */
function field(control: 'input' | 'textarea' | 'select') {
  return forwardRef(function Field(
    { label, description, error, className, children, data, ...props }: Props & { label?: ReactNode; description?: ReactNode; error?: ReactNode; data?: Option[] },
    ref: Ref<unknown>,
  ) {
    const options = (data ?? []).map((option) =>
      typeof option === 'string'
        ? createElement('option', { key: option, value: option }, option)
        : createElement('option', { key: option.value, value: option.value }, option.label),
    )
    return createElement(
      'div',
      { className },
      label ? createElement('label', { htmlFor: props.id as string | undefined }, label) : null,
      description ? createElement('p', null, description) : null,
      createElement(control, { ref, ...domAttributes(props) }, ...(control === 'select' ? [options, children] : [])),
      error ? createElement('p', null, error) : null,
    )
  })
}

export const TextInput = field('input')
export const Textarea = field('textarea')
export const NativeSelect = field('select')
export const Switch = field('input')
export const Checkbox = Object.assign(field('input'), { Group: bare('div') })
