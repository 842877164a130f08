// The page a reset link opens (docs/decisions/0009): a new password, once; then the person is
// signed in here and signed out everywhere else.
import '~/styles/routes/reset-password.css'
import { getFormProps } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { AuthCard } from '~/components/auth-layout'
import { PasswordField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { useSchemaForm } from '~/components/use-schema-form'
import { homePathFor } from '~/domain/accounts/auth-redirects'
import { getSessionUserById } from '~/domain/accounts/auth.server'
import { RESET_LINK_INVALID } from '~/domain/accounts/password-reset'
import { isResetTokenUsable, resetPassword } from '~/domain/accounts/password-reset.server'
import { ResetPasswordSchema } from '~/schemas/password-reset'
import { startSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormData } from '~/utils/api.server'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
import { withErrorTitle } from '~/utils/error-title'

export const handle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Choose a New Password – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

// The link's token must not leak to other sites through the Referer of anything on this page.
export const headers = () => ({ 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'private, no-store' })

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const usable = token.length > 0 && token.length <= 200 && (await isResetTokenUsable(token))
  return data({ token: usable ? token : null, title: translator('auth')('resetPassword.metaTitle') }, { status: usable ? 200 : 410 })
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const submission = parseForm(formData, { schema: ResetPasswordSchema })
  const hidden = { hideFields: ['newPassword', 'confirmPassword'] }
  if (submission.status !== 'success') {
    // A link whose token was cut or changed is a bad link, not a form mistake.
    const badLink = Boolean(submission.error?.token)
    return data({ result: submission.reply(hidden), invalid: badLink }, { status: badLink ? 410 : 400 })
  }
  const userId = await resetPassword(submission.value.token, submission.value.newPassword)
  if (!userId) return data({ result: submission.reply(hidden), invalid: true }, { status: 410 })
  const user = (await getSessionUserById(userId))!
  return redirectWithToast(
    homePathFor(user),
    { type: 'success', message: translateMessage('Your password has been changed. Other devices have been signed out.') },
    { headers: { 'Set-Cookie': await startSession(request, userId) } },
  )
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm(ResetPasswordSchema, { lastResult: actionData?.result })
  const submitting = navigation.state !== 'idle'
  const { t } = useTranslation('auth')
  const say = useServerMessage()

  if (!token || actionData?.invalid) {
    return (
      <AuthCard title={t('resetPassword.invalidTitle')}>
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {say(RESET_LINK_INVALID)}
          </Alert>
          <Button component={Link} to="/forgot-password" fullWidth>
            {t('resetPassword.newLink')}
          </Button>
        </Stack>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="sm">
          <input type="hidden" name="token" value={token} />
          <FormErrorSummary form={form} title={t('resetPassword.checkForm')} />
          <PasswordField
            field={fields.newPassword}
            label={t('resetPassword.newPassword')}
            autoComplete="new-password"
            required
          />
          <PasswordField
            field={fields.confirmPassword}
            label={t('resetPassword.confirmPassword')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" loading={submitting} fullWidth mt="xs">
            {t('resetPassword.save')}
          </Button>
        </Stack>
      </Form>
      <Text ta="center" mt="md" fz="sm">
        <Anchor component={Link} to="/login">
          {t('resetPassword.backToLogin')}
        </Anchor>
      </Text>
    </AuthCard>
  )
}
