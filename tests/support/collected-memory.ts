// What a server under test keeps once its garbage is collected (docs/decisions/0043): start it with
// COLLECTED_MEMORY_ENV laid over its environment, then ask with collectedMemory(server). The app
// has no way to be told to collect: the test loads collect-on-signal.cjs into the process itself.
import { fileURLToPath } from 'node:url'
import type { AppServer } from './app-server'

const PRELOAD = fileURLToPath(new URL('./collect-on-signal.cjs', import.meta.url))
const COLLECTED = /^collected memory: (.+)$/gm

/** Environment for startAppServer: V8's gc() exposed, and the SIGUSR2 handler loaded first. */
export const COLLECTED_MEMORY_ENV = { NODE_OPTIONS: `--expose-gc --require ${PRELOAD}` }

export interface CollectedMemory {
  /** Resident memory (VmRSS), which still holds V8's free heap pages and malloc's free chunks. */
  rss: number
  /** The JavaScript objects still reachable, and the memory they hold outside V8's heap (Buffers). */
  heapUsed: number
  external: number
}

/** Makes the server collect all its garbage and answers what it keeps then. */
export async function collectedMemory(server: AppServer, timeoutMs = 30_000): Promise<CollectedMemory> {
  const seen = [...server.output().matchAll(COLLECTED)].length
  server.process.kill('SIGUSR2')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const lines = [...server.output().matchAll(COLLECTED)]
    if (lines.length > seen) {
      const reading = JSON.parse(lines[seen][1]) as CollectedMemory & { error?: string }
      if (reading.error) throw new Error(`The server cannot collect its garbage: ${reading.error}`)
      return reading
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`The server did not report its collected memory within ${timeoutMs} ms:\n${server.output().slice(-2000)}`)
}
