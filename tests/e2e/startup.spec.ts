import { expect, test } from './fixtures'
import { spawn, spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'

test('the server refuses to start on bad configuration, naming each bad variable', () => {
  const result = spawnSync('node', ['server.js'], {
    env: { ...process.env, PORT: 'abc', DATABASE_URL: 'mysql://nope', PGLITE_DIR: './.data/bad-config/pglite' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain('PORT: PORT must be a whole number')
  expect(result.stderr).toContain('DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://')
})

test('the server refuses a heap growth it cannot apply, and says what is allowed', () => {
  const result = spawnSync('node', ['server.js'], {
    env: { ...process.env, HEAP_GROWING_PERCENT: 'half', PGLITE_DIR: './.data/bad-config/pglite' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain("HEAP_GROWING_PERCENT: HEAP_GROWING_PERCENT must be a whole number from 0 to 400 (0: V8's own policy), not 'half'")
})

// Issue 38 item 17: a first start spends seconds making, migrating and seeding the embedded
// database; it says so as it goes, so it cannot be mistaken for a hang.
test('a first start on a new embedded database says what it is doing until the app answers', async () => {
  test.setTimeout(180_000)
  const dataDir = `.data/first-start-${process.pid}`
  rmSync(dataDir, { recursive: true, force: true })
  const port = await freePort()
  const server = spawn('node', ['server.js'], {
    env: { ...process.env, PORT: String(port), PGLITE_DIR: `${dataDir}/pglite`, DATABASE_URL: '', SEED_DEMO_DATA: '', LOG_LEVEL: 'warn' },
  })
  let output = ''
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    await expect.poll(() => output, { timeout: 170_000, intervals: [500] }).toContain('is running at')
    const lines = output.split('\n')
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line))
    const steps = [
      /^Creating the embedded database in \.data\/first-start-\d+\/pglite \(first start only\)…$/,
      /^Applying the database migrations…$/,
      /^Database ready in \d+\.\d s\.$/,
      /^Seeding demo data: \d+ nurses, \d+ families, \d+ bookings of \d+ nights, \d+ reviews…$/,
      /^Demo data seeded in \d+\.\d s\.$/,
      /is running at/,
    ]
    const positions = steps.map(at)
    expect(positions.every((position) => position >= 0), output).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
