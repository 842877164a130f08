// /nurse/credentials (docs/decisions/0062): her licenses and certificates with their dates, where
// each stands in plain words, and the form to add one (a real post with its document, that works
// without JavaScript). A license is looked up in the registry as she lists it; a certificate waits
// for an admin. A refused try keeps what she typed, and the document she chose.
import '~/styles/routes/nurse.credentials.css'
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Anchor, Badge, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { SelectField } from '~/components/choice-fields'
import { FileDropzone } from '~/components/file-dropzone'
import { TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useHydrated } from '~/components/use-hydrated'
import { useSchemaForm } from '~/components/use-schema-form'
import { storeUpload } from '~/domain/nurses/files.server'
import { fileSizeMessage, maxUploadBytes, UPLOAD_RULES } from '~/domain/nurses/onboarding'
import { US_STATES } from '~/domain/places/locations'
import { CREDENTIAL_KIND_NAMES, CREDENTIAL_KINDS, isLicenseKind } from '~/domain/verification/credential-life-cycle'
import { CREDENTIAL_ISSUER_MAX, CREDENTIAL_NUMBER_MAX, type Tone } from '~/domain/verification/credentials'
import { getOwnCredentials, listCredential, removeCredential, type CredentialView } from '~/domain/verification/credentials.server'
import { CredentialListingSchema, CredentialPageIntentSchema, CredentialRemovalSchema, credentialListingSchemaOn } from '~/schemas/credentials'
import { FormRefused, withForm, type FormRules } from '~/utils/multipart.server'
import { parseForm } from '~/utils/forms.server'
import { requireNurse } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['nurse'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Your Credentials – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

const PAGE = '/nurse/credentials'

export const LISTED_MESSAGES = {
  waiting: 'Thank you. An admin checks it against its document, usually within two working days.',
  active: 'The license registry says your license is active.',
  expired: 'The license registry says this license has expired.',
  revoked: 'The license registry reports a restriction on this license.',
  rejected: 'The license registry did not find this license: check the number and the state.',
  removed: 'The credential is removed.',
} as const

const FORM: FormRules = { files: { document: maxUploadBytes('certification') }, maxFields: 20, maxFieldBytes: 4 * 1024 }

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const t = translator('nurse')
  const own = await getOwnCredentials(user.id, new Date(), t)
  // Credentials belong to her profile: without one there is nothing to list them on yet.
  if (!own) throw redirect('/night-nurse-onboard')
  return data(
    { today: own.today, credentials: own.credentials, title: t('credentials.metaTitle') },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireNurse(request)
  try {
    return await withForm(request, FORM, (formData) => handleForm(user.id, formData))
  } catch (error) {
    if (!(error instanceof FormRefused)) throw error
    if (error.refusal.reason === 'unreadable') throw new Response(translateMessage('The form could not be read.'), { status: 400 })
    const message = translateMessage(
      error.refusal.reason === 'file-too-large' ? fileSizeMessage(UPLOAD_RULES.certification.maxMb) : 'This form does not take that file.',
    )
    const submission = parseForm(error.received, { schema: CredentialListingSchema, echoOnly: true })
    return data({ result: submission.reply({ fieldErrors: { document: [message] } }), keptDocumentId: null }, { status: 400 })
  }
}

async function handleForm(userId: number, formData: FormData) {
  const intent = parseForm(formData, { schema: CredentialPageIntentSchema })
  if (intent.status !== 'success') throw new Response(translateMessage('Unknown action'), { status: 400 })
  if (intent.value.intent === 'remove') {
    const submission = parseForm(formData, { schema: CredentialRemovalSchema })
    if (submission.status !== 'success') throw new Response(translateMessage('Choose a credential.'), { status: 400 })
    const removed = await removeCredential({ userId, credentialId: submission.value.credentialId })
    return redirectWithToast(
      PAGE,
      removed.ok ? { type: 'success', message: translateMessage(LISTED_MESSAGES.removed) } : { type: 'error', message: translateMessage(removed.error) },
    )
  }
  const now = new Date()
  const own = await getOwnCredentials(userId, now)
  if (!own) throw redirect('/night-nurse-onboard')
  const submission = parseForm(formData, { schema: credentialListingSchemaOn(own.today) })
  // Her document is checked by its bytes and kept even when another field is refused, so she
  // does not choose it again.
  const file = formData.get('document')
  let keptDocumentId: number | null = null
  if (file instanceof File && file.size > 0) {
    const stored = await storeUpload({ ownerId: userId, kind: 'certification', bytes: new Uint8Array(await file.arrayBuffer()) })
    if (!stored.ok) {
      const typed = parseForm(formData, { schema: CredentialListingSchema, echoOnly: true })
      return data({ result: typed.reply({ fieldErrors: { document: [translateMessage(stored.error)] } }), keptDocumentId: null }, { status: 400 })
    }
    keptDocumentId = stored.fileId
  }
  if (submission.status !== 'success') return data({ result: submission.reply(), keptDocumentId }, { status: 400 })
  const listed = await listCredential({
    userId,
    listing: submission.value,
    documentFileId: keptDocumentId ?? submission.value.keptDocumentId ?? null,
    now,
  })
  if (!listed.ok) {
    const error = translateMessage(listed.error)
    const reply = listed.field ? submission.reply({ fieldErrors: { [listed.field]: [error] } }) : submission.reply({ formErrors: [error] })
    return data({ result: reply, keptDocumentId }, { status: listed.status })
  }
  const { status } = listed.credential
  const message =
    status === 'submitted'
      ? isLicenseKind(listed.credential.kind)
        ? 'The license registry could not be reached: our team will look your license up again.'
        : LISTED_MESSAGES.waiting
      : status === 'current' || status === 'expiring'
        ? isLicenseKind(listed.credential.kind)
          ? LISTED_MESSAGES.active
          : LISTED_MESSAGES.waiting
        : LISTED_MESSAGES[status]
  return redirectWithToast(PAGE, {
    type: status === 'rejected' || status === 'revoked' || status === 'expired' ? 'error' : 'success',
    message: translateMessage(message),
  })
}

const TONE_COLOR: Record<Tone, string> = { good: 'teal.9', soon: 'yellow.9', waiting: 'blue.9', bad: 'red.9' }

export default function CredentialsPage() {
  const { credentials } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('nurse')
  const latest = credentials.filter((credential) => !credential.replaced)
  const earlier = credentials.filter((credential) => credential.replaced)
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/nurse/dashboard?tab=profile" fz="sm">
          {t('check.back')}
        </Anchor>
        <Title order={1}>{t('credentials.title')}</Title>
        <Text>{t('credentials.intro')}</Text>
        <SectionCard id="your-credentials" title={t('credentials.yours')}>
          <Stack gap="md">
            {latest.length === 0 && <Text c="gray.7">{t('credentials.none')}</Text>}
            {latest.map((credential) => (
              <CredentialItem key={credential.id} credential={credential} />
            ))}
          </Stack>
        </SectionCard>
        {earlier.length > 0 && (
          <SectionCard id="earlier-credentials" title={t('credentials.earlier')}>
            <Stack gap="md">
              <Text fz="sm" c="gray.7">
                {t('credentials.earlierText')}
              </Text>
              {earlier.map((credential) => (
                <CredentialItem key={credential.id} credential={credential} />
              ))}
            </Stack>
          </SectionCard>
        )}
        {/* A new credential listed (or one removed) starts the form afresh. */}
        <AddCredentialForm key={credentials.length} lastResult={actionData?.result} keptDocumentId={actionData?.keptDocumentId ?? null} />
      </Stack>
    </Container>
  )
}

function CredentialItem({ credential }: { credential: CredentialView }) {
  const { t } = useTranslation('nurse')
  const { standing } = credential
  return (
    <Stack gap={4} component="article" aria-label={standing.title} data-testid="credential">
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text fw={700}>{standing.title}</Text>
        <Badge color={TONE_COLOR[standing.tone]} variant="outline" bg="white" style={{ textTransform: 'none' }}>
          {standing.label}
        </Badge>
      </Group>
      <Text fz="sm">
        {credential.number && t('credentials.number', { number: credential.number })}
        {credential.number && standing.detail && ' · '}
        {standing.detail}
      </Text>
      <Group gap="md">
        {credential.documentUrl && (
          <Anchor href={credential.documentUrl} fz="sm">
            {t('credentials.document')}
          </Anchor>
        )}
        {credential.status === 'submitted' && (
          <Form method="post" action={PAGE}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="credentialId" value={credential.id} />
            <Button type="submit" size="compact-sm" variant="subtle" color="red" c="red.9" aria-label={t('credentials.removeName', { title: standing.title })}>
              {t('credentials.remove')}
            </Button>
          </Form>
        )}
      </Group>
    </Stack>
  )
}

/** The kinds to choose from, named in the page's language (English keeps the domain's names). */
function kindOptions(t: TFunction, english: boolean) {
  return [
    { value: '', label: t('credentials.choose') },
    ...CREDENTIAL_KINDS.map((kind) => ({ value: kind, label: english ? CREDENTIAL_KIND_NAMES[kind] : t(`expiry.what.${kind}`) })),
  ]
}

function stateOptions(t: TFunction) {
  return [{ value: '', label: t('credentials.chooseState') }, ...Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: name }))]
}

function AddCredentialForm({ lastResult, keptDocumentId }: { lastResult: SubmissionResult<string[]> | undefined; keptDocumentId: number | null }) {
  const { t, i18n } = useTranslation('nurse')
  const KIND_OPTIONS = kindOptions(t, i18n.language !== 'es')
  const STATE_OPTIONS = stateOptions(t)
  const [form, fields] = useSchemaForm(CredentialListingSchema, { id: 'add-credential', lastResult, shouldValidate: 'onSubmit' })
  const hydrated = useHydrated()
  const kind = fields.kind.value ?? ''
  // Before JavaScript, and before she chooses a kind, both fields show; then only the one her kind takes.
  const showState = !hydrated || kind === '' || isLicenseKind(kind)
  const showIssuer = !hydrated || kind === '' || !isLicenseKind(kind)
  // Each field's error is read here, in the form's own render: Conform re-renders the form for the
  // errors it reads, and the kind's value already re-renders it, so the fields read below could
  // miss an update (seen: the first refusal's messages did not show).
  const errorOf = (field: { errors?: string[] }) => field.errors?.[0]
  const kept = keptDocumentId ?? (fields.keptDocumentId.initialValue ? Number(fields.keptDocumentId.initialValue) : null)
  const { key: _key, ...expiryProps } = getInputProps(fields.expiresOn, { type: 'date' })
  return (
    <SectionCard id="add-credential-title" title={t('credentials.addTitle')}>
      <Form method="post" action={PAGE} encType="multipart/form-data" {...getFormProps(form)}>
        <Stack gap="sm">
          <FormErrorSummary form={form} />
          <input type="hidden" name="intent" value="add" />
          {kept !== null && <input type="hidden" name="keptDocumentId" value={kept} />}
          <SelectField field={fields.kind} label={t('credentials.kind')} data={KIND_OPTIONS} required error={errorOf(fields.kind)} />
          <TextField
            field={fields.number}
            label={t('credentials.numberLabel')}
            description={t('credentials.numberHelp')}
            maxLength={CREDENTIAL_NUMBER_MAX}
            autoComplete="off"
            error={errorOf(fields.number)}
          />
          {showState && (
            <SelectField
              field={fields.state}
              label={t('credentials.state')}
              description={t('credentials.stateHelp')}
              data={STATE_OPTIONS}
              error={errorOf(fields.state)}
            />
          )}
          {showIssuer && (
            <TextField
              field={fields.issuer}
              label={t('credentials.issuer')}
              description={t('credentials.issuerHelp')}
              maxLength={CREDENTIAL_ISSUER_MAX}
              error={errorOf(fields.issuer)}
            />
          )}
          <TextInput
            {...expiryProps}
            label={t('credentials.expiry')}
            description={t('credentials.expiryHelp')}
            error={fields.expiresOn.errors?.[0]}
          />
          <FileDropzone
            name="document"
            kind="certification"
            label={t('credentials.documentLabel')}
            description={t('credentials.documentHelp')}
            uploaded={kept !== null}
            error={fields.document.errors?.[0]}
          />
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            {t('credentials.add')}

          </Button>
        </Stack>
      </Form>
    </SectionCard>
  )
}
