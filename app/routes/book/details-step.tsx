// /book step 2 'Your Details' (signed in) and the sign-in that stands in for it when signed out.
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { Link } from '~/components/link'
import { OrDivider } from '~/components/auth-layout'
import { FormErrorSummary } from '~/components/error-summary'
import { CheckboxField } from '~/components/choice-fields'
import { TextareaField, TextField } from '~/components/form-fields'
import { GoogleSignInButton } from '~/components/google-sign-in-button'
import { useSchemaForm } from '~/components/use-schema-form'
import { BookingDetailsSchema } from '~/schemas/booking'

export interface DetailsDefaults {
  fullName: string
  phone: string
  address: string
  notes: string
  acceptTerms: boolean
}

export function DetailsStep({
  defaults,
  lastResult,
  submitting,
}: {
  defaults: DetailsDefaults
  lastResult?: SubmissionResult<string[]> | null
  submitting: boolean
}) {
  const { t } = useTranslation('booking')
  const [form, fields] = useSchemaForm(BookingDetailsSchema, {
    id: 'booking-details',
    lastResult,
    defaultValue: defaults,
  })
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        {t('details.title')}
      </Title>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="details" />
        <Stack gap="sm">
          <FormErrorSummary form={form} title={t('details.checkForm')} />
          <TextField
            field={fields.fullName}
            label={t('details.fullName')}
            autoComplete="name"
            required
          />
          <TextField
            field={fields.phone}
            type="tel"
            label={t('details.phone')}
            autoComplete="tel"
            required
          />
          <TextField
            field={fields.address}
            label={t('details.address')}
            description={t('details.addressHint')}
            autoComplete="street-address"
            required
          />
          <TextareaField
            field={fields.notes}
            label={t('details.notes')}
            description={t('details.notesHint')}
            autosize
            minRows={3}
          />
          <CheckboxField
            field={fields.acceptTerms}
            label={
              <Trans
                t={t}
                i18nKey="details.acceptTerms"
                components={{ anchor: <Anchor component={Link} to="/terms" target="_blank" rel="noreferrer" /> }}
              />
            }
          />
          {/* Continue comes first, so Enter in a field continues; row-reverse puts Back on the
              left. Back posts the fields as typed (no validation) and the server keeps them
              for the way back to this step. */}
          <Group justify="space-between" mt="sm" style={{ flexDirection: 'row-reverse' }}>
            <Button type="submit" size="md" loading={submitting}>
              {t('details.continue')}
            </Button>
            <Button type="submit" name="back" value="dates" formNoValidate variant="default">
              {t('details.back')}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  )
}

/** Signed out at step 2: Google sign-in, or log in / sign up and come back here. */
export function SignInStep({
  returnTo,
  backTo,
  googleEnabled,
}: {
  returnTo: string
  backTo: string
  googleEnabled: boolean
}) {
  const { t } = useTranslation('booking')
  const redirect = encodeURIComponent(returnTo)
  return (
    <Stack gap="md" maw={460}>
      <div>
        <Title order={2} fz="xl">
          {t('signIn.title')}
        </Title>
        <Text c="gray.7" fz="sm" mt={4}>
          {t('signIn.text')}
        </Text>
      </div>
      <GoogleSignInButton enabled={googleEnabled} redirectTo={returnTo} onSignedIn={() => window.location.reload()} />
      <OrDivider />
      <Group grow>
        <Button component={Link} to={`/login?redirectTo=${redirect}`}>
          {t('signIn.logIn')}
        </Button>
        <Button component={Link} to={`/register?redirectTo=${redirect}`} variant="default">
          {t('signIn.signUp')}
        </Button>
      </Group>
      <Group>
        <Button component={Link} to={backTo} variant="subtle">
          {t('details.back')}
        </Button>
      </Group>
    </Stack>
  )
}

/** Signed in as a nurse or an admin: only parents book (docs/security.md). */
export function NotAParent({ message }: { message: string }) {
  const { t } = useTranslation('booking')
  const say = useServerMessage()
  return (
    <Card role="alert">
      <Title order={2} fz="lg">
        {t('notParent.title')}
      </Title>
      <Text mt="xs">{t('notParent.text', { message: say(message) })}</Text>
    </Card>
  )
}
