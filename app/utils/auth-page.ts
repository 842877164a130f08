// Client helpers shared by the pages that sign people in.
import { homePathFor, safeRedirectPath } from '~/domain/auth-redirects'
import type { SignedInUser } from '~/components/google-sign-in-button'

/** After sign-in, wait briefly (spec 000 §9: 200 ms) and load the user's page with a fresh header. */
export function goAfterSignIn(user: SignedInUser, redirectTo?: string | null) {
  const target = safeRedirectPath(redirectTo, homePathFor(user))
  window.setTimeout(() => window.location.assign(target), 200)
}
