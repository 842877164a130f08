import { describe, expect, it, test } from 'vitest'
import {
  availabilityWindow,
  ownHeadline,
  shownHeadline,
  verificationNote,
  bookedUnselectedMessage,
  findWindowProblem,
  listWindowDates,
  planAvailability,
  splitList,
} from './nurse-profile'

describe('the publishing window', () => {
  it('runs from today to 11 months ahead', () => {
    expect(availabilityWindow('2026-11-22')).toEqual({ first: '2026-11-22', last: '2027-10-22' })
    // Month ends clamp rather than spill into the next month.
    expect(availabilityWindow('2027-01-31').last).toBe('2027-12-31')
    expect(availabilityWindow('2026-03-31').last).toBe('2027-02-28')
  })

  it('lists every date of the window once, in order', () => {
    const dates = listWindowDates('2026-11-22')
    expect(dates[0]).toBe('2026-11-22')
    expect(dates[dates.length - 1]).toBe('2027-10-22')
    expect(dates).toHaveLength(335)
    expect(new Set(dates).size).toBe(dates.length)
  })

  it('refuses past dates and dates beyond the window, naming them', () => {
    expect(findWindowProblem(['2026-11-22', '2027-10-22'], '2026-11-22')).toBeNull()
    expect(findWindowProblem(['2026-11-21', '2026-11-30'], '2026-11-22')).toBe(
      'You cannot publish nights in the past: Sat, Nov 21, 2026',
    )
    expect(findWindowProblem(['2027-10-23'], '2026-11-22')).toBe(
      'Nights can be published up to 11 months ahead (until Fri, Oct 22, 2027): Sat, Oct 23, 2027 is too far',
    )
  })
})

describe('planAvailability', () => {
  it('upserts the selection, removes unselected open dates and leaves booked ones alone', () => {
    const plan = planAvailability({
      selected: ['2026-12-03', '2026-12-01', '2026-12-05'],
      published: ['2026-12-01', '2026-12-02', '2026-12-05'],
      booked: ['2026-12-05'],
    })
    expect(plan).toEqual({ upsert: ['2026-12-01', '2026-12-03'], remove: ['2026-12-02'], bookedUnselected: [] })
  })

  it('reports booked dates missing from the selection', () => {
    const plan = planAvailability({ selected: [], published: ['2026-12-05', '2026-12-06'], booked: ['2026-12-05'] })
    expect(plan.bookedUnselected).toEqual(['2026-12-05'])
    expect(plan.remove).toEqual(['2026-12-06'])
    expect(bookedUnselectedMessage(plan.bookedUnselected)).toBe(
      'Sat, Dec 5, 2026 is booked by a family and cannot be removed from your calendar',
    )
    expect(bookedUnselectedMessage(['2026-12-06', '2026-12-05'])).toBe(
      'Sat, Dec 5, 2026 and Sun, Dec 6, 2026 are booked by a family and cannot be removed from your calendar',
    )
  })
})

describe('text helpers', () => {
  it('splits a comma list without blanks or repeats', () => {
    expect(splitList(' English, spanish ,, English ,ASL')).toEqual(['English', 'spanish', 'ASL'])
    expect(splitList('')).toEqual([])
  })
})

describe("what a profile says Nightlight checked", () => {
  it('names the credential documents only when credentials are listed', () => {
    expect(verificationNote('Nora Nightingale', ['RN', 'NCS'])).toBe(
      "Nightlight checked Nora's government ID and credential documents before approving this profile.",
    )
    expect(verificationNote('Quinn Audit', [])).toBe("Nightlight checked Quinn's government ID before approving this profile.")
  })
})

describe('the headline a family sees', () => {
  const austin = { displayName: 'Quinn Audit', baseLocation: 'Austin, TX 78704' }

  test('is the one she wrote', () => {
    expect(shownHeadline({ ...austin, headline: 'NICU nurse, twins welcome' })).toBe('NICU nurse, twins welcome')
    expect(ownHeadline('NICU nurse, twins welcome', 'Quinn Audit')).toBe('NICU nurse, twins welcome')
  })

  test('without one, says what she is and where, never her name again', () => {
    for (const headline of [null, '', '  ', 'Quinn Audit', '  quinn   audit ']) {
      expect(shownHeadline({ ...austin, headline })).toBe('Night nurse in Austin')
      expect(ownHeadline(headline, 'Quinn Audit')).toBeNull()
    }
    expect(shownHeadline({ displayName: 'Quinn Audit', baseLocation: '', headline: null })).toBe('Night nurse')
  })
})
