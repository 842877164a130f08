// The production build as a child process, for the bench scripts (bench/run.ts, bench/lighthouse.ts,
// bench/scale.ts).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface ServerOptions {
  /** The copy of the app whose build/ (or BUILD_DIR) server.js serves. */
  root: string
  port: number
  /** The PGlite directory, when there is no databaseUrl. */
  pgliteDir?: string
  databaseUrl?: string
  /** Extra node flags (BENCH_NODE_ARGS, --cpu-prof). */
  nodeArgs?: string[]
  /** Variables over the bench's defaults (SEED_DEMO_DATA: 'true' for a server that seeds itself). */
  env?: Record<string, string>
  /** Keeps the server's output in this file (BENCH_SERVER_LOG). */
  logFile?: string
}

const stopping = new WeakSet<ChildProcess>()

export async function startServer(options: ServerOptions): Promise<ChildProcess> {
  const { root, port, pgliteDir, databaseUrl } = options
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    SEED_DEMO_DATA: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    APP_ORIGIN: `http://localhost:${port}`,
    // The booking load signs six parents in from one address.
    AUTH_RATE_LIMIT: '1000',
    // Each bench parent starts far more bookings an hour than a family would.
    BOOKING_RATE_LIMIT: '100000',
    ...options.env,
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  else delete env.DATABASE_URL
  if (pgliteDir) env.PGLITE_DIR = pgliteDir
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const serverLog = options.logFile ? fs.createWriteStream(options.logFile) : null
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-8000)
    serverLog?.write(chunk)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  child.on('exit', (code, signal) => {
    if (stopping.has(child)) return
    process.stderr.write(`\nThe server stopped (${signal ?? code}):\n${output.slice(-4000)}\n`)
  })
  // Seeding the demo data at start-up takes a while on a busy machine.
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`)
      if (response.ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  stopping.add(child)
  child.kill('SIGTERM')
  throw new Error(`The server did not answer /healthz within 120 s:\n${output}`)
}

export async function stopServer(child: ChildProcess) {
  stopping.add(child)
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

/** A demo account's (or a bench account's) session cookie, signed in through the API. */
export async function signIn(base: string, email: string, password = 'nightnurse-demo') {
  const response = await fetch(`${base}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`${email} could not sign in: ${response.status}`)
  return response.headers.get('set-cookie')!.split(';')[0]
}
