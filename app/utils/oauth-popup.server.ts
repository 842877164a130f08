import { escapeHtml } from '../domain/platform/escape-html'
import { signedCookie } from './cookies.server'
// The page the sign-in popup ends on: it hands a result to the window that opened
// it, only on our own origin, and closes. Opened without an opener (no JavaScript on the first
// page), the flow has already signed the user in and this page is not used.

export type PopupMessage =
  | { type: 'OAUTH_TOKEN_SUCCESS'; token: string }
  | { type: 'OAUTH_ERROR'; error: string; message: string }

/** `nonce`: the answer's Content-Security-Policy nonce, for the script (docs/decisions/0047). */
export function popupResultPage(message: PopupMessage, status = 200, nonce?: string) {
  // JSON inside a script: escape '<' so no value can close the script element.
  const payload = JSON.stringify(message).replace(/</g, '\\u003c')
  const text = message.type === 'OAUTH_TOKEN_SUCCESS' ? 'Signed in. You can close this window.' : message.message
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in</title>
<meta name="robots" content="noindex"></head><body style="font-family:system-ui,sans-serif;padding:2rem">
<p>${escapeHtml(text)}</p><p><a href="/login">Back to Log In</a></p>
<script${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>(function(){var m=${payload};if(window.opener&&!window.opener.closed){window.opener.postMessage(m,window.location.origin);window.close();}})();</script>
</body></html>`
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

// Remembers, across the round trip to Google, whether this is a popup or a full-page sign-in.
export const oauthModeCookie = signedCookie('__oauth_mode', 600)
