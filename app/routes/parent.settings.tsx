import '~/styles/routes/parent.settings.css'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ParentSubpage } from '~/components/parent-subpage'
import { PasswordField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { changePassword, getProfileSettings, setUserLanguage, updateProfile } from '~/domain/accounts/profile-settings.server'
import { ChangePasswordSchema, ProfileLanguageSchema, ProfileSchema } from '~/schemas/profile'
import { redirectWithToast } from '~/utils/toast.server'
import { requireParentOrAdmin, startSession } from '~/utils/session.server'
import { readFormData } from '~/utils/api.server'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '~/i18n/current-language'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { languageCookie } from '~/i18n/language-cookie.server'
import { LANGUAGE_NAMES, LANGUAGES } from '~/i18n/languages'
import { useServerMessage } from '~/i18n/messages'
import { translatedReply } from '~/utils/translated-reply.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['parent'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [
  { title: loaderData?.title ?? 'Profile Settings – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

export const LANGUAGE_SAVED_MESSAGE = 'Language saved.'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const settings = await getProfileSettings(user.id)
  if (!settings) throw data({ message: 'Not found' }, { status: 404 })
  // The language the page speaks is the account's own once chosen here or with the switcher.
  return data({ ...settings, language: currentLanguage(), title: translator('parent')('settings.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

// Three forms, each naming its intent: the details, the language, and the password change.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const formData = await readFormData(request)
  if (formData.get('intent') === 'language') {
    const submission = parseForm(formData, { schema: ProfileLanguageSchema })
    if (submission.status !== 'success') {
      return data({ intent: 'language' as const, result: translatedReply(submission.reply()) }, { status: 400 })
    }
    // Saved on the account (its e-mails and documents follow it) and on this device; the page
    // comes back in the language chosen.
    const { language } = submission.value
    await setUserLanguage(user.id, language)
    return redirectWithToast(
      '/parent/settings',
      { type: 'success', message: translateMessage(LANGUAGE_SAVED_MESSAGE, language) },
      { headers: { 'Set-Cookie': languageCookie(language) } },
    )
  }
  if (formData.get('intent') === 'password') {
    const submission = parseForm(formData, { schema: ChangePasswordSchema })
    const hidden = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] }
    if (submission.status !== 'success') {
      return data({ intent: 'password' as const, result: translatedReply(submission.reply(hidden)) }, { status: 400 })
    }
    const outcome = await changePassword(user.id, submission.value)
    if (!outcome.ok) {
      return data(
        { intent: 'password' as const, result: submission.reply({ ...hidden, fieldErrors: { [outcome.field]: [translateMessage(outcome.error)] } }) },
        { status: 400 },
      )
    }
    // Every session ended with the old password; this device gets a fresh one.
    const setCookie = await startSession(request, user.id)
    return redirectWithToast(
      '/parent/settings',
      { type: 'success', message: translateMessage('Password changed. Other devices have been signed out.') },
      { headers: { 'Set-Cookie': setCookie } },
    )
  }
  const submission = parseForm(formData, { schema: ProfileSchema })
  if (submission.status !== 'success') {
    return data({ intent: 'profile' as const, result: translatedReply(submission.reply()) }, { status: 400 })
  }
  await updateProfile(user.id, submission.value)
  return redirectWithToast('/parent/settings', { type: 'success', message: translateMessage('Profile updated successfully!') })
}

/**
 * English or Español, saved on the account: a plain form, so it works before JavaScript loads.
 * It loads the page whole, as the header's switcher does: the page and its toast come back in the
 * new language at once, without the browser fetching the other catalogue mid-navigation.
 */
function LanguageSettings({ language, lastResult, busy }: { language: string; lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const { t } = useTranslation('parent')
  const say = useServerMessage()
  const [form, fields] = useSchemaForm(ProfileLanguageSchema, { id: 'language', lastResult, defaultValue: { language } })
  const error = fields.language.errors?.[0] ?? form.errors?.[0]
  return (
    <SectionCard id="language" title={t('settings.language')} titleMb="md">
      <Form method="post" reloadDocument {...getFormProps(form)}>
        <input type="hidden" name="intent" value="language" />
        <Stack gap="sm">
          <Radio.Group
            name={fields.language.name}
            label={t('settings.languageLabel')}
            description={t('settings.languageHelp')}
            defaultValue={language}
            error={error ? say(error) : undefined}
            errorProps={{ role: 'alert' }}
          >
            <Group gap="lg" mt="xs">
              {LANGUAGES.map((code) => (
                <Radio key={code} value={code} label={LANGUAGE_NAMES[code]} lang={code} />
              ))}
            </Group>
          </Radio.Group>
          <Button type="submit" loading={busy} w="fit-content">
            {t('settings.saveLanguage')}
          </Button>
        </Stack>
      </Form>
    </SectionCard>
  )
}

export default function ProfileSettings() {
  const { t } = useTranslation('parent')
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
    <ParentSubpage title={t('dashboard.profileSettings')}>

        <SectionCard id="your-details" title={t('settings.yourDetails')} titleMb="md">
          <Form method="post" {...getFormProps(profileForm)}>
            <input type="hidden" name="intent" value="profile" />
            <Stack gap="sm">
              <TextField field={profileFields.displayName} label={t('settings.name')} autoComplete="name" required />
              <TextInput label={t('settings.email')} value={settings.email} readOnly description={t('settings.emailHelp')} />
              <TextField
                field={profileFields.phoneNumber}
                type="tel"
                label={t('settings.phone')}
                autoComplete="tel"
                description={t('settings.phoneHelp')}
              />
              <Button type="submit" loading={busyIntent === 'profile'} w="fit-content">
                {t('settings.saveChanges')}
              </Button>
            </Stack>
          </Form>
        </SectionCard>

        <LanguageSettings
          language={settings.language}
          lastResult={actionData?.intent === 'language' ? actionData.result : undefined}
          busy={busyIntent === 'language'}
        />

        <SectionCard id="change-password" title={t('settings.changePassword')} titleMb="md">
          {settings.hasPassword ? (
            <Form method="post" {...getFormProps(passwordForm)}>
              <input type="hidden" name="intent" value="password" />
              <Stack gap="sm">
                <FormErrorSummary form={passwordForm} />
                <PasswordField field={passwordFields.currentPassword} label={t('settings.currentPassword')} autoComplete="current-password" required />
                <PasswordField
                  field={passwordFields.newPassword}
                  label={t('settings.newPassword')}
                  autoComplete="new-password"
                  description={t('settings.newPasswordHelp')}
                  required
                />
                <PasswordField field={passwordFields.confirmPassword} label={t('settings.confirmPassword')} autoComplete="new-password" required />
                <Button type="submit" loading={busyIntent === 'password'} w="fit-content">
                  {t('settings.changePassword')}
                </Button>
              </Stack>
            </Form>
          ) : (
            <Text>{t('settings.googleNoPassword')}</Text>
          )}
        </SectionCard>
    </ParentSubpage>
  )
}
