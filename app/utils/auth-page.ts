// Client helpers shared by the log-in, sign-up and password pages.
import { useNavigation } from '@remix-run/react'
import { homePathFor, type SignedInUser } from '~/domain/accounts/auth-redirects'
import { safeRedirect } from '~/domain/accounts/safe-redirect'

/** After sign-in, wait briefly (200 ms) and load the user's page with a fresh header. */
export function goAfterSignIn(user: SignedInUser, redirectTo?: string | null) {
  const target = safeRedirect(redirectTo, homePathFor(user))
  window.setTimeout(() => window.location.assign(target), 200)
}

/** True from the moment the page's form posts to `formAction` until the next page has loaded. */
export function useIsSubmitting(formAction: string) {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formAction === formAction
}
