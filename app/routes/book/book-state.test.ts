import { describe, expect, test } from 'vitest'
import { bookUrl, parseBookLink, parseBookingId, parseStep } from './book-state'

const params = (query: string) => new URLSearchParams(query)

describe('the /book link', () => {
  test('dates from a profile get the 20:00–08:00 default and no weekly series', () => {
    const link = parseBookLink(params('nurseId=7&slug=ana-r&dates=2026-12-03,2026-12-04'))
    expect(link).toEqual({
      nurseId: 7,
      slug: 'ana-r',
      weeks: null,
      // One baby unless the link asks for twins or triplets (issue 36).
      babies: 1,
      nights: [
        { date: '2026-12-03', startTimeLocal: '20:00', endTimeLocal: '08:00' },
        { date: '2026-12-04', startTimeLocal: '20:00', endTimeLocal: '08:00' },
      ],
    })
  })

  test.each([
    ['slug=ana-r&dates=2026-12-03'],
    ['nurseId=7&dates=2026-12-03'],
    ['nurseId=7&slug=ana-r'],
    ['nurseId=7&slug=ana-r&dates='],
    ['nurseId=x&slug=ana-r&dates=2026-12-03'],
    ['nurseId=7&slug=ana-r&dates=2026-02-30'],
    ['nurseId=7&slug=ana-r&dates=tomorrow'],
    ['nurseId=7&slug=ana-r&dates=2026-12-03,2026-12-03'],
  ])('%s is missing booking information', (query) => {
    expect(parseBookLink(params(query))).toBeNull()
  })

  test('times and weeks written by step 1 come back unchanged', () => {
    const link = parseBookLink(params('nurseId=7&slug=ana-r&dates=2026-12-03&times=22:00-06:00&weeks=4'))!
    expect(link.nights[0]).toEqual({ date: '2026-12-03', startTimeLocal: '22:00', endTimeLocal: '06:00' })
    expect(link.weeks).toBe(4)
    expect(parseBookLink(new URL(`http://x${bookUrl(link, { step: 2 })}`).searchParams)).toEqual(link)
  })

  test('the step and booking id are read leniently', () => {
    expect(parseStep(params('step=3'))).toBe(3)
    expect(parseStep(params('step=9'))).toBe(1)
    expect(parseBookingId(params('bookingId=42'))).toBe(42)
    expect(parseBookingId(params('bookingId=-1'))).toBeNull()
  })

  test('times and weeks that are not ours fall back to the defaults instead of refusing the link', () => {
    const link = parseBookLink(params('nurseId=7&slug=ana-r&dates=2026-12-03,2026-12-04&times=25:00-06:00,bad&weeks=99'))!
    expect(link.weeks).toBeNull()
    expect(link.nights.map((n) => `${n.startTimeLocal}-${n.endTimeLocal}`)).toEqual(['20:00-08:00', '20:00-08:00'])
    expect(parseBookLink(params('nurseId=7&slug=ana-r&dates=2026-12-03&weeks=0'))!.weeks).toBeNull()
  })

  test('more nights than a booking may hold is missing booking information', () => {
    const dates = Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10))
    expect(parseBookLink(params(`nurseId=7&slug=ana-r&dates=${dates.join(',')}`))).toBeNull()
  })
})

describe('how many babies travel with the /book link (issue 36)', () => {
  test('babies=2 is kept through the steps; anything else is one baby', () => {
    const link = parseBookLink(params('nurseId=7&slug=ana-r&dates=2026-12-03&babies=2'))!
    expect(link.babies).toBe(2)
    expect(bookUrl(link, { step: 2 })).toContain('&babies=2')
    expect(parseBookLink(params('nurseId=7&slug=ana-r&dates=2026-12-03&babies=9'))!.babies).toBe(1)
    expect(bookUrl({ ...link, babies: 1 })).not.toContain('babies')
  })
})
