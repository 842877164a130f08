// Google sign-in with remix-auth-google (docs/security.md). The remix-auth session only carries the
// OAuth state for the round trip; the real session is our own row (session.server.ts).
import { createCookieSessionStorage } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { GoogleStrategy } from 'remix-auth-google'
import { getConfig } from '../config.server'
import { cookieOptions } from './cookies.server'
import type { GoogleProfileInput } from '../domain/accounts/auth.server'

let authenticator: Authenticator<GoogleProfileInput> | null | undefined

export function getGoogleAuthenticator(): Authenticator<GoogleProfileInput> | null {
  if (authenticator !== undefined) return authenticator
  const config = getConfig()
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) {
    authenticator = null
    return null
  }
  const stateStorage = createCookieSessionStorage({
    cookie: { name: '__oauth', ...cookieOptions(10 * 60) },
  })
  const strategy = new GoogleStrategy<GoogleProfileInput>(
    {
      clientID: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      callbackURL: `${config.APP_ORIGIN}/_api/auth/oauth_callback/google`,
      prompt: 'select_account',
    },
    async ({ profile }) => ({
      sub: profile.id,
      email: profile.emails?.[0]?.value ?? '',
      emailVerified: profile._json.email_verified === true,
      displayName: profile.displayName,
      avatarUrl: profile.photos?.[0]?.value ?? null,
    }),
  )
  if (config.GOOGLE_OAUTH_BASE) {
    // Tests point the real strategy at a local fake: its URLs are instance fields.
    const base = config.GOOGLE_OAUTH_BASE.replace(/\/$/, '')
    Object.assign(strategy, {
      authorizationURL: `${base}/o/oauth2/v2/auth`,
      tokenURL: `${base}/token`,
      userInfoURL: `${base}/oauth2/v3/userinfo`,
    })
  }
  authenticator = new Authenticator<GoogleProfileInput>(stateStorage, { throwOnError: true })
  authenticator.use(strategy, 'google')
  return authenticator
}

export function resetGoogleAuthenticatorForTests() {
  authenticator = undefined
}
