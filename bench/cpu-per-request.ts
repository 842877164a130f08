// CPU time of the app's server process per request (issue 13): sequential requests, one at a time,
// so the figure is the cost of one answer and does not move with what else the machine runs. The
// process's user + system time comes from /proc/<pid>/stat (Linux), in clock ticks.
import fs from 'node:fs'

const TICKS_PER_SECOND = 100

/** The CPU milliseconds the process has used so far (user + system). */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  return ((utime + stime) * 1000) / TICKS_PER_SECOND
}

export interface CpuTarget {
  label: string
  /** The address, or one per request (the i-th), for a page no cache may answer. */
  path: string | ((i: number) => string)
  headers?: Record<string, string>
  /** Issue 13's target: the most CPU milliseconds per request that passes, where it was set. */
  targetMs?: number
  /** Issue 39's target: the most CPU per request that passes, in bare Remix pages of the same run. */
  barePages?: number
}

export interface CpuFigure {
  label: string
  cpuMsPerRequest: number
  wallMsPerRequest: number
  status: number
}

/** Sends `count` requests one after another (after `warmup` more) and divides the CPU the server used by them. */
export async function measureCpuPerRequest(
  base: string,
  pid: number,
  target: CpuTarget,
  { count = 300, warmup = 200 }: { count?: number; warmup?: number } = {},
): Promise<CpuFigure> {
  let sent = 0
  const send = async () => {
    const path = typeof target.path === 'string' ? target.path : target.path(sent++)
    const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip', ...target.headers } })
    await response.arrayBuffer()
    return response.status
  }
  let status = 0
  // Until V8 has compiled the hot code: a fresh process costs about twice as much at first.
  for (let i = 0; i < warmup; i++) status = await send()
  const cpuBefore = processCpuMs(pid)
  const started = performance.now()
  for (let i = 0; i < count; i++) status = await send()
  const wall = performance.now() - started
  const cpu = processCpuMs(pid) - cpuBefore
  return { label: target.label, cpuMsPerRequest: cpu / count, wallMsPerRequest: wall / count, status }
}
