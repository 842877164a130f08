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
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { isLicenseKind } from '~/domain/verification/credential-life-cycle'
import { confirmCredential, getCredentialForAdmin, lookUpAgain, refuseCredential, type CredentialView } from '~/domain/verification/credentials.server'
import { CredentialDecisionSchema } from '~/schemas/credentials'
import { parseIdParam } from '~/schemas/fields'
import { readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { formatMoment } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { requireAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Credential – Nightlight' }, { name: 'robots', content: 'noindex' }]

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
  return data({ ...view, zone }, { headers: { 'Cache-Control': 'private, no-store' } })
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
  throw await redirectWithToast(`/admin/credentials/${credentialId}`, { type: 'success', message: CREDENTIAL_DECISION_MESSAGES[decision.intent] })
}

function Line({ credential }: { credential: CredentialView }) {
  return (
    <Text fz="sm">
      <strong>{credential.standing.title}</strong> · {credential.standing.label}
      {credential.standing.detail && ` · ${credential.standing.detail}`}
      {credential.replaced && ' · replaced by a newer one'}
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
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/credentials" fz="sm">
          ← Back to the credentials to confirm
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
            {actionData.error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SectionCard id="credential" title="The credential">
            <Stack gap="xs">
              <Text>Number: {credential.number ?? 'none given'}</Text>
              <Text>Expires: {credential.expiresOn ?? 'no expiry given'}</Text>
              <Text>Listed: {when(credential.listedAt)}</Text>
              {credential.lookupOutcome && (
                <Text>
                  Registry ({credential.lookupSource === 'test' ? 'the built-in test registry' : credential.lookupSource}): {credential.lookupOutcome}
                </Text>
              )}
              {credential.refusal && <Text>Refused: {credential.refusal}</Text>}
              {credential.documentUrl ? (
                <Anchor href={credential.documentUrl} target="_blank" rel="noopener noreferrer" fw={600}>
                  Open the document
                </Anchor>
              ) : (
                <Text c="gray.7">No document uploaded.</Text>
              )}
            </Stack>
          </SectionCard>
          <SectionCard id="nurse" title="The nurse">
            <Stack gap="xs">
              <Text>
                <Anchor component={Link} to={`/admin/members/${nurse.userId}`} underline="always">
                  {nurse.name}
                </Anchor>{' '}
                · {nurse.email}
              </Text>
              <Text fz="sm">
                {nurse.baseLocation || 'no base location'} · application: {nurse.verificationStatus}
              </Text>
              <Text fw={600} fz="sm">
                Her other credentials
              </Text>
              {others.length === 0 && <Text fz="sm">None.</Text>}
              {others.map((other) => (
                <Line key={other.id} credential={other} />
              ))}
            </Stack>
          </SectionCard>
        </SimpleGrid>
        {confirmable && (
          <SectionCard id="decision" title="Decision">
            <Stack gap="sm">
              <Text>
                {license && waiting
                  ? 'The license registry has not answered for this license. Look it up again, or confirm it from its document.'
                  : license
                    ? 'The registry did not find this license. Confirm it only if its document and the issuing board’s own lookup show it active.'
                    : 'Check the document: her name, the number, who issued it and the expiry date.'}
              </Text>
              <Group gap="sm" align="flex-start">
                <Form method="post">
                  <input type="hidden" name="intent" value="confirm" />
                  <input type="hidden" name="credentialId" value={credential.id} />
                  <Button type="submit">Confirm</Button>
                </Form>
                {license && waiting && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="lookup" />
                    <input type="hidden" name="credentialId" value={credential.id} />
                    <Button type="submit" variant="outline">
                      Look it up again
                    </Button>
                  </Form>
                )}
              </Group>
              {waiting && (
                <Form method="post" {...getFormProps(form)}>
                  <Stack gap="xs">
                    <input type="hidden" name="intent" value="refuse" />
                    <input type="hidden" name="credentialId" value={credential.id} />
                    <TextareaField field={fields.reason} label="Reason to refuse (she reads it)" autosize minRows={2} maxLength={500} />
                    <Button type="submit" color="red.9" variant="outline" style={{ alignSelf: 'flex-start' }}>
                      Refuse
                    </Button>
                  </Stack>
                </Form>
              )}
            </Stack>
          </SectionCard>
        )}
        <SectionCard id="log" title="Log">
          <Stack gap={4}>
            {log.map((entry, index) => (
              <Text key={index} fz="sm">
                {when(entry.at)} · {entry.by ?? 'the registry'} · {entry.action}
                {entry.to && entry.from !== entry.to && ` → ${entry.to}`}
                {entry.note && ` · ${entry.note}`}
              </Text>
            ))}
          </Stack>
        </SectionCard>
      </Stack>
    </Container>
  )
}
