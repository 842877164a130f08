// A page's form is read against its schema only (issue 33, docs/decisions/0043).
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { BookingDatesSchema } from '../schemas/booking'
import { NightReportSchema } from '../schemas/night-reports'
import { LoginSchema } from '../schemas/auth'
import { PublishAvailabilityFormSchema } from '../schemas/nurse-profile'
import { DEFAULT_ECHO_CHARS, fieldShape, nameSegments, parseForm } from './forms.server'

function form(entries: [string, string][]) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

function statusOf(run: () => unknown): number | 'no answer' {
  try {
    run()
    return 'no answer'
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    throw thrown
  }
}

describe('parseForm', () => {
  test('a valid form parses as Conform would', () => {
    const submission = parseForm(form([['email', 'Ann@Example.com'], ['password', 'secret']]), { schema: LoginSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toMatchObject({ email: 'ann@example.com', password: 'secret' })
  })

  test('names the schema does not know are dropped and never echoed', () => {
    const entries: [string, string][] = [['email', 'a@b.c'], ['password', '']]
    for (let i = 0; i < 5_000; i++) entries.push([`unknown${i}`, 'x'])
    entries.push(['n'.repeat(100_000), 'x'], ['x[99999999]', '1'], ['__state__', '{"big":1}'])
    const submission = parseForm(form(entries), { schema: LoginSchema })
    const reply = JSON.stringify(submission.reply())
    expect(reply).not.toContain('unknown')
    expect(reply).not.toContain('nnnn')
    expect(reply).not.toContain('big')
    expect(reply.length).toBeLessThan(1_000)
    expect(reply).toContain('a@b.c')
  })

  test('a sparse index above an array maximum answers 400 at once', () => {
    const started = performance.now()
    expect(statusOf(() => parseForm(form([['feeds[99999999].time', '01:00']]), { schema: NightReportSchema }))).toBe(400)
    expect(statusOf(() => parseForm(form([['nights[99999999].date', '2030-01-01']]), { schema: BookingDatesSchema }))).toBe(400)
    expect(performance.now() - started).toBeLessThan(100)
  })

  test("one item over the maximum is read, so the schema says its own 'at most' message", () => {
    const entries: [string, string][] = []
    for (let i = 0; i <= 12; i++) entries.push([`feeds[${i}].time`, '01:00'])
    const shape = fieldShape(NightReportSchema)
    const max = shape.kind === 'object' && shape.fields.get('feeds')
    expect(max && max.kind === 'array' && max.max).toBe(12)
    const submission = parseForm(form(entries), { schema: NightReportSchema })
    expect(submission.status).toBe('error')
    expect(submission.status === 'error' && submission.error?.feeds).toEqual(['At most 12 feeds'])
    entries.push(['feeds[13].time', '01:00'])
    expect(statusOf(() => parseForm(form(entries), { schema: NightReportSchema }))).toBe(400)
  })

  test('a repeated list field is bounded by the list maximum', () => {
    const dates = Array.from({ length: 401 }, (_, i) => ['dates', `2030-01-${String((i % 28) + 1).padStart(2, '0')}`] as [string, string])
    const base: [string, string][] = [['defaultStartTime', '22:00'], ['defaultEndTime', '06:00'], ['nightlyRate', '30']]
    const submission = parseForm(form([...base, ...dates]), { schema: PublishAvailabilityFormSchema })
    expect(submission.status === 'error' && submission.error?.dates).toEqual(['Too many dates'])
    expect(statusOf(() => parseForm(form([...base, ...dates, ['dates', '2030-02-01']]), { schema: PublishAvailabilityFormSchema }))).toBe(400)
  })

  test('a one-value field sent many times answers 400', () => {
    const entries: [string, string][] = Array.from({ length: 50 }, () => ['email', 'a@b.c'])
    expect(statusOf(() => parseForm(form(entries), { schema: LoginSchema }))).toBe(400)
  })

  test('a long value is checked whole but echoed no longer than its field allows', () => {
    const submission = parseForm(form([['email', `${'a'.repeat(500_000)}@b.c`], ['password', 'x']]), { schema: LoginSchema })
    expect(submission.status).toBe('error')
    const echoed = submission.reply().initialValue as { email: string }
    expect(echoed.email.length).toBeLessThanOrEqual(254)
    const time = parseForm(form([['feeds[0].time', '1'.repeat(10_000)]]), { schema: NightReportSchema })
    const feed = (time.reply().initialValue as { feeds: { time: string }[] }).feeds[0]
    expect(feed.time.length).toBe(DEFAULT_ECHO_CHARS)
  })

  test("a list button's intent is kept for a known list and dropped for an unknown name", () => {
    const known = JSON.stringify({ type: 'remove', payload: { name: 'nights', index: 1 } })
    const nights: [string, string][] = [
      ['nights[0].date', '2030-01-01'], ['nights[0].startTimeLocal', '22:00'], ['nights[0].endTimeLocal', '06:00'],
      ['nights[1].date', '2030-01-02'], ['nights[1].startTimeLocal', '22:00'], ['nights[1].endTimeLocal', '06:00'],
    ]
    const removed = parseForm(form([...nights, ['__intent__', known]]), { schema: BookingDatesSchema })
    expect(removed.payload).toMatchObject({ nights: [{ date: '2030-01-01' }] })
    const unknown = JSON.stringify({ type: 'update', payload: { name: 'evil', value: 'x'.repeat(100) } })
    const kept = parseForm(form([...nights, ['__intent__', unknown]]), { schema: BookingDatesSchema })
    expect(kept.status).toBe('success')
    expect(JSON.stringify(kept.reply())).not.toContain('evil')
    const far = JSON.stringify({ type: 'insert', payload: { name: 'nights', index: 99_999_999 } })
    expect(parseForm(form([...nights, ['__intent__', far]]), { schema: BookingDatesSchema }).status).toBe('success')
  })

  test('a schema of unions, defaults and preprocessing is read through its wrappers', () => {
    const schema = z
      .discriminatedUnion('intent', [
        z.object({ intent: z.literal('a'), when: z.string().max(10).optional() }),
        z.object({ intent: z.literal('b'), tags: z.preprocess((v) => v, z.array(z.string()).max(3)).default([]) }),
      ])
      .transform((v) => v)
    const shape = fieldShape(schema)
    expect(shape.kind).toBe('object')
    if (shape.kind !== 'object') return
    expect([...shape.fields.keys()].sort()).toEqual(['intent', 'tags', 'when'])
    expect(shape.fields.get('when')).toMatchObject({ kind: 'value', echoChars: 10 })
    expect(shape.fields.get('tags')).toMatchObject({ kind: 'array', max: 3 })
  })
})

describe('nameSegments', () => {
  test.each([
    ['nights[2].date', ['nights', 2, 'date']],
    ['dates[]', ['dates', '']],
    ['a.b', ['a', 'b']],
  ])('%s', (name, segments) => {
    expect(nameSegments(name)).toEqual(segments)
  })

  test.each(['', '.a', 'a[', 'a[x]', 'a..b', 'a]', `a[${'9'.repeat(20)}]`, 'n'.repeat(201)])('%s is no field name', (name) => {
    expect(nameSegments(name)).toBeNull()
  })
})

describe('parseForm with echoOnly', () => {
  test("a refused form's known fields come back unchecked, the unknown ones do not", () => {
    const submission = parseForm(form([['email', 'not an address'], ['password', ''], ['unknownField', 'x']]), {
      schema: LoginSchema,
      echoOnly: true,
    })
    const reply = submission.reply({ formErrors: ['The form is too large.'] })
    expect(reply.error).toEqual({ '': ['The form is too large.'] })
    expect(reply.initialValue).toEqual({ email: 'not an address' })
  })
})
