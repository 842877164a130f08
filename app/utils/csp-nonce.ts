// The answer's Content-Security-Policy nonce (server.js sets it per request and hands it over in
// the load context; docs/decisions/0047). The server render puts it on every inline script: Remix's
// <Scripts> and <ScrollRestoration>, Mantine's colour-scheme script, the streamed data scripts and
// the sign-in popup's page. In the browser there is none: the scripts it needed have run.
import { createContext, useContext } from 'react'

export const CspNonceContext = createContext<string | undefined>(undefined)

export const useCspNonce = () => useContext(CspNonceContext)

/** The nonce in a loader's or the entry's load context; undefined in development (no policy). */
export function cspNonceOf(context: unknown): string | undefined {
  const nonce = (context as { cspNonce?: unknown } | undefined)?.cspNonce
  return typeof nonce === 'string' ? nonce : undefined
}
