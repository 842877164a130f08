// Starts the production build (BUILD_DIR, default build-e2e) as a child process for the server
// suite (tests/fault, tests/http), so a test can kill it, cut its database off, or start a second one beside it.
import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import { TEST_ENV } from './test-env'

export interface AppServer {
  url: string
  port: number
  process: ChildProcess
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>
  kill: (signal?: NodeJS.Signals) => Promise<number | string>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Spawns `node server.js`. `env` is laid over a test environment with no third-party keys;
 * pass DATABASE_URL or PGLITE_DIR. Waits for /healthz to answer 200 unless `waitForHealth` is false.
 */
export async function startAppServer(
  env: Record<string, string>,
  { waitForHealth = true, timeoutMs = 90_000 } = {},
): Promise<AppServer> {
  const port = Number(env.PORT ?? (await freePort()))
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child = spawn(process.execPath, ['server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...TEST_ENV,
      NODE_ENV: 'production',
      BUILD_DIR: process.env.BUILD_DIR ?? 'build-e2e',
      APP_ORIGIN: url,
      PORT: String(port),
      // Every client of a fault test is 127.0.0.1.
      AUTH_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const server: AppServer = {
    url,
    port,
    process: child,
    output: () => output,
    exited,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
  if (!waitForHealth) return server
  const deadline = Date.now() + timeoutMs
  let ended = false
  void exited.then(() => (ended = true))
  while (Date.now() < deadline && !ended) {
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.status === 200) return server
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  await server.kill('SIGKILL')
  throw new Error(`The app server did not become healthy:\n${output}`)
}
