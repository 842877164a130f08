// The language switcher's target (header and footer, issue 37): keeps the choice in the `lang`
// cookie and, when someone is signed in, on their account, so their other devices and everything
// sent to them follow it; then shows the page they were on in that language.
import { Container, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { safeRedirect } from '~/domain/accounts/safe-redirect'
import { setUserLanguage } from '~/domain/accounts/profile-settings.server'
import { translateMessage } from '~/i18n/i18n.server'
import { languageCookie } from '~/i18n/language-cookie.server'
import { pathInLanguage } from '~/i18n/localized-paths'
import { languageChoiceSchema } from '~/schemas/language'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { getUser } from '~/utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Language – Nightlight' }, { name: 'robots', content: 'noindex' }]

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseForm(await readFormData(request), { schema: languageChoiceSchema })
  if (submission.status !== 'success') {
    return data({ message: translateMessage(firstError(submission.error)) }, { status: 400 })
  }
  const { language, redirectTo } = submission.value
  const user = await getUser(request)
  if (user) await setUserLanguage(user.id, language)
  const back = pathInLanguage(safeRedirect(redirectTo, '/'), language)
  return redirect(back, { headers: { 'Set-Cookie': languageCookie(language) } })
}

export const loader = () => redirect('/')

// Shown only when the choice could not be read.
export default function LanguageRefused() {
  const result = useActionData<typeof action>()
  const { t } = useTranslation()
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>{t('language.title')}</Title>
        <Text role="alert">{result?.message}</Text>
        <Link to="/">{t('language.backHome')}</Link>
      </Stack>
    </Container>
  )
}
