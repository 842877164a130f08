// /book step 2 'Your Details' (signed in) and the sign-in that stands in for it when signed out.
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
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
  const [form, fields] = useSchemaForm(BookingDetailsSchema, {
    id: 'booking-details',
    lastResult,
    defaultValue: defaults,
  })
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Your Details
      </Title>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="details" />
        <Stack gap="sm">
          <FormErrorSummary form={form} />
          <TextField field={fields.fullName} label="Full name" autoComplete="name" required />
          <TextField field={fields.phone} type="tel" label="Phone" autoComplete="tel" required />
          <TextField
            field={fields.address}
            label="Address"
            description="Where the nurse comes each night"
            autoComplete="street-address"
            required
          />
          <TextareaField
            field={fields.notes}
            label="Notes (optional)"
            description="Anything the nurse should know: twins, feeding plan, parking, pets…"
            autosize
            minRows={3}
          />
          <CheckboxField
            field={fields.acceptTerms}
            label={
              <>
                I accept the{' '}
                <Anchor component={Link} to="/terms" target="_blank" rel="noreferrer">
                  terms and conditions
                </Anchor>
              </>
            }
          />
          {/* Continue comes first, so Enter in a field continues; row-reverse puts Back on the
              left. Back posts the fields as typed (no validation) and the server keeps them
              for the way back to this step. */}
          <Group justify="space-between" mt="sm" style={{ flexDirection: 'row-reverse' }}>
            <Button type="submit" size="md" loading={submitting}>
              Continue to Confirmation
            </Button>
            <Button type="submit" name="back" value="dates" formNoValidate variant="default">
              Back
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
  const redirect = encodeURIComponent(returnTo)
  return (
    <Stack gap="md" maw={460}>
      <div>
        <Title order={2} fz="xl">
          Sign in to continue
        </Title>
        <Text c="gray.7" fz="sm" mt={4}>
          Sign in or create a free parent account to book. You will come straight back to this step with your nights
          kept.
        </Text>
      </div>
      <GoogleSignInButton enabled={googleEnabled} redirectTo={returnTo} onSignedIn={() => window.location.reload()} />
      <OrDivider />
      <Group grow>
        <Button component={Link} to={`/login?redirectTo=${redirect}`}>
          Log In
        </Button>
        <Button component={Link} to={`/register?redirectTo=${redirect}`} variant="default">
          Sign Up
        </Button>
      </Group>
      <Group>
        <Button component={Link} to={backTo} variant="subtle">
          Back
        </Button>
      </Group>
    </Stack>
  )
}

/** Signed in as a nurse or an admin: only parents book (docs/security.md). */
export function NotAParent({ message }: { message: string }) {
  return (
    <Card role="alert">
      <Title order={2} fz="lg">
        Only parent accounts can book
      </Title>
      <Text mt="xs">{message} Please sign in with a parent account to book a night nurse.</Text>
    </Card>
  )
}
