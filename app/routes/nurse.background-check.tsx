// /nurse/background-check (docs/decisions/0061): what the check is and where hers stands; her
// authorization after the disclosure (its own page), which orders the check; and, during the wait
// after a pre-adverse notice, her answer. Every form is a real post that works without JavaScript.
import '~/styles/routes/nurse.background-check.css'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { CheckboxField } from '~/components/choice-fields'
import { TextareaField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { checkStandingForNurse } from '~/domain/verification/background-checks'
import { disputeCheck, getNurseCheck, startBackgroundCheck } from '~/domain/verification/background-checks.server'
import { getListingStanding } from '~/domain/verification/listing.server'
import { ListingAlerts } from '~/components/listing-alerts'
import { BackgroundCheckConsentSchema, BackgroundCheckDisputeSchema, BackgroundCheckIntentSchema } from '~/schemas/background-checks'
import { readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { formatDay } from '~/domain/time/viewer-time'
import { nurseZoneOfAccount, viewerZone } from '~/domain/time/viewer-time.server'
import { requireNurse } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['nurse'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Your Background Check – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

export const CHECK_STARTED_MESSAGE = 'Thank you. Your background check has started.'
export const DISPUTE_SENT_MESSAGE = 'Thank you. Your answer is with our team, who will read it before deciding.'

const PAGE = '/nurse/background-check'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const now = new Date()
  const [state, zone] = await Promise.all([getNurseCheck(user.id, now), viewerZone(request, () => nurseZoneOfAccount(user.id))])
  // The check is part of the application: without a profile there is nothing to check yet.
  if (!state) throw redirect('/night-nurse-onboard')
  // Her check's end coming near, and a lapse out of search (docs/decisions/0062).
  const t = translator('nurse')
  const listing = await getListingStanding(state.nurseProfileId, now, t)
  return data({ ...state, zone, listing, title: t('check.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireNurse(request)
  const formData = await readFormData(request)
  const intent = parseForm(formData, { schema: BackgroundCheckIntentSchema })
  if (intent.status !== 'success') return data({ intent: null, result: intent.reply() }, { status: 400 })
  if (intent.value.intent === 'dispute') {
    const submission = parseForm(formData, { schema: BackgroundCheckDisputeSchema })
    if (submission.status !== 'success') return data({ intent: 'dispute' as const, result: submission.reply() }, { status: 400 })
    const disputed = await disputeCheck({ userId: user.id, note: submission.value.note, now: new Date() })
    if (!disputed.ok) return data({ intent: 'dispute' as const, result: submission.reply({ formErrors: [translateMessage(disputed.error)] }) }, { status: disputed.status })
    throw await redirectWithToast(PAGE, { type: 'success', message: translateMessage(DISPUTE_SENT_MESSAGE) })
  }
  const submission = parseForm(formData, { schema: BackgroundCheckConsentSchema })
  if (submission.status !== 'success') return data({ intent: 'authorize' as const, result: submission.reply() }, { status: 400 })
  const started = await startBackgroundCheck({ userId: user.id, fullName: submission.value.fullName, now: new Date() })
  if (!started.ok) {
    const error = translateMessage(started.error)
    const reply = started.status === 400 ? submission.reply({ fieldErrors: { fullName: [error] } }) : submission.reply({ formErrors: [error] })
    return data({ intent: 'authorize' as const, result: reply }, { status: started.status })
  }
  // Checkr's hosted form, where she gives her own details; the built-in provider has none.
  if (started.invitationUrl) throw redirect(started.invitationUrl)
  throw await redirectWithToast(PAGE, { type: 'success', message: translateMessage(CHECK_STARTED_MESSAGE) })
}

export default function BackgroundCheckPage() {
  const { check, canStart, accountName, zone, listing } = useLoaderData<typeof loader>()
  const day = (iso: string) => formatDay(iso, zone)
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('nurse')
  const standing = checkStandingForNurse(check, t)
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/nurse/dashboard" fz="sm">
          {t('check.back')}
        </Anchor>
        <Title order={1}>{t('check.title')}</Title>
        <ListingAlerts standing={listing} />
        <Alert color={standing.color} variant="light" c="dark.8" title={t('dashboard.checkTitle', { label: standing.label })} role="status">
          <Text>{standing.detail}</Text>
          {check?.expiresAt && check.current && <Text mt="xs">{t('check.goodUntil', { date: day(check.expiresAt) })}</Text>}
          {check?.invitationUrl && (
            <Anchor href={check.invitationUrl} fw={600}>
              {t('check.continueAtProvider')}
            </Anchor>
          )}
        </Alert>
        <SectionCard id="what-is-checked" title={t('check.whatTitle')}>
          <Stack gap="xs">
            <Text>{t('check.whatIntro')}</Text>
            <List>
              <List.Item>{t('check.whatIdentity')}</List.Item>
              <List.Item>{t('check.whatRegistries')}</List.Item>
              <List.Item>{t('check.whatRecords')}</List.Item>
            </List>
            <Text>
              {t('check.whatDetails')} {t('check.costNote')}
            </Text>
            <Text>{t('check.whatReport')}</Text>
          </Stack>
        </SectionCard>
        {canStart && <ConsentForm accountName={accountName} lastResult={actionData?.intent === 'authorize' ? actionData.result : undefined} />}
        {check?.status === 'pre_adverse' && check.adverse && (
          <DisputeForm earliestFinalAt={check.adverse.earliestFinalAt} disputedAt={check.adverse.disputedAt} day={day} lastResult={actionData?.intent === 'dispute' ? actionData.result : undefined} />
        )}
      </Stack>
    </Container>
  )
}

type LastResult = SubmissionResult<string[]> | null | undefined

function ConsentForm({ accountName, lastResult }: { accountName: string; lastResult: LastResult }) {
  const { t } = useTranslation('nurse')
  const [form, fields] = useSchemaForm(BackgroundCheckConsentSchema, { id: 'authorize-check', lastResult, shouldValidate: 'onSubmit' })
  return (
    <SectionCard id="authorize" title={t('check.authorizeTitle')}>
      <Form method="post" action={PAGE} {...getFormProps(form)}>
        <Stack gap="sm">
          <Text>
            {t('check.authorizeBefore')}{' '}
            <Anchor component={Link} to="/nurse/background-check/disclosure" fw={600}>
              {t('check.authorizeLink')}
            </Anchor>
            {t('check.authorizeAfter', { name: accountName })}
          </Text>
          <FormErrorSummary form={form} />
          <input type="hidden" name="intent" value="authorize" />
          <TextField field={fields.fullName} label={t('check.fullName')} autoComplete="name" required />
          <CheckboxField field={fields.authorize} label={t('check.authorizeLabel')} />
          <Text fz="sm">{t('check.costNote')}</Text>
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            {t('check.authorizeButton')}
          </Button>
        </Stack>
      </Form>
    </SectionCard>
  )
}

function DisputeForm({ earliestFinalAt, disputedAt, lastResult, day }: { earliestFinalAt: string; disputedAt: string | null; lastResult: LastResult; day: (iso: string) => string }) {
  const { t } = useTranslation('nurse')
  const [form, fields] = useSchemaForm(BackgroundCheckDisputeSchema, { id: 'dispute-check', lastResult, shouldValidate: 'onSubmit' })
  return (
    <SectionCard id="dispute" title={t('check.disputeTitle')}>
      <Form method="post" action={PAGE} {...getFormProps(form)}>
        <Stack gap="sm">
          <Text>{t('check.disputeIntro', { date: day(earliestFinalAt) })}</Text>
          {disputedAt && <Text fw={600}>{t('check.disputeReceived', { date: day(disputedAt) })}</Text>}
          <FormErrorSummary form={form} />
          <input type="hidden" name="intent" value="dispute" />
          <TextareaField field={fields.note} label={t('check.disputeLabel')} autosize minRows={3} maxLength={2000} />
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            {t('check.disputeSend')}
          </Button>

        </Stack>
      </Form>
    </SectionCard>
  )
}
