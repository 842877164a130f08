import { describe, expect, test } from 'vitest'
import {
  LINK_INVALID,
  PHONE_INVALID,
  TIME_SKIPPED,
  TIME_TOO_LATE,
  TIME_TOO_SOON,
  TIME_UNREADABLE,
  TIMES_MISSING,
  TIMES_TOO_CLOSE,
  checkProposedTimes,
  isOpen,
  isReminderDue,
  readContact,
  readLocalTime,
  showsContact,
  slotEnd,
  toLocalInput,
} from './interview-rules'

const NOW = new Date('2026-11-28T15:00:00Z') // 10:00 AM in New York

describe('the times a side proposes', () => {
  test('up to three times are read in the proposer’s zone and sorted', () => {
    const checked = checkProposedTimes(['2026-12-02T18:00', '2026-12-01T09:30', ''], 'America/New_York', NOW)
    expect(checked).toEqual({ ok: true, times: [new Date('2026-12-01T14:30:00Z'), new Date('2026-12-02T23:00:00Z')] })
    const inLosAngeles = checkProposedTimes(['2026-12-01T09:30'], 'America/Los_Angeles', NOW)
    expect(inLosAngeles).toEqual({ ok: true, times: [new Date('2026-12-01T17:30:00Z')] })
  })

  test('no time, a fourth time, or an unreadable one is refused', () => {
    expect(checkProposedTimes(['', undefined], 'America/New_York', NOW)).toMatchObject({ ok: false, error: TIMES_MISSING })
    const four = ['2026-12-01T09:00', '2026-12-01T10:00', '2026-12-01T11:00', '2026-12-01T12:00']
    expect(checkProposedTimes(four, 'America/New_York', NOW)).toMatchObject({ ok: false, error: 'Choose at most 3 times.' })
    expect(checkProposedTimes(['tomorrow'], 'America/New_York', NOW)).toMatchObject({ ok: false, error: TIME_UNREADABLE, index: 0 })
    expect(checkProposedTimes(['2026-02-30T10:00'], 'America/New_York', NOW)).toMatchObject({ ok: false, error: TIME_UNREADABLE })
  })

  test('each time is at least 2 hours ahead and within 60 days', () => {
    expect(checkProposedTimes(['2026-11-28T11:59'], 'America/New_York', NOW)).toMatchObject({ ok: false, error: TIME_TOO_SOON })
    expect(checkProposedTimes(['2026-11-28T12:00'], 'America/New_York', NOW)).toMatchObject({ ok: true })
    expect(checkProposedTimes(['2027-01-28T10:00'], 'America/New_York', NOW)).toMatchObject({ ok: false, error: TIME_TOO_LATE })
  })

  test('two slots of 20 minutes may not overlap', () => {
    expect(checkProposedTimes(['2026-12-01T09:00', '2026-12-01T09:19'], 'America/New_York', NOW)).toMatchObject({ ok: false, error: TIMES_TOO_CLOSE, index: 1 })
    expect(checkProposedTimes(['2026-12-01T09:00', '2026-12-01T09:20'], 'America/New_York', NOW)).toMatchObject({ ok: true })
    expect(slotEnd(new Date('2026-12-01T14:00:00Z'))).toEqual(new Date('2026-12-01T14:20:00Z'))
  })

  test('a wall time the clocks skip is refused; one that happens twice is the second', () => {
    const spring = new Date('2027-03-01T12:00:00Z')
    expect(readLocalTime('2027-03-14T02:30', 'America/New_York')).toEqual({ ok: false, error: TIME_SKIPPED })
    expect(checkProposedTimes(['2027-03-14T03:30'], 'America/New_York', spring)).toEqual({ ok: true, times: [new Date('2027-03-14T07:30:00Z')] })
    expect(readLocalTime('2026-11-01T01:30', 'America/New_York')).toEqual({ ok: true, at: new Date('2026-11-01T06:30:00Z') })
    // Phoenix keeps no daylight saving: the same wall time is always 7 hours behind UTC.
    expect(readLocalTime('2027-03-14T02:30', 'America/Phoenix')).toEqual({ ok: true, at: new Date('2027-03-14T09:30:00Z') })
  })

  test('a moment goes back to the field as its wall time in the zone', () => {
    expect(toLocalInput(new Date('2026-12-01T14:30:00Z'), 'America/Chicago')).toBe('2026-12-01T08:30')
  })
})

describe('the nurse’s contact', () => {
  test('a video interview takes an https link', () => {
    expect(readContact('video', ' https://meet.example.com/nora ')).toEqual({ ok: true, contact: 'https://meet.example.com/nora' })
    for (const bad of ['http://meet.example.com/x', 'javascript:alert(1)', 'meet.example.com/x', 'https://localhost/x', 'https://a b.com', 'https://user:pw@meet.example.com']) {
      expect(readContact('video', bad)).toEqual({ ok: false, error: LINK_INVALID })
    }
  })

  test('a phone interview takes a US number and writes it one way', () => {
    for (const typed of ['512-555-0123', '(512) 555 0123', '+1 512 555 0123', '15125550123']) {
      expect(readContact('phone', typed)).toEqual({ ok: true, contact: '(512) 555-0123' })
    }
    for (const bad of ['555-0123', '(112) 555-0123', '(512) 155-0123', '+44 20 7946 0958', 'call me', '']) {
      expect(readContact('phone', bad)).toEqual({ ok: false, error: PHONE_INVALID })
    }
  })
})

describe('what each side sees and may do', () => {
  const at = new Date('2026-12-01T15:00:00Z')
  const accepted = { status: 'accepted' as const, proposedBy: 'parent' as const, scheduledAt: at }

  test('the contact shows only on an agreed interview, until 3 hours after it ends', () => {
    expect(showsContact(accepted, new Date('2026-11-30T00:00:00Z'))).toBe(true)
    expect(showsContact(accepted, new Date('2026-12-01T18:20:00Z'))).toBe(true)
    expect(showsContact(accepted, new Date('2026-12-01T18:21:00Z'))).toBe(false)
    expect(showsContact({ ...accepted, status: 'proposed', scheduledAt: null }, NOW)).toBe(false)
    expect(showsContact({ ...accepted, status: 'cancelled' }, NOW)).toBe(false)
  })

  test('an interview is open while it waits or until its slot ends', () => {
    expect(isOpen({ status: 'proposed', proposedBy: 'parent', scheduledAt: null }, NOW)).toBe(true)
    expect(isOpen(accepted, new Date('2026-12-01T15:19:00Z'))).toBe(true)
    expect(isOpen(accepted, new Date('2026-12-01T15:20:00Z'))).toBe(false)
    expect(isOpen({ ...accepted, status: 'declined' }, NOW)).toBe(false)
  })

  test('the reminder is due in the hour before the interview', () => {
    expect(isReminderDue(accepted, new Date('2026-12-01T13:59:00Z'))).toBe(false)
    expect(isReminderDue(accepted, new Date('2026-12-01T14:00:00Z'))).toBe(true)
    expect(isReminderDue(accepted, at)).toBe(false)
  })
})
