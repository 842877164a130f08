import { Writable } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { currentLanguage } from './i18n/current-language'
import { i18nFor } from './i18n/i18n.server'
import { CspNonceContext, cspNonceOf } from './utils/csp-nonce'

export { migrateDatabase, startApp } from './startup.server'
// server.js drops pages from its page cache when the domain says they changed (issue 10).
export { onPublicPagesPurged } from './domain/platform/public-page-purge'
// server.js times every request and serves /metrics from the app's one registry (issue 14).
export { metricsText, observeRequest } from './domain/platform/metrics.server'
export { healthAnswer } from './domain/platform/health.server'
// server.js labels each /_api call's requests by the call's own path (docs/decisions/0077).
export { apiCallPath } from './api/calls.server'
// The tests that walk every route of the build read the calls here (tests/support/route-manifest.ts).
export { API_CALLS } from './api/calls.server'
// server.js runs each request in a scope of its own: what a request keeps, such as its user (0053).
export { inRequestScope } from './utils/request-scope.server'
// server.js sends a public page's English address to its Spanish one for a visitor who asked for
// Spanish (docs/i18n.md), before its page cache.
export { answersByBrowserLanguage, languageRedirect } from './i18n/request-language'

const ABORT_DELAY = 5_000
export const streamTimeout = ABORT_DELAY

/**
 * Every page is rendered whole and sent as one body (docs/decisions/0024). No loader defers data,
 * so streaming would only cut the document into many small writes, each compressed and written on
 * its own; one body costs less CPU, and crawlers and visitors without JavaScript get the whole
 * document at once as before. The render still goes through the stream API: Remix's single fetch
 * hands the loader data to the browser in <script>s inside Suspense boundaries, which only a
 * streaming render resolves.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every inline script of the page carries the answer's nonce (docs/decisions/0047).
  const nonce = cspNonceOf(loadContext)
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
        callback()
      },
    })
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18nFor(currentLanguage())}>
        <CspNonceContext.Provider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </CspNonceContext.Provider>
      </I18nextProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timer)
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          console.error(error)
        },
      },
    )
    const timer = setTimeout(abort, ABORT_DELAY)
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
