// "Forgot password?" (docs/decisions/0009): the e-mail a reset link goes to. The answer is the
// same whether or not the address has an account.
import '~/styles/routes/forgot-password.css'
import { getFormProps } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { AuthCard } from '~/components/auth-layout'
import { TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { useSchemaForm } from '~/components/use-schema-form'
import { RESET_REQUESTED_MESSAGE } from '~/domain/accounts/password-reset'
import { requestPasswordReset } from '~/domain/accounts/password-reset.server'
import { ForgotPasswordSchema } from '~/schemas/password-reset'
import { clientIp, limitAttempt } from '~/utils/rate-limit.server'
import { readFormData } from '~/utils/api.server'
import { useIsSubmitting } from '~/utils/auth-page'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
import { withErrorTitle } from '~/utils/error-title'

export const handle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Forgot Password – Nightlight' },
  { name: 'description', content: data?.description ?? 'Get a link to choose a new password for your Nightlight account.' },
])

export function loader() {
  const t = translator('auth')
  return { title: t('forgotPassword.metaTitle'), description: t('forgotPassword.metaDescription') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const submission = parseForm(formData, { schema: ForgotPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 })
  try {
    await limitAttempt([
      ['resetByIp', clientIp(request, context)],
      ['resetByEmail', submission.value.email],
    ])
  } catch (error) {
    if (error instanceof Response && error.status === 429) {
      const body = await error.json()
      return data({ result: submission.reply({ formErrors: [translateMessage(body.error)] }), sent: false }, { status: 429 })
    }
    throw error
  }
  await requestPasswordReset(submission.value.email)
  return data({ result: submission.reply({ resetForm: true }), sent: true })
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>()
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, { lastResult: actionData?.result })
  const submitting = useIsSubmitting('/forgot-password')
  const { t } = useTranslation('auth')
  const say = useServerMessage()

  return (
    <AuthCard title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')}>
      <Form method="post" action="/forgot-password" {...getFormProps(form)}>
        <Stack gap="sm">
          {actionData?.sent && (
            <Alert color="teal" role="status" title={t('forgotPassword.checkEmail')}>
              {say(RESET_REQUESTED_MESSAGE)}
            </Alert>
          )}
          <FormErrorSummary form={form} title={t('forgotPassword.checkForm')} />
          <TextField
            field={fields.email}
            type="email"
            label={t('forgotPassword.email')}
            autoComplete="email"
            required
          />
          <Button type="submit" loading={submitting} fullWidth mt="xs">
            {t('forgotPassword.send')}
          </Button>
        </Stack>
      </Form>
      <Text ta="center" mt="md" fz="sm">
        {t('forgotPassword.remembered')}{' '}
        <Anchor component={Link} to="/login">
          {t('forgotPassword.logIn')}
        </Anchor>
      </Text>
    </AuthCard>
  )
}
