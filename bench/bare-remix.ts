// The bench's reference point for CPU per request (issue 13): a bare Remix v2 page, built and
// served as the app is (bench/bare-remix). The targets were set where such a page costs
// 0.8 ms of CPU; what it costs here says how much slower or faster this machine is.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { measureCpuPerRequest } from './cpu-per-request'
import { freePort } from './server'

const DIR = path.join(import.meta.dirname, 'bare-remix')
const ROOT = path.resolve(import.meta.dirname, '..')

/** CPU ms per request of a bare Remix page on the machine where issue 13's targets were set. */
export const BARE_REMIX_REFERENCE_MS = 0.8

/** Builds the bare app once (a few seconds), then starts it on `port`. */
export async function startBareRemix(port: number): Promise<ChildProcess> {
  if (!fs.existsSync(path.join(DIR, 'build/server/index.js'))) {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build', '--config', path.join(DIR, 'vite.config.ts')], {
      cwd: ROOT,
      stdio: 'ignore',
    })
  }
  const child = spawn(process.execPath, [path.join(DIR, 'server.js')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: 'ignore',
  })
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The bare Remix server exited')
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error('The bare Remix server did not answer within 30 s')
}

/** The CPU ms per request of the bare Remix page here, warmed up first (a fresh process costs twice as much). */
export async function measureBareRemix(): Promise<number> {
  const port = await freePort()
  const bare = await startBareRemix(port)
  try {
    const figure = await measureCpuPerRequest(`http://127.0.0.1:${port}`, bare.pid!, { label: 'bare Remix page', path: '/' }, { warmup: 2000 })
    return figure.cpuMsPerRequest
  } finally {
    bare.kill('SIGTERM')
  }
}
