import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  email,
  MAX_DB_INTEGER,
  multilineText,
  newPassword,
  optionalPhoneNumber,
  parseIdParam,
  phoneNumber,
  positiveId,
  text,
  UNUSUAL_CHARACTERS_MESSAGE,
  withNewPasswordTwice,
} from './fields'

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message)

describe('text (docs/decisions/0015)', () => {
  test.each([
    ['a NUL', 'a\u0000b'],
    ['a bell', 'a\u0007b'],
    ['an escape sequence', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a line break inside one line', 'one\ntwo'],
    ['a tab inside one line', 'one\ttwo'],
    ['a lone high surrogate', 'a\ud83d'],
    ['a lone low surrogate', '\ude00a'],
  ])('one line refuses %s', (_, value) => {
    expect(messages(text(100).safeParse(value))).toEqual([UNUSUAL_CHARACTERS_MESSAGE])
  })

  test('one line keeps accents, emoji and other scripts, trimmed', () => {
    expect(text(100).parse('  José 👶🏽 東京 — ok  ')).toBe('José 👶🏽 東京 — ok')
  })

  test('many lines keep tabs and line breaks but still refuse NUL and lone surrogates', () => {
    expect(multilineText(100).parse('one\r\n\ttwo')).toBe('one\r\n\ttwo')
    expect(messages(multilineText(100).safeParse('one\u0000two'))).toEqual([UNUSUAL_CHARACTERS_MESSAGE])
    expect(messages(multilineText(100).safeParse('one\ud800'))).toEqual([UNUSUAL_CHARACTERS_MESSAGE])
  })

  test('the length is capped per field, with its message', () => {
    expect(messages(text(5, { label: 'Name' }).safeParse('abcdef'))).toEqual(['Name must be at most 5 characters'])
    expect(messages(text(5, { tooLong: 'Too long' }).safeParse('abcdef'))).toEqual(['Too long'])
  })

  test('an e-mail address is lower-cased, at most 254 characters and plain', () => {
    expect(email('Invalid email').parse(' Parent@Example.com ')).toBe('parent@example.com')
    expect(messages(email('Invalid email').safeParse(`${'a'.repeat(250)}@example.com`))[0]).toBe('Invalid email')
    expect(email('Invalid email').safeParse('parent\u0000@example.com').success).toBe(false)
  })
})

describe('ids (docs/decisions/0015)', () => {
  test('an id is 1 to the largest PostgreSQL integer, from JSON or a form', () => {
    expect(positiveId('Bad id').parse(MAX_DB_INTEGER)).toBe(MAX_DB_INTEGER)
    expect(positiveId('Bad id').parse('42')).toBe(42)
    for (const value of [0, -1, 1.5, MAX_DB_INTEGER + 1, 2_147_483_653, '9999999999999', 'NaN', '1 OR 1=1', { $gt: 0 }, null]) {
      expect(messages(positiveId('Bad id').safeParse(value)), String(value)).toEqual(['Bad id'])
    }
  })

  test('a path id that is not one is null (the route answers 404)', () => {
    expect(parseIdParam('7')).toBe(7)
    expect(parseIdParam('9999999999999')).toBeNull()
    expect(parseIdParam('\u0000')).toBeNull()
    expect(parseIdParam(undefined)).toBeNull()
  })
})

describe('a new password typed twice', () => {
  const schema = withNewPasswordTwice({ code: text(10) })

  test('the form keeps its own fields and the two passwords when they match', () => {
    expect(schema.parse({ code: ' abc ', newPassword: 'longenough', confirmPassword: 'longenough' })).toEqual({
      code: 'abc',
      newPassword: 'longenough',
      confirmPassword: 'longenough',
    })
  })

  test('a confirmation that differs is refused on the confirmation field', () => {
    const result = schema.safeParse({ code: 'abc', newPassword: 'longenough', confirmPassword: 'longenougH' })
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['confirmPassword'], 'Passwords do not match'],
    ])
  })

  test('a short password, a missing confirmation and the mismatch each have their message, in field order', () => {
    expect(messages(schema.safeParse({ code: 'abc', newPassword: 'short', confirmPassword: '' }))).toEqual([
      'Password must be at least 8 characters',
      'Please confirm the new password',
      'Passwords do not match',
    ])
  })
})

describe('a new password', () => {
  test('may hold spaces, but not only spaces', () => {
    expect(newPassword().safeParse('correct horse').success).toBe(true)
    expect(newPassword().safeParse(' a      ').success).toBe(true)
    expect(messages(newPassword().safeParse('        '))).toEqual(['Password cannot be only spaces'])
    expect(messages(newPassword().safeParse('\t\t\t\t\n\n\n\n'))).toEqual(['Password cannot be only spaces'])
  })
})

describe('a phone number', () => {
  const MESSAGE = 'A valid phone number is required'
  test('is ten digits at least, with the marks people type between them', () => {
    for (const value of ['(617) 555-0101', '617-555-0101', '617.555.0101', '+1 617 555 0101', '6175550101']) {
      expect(phoneNumber(MESSAGE).parse(` ${value} `), value).toBe(value)
    }
    for (const value of ['()()()()()', '..........', '+ - - - - - -', '555-0101', 'call me maybe!', '617-555-O101']) {
      expect(messages(phoneNumber(MESSAGE).safeParse(value)), value).toEqual([MESSAGE])
    }
  })
  test('says an empty one is missing when asked to', () => {
    expect(messages(phoneNumber(MESSAGE, { required: 'Phone number is required' }).safeParse(''))).toEqual(['Phone number is required'])
    expect(messages(phoneNumber(MESSAGE).safeParse('   '))).toEqual([MESSAGE])
  })
  test('may be left out where it is optional: nothing, null, empty or blank is null', () => {
    const schema = z.object({ phone: optionalPhoneNumber(MESSAGE) })
    for (const input of [{}, { phone: null }, { phone: '' }, { phone: '   ' }]) expect(schema.parse(input), JSON.stringify(input)).toEqual({ phone: null })
    expect(schema.parse({ phone: '(617) 555-0101' })).toEqual({ phone: '(617) 555-0101' })
    expect(messages(schema.safeParse({ phone: '()()()()()' }))).toEqual([MESSAGE])
    expect(messages(schema.safeParse({ phone: 42 }))).toEqual([MESSAGE])
  })
})
