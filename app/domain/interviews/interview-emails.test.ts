import { describe, expect, test } from 'vitest'
import { interviewAcceptedEmail, interviewFamilyCounterEmail, interviewRequestEmail, toInterviewIcs, type ScheduledFacts } from './interview-emails'
import { translator } from '~/i18n/i18n.server'

const en = translator('emails', 'en')

const FACTS: ScheduledFacts = {
  id: 42,
  origin: 'https://nightlight.example/',
  medium: 'video',
  parentName: 'Jordan Rivera',
  nurseName: 'Nora Bennett',
  nurseTimeZone: 'America/Chicago',
  scheduledAt: new Date('2026-12-03T20:20:00Z'),
  contact: 'https://meet.example.com/nora',
  createdAt: new Date('2026-11-28T10:00:00Z'),
  updatedAt: new Date('2026-11-28T12:00:00Z'),
  organizerEmail: 'hello@nightlight.example',
}

describe('the interview invitation', () => {
  test('an agreed interview is a REQUEST for 20 minutes in UTC, with one UID and the link as its place', () => {
    const ics = toInterviewIcs(FACTS, { side: 'parent', email: 'jordan@example.com', name: 'Jordan Rivera' }, 'request', en)
    expect(ics.filename).toBe('nightlight-interview-42.ics')
    expect(ics.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST')
    expect(ics.content).toContain('METHOD:REQUEST')
    expect(ics.content).toContain('UID:interview-42@nightlight')
    expect(ics.content).toContain('DTSTART:20261203T202000Z')
    expect(ics.content).toContain('DTEND:20261203T204000Z')
    expect(ics.content).toContain('LOCATION:https://meet.example.com/nora')
    expect(ics.content).toContain('STATUS:CONFIRMED')
    // Only the recipient is invited: the nurse's address is not shared.
    expect(ics.content).toContain('jordan@example.com')
    expect(ics.content).not.toMatch(/nora@/i)
  })

  test('a phone interview is placed at "Phone"; a cancelled one is a CANCEL with a higher SEQUENCE', () => {
    const phone = { ...FACTS, medium: 'phone' as const, contact: '(512) 555-0123' }
    const request = toInterviewIcs(phone, { side: 'nurse', email: 'nora@example.com', name: 'Nora Bennett' }, 'request', en).content
    const cancel = toInterviewIcs(phone, { side: 'nurse', email: 'nora@example.com', name: 'Nora Bennett' }, 'cancel', en).content
    expect(request).toContain('LOCATION:Phone')
    expect(request).toContain('SEQUENCE:0')
    expect(cancel).toContain('METHOD:CANCEL')
    expect(cancel).toContain('STATUS:CANCELLED')
    expect(cancel).toContain('SEQUENCE:1')
    expect(cancel).toContain('UID:interview-42@nightlight')
  })
})

describe('the interview e-mails', () => {
  test('times are written in the nurse’s zone and named', () => {
    const email = interviewRequestEmail({ ...FACTS, times: [FACTS.scheduledAt], note: 'Twins due in January' }, en)
    expect(email.subject).toBe('Jordan Rivera asks for a 20-minute interview')
    expect(email.text).toContain('Time 1: Dec 3, 2:20 PM CST')
    expect(email.text).toContain('“Twins due in January”')
    expect(email.text).toContain('https://nightlight.example/interviews/42')
  })

  test('the family is told how to join; the nurse sees her own link', () => {
    expect(interviewAcceptedEmail(FACTS, 'parent', en).text).toContain('Join at https://meet.example.com/nora')
    expect(interviewAcceptedEmail(FACTS, 'nurse', en).text).toContain('Your link: https://meet.example.com/nora')
  })

  test('the family’s other times go to the nurse, in her zone, asking for her link to accept one', () => {
    const email = interviewFamilyCounterEmail({ ...FACTS, times: [FACTS.scheduledAt] }, en)
    expect(email.subject).toBe('Jordan Rivera proposed other interview times')
    expect(email.text).toContain('Hi Nora, none of your times suit Jordan Rivera.')
    expect(email.text).toContain('with your meeting link')
    expect(email.text).toContain('Time 1: Dec 3, 2:20 PM CST')
    expect(email.text).toContain('https://nightlight.example/interviews/42')
  })
})
