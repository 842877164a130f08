import { describe, expect, test } from 'vitest'
import { hasContactDetails, MASK, maskContactDetails, mayEmailAboutMessage, messagePreview } from './message-rules'

describe('masking contact details before a booking is confirmed', () => {
  test.each([
    'Call me at 555-123-4567',
    'Call me at (555) 123 4567',
    'my cell: 555.123.4567',
    'text +1 555 123 4567 anytime',
    '5551234567',
    'five five five one two three four five six seven',
    '555 one two three 4567',
    'reach me on 555 - 123 - 4567',
  ])('a phone number: %s', (text) => {
    const masked = maskContactDetails(text)
    expect(masked).toContain(MASK)
    expect(masked).not.toMatch(/4567|seven/)
  })

  test.each([
    'write to nora.nurse@gmail.com please',
    'nora at gmail dot com',
    'nora(at)gmail(dot)com',
    'nora [at] gmail [dot] com',
    'NORA@Example.CO.UK',
  ])('an e-mail address: %s', (text) => {
    const masked = maskContactDetails(text)
    expect(masked).toContain(MASK)
    expect(masked.toLowerCase()).not.toContain('gmail')
    expect(masked.toLowerCase()).not.toContain('example')
  })

  test.each(['see https://nora-nights.example/about', 'www.noranights.com', 'noranights.com/book', 'noranights dot com', 'instagram.com/noranights'])(
    'a link: %s',
    (text) => {
      const masked = maskContactDetails(text)
      expect(masked).toContain(MASK)
      expect(masked.toLowerCase()).not.toContain('noranights')
    },
  )

  test('ordinary messages are left alone: times, amounts, ages, dates', () => {
    for (const text of [
      'Our twins were born on 11/02, at 35 weeks.',
      'Can you do 9 PM to 7 AM, 3 nights a week?',
      'She eats 3 oz every 3 hours.',
      'We live at 12 Beacon Street, apartment 4.',
      'Is $350 a night your rate?',
      'I will be there at 8:45.',
    ]) {
      expect(maskContactDetails(text), text).toBe(text)
      expect(hasContactDetails(text), text).toBe(false)
    }
  })

  test('several details in a row become one mask', () => {
    expect(maskContactDetails('555-123-4567, nora@gmail.com')).toBe(MASK)
  })
})

describe('new-message e-mails', () => {
  test('at most one per conversation an hour', () => {
    const now = new Date('2026-11-26T12:00:00Z')
    expect(mayEmailAboutMessage(null, now)).toBe(true)
    expect(mayEmailAboutMessage(new Date(now.getTime() - 59 * 60_000), now)).toBe(false)
    expect(mayEmailAboutMessage(new Date(now.getTime() - 60 * 60_000), now)).toBe(true)
  })

  test('a preview is one line of at most 120 characters', () => {
    expect(messagePreview('Hello\n\nthere')).toBe('Hello there')
    expect(messagePreview('x'.repeat(200))).toHaveLength(118)
  })
})
