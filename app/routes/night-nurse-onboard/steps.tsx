// The four step forms. Each is a plain multipart <Form> posting to the page's action; Conform
// adds validation in the browser with the same schemas the action uses.
import { getFormProps, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Title, type StackProps } from '@mantine/core'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { NewAccountFields, OrDivider } from '~/components/auth-layout'
import { FileDropzone } from '~/components/file-dropzone'
import { CheckboxGroupField, SelectField } from '~/components/choice-fields'
import { TextareaField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { GoogleSignInButton } from '~/components/google-sign-in-button'
import { TwinsFields } from '~/components/twins-fields'
import { useSchemaForm } from '~/components/use-schema-form'
import {
  BIO_MAX_LENGTH,
  CREDENTIALS,
  SERVICE_RADIUS_OPTIONS,
  SPECIALTIES,
  YEARS_EXPERIENCE_OPTIONS,
  yearsExperienceOption,
  type OnboardingStep,
} from '~/domain/nurses/onboarding'
import {
  OnboardingAccountSchema,
  OnboardingStep1Schema,
  OnboardingStep2Schema,
  OnboardingStep3Schema,
} from '~/schemas/onboarding'
import { useRootData } from '~/utils/root-data'
import { MissingAnswers, PAGE, stepPath, type ApplicationValues } from './parts'

interface ActionReply {
  intent?: string
  result?: SubmissionResult<string[]>
  submitError?: string
  emailInUse?: boolean
}

function useReply(intent: string) {
  const reply = useActionData() as ActionReply | undefined
  return reply?.intent === intent ? reply : undefined
}

/** A step's form: its id is its intent, and the action's reply to that intent is its last result. */
function useStepForm<Schema extends z.ZodType>(
  intent: string,
  schema: Schema,
  defaultValue?: Parameters<typeof useSchemaForm<Schema>>[1]['defaultValue'],
) {
  const reply = useReply(intent)
  return useSchemaForm(schema, { id: intent, lastResult: reply?.result, defaultValue })
}

function useSaving() {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formAction?.startsWith(PAGE)
}

export function StepForms({
  step,
  signedIn,
  values,
}: {
  step: OnboardingStep
  signedIn: boolean
  values: ApplicationValues
}) {
  if (step === 1) return <BasicDetails signedIn={signedIn} values={values} />
  if (step === 2) return <Qualifications signedIn={signedIn} values={values} />
  if (step === 3) return <Rates signedIn={signedIn} values={values} />
  return signedIn ? <SubmitForReview values={values} /> : <CreateAccount values={values} />
}

function StepCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="h3" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  )
}

/** Steps 1 to 3: the card, the form posting the step's intent, and the form's own error first. */
function StepForm<Shape extends Record<string, unknown>>({
  title,
  intent,
  form,
  gap = 'sm',
  children,
}: {
  title: string
  intent: string
  form: FormMetadata<Shape>
  gap?: StackProps['gap']
  children: ReactNode
}) {
  return (
    <StepCard title={title}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <Stack gap={gap}>
          <FormErrorSummary form={form} />
          {children}
        </Stack>
      </Form>
    </StepCard>
  )
}

function StepButtons({ back }: { back?: number }) {
  const saving = useSaving()
  return (
    <Group justify={back ? 'space-between' : 'flex-end'} mt="md">
      {back && (
        <Button component={Link} to={stepPath(back)} variant="default">
          Back
        </Button>
      )}
      <Button type="submit" loading={false} disabled={saving}>
        {saving ? 'Saving...' : 'Next'}
      </Button>
    </Group>
  )
}

function FilesLaterNote() {
  return (
    <Text fz="sm" c="dimmed">
      You will add your photo and documents on the last step, together with your account: files are only stored once the
      account they belong to exists.
    </Text>
  )
}

function BasicDetails({ signedIn, values }: { signedIn: boolean; values: ApplicationValues }) {
  const [form, fields] = useStepForm('step1', OnboardingStep1Schema, {
    fullName: values.fullName,
    phoneNumber: values.phoneNumber,
    yearsExperience: String(yearsExperienceOption(values.yearsExperience)),
  })
  return (
    <StepForm title="Basic Details" intent="step1" form={form}>
      {signedIn ? (
        <>
          <TextInput
            label="Full name"
            value={values.fullName}
            readOnly
            disabled
            description="The name on your account"
          />
          <input type="hidden" name="fullName" value={values.fullName} />
        </>
      ) : (
        <TextField field={fields.fullName} label="Full name" autoComplete="name" required />
      )}
      <TextField field={fields.phoneNumber} type="tel" label="Phone number" autoComplete="tel" required />
      <SelectField
        field={fields.yearsExperience}
        label="Years of experience"
        required
        data={YEARS_EXPERIENCE_OPTIONS.map((o) => ({
          value: String(o.value),
          label: o.label,
        }))}
      />
      {signedIn ? (
        <FileDropzone
          name="photo"
          kind="photo"
          label="Profile photo (PNG or JPG)"
          uploaded={values.hasPhoto}
          error={fields.photo.errors?.[0]}
        />
      ) : (
        <FilesLaterNote />
      )}
      <StepButtons />
    </StepForm>
  )
}

function Qualifications({ signedIn, values }: { signedIn: boolean; values: ApplicationValues }) {
  const [form, fields] = useStepForm('step2', OnboardingStep2Schema, { bio: values.bio })
  return (
    <StepForm title="Qualifications" intent="step2" form={form} gap="md">
      <CheckboxGroupField
        field={fields.credentials}
        legend="Certifications"
        options={CREDENTIALS}
        checked={values.credentials}
      />
      {signedIn && (
        <FileDropzone
          name="certificationDocument"
          kind="certification"
          label="Certification document (optional, PDF or image)"
          uploaded={values.hasCertification}
          error={fields.certificationDocument.errors?.[0]}
        />
      )}
      <CheckboxGroupField
        field={fields.specialties}
        legend="Specialties"
        options={SPECIALTIES}
        checked={values.specialties}
      />
      <TextareaField
        field={fields.bio}
        label="Bio (optional)"
        rows={4}
        maxLength={BIO_MAX_LENGTH}
        placeholder="Tell families about your experience..."
      />
      <StepButtons back={1} />
    </StepForm>
  )
}

function Rates({ signedIn, values }: { signedIn: boolean; values: ApplicationValues }) {
  const [form, fields] = useStepForm('step3', OnboardingStep3Schema, {
    baseLocation: values.baseLocation,
    serviceRadiusMiles: String(values.serviceRadiusMiles),
    nightlyRate: values.nightlyRateCents === null ? '' : String(values.nightlyRateCents / 100),
    maxBabies: String(values.maxBabies),
    extraBaby: String(values.extraBabyCents / 100),
  })
  return (
    <StepForm title="Rates" intent="step3" form={form}>
      <TextField
        field={fields.baseLocation}
        label="Base location"
        placeholder="City or ZIP"
        autoComplete="address-level2"
        required
      />
      <SelectField
        field={fields.serviceRadiusMiles}
        label="Service radius"
        data={SERVICE_RADIUS_OPTIONS.map((miles) => ({
          value: String(miles),
          label: `${miles} miles`,
        }))}
      />
      {/* The rate is per night (docs/money.md). */}
      <TextField
        field={fields.nightlyRate}
        type="number"
        label="Nightly Rate ($)"
        placeholder="45"
        min={1}
        step="0.01"
        required
      />
      <TwinsFields maxBabies={fields.maxBabies} extraBaby={fields.extraBaby} />
      {signedIn ? (
        <FileDropzone
          name="idDocument"
          kind="id_document"
          label="Government ID (PDF or image)"
          uploaded={values.hasIdDocument}
          error={fields.idDocument.errors?.[0]}
          required
        />
      ) : (
        <FilesLaterNote />
      )}
      <StepButtons back={2} />
    </StepForm>
  )
}

function SubmitForReview({ values }: { values: ApplicationValues }) {
  const reply = useReply('submit')
  const saving = useSaving()
  return (
    <StepCard title="Submit for Review">
      <Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="submit" />
        <Stack gap="sm">
          <Text>Submit your profile for verification to start accepting bookings</Text>
          <MissingAnswers values={values} givenHere={['idRequired']} />
          {/* Signed in through Google on step 4, the ID may still be missing: it can be added here. */}
          {!values.hasIdDocument && (
            <FileDropzone
              name="idDocument"
              kind="id_document"
              label="Government ID (PDF or image)"
              uploaded={false}
              required
            />
          )}
          {values.verificationStatus === 'pending' && (
            <Text fz="sm" c="dimmed">
              Your application is already with our team; submitting again sends your latest answers.
            </Text>
          )}
          {values.verificationStatus === 'rejected' && values.rejectionReason && (
            <Alert color="orange" title="Your last application was not approved">
              {values.rejectionReason}
            </Alert>
          )}
          {reply?.submitError ? (
            <Alert color="red" role="alert" title="Submission failed">
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">{reply.submitError}</Text>
                <Button type="submit" size="xs" color="red" disabled={saving}>
                  Retry Submission
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="space-between" mt="md">
            <Button component={Link} to={stepPath(3)} variant="default">
              Back
            </Button>
            {!reply?.submitError && (
              <Button type="submit" disabled={saving}>
                {saving ? 'Submitting...' : 'Submit for Review'}
              </Button>
            )}
          </Group>
        </Stack>
      </Form>
    </StepCard>
  )
}

function CreateAccount({ values }: { values: ApplicationValues }) {
  const reply = useReply('register')
  const saving = useSaving()
  const rootData = useRootData()
  const [form, fields] = useStepForm('register', OnboardingAccountSchema, { displayName: values.fullName })
  const loginPath = `/login?${new URLSearchParams({
    redirectTo: `${PAGE}?step=4`,
  })}`
  return (
    <StepCard title="Create Account">
      <Text mb="md">Create your account to complete your application</Text>
      {/* Her name and ID are asked below, with the account. */}
      <MissingAnswers values={values} givenHere={['fullNameRequired', 'idRequired']} />
      <GoogleSignInButton
        enabled={rootData?.publicEnv.googleEnabled ?? false}
        label="Continue with Google"
        accountRole="nurse"
        redirectTo={`${PAGE}?step=4`}
        // Signed in now: the same step 4 shows the signed-in form, with the draft.
        onSignedIn={() => window.location.reload()}
      />
      <OrDivider />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="register" />
        <Stack gap="sm">
          <FormErrorSummary form={form}>
            {reply?.emailInUse && (
              <div>
                <Anchor component={Link} to={loginPath} fw={600}>
                  Log in to continue
                </Anchor>
              </div>
            )}
          </FormErrorSummary>
          <NewAccountFields fields={fields} />
          <Text fz="sm" c="dimmed">
            Your files are stored with your new account.
          </Text>
          <FileDropzone
            name="idDocument"
            kind="id_document"
            label="Government ID (PDF or image)"
            uploaded={false}
            error={fields.idDocument.errors?.[0]}
            required
          />
          <FileDropzone
            name="photo"
            kind="photo"
            label="Profile photo (optional, PNG or JPG)"
            uploaded={false}
            error={fields.photo.errors?.[0]}
          />
          <FileDropzone
            name="certificationDocument"
            kind="certification"
            label="Certification document (optional)"
            uploaded={false}
            error={fields.certificationDocument.errors?.[0]}
          />
          <Group justify="space-between" mt="md">
            <Button component={Link} to={stepPath(3)} variant="default">
              Back
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Creating account...' : 'Create Account & Submit'}
            </Button>
          </Group>
          <Text fz="sm" ta="center">
            Already have a nurse account?{' '}
            <Anchor component={Link} to={loginPath}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </StepCard>
  )
}
