// The language switcher's target (header and footer, issue 37): keeps the choice in the `lang`
// cookie and, when someone is signed in, on their account, so their other devices and everything
// sent to them follow it; then shows the page they were on in that language.
import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { safeRedirect } from '~/domain/accounts/safe-redirect'
import { setUserLanguage } from '~/domain/accounts/profile-settings.server'
import { translateMessage } from '~/i18n/i18n.server'
import { languageCookie } from '~/i18n/language-cookie.server'
import { pathInLanguage } from '~/i18n/localized-paths'
import { languageChoiceSchema } from '~/schemas/language'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { getUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

// No page of its own: a choice is answered on the page it was made from. (Remix runs a route's
// loader after its action, so a page here would never be shown: its loader sends GET home.)
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseForm(await readFormData(request), { schema: languageChoiceSchema })
  if (submission.status !== 'success') {
    return redirectWithToast(safeRedirect(submission.payload.redirectTo, '/'), { type: 'error', message: translateMessage(firstError(submission.error)) }, { status: 303 })
  }
  const { language } = submission.value
  const user = await getUser(request)
  if (user) await setUserLanguage(user.id, language)
  const back = pathInLanguage(safeRedirect(submission.value.redirectTo, '/'), language)
  return redirect(back, { headers: { 'Set-Cookie': languageCookie(language) } })
}

export const loader = () => redirect('/')
