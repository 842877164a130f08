import '~/styles/routes/login.css'
import { getFormProps } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link, localPath } from '~/components/link'
import { AuthCard, AuthPageGoogleButton, OrDivider, TermsNote } from '~/components/auth-layout'
import { PasswordField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { useSchemaForm } from '~/components/use-schema-form'
import { homePathFor } from '~/domain/accounts/auth-redirects'
import { safeRedirect } from '~/domain/accounts/safe-redirect'
import { LoginSchema } from '~/schemas/auth'
import { loginWithPassword } from '~/utils/auth-actions.server'
import { useIsSubmitting } from '~/utils/auth-page'
import { getUser } from '~/utils/session.server'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { readFormData } from '~/utils/api.server'
import type { PageScriptsHandle } from '~/utils/page-scripts'
import { withErrorTitle } from '~/utils/error-title'

// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle & { i18n: string[] } = { hydrate: false, i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Log In – Nightlight' },
  { name: 'description', content: data?.description ?? 'Log in to book night nurses, manage your nights and payments.' },
])

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  // Signed-in users go where their role belongs (docs/product-texts.md, Pages).
  if (user) throw redirect(homePathFor(user))
  const t = translator('auth')
  return { title: t('login.metaTitle'), description: t('login.metaDescription') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const submission = parseForm(formData, { schema: LoginSchema })
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
  }
  const result = await loginWithPassword(request, context, submission.value)
  if (!result.ok) {
    return data(submission.reply({ formErrors: [translateMessage(result.message)], hideFields: ['password'] }), {
      status: result.status,
    })
  }
  return redirect(safeRedirect(submission.value.redirectTo, homePathFor(result.user)), {
    headers: { 'Set-Cookie': result.setCookie },
  })
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const redirectTo = searchParams.get('redirectTo') ?? ''
  const [form, fields] = useSchemaForm(LoginSchema, { lastResult })
  // The page's own address, /login or /es/login: the form posts where the page is.
  const here = localPath('/login')
  const submitting = useIsSubmitting(here)
  const { t } = useTranslation('auth')

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <AuthPageGoogleButton redirectTo={redirectTo} />
      <OrDivider />
      <Form method="post" action={here} {...getFormProps(form)}>
        <Stack gap="sm">
          <FormErrorSummary form={form} title={t('login.failed')} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            field={fields.email}
            type="email"
            label={t('login.email')}
            autoComplete="email"
            required
          />
          <PasswordField
            field={fields.password}
            label={t('login.password')}
            autoComplete="current-password"
            required
          />
          <Anchor component={Link} to="/forgot-password" fz="sm" ta="right">
            {t('login.forgotPassword')}
          </Anchor>
          <Button type="submit" loading={submitting} fullWidth mt="xs">
            {submitting ? t('login.checkingSession') : t('login.submit')}
          </Button>
        </Stack>
      </Form>
      <Text ta="center" mt="md" fz="sm">
        {t('login.newHere')}{' '}
        <Anchor component={Link} to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : '/register'}>
          {t('login.createAccount')}
        </Anchor>
      </Text>
      <TermsNote action="signIn" />
    </AuthCard>
  )
}
