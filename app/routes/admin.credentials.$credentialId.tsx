// /admin/credentials/:credentialId (docs/decisions/0062): one credential beside the nurse, her
// other credentials and its document, and the decision: 'Confirm' (it becomes current by its
// expiry) or 'Refuse' with a reason she reads; a license the registry could not answer for can be
// looked up again. Every step is in the log with who took it and when.
import '~/styles/routes/admin.credentials.$credentialId.css'
import { getFormProps } from '@conform-to/react'
import { Alert, Anchor, Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { TextareaField } from '~/components/form-fields'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { isLicenseKind } from '~/domain/verification/credential-life-cycle'
import { longDateIn } from '~/domain/verification/credentials'
import { confirmCredential, getCredentialForAdmin, lookUpAgain, refuseCredential, type CredentialView } from '~/domain/verification/credentials.server'
import { CredentialDecisionSchema } from '~/schemas/credentials'
import { parseIdParam } from '~/schemas/fields'
import { readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { credentialStatusLabel, logActionLabel, lookupOutcomeLabel, verificationStatusLabel } from '~/domain/admin/verification-words'
import { formatMoment } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { requireAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Credential – Nightlight' }, { name: 'robots', content: 'noindex' }])

export const CREDENTIAL_DECISION_MESSAGES = {
  confirm: 'The credential is confirmed.',
  refuse: 'The credential is refused. She reads your reason on her page.',
  lookup: 'The license was looked up again.',
} as const

function credentialIdOf(params: { credentialId?: string }): number {
  const id = parseIdParam(params.credentialId)
  if (id === null) throw new Response('Not found', { status: 404 })
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const [view, zone] = await Promise.all([getCredentialForAdmin(credentialIdOf(params), new Date()), viewerZone(request)])
  if (!view) throw new Response('Credential not found', { status: 404 })
  return data({ ...view, zone, title: translator('admin')('credential.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request)
  const credentialId = credentialIdOf(params)
  const submission = parseForm(await readFormData(request), { schema: CredentialDecisionSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
  const decision = submission.value
  if (decision.credentialId !== credentialId) return data({ result: null, error: 'This form is for another credential.' }, { status: 400 })
  const now = new Date()
  const result =
    decision.intent === 'confirm'
      ? await confirmCredential({ credentialId, adminId: admin.id, now })
      : decision.intent === 'refuse'
        ? await refuseCredential({ credentialId, adminId: admin.id, reason: decision.reason, now })
        : await lookUpAgain({ credentialId, now })
  if (!result.ok) return data({ result: null, error: result.error }, { status: result.status })
  throw await redirectWithToast(`/admin/credentials/${credentialId}`, { type: 'success', message: translateMessage(CREDENTIAL_DECISION_MESSAGES[decision.intent]) })
}

function Line({ credential }: { credential: CredentialView }) {
  const { t } = useTranslation('admin')
  return (
    <Text fz="sm">
      <strong>{credential.standing.title}</strong> · {credential.standing.label}
      {credential.standing.detail && ` · ${credential.standing.detail}`}
      {credential.replaced && ` · ${t('credentials.replaced')}`}
    </Text>
  )
}

export default function AdminCredential() {
  const { credential, nurse, others, log, zone } = useLoaderData<typeof loader>()
  const when = (iso: string) => formatMoment(iso, zone)
  const actionData = useActionData<typeof action>()
  const [form, fields] = useSchemaForm(CredentialDecisionSchema, {
    id: 'refuse-credential',
    lastResult: actionData?.result,
    shouldValidate: 'onSubmit',
  })
  const waiting = credential.status === 'submitted'
  const confirmable = waiting || credential.status === 'rejected'
  const license = isLicenseKind(credential.kind)
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/credentials" fz="sm">
          ← {t('credential.back')}
        </Anchor>
        <Title order={1}>
          {credential.standing.title}: {nurse.name}
        </Title>
        <Group gap="xs">
          <Badge variant="outline" color="blue.9" style={{ textTransform: 'none' }}>
            {credential.standing.label}
          </Badge>
        </Group>
        {actionData?.error && (
          <Alert color="red" role="alert">
            {say(actionData.error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SectionCard id="credential" title={t('credential.section')}>
            <Stack gap="xs">
              <Text>{t('credential.number', { number: credential.number ?? t('credential.noneGiven') })}</Text>
              <Text>{t('credential.expires', { date: credential.expiresOn ? longDateIn(credential.expiresOn) : t('credential.noExpiry') })}</Text>
              <Text>{t('credential.listed', { date: when(credential.listedAt) })}</Text>
              {credential.lookupOutcome && (
                <Text>
                  {t('credential.registry', {
                    source: credential.lookupSource === 'test' ? t('credential.testRegistry') : credential.lookupSource,
                    outcome: lookupOutcomeLabel(credential.lookupOutcome, t),
                  })}
                </Text>
              )}
              {credential.refusal && <Text>{t('credential.refusedReason', { reason: credential.refusal })}</Text>}
              {credential.documentUrl ? (
                <Anchor href={credential.documentUrl} target="_blank" rel="noopener noreferrer" fw={600}>
                  {t('credential.openDocument')}
                </Anchor>
              ) : (
                <Text c="gray.7">{t('credential.noDocument')}</Text>
              )}
            </Stack>
          </SectionCard>
          <SectionCard id="nurse" title={t('credential.nurse')}>
            <Stack gap="xs">
              <Text>
                <Anchor component={Link} to={`/admin/members/${nurse.userId}`} underline="always">
                  {nurse.name}
                </Anchor>{' '}
                · {nurse.email}
              </Text>
              <Text fz="sm">
                {t('credential.nurseLine', { location: nurse.baseLocation || t('check.noLocation'), status: verificationStatusLabel(nurse.verificationStatus, t) })}
              </Text>
              <Text fw={600} fz="sm">
                {t('credential.others')}
              </Text>
              {others.length === 0 && <Text fz="sm">{t('member.none')}</Text>}
              {others.map((other) => (
                <Line key={other.id} credential={other} />
              ))}
            </Stack>
          </SectionCard>
        </SimpleGrid>
        {confirmable && (
          <SectionCard id="decision" title={t('check.decision')}>
            <Stack gap="sm">
              <Text>
                {license && waiting
                  ? t('credential.licenseWaiting')
                  : license
                    ? t('credential.licenseNotFound')
                    : t('credential.checkDocument')}
              </Text>
              <Group gap="sm" align="flex-start">
                <Form method="post">
                  <input type="hidden" name="intent" value="confirm" />
                  <input type="hidden" name="credentialId" value={credential.id} />
                  <Button type="submit">{t('credential.confirm')}</Button>
                </Form>
                {license && waiting && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="lookup" />
                    <input type="hidden" name="credentialId" value={credential.id} />
                    <Button type="submit" variant="outline">
                      {t('credential.lookUpAgain')}
                    </Button>
                  </Form>
                )}
              </Group>
              {waiting && (
                <Form method="post" {...getFormProps(form)}>
                  <Stack gap="xs">
                    <input type="hidden" name="intent" value="refuse" />
                    <input type="hidden" name="credentialId" value={credential.id} />
                    <TextareaField field={fields.reason} label={t('credential.refuseReason')} autosize minRows={2} maxLength={500} />
                    <Button type="submit" color="red.9" variant="outline" style={{ alignSelf: 'flex-start' }}>
                      {t('credential.refuse')}
                    </Button>
                  </Stack>
                </Form>
              )}
            </Stack>
          </SectionCard>
        )}
        <SectionCard id="log" title={t('check.log')}>
          <Stack gap={4}>
            {log.map((entry, index) => (
              <Text key={index} fz="sm">
                {when(entry.at)} · {entry.by ?? t('credential.theRegistry')} · {logActionLabel(entry.action, t)}
                {entry.to && entry.from !== entry.to && ` → ${credentialStatusLabel(entry.to, t)}`}
                {entry.note && ` · ${entry.note}`}
              </Text>
            ))}
          </Stack>
        </SectionCard>
      </Stack>
    </Container>
  )
}
