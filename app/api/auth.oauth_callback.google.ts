import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { homePathFor } from '~/domain/accounts/auth-redirects'
import { safeRedirect } from '~/domain/accounts/safe-redirect'
import { AccountLinkingRequiredError, createOAuthTempToken, signInWithGoogle } from '~/domain/accounts/auth.server'
import { getGoogleAuthenticator } from '~/utils/google-auth.server'
import { cspNonceOf } from '~/utils/csp-nonce'
import { oauthModeCookie, popupResultPage } from '~/utils/oauth-popup.server'
import { startSession } from '~/utils/session.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's script runs under the answer's Content-Security-Policy nonce (decision 0047).
  const nonce = cspNonceOf(context)
  const authenticator = getGoogleAuthenticator()
  if (!authenticator) {
    return popupResultPage({ type: 'OAUTH_ERROR', error: 'not_configured', message: 'Google sign-in is not configured on this server.' }, 503, nonce)
  }
  const mode = ((await oauthModeCookie().parse(request.headers.get('Cookie'))) ?? {}) as {
    mode?: string
    redirectTo?: string
    role?: string
  }
  try {
    const profile = await authenticator.authenticate('google', request)
    if (!profile.email) throw new Error('Google did not share an email address')
    const user = await signInWithGoogle(profile, mode.role === 'nurse' ? 'nurse' : 'parent')
    if (mode.mode === 'redirect') {
      const headers = new Headers({ 'Set-Cookie': await startSession(request, user.id) })
      headers.append('Set-Cookie', await oauthModeCookie().serialize('', { maxAge: 0 }))
      return redirect(safeRedirect(mode.redirectTo, homePathFor(user)), { headers })
    }
    return popupResultPage({ type: 'OAUTH_TOKEN_SUCCESS', token: await createOAuthTempToken(user.id) }, 200, nonce)
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof AccountLinkingRequiredError) {
      return popupResultPage({ type: 'OAUTH_ERROR', error: error.code, message: error.message }, 409, nonce)
    }
    console.error('Google sign-in failed:', error instanceof Error ? error.message : error)
    return popupResultPage(
      { type: 'OAUTH_ERROR', error: 'authentication_failed', message: 'Failed to complete authentication. Please try again.' },
      401,
      nonce,
    )
  }
}
