// Loaded into a server under test, never by the app itself: `NODE_OPTIONS='--expose-gc --require
// <this file>'` (collectedMemoryOptions in memory-reading.ts). On SIGUSR2 the process collects all
// its garbage, waits for V8 to hand the freed pages back (its unmapper runs on a background
// thread), and prints one line with what it then keeps, so a test can tell what a server holds
// from garbage it has not collected yet (docs/decisions/0043).
'use strict'

const COLLECTED = 'collected memory:'
const SETTLE_MS = 2_000

process.on('SIGUSR2', () => {
  if (typeof globalThis.gc !== 'function') {
    process.stdout.write(`${COLLECTED} {"error":"started without --expose-gc"}\n`)
    return
  }
  // Twice: what a first full collection frees can let weak references and finalizers free more.
  globalThis.gc()
  globalThis.gc()
  setTimeout(() => {
    const { rss, heapUsed, external } = process.memoryUsage()
    process.stdout.write(`${COLLECTED} ${JSON.stringify({ rss, heapUsed, external })}\n`)
  }, SETTLE_MS)
})
