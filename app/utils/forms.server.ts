// Every page action reads its form here (issue 33, docs/decisions/0043). Conform's parseWithZod
// builds the submission from every name it is sent and echoes it in `submission.reply()`: a name the
// schema does not know came back to the browser, and a sparse index (`x[99999999]=1`) became a
// dense array of a hundred million holes, enough for one 60-byte post to take the server down.
// parseForm reads the form against its schema's shape first: names the schema does not know are
// dropped, an array index above the schema's own maximum answers 400, and the reply echoes only
// the schema's fields, each value cut to the length its field allows.
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'

/** Arrays whose schema gives no maximum take at most this many items. */
export const DEFAULT_MAX_ITEMS = 100
/** A field whose schema gives no maximum length (a date, a time, a number, a choice) echoes at most this much. */
export const DEFAULT_ECHO_CHARS = 200
/** How many times a one-value field may be repeated when its schema first turns a list into one value. */
const MAX_REPEATS_OF_A_LIST_FIELD = 10
/** A longer name is no field of ours. */
const MAX_NAME_LENGTH = 200
/** A Conform intent (a list's insert or remove button, an update) is a small JSON text. */
const MAX_INTENT_LENGTH = 2_000

// Conform's reserved names (@conform-to/dom): the intent of a list button, and a client state
// that our forms never send (they render no FormStateInput).
const INTENT = '__intent__'
const STATE = '__state__'

export type FieldShape =
  | { kind: 'value'; echoChars: number; repeats: number }
  | { kind: 'object'; fields: ReadonlyMap<string, FieldShape> }
  | { kind: 'array'; max: number; item: FieldShape }

/** The answer when a form names more rows or values than its schema takes. */
export function tooManyRows(): Response {
  return new Response('This form has more rows or values than it can take.', {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

interface SchemaDef {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  items?: z.ZodType[]
  rest?: z.ZodType | null
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
  getter?: () => z.ZodType
  checks?: { _zod: { def: { check?: string; maximum?: number; length?: number } } }[]
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def

function maximumOf(def: SchemaDef): number | undefined {
  let max: number | undefined
  for (const check of def.checks ?? []) {
    const { check: kind, maximum, length } = check._zod.def
    const value = kind === 'max_length' ? maximum : kind === 'length_equals' ? length : undefined
    if (value !== undefined) max = max === undefined ? value : Math.min(max, value)
  }
  return max
}

const shapes = new WeakMap<z.ZodType, FieldShape>()

/** The names a schema reads from a form: its objects, its arrays with their maximum, its values. */
export function fieldShape(schema: z.ZodType): FieldShape {
  const known = shapes.get(schema)
  if (known) return known
  const shape = shapeOf(schema, 0)
  shapes.set(schema, shape)
  return shape
}

function shapeOf(schema: z.ZodType, depth: number): FieldShape {
  // A form is a few levels deep; a recursive (lazy) schema stops being followed here.
  if (depth > 12) return value(DEFAULT_ECHO_CHARS)
  const def = defOf(schema)
  const next = (inner: z.ZodType) => shapeOf(inner, depth + 1)
  switch (def.type) {
    case 'object':
      return { kind: 'object', fields: new Map(Object.entries(def.shape ?? {}).map(([key, field]) => [key, next(field)])) }
    case 'array':
      return { kind: 'array', max: maximumOf(def) ?? DEFAULT_MAX_ITEMS, item: next(def.element!) }
    case 'tuple':
      return {
        kind: 'array',
        max: def.rest ? DEFAULT_MAX_ITEMS : (def.items ?? []).length,
        item: [...(def.items ?? []), ...(def.rest ? [def.rest] : [])].map(next).reduce(merge, value(0)),
      }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType!)
    case 'lazy':
      return next(def.getter!())
    case 'pipe': {
      // z.preprocess(fn, schema) is a pipe from a transform: the form is read by what follows it,
      // and the function may turn several values into one.
      if (defOf(def.in!).type === 'transform') {
        const out = next(def.out!)
        return out.kind === 'value' ? { ...out, repeats: MAX_REPEATS_OF_A_LIST_FIELD } : out
      }
      // .transform() and .pipe(): the form is read by the first schema (its lengths are the
      // input's); a pipe into a value keeps the larger of the two lengths it names.
      const input = next(def.in!)
      const output = defOf(def.out!).type === 'transform' ? undefined : next(def.out!)
      return output && input.kind === 'value' && output.kind === 'value' ? merge(input, output) : input
    }
    case 'union':
      return (def.options ?? []).map(next).reduce(merge)
    case 'intersection':
      return merge(next(def.left!), next(def.right!))
    case 'string':
      return value(maximumOf(def) ?? DEFAULT_ECHO_CHARS)
    default:
      return value(DEFAULT_ECHO_CHARS)
  }
}

function value(echoChars: number): FieldShape {
  return { kind: 'value', echoChars, repeats: 1 }
}

/** One shape for two schemas that read the same name (the options of a union). */
function merge(a: FieldShape, b: FieldShape): FieldShape {
  if (a.kind === 'object' && b.kind === 'object') {
    const fields = new Map(a.fields)
    for (const [key, field] of b.fields) fields.set(key, fields.has(key) ? merge(fields.get(key)!, field) : field)
    return { kind: 'object', fields }
  }
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', max: Math.max(a.max, b.max), item: merge(a.item, b.item) }
  if (a.kind === 'value' && b.kind === 'value') {
    return { kind: 'value', echoChars: Math.max(a.echoChars, b.echoChars), repeats: Math.max(a.repeats, b.repeats) }
  }
  // A value or a list (z.union([z.string(), z.array(...)])): the list, which also takes one value.
  return a.kind === 'array' ? a : b.kind === 'array' ? b : a
}

type Segment = string | number

/**
 * A form name as Conform reads it ('nights[2].date', 'dates[]', 'dates'): its segments, or null
 * when it is not a name Conform would set. '' stands for empty brackets, which add an item.
 */
export function nameSegments(name: string): Segment[] | null {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return null
  const segments: Segment[] = []
  let at = 0
  while (at < name.length) {
    if (name[at] === '[') {
      const close = name.indexOf(']', at)
      if (close < 0) return null
      const digits = name.slice(at + 1, close)
      if (digits === '') segments.push('')
      else if (/^\d{1,15}$/.test(digits)) segments.push(Number(digits))
      else return null
      at = close + 1
    } else {
      if (name[at] === '.') {
        if (segments.length === 0) return null
        at += 1
      }
      let end = at
      while (end < name.length && name[end] !== '.' && name[end] !== '[' && name[end] !== ']') end += 1
      if (end === at) return null
      segments.push(name.slice(at, end))
      at = end
    }
  }
  return segments
}

interface Place {
  /** The shape the name ends on. */
  shape: FieldShape
  /** The array the name adds an item to with empty brackets or by repeating, with its path. */
  list?: { key: string; max: number }
}

/**
 * Where a name lands in the shape, or null when the schema does not read it. Throws the 400 answer
 * for an index above the array's maximum.
 */
function placeOf(shape: FieldShape, segments: Segment[]): Place | null {
  let at = shape
  let path = ''
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1
    if (at.kind === 'object') {
      if (typeof segment !== 'string' || segment === '' || !at.fields.has(segment)) return null
      at = at.fields.get(segment)!
      path += `.${segment}`
    } else if (at.kind === 'array') {
      if (segment === '') {
        // Conform takes empty brackets only at the end: one more item of this list.
        if (!last) return null
        return at.item.kind === 'value' ? { shape: at.item, list: { key: path, max: at.max } } : null
      }
      if (typeof segment !== 'number') return null
      // One more than the maximum is let through, so that the schema says its own 'at most' message.
      if (segment > at.max) throw tooManyRows()
      at = at.item
      path += `[${segment}]`
    } else {
      return null
    }
  }
  if (at.kind === 'object') return null
  if (at.kind === 'array') return at.item.kind === 'value' ? { shape: at, list: { key: path, max: at.max } } : null
  return { shape: at }
}

/** The entries of a form that its schema reads; the 400 answer when a list is longer than the schema allows. */
export function boundedFormData(formData: FormData | URLSearchParams, shape: FieldShape): FormData {
  const kept = new FormData()
  const counts = new Map<string, number>()
  const count = (key: string, limit: number) => {
    const seen = (counts.get(key) ?? 0) + 1
    if (seen > limit) throw tooManyRows()
    counts.set(key, seen)
  }
  for (const [name, entry] of formData.entries()) {
    if (name === STATE) continue
    if (name === INTENT) {
      if (typeof entry === 'string' && isKnownIntent(entry, shape)) kept.set(INTENT, entry)
      continue
    }
    const segments = nameSegments(name)
    const place = segments && placeOf(shape, segments)
    if (!place) continue
    if (place.list) count(`list:${place.list.key}`, place.list.max + 1)
    else if (place.shape.kind === 'value') count(`name:${name}`, place.shape.repeats)
    kept.append(name, entry)
  }
  return kept
}

/** A list button's intent (insert, remove, reorder, update, reset, validate) about a field the schema reads. */
function isKnownIntent(text: string, shape: FieldShape): boolean {
  if (text.length > MAX_INTENT_LENGTH) return false
  let intent: unknown
  try {
    intent = JSON.parse(text)
  } catch {
    return false
  }
  if (!intent || typeof intent !== 'object') return false
  const { type, payload } = intent as { type?: unknown; payload?: unknown }
  if (typeof type !== 'string' || !payload || typeof payload !== 'object') return false
  const { name, index, from, to } = payload as Record<string, unknown>
  if (name === undefined || name === '') return type === 'validate' || type === 'reset'
  if (typeof name !== 'string') return false
  const segments = nameSegments(name)
  if (!segments) return false
  let target: FieldShape | null = shape
  for (const segment of segments) {
    target = stepInto(target, segment)
    if (!target) return false
  }
  if (type === 'insert' || type === 'remove' || type === 'reorder') {
    if (target.kind !== 'array') return false
    return [index, from, to].every((n) => n === undefined || (Number.isInteger(n) && (n as number) >= 0 && (n as number) <= target.max))
  }
  return index === undefined || (Number.isInteger(index) && (index as number) >= 0 && target.kind === 'array' && (index as number) <= target.max)
}

function stepInto(shape: FieldShape, segment: Segment): FieldShape | null {
  if (shape.kind === 'object') return typeof segment === 'string' ? (shape.fields.get(segment) ?? null) : null
  if (shape.kind === 'array') return typeof segment === 'number' && segment <= shape.max ? shape.item : null
  return null
}

/** What the reply sends back: only the schema's fields, each value at most as long as its field allows. */
export function echoOf(value: unknown, shape: FieldShape): unknown {
  if (shape.kind === 'object') {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
    const echoed: Record<string, unknown> = {}
    for (const [key, field] of shape.fields) {
      if (!Object.hasOwn(value, key)) continue
      const kept = echoOf((value as Record<string, unknown>)[key], field)
      if (kept !== undefined) echoed[key] = kept
    }
    return echoed
  }
  if (shape.kind === 'array') {
    if (!Array.isArray(value)) return echoOf(value, shape.item)
    return value.slice(0, shape.max + 1).map((item) => echoOf(item, shape.item) ?? null)
  }
  if (Array.isArray(value)) return value.slice(0, shape.repeats).map((item) => echoOf(item, shape))
  if (typeof value === 'string') return value.length > shape.echoChars ? value.slice(0, shape.echoChars) : value
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value
  return undefined
}

/**
 * Conform's parseWithZod over the fields the schema reads (every page action parses its form
 * here; eslint.config.js keeps routes from importing parseWithZod). Throws a 400 Response when a
 * list index or a list's length is above the schema's maximum. With `echoOnly`, the fields are
 * read and echoed but not checked (a form refused before it was read whole, to be filled again).
 */
export function parseForm<Schema extends z.ZodType>(
  formData: FormData | URLSearchParams,
  options: { schema: Schema; echoOnly?: boolean },
) {
  const shape = fieldShape(options.schema)
  const submission = parseWithZod(boundedFormData(formData, shape), {
    schema: options.echoOnly ? (ANYTHING as unknown as Schema) : options.schema,
  })
  const reply: typeof submission.reply = (replyOptions) => {
    const result = submission.reply(replyOptions)
    if (result.initialValue) result.initialValue = echoOf(result.initialValue, shape) as typeof result.initialValue
    return result
  }
  return { ...submission, reply }
}

const ANYTHING = z.any()

/**
 * A field of a refused form as it goes back to be typed again: its text as the reply echoes it
 * (cut to the length its schema allows), or '' when it was not sent.
 */
export function typedText(submission: { reply: () => { initialValue?: Record<string, unknown> | null } }, name: string): string {
  const value = submission.reply().initialValue?.[name]
  return typeof value === 'string' ? value : ''
}
