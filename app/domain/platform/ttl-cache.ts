// A small in-process cache with a time to live (issue 3 item 8: anonymous pages read the same
// nurses again and again). Loads in flight are shared, so a burst of requests on a cold key hits
// the database once. Pure: the clock is passed in.

export interface TtlCache {
  /** The cached value of `key`, or the value `load` gives (kept for the TTL when it resolves). */
  read<T>(key: string, load: () => Promise<T>): Promise<T>
  clear(): void
  readonly size: number
}

export function createTtlCache(options: { ttlMs: number; maxEntries: number; now?: () => number }): TtlCache {
  const now = options.now ?? Date.now
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>()

  function evictIfFull() {
    if (entries.size < options.maxEntries) return
    const time = now()
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key)
    // Still full: drop the oldest insertions (a Map iterates in insertion order).
    const excess = entries.size - options.maxEntries + 1
    if (excess > 0) {
      let dropped = 0
      for (const key of entries.keys()) {
        if (dropped++ >= excess) break
        entries.delete(key)
      }
    }
  }

  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key)
      if (hit && hit.expiresAt > now()) return hit.value as Promise<T>
      if (hit) entries.delete(key)
      evictIfFull()
      const value = load()
      const entry = { expiresAt: now() + options.ttlMs, value: value as Promise<unknown> }
      entries.set(key, entry)
      // A failed load is never served from the cache.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      return value
    },
    clear() {
      entries.clear()
    },
    get size() {
      return entries.size
    },
  }
}
