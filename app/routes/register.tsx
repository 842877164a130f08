import '~/styles/routes/register.css'
import { getFormProps } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link, localPath } from '~/components/link'
import { AuthCard, AuthPageGoogleButton, NewAccountFields, OrDivider, TermsNote } from '~/components/auth-layout'
import { FormErrorSummary } from '~/components/error-summary'
import { useSchemaForm } from '~/components/use-schema-form'
import { dashboardPathFor } from '~/domain/accounts/auth-redirects'
import { safeRedirect } from '~/domain/accounts/safe-redirect'
import { RegisterSchema } from '~/schemas/auth'
import { registerWithPassword } from '~/utils/auth-actions.server'
import { useIsSubmitting } from '~/utils/auth-page'
import { getUser } from '~/utils/session.server'
import { readFormData } from '~/utils/api.server'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { withErrorTitle } from '~/utils/error-title'

const EMAIL_IN_USE_TEXT = 'This email is already registered. Please try logging in instead.'

export const handle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Sign Up – Nightlight' },
  { name: 'description', content: data?.description ?? 'Create a free Nightlight account to book trusted night nurses near you.' },
])

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  // Authenticated users go to the nurse or parent dashboard.
  if (user) throw redirect(dashboardPathFor(user.role === 'nurse' ? 'nurse' : 'parent'))
  const t = translator('auth')
  return { title: t('register.metaTitle'), description: t('register.metaDescription') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  // This page always registers parents; nurses apply through onboarding.
  formData.set('role', 'parent')
  const submission = parseForm(formData, { schema: RegisterSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), emailInUse: false }, { status: 400 })
  }
  const result = await registerWithPassword(request, context, submission.value)
  if (!result.ok) {
    const emailInUse = result.code === 'email-in-use'
    const message = emailInUse
      ? EMAIL_IN_USE_TEXT
      : result.code === 'too-many-attempts'
        ? result.message
        : 'Registration failed. Please try again.'
    return data(
      { result: submission.reply({ formErrors: [translateMessage(message)], hideFields: ['password'] }), emailInUse },
      { status: result.status },
    )
  }
  return redirect(safeRedirect(submission.value.redirectTo, '/parent/dashboard'), {
    headers: { 'Set-Cookie': result.setCookie },
  })
}

export default function RegisterPage() {
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const redirectTo = searchParams.get('redirectTo') ?? ''
  // The e-mail form is revealed by a button; a link, so it works before JavaScript loads.
  const showEmailForm = searchParams.get('method') === 'email' || Boolean(actionData)
  const [form, fields] = useSchemaForm(RegisterSchema, { lastResult: actionData?.result })
  const { t } = useTranslation('auth')
  // The page's own address, /register or /es/register: the form posts where the page is.
  const here = localPath('/register')
  const submitting = useIsSubmitting(here)
  const emailLink = new URLSearchParams({ method: 'email', ...(redirectTo ? { redirectTo } : {}) })

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <AuthPageGoogleButton label={t('register.google')} redirectTo={redirectTo} />
      <OrDivider />
      {showEmailForm ? (
        <Form method="post" action={`${here}?${emailLink}`} {...getFormProps(form)}>
          <Stack gap="sm">
            <FormErrorSummary form={form} title={t('register.checkForm')}>
              {actionData?.emailInUse && (
                <div>
                  <Anchor component={Link} to="/login" fw={600}>
                    {t('register.goToLogin')}
                  </Anchor>
                </div>
              )}
            </FormErrorSummary>
            <input type="hidden" name="role" value="parent" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <NewAccountFields fields={fields} />
            <Button type="submit" loading={submitting} fullWidth mt="xs">
              {t('register.submit')}
            </Button>
          </Stack>
        </Form>
      ) : (
        <Button component={Link} to={`/register?${emailLink}`} variant="light" fullWidth>
          {t('register.withEmail')}
        </Button>
      )}
      <Text ta="center" mt="md" fz="sm">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to="/login">
          {t('register.logIn')}
        </Anchor>
      </Text>
      <Text ta="center" mt={4} fz="sm">
        {t('register.areYouNurse')}{' '}
        <Anchor component={Link} to="/night-nurse-onboard">
          {t('register.applyHere')}
        </Anchor>
      </Text>
      <TermsNote action="signUp" />
    </AuthCard>
  )
}
