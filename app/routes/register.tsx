import '~/styles/routes/register.css'
import { getFormProps } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useSearchParams } from '@remix-run/react'
import { Link } from '~/components/link'
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

const EMAIL_IN_USE_TEXT = 'This email is already registered. Please try logging in instead.'

export const meta: MetaFunction = () => [
  { title: 'Sign Up – Nightlight' },
  { name: 'description', content: 'Create a free Nightlight account to book trusted night nurses near you.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  // Authenticated users go to the nurse or parent dashboard.
  if (user) throw redirect(dashboardPathFor(user.role === 'nurse' ? 'nurse' : 'parent'))
  return null
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
      { result: submission.reply({ formErrors: [message], hideFields: ['password'] }), emailInUse },
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
  const submitting = useIsSubmitting('/register')
  const emailLink = new URLSearchParams({ method: 'email', ...(redirectTo ? { redirectTo } : {}) })

  return (
    <AuthCard title="Create your account" subtitle="Find and book trusted night nurses">
      <AuthPageGoogleButton label="Sign up with Google" redirectTo={redirectTo} />
      <OrDivider />
      {showEmailForm ? (
        <Form method="post" action={`/register?${emailLink}`} {...getFormProps(form)}>
          <Stack gap="sm">
            <FormErrorSummary form={form}>
              {actionData?.emailInUse && (
                <div>
                  <Anchor component={Link} to="/login" fw={600}>
                    Go to Login Page
                  </Anchor>
                </div>
              )}
            </FormErrorSummary>
            <input type="hidden" name="role" value="parent" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <NewAccountFields fields={fields} />
            <Button type="submit" loading={submitting} fullWidth mt="xs">
              Create Account
            </Button>
          </Stack>
        </Form>
      ) : (
        <Button component={Link} to={`/register?${emailLink}`} variant="light" fullWidth>
          Sign up with Email
        </Button>
      )}
      <Text ta="center" mt="md" fz="sm">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>
      </Text>
      <Text ta="center" mt={4} fz="sm">
        Are you a night nurse?{' '}
        <Anchor component={Link} to="/night-nurse-onboard">
          Apply here
        </Anchor>
      </Text>
      <TermsNote action="signing up" />
    </AuthCard>
  )
}
