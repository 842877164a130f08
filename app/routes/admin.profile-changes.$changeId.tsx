// /admin/profile-changes/:changeId (docs/decisions/0063): an approved nurse's pending change beside
// the approved version, and the decision. 'Approve' puts the new values on her profile; 'Refuse'
// keeps the approved version and tells her the reason. Both e-mail her; a second submit changes nothing.
import '~/styles/routes/admin.profile-changes.$changeId.css'
import { Alert, Anchor, Button, Container, Image, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { SectionCard } from '~/components/section-card'
import { PROFILE_CHANGE_MESSAGES, type ReviewedField } from '~/domain/nurses/profile-changes'
import {
  approveProfileChange,
  getProfileChangeForAdmin,
  refuseProfileChange,
  type ProfileChangeForAdmin,
} from '~/domain/nurses/profile-changes.server'
import { ProfileChangeDecisionSchema } from '~/schemas/profile-changes'
import { parseIdParam } from '~/schemas/fields'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { formatMoment } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { requireAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Profile Change – Nightlight' }, { name: 'robots', content: 'noindex' }])

function changeIdOf(params: { changeId?: string }): number {
  const id = parseIdParam(params.changeId)
  if (id === null) throw new Response('Not found', { status: 404 })
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const [change, zone] = await Promise.all([getProfileChangeForAdmin(changeIdOf(params)), viewerZone(request)])
  if (!change) throw new Response(PROFILE_CHANGE_MESSAGES.notFound, { status: 404 })
  return data({ change, zone, title: translator('admin')('change.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request)
  const changeId = changeIdOf(params)
  const formData = await readFormData(request)
  const submission = parseForm(formData, { schema: ProfileChangeDecisionSchema })
  const typedReason = String(formData.get('reason') ?? '').slice(0, 600)
  if (submission.status !== 'success') return data({ error: firstError(submission.error), reason: typedReason }, { status: 400 })
  if (submission.value.changeId !== changeId) return data({ error: 'This form is for another change.', reason: typedReason }, { status: 400 })
  const decision = submission.value
  const input = { changeId, actorId: admin.id, now: new Date() }
  const result = decision.intent === 'approve' ? await approveProfileChange(input) : await refuseProfileChange({ ...input, reason: decision.reason })
  if (!result.ok) return data({ error: result.error, reason: typedReason }, { status: result.status })
  const message = decision.intent === 'approve' ? PROFILE_CHANGE_MESSAGES.approved : PROFILE_CHANGE_MESSAGES.refused
  throw await redirectWithToast('/admin/profile-changes', { type: 'success', message: translateMessage(message) })
}

type Side = { displayName?: string; photoUrl?: string | null; certificationDocumentUrl?: string | null; idDocumentUrl?: string | null; credentials?: string[] }

/** One field's value on one side: text, a photo thumbnail, or a link to the document (admins may open any file). */
function FieldValue({ field, side, name }: { field: ReviewedField; side: Side; name: string }) {
  const { t } = useTranslation('admin')
  if (field === 'displayName') return <Text>{side.displayName}</Text>
  if (field === 'credentials') return <Text>{side.credentials?.join(', ') || t('check.noneListed')}</Text>
  if (field === 'photoFileId') {
    return side.photoUrl ? (
      <Image src={side.photoUrl} alt={t('change.photoOf', { name })} w={120} h={120} fit="cover" radius="md" />
    ) : (
      <Text c="gray.7">{t('change.noPhoto')}</Text>
    )
  }
  const url = field === 'certificationFileId' ? side.certificationDocumentUrl : side.idDocumentUrl
  return url ? <Anchor href={url}>{t(`change.open.${field}`)}</Anchor> : <Text c="gray.7">{t('change.noneOnFile')}</Text>
}

function Column({ title, id, change, side, name }: { title: string; id: string; change: ProfileChangeForAdmin; side: Side; name: string }) {
  const { t } = useTranslation('admin')
  return (
    <SectionCard id={id} title={title}>
      <Stack gap="sm">
        {change.proposed.fields.map((field) => (
          <div key={field}>
            <Text fz="sm" fw={600} tt="capitalize">
              {t(`changes.field.${field}`)}
            </Text>
            <FieldValue field={field} side={side} name={name} />
          </div>
        ))}
      </Stack>
    </SectionCard>
  )
}

export default function AdminProfileChange() {
  const { change, zone } = useLoaderData<typeof loader>()
  const when = (iso: string) => formatMoment(iso, zone)
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/profile-changes" fz="sm">
          ← {t('change.back')}
        </Anchor>
        <Title order={1}>{t('change.title', { name: change.nurse.name })}</Title>
        <Text>
          {change.nurse.email} · {t('change.submitted', { date: when(change.submittedAt) })} ·{' '}
          <Anchor component={Link} to={`/nurse/${change.nurse.slug}`} underline="always">
            {t('change.publicProfile')}
          </Anchor>
        </Text>
        {actionData?.error && (
          <Alert color="red" role="alert">
            {say(actionData.error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Column title={t('change.approvedColumn')} id="approved" change={change} side={change.approved} name={change.nurse.name} />
          <Column title={t('change.proposedColumn')} id="proposed" change={change} side={change.proposed} name={change.proposed.displayName ?? change.nurse.name} />
        </SimpleGrid>
        {change.status === 'pending' ? (
          <SectionCard id="decision" title={t('check.decision')}>
            <Stack gap="md">
              <Form method="post">
                <input type="hidden" name="changeId" value={change.id} />
                <input type="hidden" name="intent" value="approve" />
                <Button type="submit">{t('check.approve')}</Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="changeId" value={change.id} />
                <input type="hidden" name="intent" value="refuse" />
                <Stack gap="sm" align="flex-start">
                  <Textarea
                    name="reason"
                    label={t('change.refuseReason')}
                    description={t('change.upTo500')}
                    maxLength={500}
                    rows={3}
                    required
                    w="100%"
                    defaultValue={actionData?.reason}
                  />
                  <Button type="submit" color="red.9" variant="outline">
                    {t('credential.refuse')}
                  </Button>
                </Stack>
              </Form>
            </Stack>
          </SectionCard>
        ) : (
          <Text>
            {change.status === 'approved' ? t('change.approved') : t('change.refused')}
            {change.decidedAt && ` ${when(change.decidedAt)}`}
            {change.reason && `: ${change.reason}`}
          </Text>
        )}
      </Stack>
    </Container>
  )
}
