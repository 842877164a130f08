import { describe, expect, test, vi } from 'vitest'
import { createTtlCache } from './ttl-cache'

describe('the TTL cache', () => {
  test('serves a value until its time is up, then loads it again', async () => {
    let time = 0
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 10, now: () => time })
    const load = vi.fn(async () => `value at ${time}`)
    expect(await cache.read('k', load)).toBe('value at 0')
    time = 999
    expect(await cache.read('k', load)).toBe('value at 0')
    time = 1000
    expect(await cache.read('k', load)).toBe('value at 1000')
    expect(load).toHaveBeenCalledTimes(2)
  })

  test('a burst of reads on a cold key loads it once', async () => {
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 10, now: () => 0 })
    const load = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(42), 5)))
    const values = await Promise.all([cache.read('k', load), cache.read('k', load), cache.read('k', load)])
    expect(values).toEqual([42, 42, 42])
    expect(load).toHaveBeenCalledTimes(1)
  })

  test('a failed load is not kept', async () => {
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 10, now: () => 0 })
    await expect(cache.read('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.read('k', async () => 'up')).toBe('up')
  })

  test('never holds more than its limit', async () => {
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 3, now: () => 0 })
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.read(key, async () => key)
    expect(cache.size).toBe(3)
    const load = vi.fn(async () => 'e again')
    expect(await cache.read('e', load)).toBe('e')
    expect(load).not.toHaveBeenCalled()
  })

  test('clear forgets everything', async () => {
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 3, now: () => 0 })
    await cache.read('a', async () => 1)
    cache.clear()
    expect(await cache.read('a', async () => 2)).toBe(2)
  })
})
