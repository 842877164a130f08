// /admin/checks/:checkId (docs/decisions/0061): one background check beside her application, and
// the decision: 'Approve', 'Start adverse action' (the pre-adverse notice and the wait of five
// business days), then 'Send final notice', which the domain refuses before the wait is over.
// Every step is in the log below with who took it and when.
import '~/styles/routes/admin.checks.$checkId.css'
import { Alert, Anchor, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { SectionCard } from '~/components/section-card'
import { approveCheck, getCheckForAdmin, sendFinalNotice, startAdverseAction } from '~/domain/verification/adjudication.server'
import { CheckDecisionSchema } from '~/schemas/background-checks'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { logActionLabel, screeningOutcomeLabel, verificationStatusLabel } from '~/domain/admin/verification-words'
import { formatMoment } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { requireAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Background Check – Nightlight' }, { name: 'robots', content: 'noindex' }])

export const DECISION_MESSAGES = {
  approve: 'The background check is approved.',
  adverse: 'The pre-adverse notice is sent. The final notice can go after the waiting period.',
  final: 'The final adverse action notice is sent.',
} as const

function checkIdOf(params: { checkId?: string }): number {
  const id = Number(params.checkId)
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new Response('Not found', { status: 404 })
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const [check, zone] = await Promise.all([getCheckForAdmin(checkIdOf(params)), viewerZone(request)])
  if (!check) throw new Response('Background check not found', { status: 404 })
  return data({ check, zone, now: new Date().toISOString(), title: translator('admin')('check.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request)
  const checkId = checkIdOf(params)
  const submission = parseForm(await readFormData(request), { schema: CheckDecisionSchema })
  if (submission.status !== 'success') return data({ error: firstError(submission.error) }, { status: 400 })
  if (submission.value.checkId !== checkId) return data({ error: 'This form is for another check.' }, { status: 400 })
  const input = { checkId, actorId: admin.id, now: new Date() }
  const { intent } = submission.value
  const result = intent === 'approve' ? await approveCheck(input) : intent === 'adverse' ? await startAdverseAction(input) : await sendFinalNotice(input)
  if (!result.ok) return data({ error: result.error }, { status: result.status })
  throw await redirectWithToast(`/admin/checks/${checkId}`, { type: 'success', message: translateMessage(DECISION_MESSAGES[intent]) })
}

function DecisionButton({ checkId, intent, label, color }: { checkId: number; intent: 'approve' | 'adverse' | 'final'; label: string; color?: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="checkId" value={checkId} />
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" color={color} variant={intent === 'approve' ? 'filled' : 'outline'}>
        {label}
      </Button>
    </Form>
  )
}

export default function AdminCheck() {
  const { check, zone, now } = useLoaderData<typeof loader>()
  const when = (iso: string) => formatMoment(iso, zone)
  const actionData = useActionData<typeof action>()
  const { application, adverse } = check
  const waitOver = adverse ? new Date(now) >= new Date(adverse.earliestFinalAt) : false
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/checks" fz="sm">
          ← {t('check.back')}
        </Anchor>
        <Title order={1}>{t('check.title', { name: application.name })}</Title>
        <Text fw={600}>{t(`checks.status.${check.status}`)}</Text>
        {actionData?.error && (
          <Alert color="red" role="alert">
            {say(actionData.error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SectionCard id="report" title={t('check.report')}>
            <Stack gap="xs">
              {check.screenings.length === 0 && <Text c="gray.7">{t('check.noReport')}</Text>}
              {check.screenings.map((screening) => (
                <Text key={screening.name}>
                  <strong>{screening.name}</strong>: {screeningOutcomeLabel(screening.outcome, t)}
                  {screening.record && ` · ${screening.record}`}
                </Text>
              ))}
              <Text fz="sm" c="gray.7">
                {t('check.result', { result: check.result ? screeningOutcomeLabel(check.result, t) : t('check.notYet'), name: check.consentName, date: when(check.consentedAt) })}
                {check.completedAt && ` · ${t('check.completed', { date: when(check.completedAt) })}`}
                {check.expiresAt && ` · ${t('check.expires', { date: when(check.expiresAt) })}`}
              </Text>
              <Text fz="sm" c="gray.7">
                {t('check.provider', { provider: check.provider === 'test' ? t('check.testProvider') : 'Checkr' })}
                {check.reportId && ` · ${t('check.reportId', { id: check.reportId })}`}
              </Text>
            </Stack>
          </SectionCard>
          <SectionCard id="application" title={t('check.application')}>
            <Stack gap="xs">
              <Text>
                {application.email} · {application.baseLocation || t('check.noLocation')} · {t('check.years', { count: application.yearsExperience })}
              </Text>
              <Text>{t('check.credentials', { list: application.credentials.join(', ') || t('check.noneListed') })}</Text>
              {application.datedCredentials
                .filter((credential) => !credential.replaced)
                .map((credential) => (
                  <Text key={credential.id} fz="sm">
                    <Anchor component={Link} to={`/admin/credentials/${credential.id}`}>
                      {credential.standing.title}
                    </Anchor>
                    {` · ${credential.standing.label}`}
                    {credential.standing.detail && ` · ${credential.standing.detail}`}
                  </Text>
                ))}
              <Text>{t('check.specialties', { list: application.specialties.join(', ') || t('check.noneListed') })}</Text>
              {application.bio && <Text style={{ whiteSpace: 'pre-line' }}>{application.bio}</Text>}
              <Text fz="sm">
                {t('check.applicationStatus', { status: verificationStatusLabel(application.verificationStatus, t) })}
                {application.idDocumentUrl && (
                  <>
                    {' · '}
                    <Anchor href={application.idDocumentUrl}>{t('nurses.idDocument')}</Anchor>
                  </>
                )}
                {application.certificationDocumentUrl && (
                  <>
                    {' · '}
                    <Anchor href={application.certificationDocumentUrl}>{t('nurses.certification')}</Anchor>
                  </>
                )}
              </Text>
            </Stack>
          </SectionCard>
        </SimpleGrid>
        {(check.status === 'needs_review' || check.status === 'pre_adverse') && (
          <SectionCard id="decision" title={t('check.decision')}>
            <Stack gap="sm">
              {adverse && (
                <Text>
                  {t('check.preAdverseSent', { sent: when(adverse.preAdverseSentAt), earliest: when(adverse.earliestFinalAt) })}
                </Text>
              )}
              {adverse?.disputedAt && (
                <Alert color="yellow" variant="light" c="dark.8" title={t('check.herAnswer', { date: when(adverse.disputedAt) })}>
                  <Text style={{ whiteSpace: 'pre-line' }}>{adverse.disputeNote}</Text>
                </Alert>
              )}
              <Group gap="sm">
                <DecisionButton checkId={check.id} intent="approve" label={t('check.approve')} />
                {check.status === 'needs_review' && <DecisionButton checkId={check.id} intent="adverse" label={t('check.startAdverse')} color="red.9" />}
                {check.status === 'pre_adverse' && <DecisionButton checkId={check.id} intent="final" label={t('check.sendFinal')} color="red.9" />}
              </Group>
              {check.status === 'pre_adverse' && !waitOver && <Text fz="sm">{t('check.waitNotOver')}</Text>}
            </Stack>
          </SectionCard>
        )}
        <SectionCard id="log" title={t('check.log')}>
          <Stack gap={4}>
            {check.log.map((entry, index) => (
              <Text key={index} fz="sm">
                {when(entry.at)} · {entry.by ?? t('log.byProvider')} · {logActionLabel(entry.action, t)}
                {entry.note && ` · ${entry.note}`}
              </Text>
            ))}
          </Stack>
        </SectionCard>
      </Stack>
    </Container>
  )
}
