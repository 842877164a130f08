// One process per PGlite directory (issue 9): PGlite is a single-process database, and two servers
// on one directory silently lose each other's writes. A second start is refused at once, naming
// the directory and the process holding it; a lock left behind by a killed process does not block
// the restart.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'
import { TEST_ENV } from '../support/test-env'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-pglite-lock-'))
const dir = path.join(root, 'pglite')
const running: AppServer[] = []

async function start(options: { waitForHealth?: boolean } = {}) {
  const server = await startAppServer({ PGLITE_DIR: dir, SEED_DEMO_DATA: 'false' }, options)
  running.push(server)
  return server
}

/** The exit code, or 'still running' when the process has not ended within `ms`. */
async function exitWithin(exited: Promise<number | string>, ms: number) {
  return Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), ms))])
}

afterAll(async () => {
  await Promise.all(running.map((server) => server.kill('SIGKILL')))
  fs.rmSync(root, { recursive: true, force: true })
})

describe('one process per PGlite directory', () => {
  test('a second server on a directory in use stops at once, naming the directory and the process holding it; after the first is killed, a restart works', async () => {
    const first = await start()

    const second = await start({ waitForHealth: false })
    const code = await exitWithin(second.exited, 30_000)
    expect(code, second.output()).not.toBe('still running')
    expect(code).not.toBe(0)
    expect(second.output()).toContain(path.resolve(dir))
    expect(second.output()).toContain(`process ${first.process.pid}`)
    // The first server never noticed.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200)

    // A SIGKILL leaves the lock file behind; the next start sees its holder is gone and takes it.
    expect(await first.kill('SIGKILL')).toBe('SIGKILL')
    const restarted = await start()
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200)

    // The seed script takes the same lock.
    const seed = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...TEST_ENV, PGLITE_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let seedOutput = ''
    seed.stdout.on('data', (chunk) => (seedOutput += chunk))
    seed.stderr.on('data', (chunk) => (seedOutput += chunk))
    const seedCode = await exitWithin(
      new Promise<number | string>((resolve) => seed.once('exit', (c, signal) => resolve(c ?? signal ?? 'unknown'))),
      60_000,
    )
    if (seedCode === 'still running') seed.kill('SIGKILL')
    expect(seedCode, seedOutput).not.toBe(0)
    expect(seedOutput).toContain(`process ${restarted.process.pid}`)

    // A clean stop releases the lock.
    expect(await restarted.kill('SIGTERM')).toBe(0)
    const again = await start()
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200)
  })
})
