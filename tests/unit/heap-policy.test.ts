import { describe, expect, test } from 'vitest'
import { applyHeapPolicy, DEFAULT_HEAP_GROWING_PERCENT, heapGrowingPercent } from '../../server/heap-policy.js'

describe('the heap growth policy', () => {
  test('by default the heap may grow by half its live size before a full collection', () => {
    const flags: string[] = []
    expect(applyHeapPolicy({}, (flag) => flags.push(flag))).toBe(DEFAULT_HEAP_GROWING_PERCENT)
    expect(flags).toEqual(['--heap-growing-percent=50'])
  })

  test('HEAP_GROWING_PERCENT sets another growth, and 0 leaves V8 its own policy', () => {
    const flags: string[] = []
    expect(applyHeapPolicy({ HEAP_GROWING_PERCENT: '100' }, (flag) => flags.push(flag))).toBe(100)
    expect(applyHeapPolicy({ HEAP_GROWING_PERCENT: '0' }, (flag) => flags.push(flag))).toBe(0)
    expect(flags).toEqual(['--heap-growing-percent=100'])
  })

  test('an empty value is the default', () => {
    expect(heapGrowingPercent('')).toBe(DEFAULT_HEAP_GROWING_PERCENT)
    expect(heapGrowingPercent(' ')).toBe(DEFAULT_HEAP_GROWING_PERCENT)
  })

  test.each(['-1', '401', '1.5', 'half', '50%', '1e2x'])('%s is refused at start-up with what is allowed', (value) => {
    expect(() => heapGrowingPercent(value)).toThrow(/whole number from 0 to 400/)
  })
})
