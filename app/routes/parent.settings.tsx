import '~/styles/routes/parent.settings.css'
import { getFormProps } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Button, Stack, Text, TextInput } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ParentSubpage } from '~/components/parent-subpage'
import { PasswordField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { changePassword, getProfileSettings, updateProfile } from '~/domain/accounts/profile-settings.server'
import { ChangePasswordSchema, ProfileSchema } from '~/schemas/profile'
import { redirectWithToast } from '~/utils/toast.server'
import { requireParentOrAdmin, startSession } from '~/utils/session.server'
import { readFormData } from '~/utils/api.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Profile Settings – Nightlight' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const settings = await getProfileSettings(user.id)
  if (!settings) throw data({ message: 'Not found' }, { status: 404 })
  return data(settings, { headers: { 'Cache-Control': 'private, no-store' } })
}

// Two forms, each naming its intent: the details, and the password change.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const formData = await readFormData(request)
  if (formData.get('intent') === 'password') {
    const submission = parseForm(formData, { schema: ChangePasswordSchema })
    const hidden = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] }
    if (submission.status !== 'success') {
      return data({ intent: 'password' as const, result: submission.reply(hidden) }, { status: 400 })
    }
    const outcome = await changePassword(user.id, submission.value)
    if (!outcome.ok) {
      return data(
        { intent: 'password' as const, result: submission.reply({ ...hidden, fieldErrors: { [outcome.field]: [outcome.error] } }) },
        { status: 400 },
      )
    }
    // Every session ended with the old password; this device gets a fresh one.
    const setCookie = await startSession(request, user.id)
    return redirectWithToast(
      '/parent/settings',
      { type: 'success', message: 'Password changed. Other devices have been signed out.' },
      { headers: { 'Set-Cookie': setCookie } },
    )
  }
  const submission = parseForm(formData, { schema: ProfileSchema })
  if (submission.status !== 'success') {
    return data({ intent: 'profile' as const, result: submission.reply() }, { status: 400 })
  }
  await updateProfile(user.id, submission.value)
  return redirectWithToast('/parent/settings', { type: 'success', message: 'Profile updated successfully!' })
}

export default function ProfileSettings() {
  const settings = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null

  const [profileForm, profileFields] = useSchemaForm(ProfileSchema, {
    id: 'profile',
    lastResult: actionData?.intent === 'profile' ? actionData.result : undefined,
    defaultValue: { displayName: settings.displayName, phoneNumber: settings.phoneNumber ?? '' },
  })
  const [passwordForm, passwordFields] = useSchemaForm(ChangePasswordSchema, {
    id: 'password',
    lastResult: actionData?.intent === 'password' ? actionData.result : undefined,
  })

  return (
    <ParentSubpage title="Profile Settings">

        <SectionCard id="your-details" title="Your details" titleMb="md">
          <Form method="post" {...getFormProps(profileForm)}>
            <input type="hidden" name="intent" value="profile" />
            <Stack gap="sm">
              <TextField field={profileFields.displayName} label="Name" autoComplete="name" required />
              <TextInput label="Email" value={settings.email} readOnly description="The e-mail you sign in with." />
              <TextField
                field={profileFields.phoneNumber}
                type="tel"
                label="Phone"
                autoComplete="tel"
                description="Optional. Nurses use it to reach you about a night."
              />
              <Button type="submit" loading={busyIntent === 'profile'} w="fit-content">
                Save Changes
              </Button>
            </Stack>
          </Form>
        </SectionCard>

        <SectionCard id="change-password" title="Change Password" titleMb="md">
          {settings.hasPassword ? (
            <Form method="post" {...getFormProps(passwordForm)}>
              <input type="hidden" name="intent" value="password" />
              <Stack gap="sm">
                <FormErrorSummary form={passwordForm} />
                <PasswordField field={passwordFields.currentPassword} label="Current password" autoComplete="current-password" required />
                <PasswordField
                  field={passwordFields.newPassword}
                  label="New password"
                  autoComplete="new-password"
                  description="At least 8 characters."
                  required
                />
                <PasswordField field={passwordFields.confirmPassword} label="Confirm new password" autoComplete="new-password" required />
                <Button type="submit" loading={busyIntent === 'password'} w="fit-content">
                  Change Password
                </Button>
              </Stack>
            </Form>
          ) : (
            <Text>You sign in with Google, so there is no Nightlight password to change.</Text>
          )}
        </SectionCard>
    </ParentSubpage>
  )
}
