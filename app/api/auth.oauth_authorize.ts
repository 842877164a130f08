import type { LoaderFunctionArgs } from '@remix-run/node'
import { safeRedirect } from '~/domain/accounts/safe-redirect'
import { getGoogleAuthenticator } from '~/utils/google-auth.server'
import { cspNonceOf } from '~/utils/csp-nonce'
import { oauthModeCookie, popupResultPage } from '~/utils/oauth-popup.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's script runs under the answer's Content-Security-Policy nonce (decision 0047).
  const nonce = cspNonceOf(context)
  const url = new URL(request.url)
  if (url.searchParams.get('provider') !== 'google') {
    return popupResultPage({ type: 'OAUTH_ERROR', error: 'unsupported_provider', message: 'Unsupported sign-in provider.' }, 400, nonce)
  }
  const authenticator = getGoogleAuthenticator()
  if (!authenticator) {
    return popupResultPage(
      {
        type: 'OAUTH_ERROR',
        error: 'not_configured',
        message: 'Google sign-in is not configured on this server. Please use your email and password.',
      },
      503,
      nonce,
    )
  }
  const mode = url.searchParams.get('mode') === 'redirect' ? 'redirect' : 'popup'
  // Checked here and again on the way back: the cookie only ever holds a same-origin path.
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '')
  // A new account made through the nurse application is a nurse's; never an admin's.
  const role = url.searchParams.get('role') === 'nurse' ? 'nurse' : 'parent'
  try {
    await authenticator.authenticate('google', request)
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers)
      headers.append('Set-Cookie', await oauthModeCookie().serialize({ mode, redirectTo, role }))
      return new Response(null, { status: thrown.status, headers })
    }
    throw thrown
  }
  return popupResultPage({ type: 'OAUTH_ERROR', error: 'unexpected', message: 'Failed to complete authentication. Please try again.' }, 200, nonce)
}
