// How far the server's heap may grow past what is alive before V8 collects it in full. V8's own
// policy lets a busy heap grow to several times its live size: a fresh server that streams the CSV
// export of a million bookings (200 MB of short-lived rows, strings and bytes) grew by 250 MB of
// garbage before its first full collection, although the stream never holds more than one batch.
// Capping the growth at half the live size keeps that export within 50–60 MB of growth, follows the
// live size as it grows (unlike a fixed --max-old-space-size, it can never run a busy server out of
// heap), and costs a full collection more often (about 10 ms each, mostly on V8's helper threads).
// Measured in docs/decisions/0078. Plain JavaScript for server.js.
import v8 from 'node:v8'

export const DEFAULT_HEAP_GROWING_PERCENT = 50

/**
 * The growth allowed, in percent of the live heap, from HEAP_GROWING_PERCENT: a whole number from
 * 0 to 400, where 0 leaves V8's own policy. Anything else is refused at start-up.
 * @param {string | undefined} value
 * @returns {number}
 */
export function heapGrowingPercent(value) {
  if (value === undefined || value.trim() === '') return DEFAULT_HEAP_GROWING_PERCENT
  const percent = Number(value)
  if (!Number.isInteger(percent) || percent < 0 || percent > 400) {
    throw new Error(`HEAP_GROWING_PERCENT must be a whole number from 0 to 400 (0: V8's own policy), not '${value}'`)
  }
  return percent
}

/**
 * Applies the policy to this process. V8 reads the flag each time it sets the next collection's
 * limit, so it takes effect from the first collection after start-up.
 * @param {{ HEAP_GROWING_PERCENT?: string }} env
 * @param {(flags: string) => void} setFlags
 * @returns {number} the percent applied (0: none)
 */
export function applyHeapPolicy(env = process.env, setFlags = v8.setFlagsFromString) {
  const percent = heapGrowingPercent(env.HEAP_GROWING_PERCENT)
  if (percent > 0) setFlags(`--heap-growing-percent=${percent}`)
  return percent
}
