// The four step forms. Each is a plain multipart <Form> posting to the page's action; Conform
// adds validation in the browser with the same schemas the action uses.
import { getFormProps, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Title, type StackProps } from '@mantine/core'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { useServerMessage } from '~/i18n/messages'
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
  specialtyLabel,
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
  // The words come from here: a step's form component keeps Conform's hook alone.
  const { t } = useTranslation('nurse')
  if (step === 1) return <BasicDetails signedIn={signedIn} values={values} t={t} />
  if (step === 2) return <Qualifications signedIn={signedIn} values={values} t={t} />
  if (step === 3) return <Rates signedIn={signedIn} values={values} t={t} />
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

function StepButtons({ back, t }: { back?: number; t: TFunction }) {
  const saving = useSaving()
  return (
    <Group justify={back ? 'space-between' : 'flex-end'} mt="md">
      {back && (
        <Button component={Link} to={stepPath(back)} variant="default">
          {t('onboard.back')}
        </Button>
      )}
      <Button type="submit" loading={false} disabled={saving}>
        {saving ? t('onboard.saving') : t('onboard.next')}
      </Button>
    </Group>
  )
}

function FilesLaterNote({ t }: { t: TFunction }) {
  return (
    <Text fz="sm" c="dimmed">
      {t('onboard.filesLater')}
    </Text>
  )
}

const YEARS_KEYS: Record<number, string> = { 0: 'onboard.years0', 3: 'onboard.years3', 7: 'onboard.years7', 12: 'onboard.years12' }

function BasicDetails({ signedIn, values, t }: { signedIn: boolean; values: ApplicationValues; t: TFunction }) {
  const [form, fields] = useStepForm('step1', OnboardingStep1Schema, {
    fullName: values.fullName,
    phoneNumber: values.phoneNumber,
    yearsExperience: String(yearsExperienceOption(values.yearsExperience)),
  })
  return (
    <StepForm title={t('onboard.step1')} intent="step1" form={form}>
      {signedIn ? (
        <>
          <TextInput
            label={t('onboard.fullName')}
            value={values.fullName}
            readOnly
            disabled
            description={t('onboard.fullNameAccount')}
          />
          <input type="hidden" name="fullName" value={values.fullName} />
        </>
      ) : (
        <TextField field={fields.fullName} label={t('onboard.fullName')} autoComplete="name" required />
      )}
      <TextField field={fields.phoneNumber} type="tel" label={t('onboard.phone')} autoComplete="tel" required />
      <SelectField
        field={fields.yearsExperience}
        label={t('profile.years')}
        required
        data={YEARS_EXPERIENCE_OPTIONS.map((o) => ({
          value: String(o.value),
          label: YEARS_KEYS[o.value] ? t(YEARS_KEYS[o.value]) : o.label,
        }))}
      />
      {signedIn ? (
        <FileDropzone
          name="photo"
          kind="photo"
          label={t('profile.photo')}
          uploaded={values.hasPhoto}
          error={fields.photo.errors?.[0]}
        />
      ) : (
        <FilesLaterNote t={t} />
      )}
      <StepButtons t={t} />
    </StepForm>
  )
}

function Qualifications({ signedIn, values, t }: { signedIn: boolean; values: ApplicationValues; t: TFunction }) {
  const [form, fields] = useStepForm('step2', OnboardingStep2Schema, { bio: values.bio })
  return (
    <StepForm title={t('onboard.step2')} intent="step2" form={form} gap="md">
      <CheckboxGroupField
        field={fields.credentials}
        legend={t('onboard.certifications')}
        options={CREDENTIALS}
        checked={values.credentials}
        labelOf={(option) => (option === 'Other' ? t('profile.credentialOther') : option)}
      />
      {signedIn && (
        <FileDropzone
          name="certificationDocument"
          kind="certification"
          label={t('onboard.certificationOptional')}
          uploaded={values.hasCertification}
          error={fields.certificationDocument.errors?.[0]}
        />
      )}
      <CheckboxGroupField
        field={fields.specialties}
        legend={t('profile.specialties')}
        options={SPECIALTIES}
        checked={values.specialties}
        labelOf={(option) => specialtyLabel(option, t)}
      />
      <TextareaField
        field={fields.bio}
        label={t('onboard.bioOptional')}
        rows={4}
        maxLength={BIO_MAX_LENGTH}
        placeholder={t('profile.bioPlaceholder')}
      />
      <StepButtons back={1} t={t} />
    </StepForm>
  )
}

function Rates({ signedIn, values, t }: { signedIn: boolean; values: ApplicationValues; t: TFunction }) {
  const [form, fields] = useStepForm('step3', OnboardingStep3Schema, {
    baseLocation: values.baseLocation,
    serviceRadiusMiles: String(values.serviceRadiusMiles),
    nightlyRate: values.nightlyRateCents === null ? '' : String(values.nightlyRateCents / 100),
    maxBabies: String(values.maxBabies),
    extraBaby: String(values.extraBabyCents / 100),
  })
  return (
    <StepForm title={t('onboard.step3')} intent="step3" form={form}>
      <TextField
        field={fields.baseLocation}
        label={t('profile.baseLocation')}
        placeholder={t('profile.baseLocationPlaceholder')}
        autoComplete="address-level2"
        required
      />
      <SelectField
        field={fields.serviceRadiusMiles}
        label={t('profile.radius')}
        data={SERVICE_RADIUS_OPTIONS.map((miles) => ({
          value: String(miles),
          label: t('profile.miles', { miles }),
        }))}
      />
      {/* The rate is per night (docs/money.md). */}
      <TextField
        field={fields.nightlyRate}
        type="number"
        label={t('availability.nightlyRate')}
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
          label={t('onboard.governmentId')}
          uploaded={values.hasIdDocument}
          error={fields.idDocument.errors?.[0]}
          required
        />
      ) : (
        <FilesLaterNote t={t} />
      )}
      <StepButtons back={2} t={t} />
    </StepForm>
  )
}

function SubmitForReview({ values }: { values: ApplicationValues }) {
  const { t } = useTranslation('nurse')
  const say = useServerMessage()
  const reply = useReply('submit')
  const saving = useSaving()
  return (
    <StepCard title={t('onboard.submitTitle')}>
      <Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="submit" />
        <Stack gap="sm">
          <Text>{t('onboard.submitIntro')}</Text>
          <MissingAnswers values={values} givenHere={['idRequired']} />
          {/* Signed in through Google on step 4, the ID may still be missing: it can be added here. */}
          {!values.hasIdDocument && (
            <FileDropzone
              name="idDocument"
              kind="id_document"
              label={t('onboard.governmentId')}
              uploaded={false}
              required
            />
          )}
          {values.verificationStatus === 'pending' && (
            <Text fz="sm" c="dimmed">
              {t('onboard.alreadyPending')}
            </Text>
          )}
          {values.verificationStatus === 'rejected' && values.rejectionReason && (
            <Alert color="orange" title={t('onboard.lastRejected')}>
              {values.rejectionReason}
            </Alert>
          )}
          {reply?.submitError ? (
            <Alert color="red" role="alert" title={t('onboard.submitFailed')}>
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">{say(reply.submitError)}</Text>
                <Button type="submit" size="xs" color="red" disabled={saving}>
                  {t('onboard.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="space-between" mt="md">
            <Button component={Link} to={stepPath(3)} variant="default">
              {t('onboard.back')}
            </Button>
            {!reply?.submitError && (
              <Button type="submit" disabled={saving}>
                {saving ? t('onboard.submitting') : t('onboard.submitTitle')}
              </Button>
            )}
          </Group>
        </Stack>
      </Form>
    </StepCard>
  )
}

function CreateAccount({ values }: { values: ApplicationValues }) {
  const { t } = useTranslation('nurse')
  const reply = useReply('register')
  const saving = useSaving()
  const rootData = useRootData()
  const [form, fields] = useStepForm('register', OnboardingAccountSchema, { displayName: values.fullName })
  const loginPath = `/login?${new URLSearchParams({
    redirectTo: `${PAGE}?step=4`,
  })}`
  return (
    <StepCard title={t('onboard.createTitle')}>
      <Text mb="md">{t('onboard.createIntro')}</Text>
      {/* Her name and ID are asked below, with the account. */}
      <MissingAnswers values={values} givenHere={['fullNameRequired', 'idRequired']} />
      <GoogleSignInButton
        enabled={rootData?.publicEnv.googleEnabled ?? false}
        label={t('onboard.google')}
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
                  {t('onboard.logInToContinue')}
                </Anchor>
              </div>
            )}
          </FormErrorSummary>
          <NewAccountFields fields={fields} />
          <Text fz="sm" c="dimmed">
            {t('onboard.filesWithAccount')}
          </Text>
          <FileDropzone
            name="idDocument"
            kind="id_document"
            label={t('onboard.governmentId')}
            uploaded={false}
            error={fields.idDocument.errors?.[0]}
            required
          />
          <FileDropzone
            name="photo"
            kind="photo"
            label={t('onboard.photoOptional')}
            uploaded={false}
            error={fields.photo.errors?.[0]}
          />
          <FileDropzone
            name="certificationDocument"
            kind="certification"
            label={t('onboard.certificationOptionalShort')}
            uploaded={false}
            error={fields.certificationDocument.errors?.[0]}
          />
          <Group justify="space-between" mt="md">
            <Button component={Link} to={stepPath(3)} variant="default">
              {t('onboard.back')}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? t('onboard.creating') : t('onboard.createSubmit')}
            </Button>
          </Group>
          <Text fz="sm" ta="center">
            {t('onboard.haveAccount')}{' '}
            <Anchor component={Link} to={loginPath}>
              {t('onboard.logIn')}
            </Anchor>

          </Text>
        </Stack>
      </Form>
    </StepCard>
  )
}
