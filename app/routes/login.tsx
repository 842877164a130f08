import '~/styles/routes/login.css'
import { getFormProps } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useSearchParams } from '@remix-run/react'
import { Link } from '~/components/link'
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
import { readFormData } from '~/utils/api.server'
import type { PageScriptsHandle } from '~/utils/page-scripts'

// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle = { hydrate: false }

export const meta: MetaFunction = () => [
  { title: 'Log In – Nightlight' },
  { name: 'description', content: 'Log in to book night nurses, manage your nights and payments.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  // Signed-in users go where their role belongs (docs/product-texts.md, Pages).
  if (user) throw redirect(homePathFor(user))
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const submission = parseForm(formData, { schema: LoginSchema })
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
  }
  const result = await loginWithPassword(request, context, submission.value)
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message], hideFields: ['password'] }), {
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
  const submitting = useIsSubmitting('/login')

  return (
    <AuthCard title="Welcome back" subtitle="Log in to your Nightlight account">
      <AuthPageGoogleButton redirectTo={redirectTo} />
      <OrDivider />
      <Form method="post" action="/login" {...getFormProps(form)}>
        <Stack gap="sm">
          <FormErrorSummary form={form} title="Login failed" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField field={fields.email} type="email" label="Email" autoComplete="email" required />
          <PasswordField field={fields.password} label="Password" autoComplete="current-password" required />
          <Anchor component={Link} to="/forgot-password" fz="sm" ta="right">
            Forgot password?
          </Anchor>
          <Button type="submit" loading={submitting} fullWidth mt="xs">
            {submitting ? 'Checking session...' : 'Log In'}
          </Button>
        </Stack>
      </Form>
      <Text ta="center" mt="md" fz="sm">
        New to Nightlight?{' '}
        <Anchor component={Link} to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : '/register'}>
          Create an account
        </Anchor>
      </Text>
      <TermsNote action="signing in" />
    </AuthCard>
  )
}
