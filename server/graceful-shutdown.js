// Stopping without dropping requests (issue 14): a deploy or a rolling restart sends SIGTERM.
// 1. Draining starts: /healthz answers 503 so the balancer takes this server out, every answer
//    says `Connection: close` so clients open their next request elsewhere; for `delayMs` the
//    server still accepts (the balancer's health interval), then
// 2. it stops listening and closes idle connections; requests in flight finish, up to
//    `timeoutMs`, after which whatever is left is cut off so a stuck client cannot hold a deploy;
// 3. `close()` stops the background jobs and the database pool, and the process exits 0.
// docs/decisions/0019-graceful-shutdown.md.

import net from 'node:net'

/** How long a connection accepted just before the listener closed has to send its request. */
const IDLE_GRACE_MS = 1000

/**
 * @param {{ close: () => Promise<void>, delayMs: number, timeoutMs: number,
 *   log?: (line: string) => void, exit?: (code: number) => void }} options
 */
export function gracefulShutdown({ close, delayMs, timeoutMs, log = console.log, exit = process.exit }) {
  let draining = false
  /** @type {import('node:http').Server | undefined} */
  let server

  /** Express middleware: first in the chain, so a draining server says so before anything else runs. */
  function drainingAnswers(req, res, next) {
    if (!draining) return next()
    res.set('Connection', 'close')
    if (req.path === '/healthz') {
      return res.status(503).set('Cache-Control', 'no-store').json({ status: 'draining' })
    }
    next()
  }

  /** Sets the HTTP server to stop, and stops on SIGTERM and SIGINT. */
  function watch(httpServer) {
    server = httpServer
    process.on('SIGTERM', () => shutdown('SIGTERM'))
    process.on('SIGINT', () => shutdown('SIGINT'))
  }

  async function shutdown(signal) {
    if (draining || !server) return
    draining = true
    log(`${signal} received, draining (${delayMs} ms, then up to ${timeoutMs} ms for requests in flight)`)
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    // Stop listening, but not as http.Server#close does, which also drops every connection without
    // a request under way: that includes one just accepted whose request is still being read, and
    // its request would be lost (tests/scale: a rolling restart behind nginx). Connections already
    // accepted are answered (with Connection: close); those left idle are closed a moment later.
    const closed = new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve(undefined)))
    const idle = setTimeout(() => server.closeIdleConnections(), Math.min(IDLE_GRACE_MS, timeoutMs))
    const deadline = setTimeout(() => {
      log('Shutdown deadline reached: closing the connections still open')
      server.closeAllConnections()
    }, timeoutMs)
    await closed
    clearTimeout(idle)
    clearTimeout(deadline)
    let code = 0
    await close().catch((error) => {
      console.error(error)
      code = 1
    })
    log('Stopped.')
    exit(code)
  }

  return { drainingAnswers, watch, shutdown }
}
