import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'

export { migrateDatabase, startApp } from './startup.server'
// server.js drops pages from its page cache when the domain says they changed (issue 10).
export { onPublicPagesPurged } from './domain/content/public-page-purge'
// server.js times every request and serves /metrics from the app's one registry (issue 14).
export { metricsText, observeRequest } from './domain/platform/metrics.server'
export { healthAnswer } from './domain/platform/health.server'

const ABORT_DELAY = 5_000
export const streamTimeout = ABORT_DELAY

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // Crawlers and no-JavaScript clients get the whole document at once (DESIGN.md §11).
  const waitForAll = isbot(request.headers.get('user-agent') ?? '')
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  // One JSON line with the request's id (server.js sets it), so support can find what a family saw.
  console.error(
    JSON.stringify({
      level: 'error',
      time: new Date().toISOString(),
      reqId: request.headers.get('x-request-id') ?? undefined,
      path: new URL(request.url).pathname,
      error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
    }),
  )
}
