// /nurse/background-check (docs/decisions/0061): what the check is and where hers stands; her
// authorization after the disclosure (its own page), which orders the check; and, during the wait
// after a pre-adverse notice, her answer. Every form is a real post that works without JavaScript.
import '~/styles/routes/nurse.background-check.css'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { CheckboxField } from '~/components/choice-fields'
import { TextareaField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { CHECK_COST_NOTE, checkStandingForNurse } from '~/domain/verification/background-checks'
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

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Your Background Check – Nightlight' }, { name: 'robots', content: 'noindex' }]

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
  const listing = await getListingStanding(state.nurseProfileId, now)
  return data({ ...state, zone, listing }, { headers: { 'Cache-Control': 'private, no-store' } })
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
    if (!disputed.ok) return data({ intent: 'dispute' as const, result: submission.reply({ formErrors: [disputed.error] }) }, { status: disputed.status })
    throw await redirectWithToast(PAGE, { type: 'success', message: DISPUTE_SENT_MESSAGE })
  }
  const submission = parseForm(formData, { schema: BackgroundCheckConsentSchema })
  if (submission.status !== 'success') return data({ intent: 'authorize' as const, result: submission.reply() }, { status: 400 })
  const started = await startBackgroundCheck({ userId: user.id, fullName: submission.value.fullName, now: new Date() })
  if (!started.ok) {
    const reply = started.status === 400 ? submission.reply({ fieldErrors: { fullName: [started.error] } }) : submission.reply({ formErrors: [started.error] })
    return data({ intent: 'authorize' as const, result: reply }, { status: started.status })
  }
  // Checkr's hosted form, where she gives her own details; the built-in provider has none.
  if (started.invitationUrl) throw redirect(started.invitationUrl)
  throw await redirectWithToast(PAGE, { type: 'success', message: CHECK_STARTED_MESSAGE })
}

export default function BackgroundCheckPage() {
  const { check, canStart, accountName, zone, listing } = useLoaderData<typeof loader>()
  const day = (iso: string) => formatDay(iso, zone)
  const actionData = useActionData<typeof action>()
  const standing = checkStandingForNurse(check)
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/nurse/dashboard" fz="sm">
          ← Back to your dashboard
        </Anchor>
        <Title order={1}>Your Background Check</Title>
        <ListingAlerts standing={listing} />
        <Alert color={standing.color} variant="light" c="dark.8" title={`Background check: ${standing.label}`} role="status">
          <Text>{standing.detail}</Text>
          {check?.expiresAt && check.current && <Text mt="xs">Good until {day(check.expiresAt)}.</Text>}
          {check?.invitationUrl && (
            <Anchor href={check.invitationUrl} fw={600}>
              Continue at the provider
            </Anchor>
          )}
        </Alert>
        <SectionCard id="what-is-checked" title="What is checked, and why">
          <Stack gap="xs">
            <Text>
              Families trust a Nightlight nurse alone with their newborn at night. Before families can book you, and once a year after,
              an independent consumer reporting agency checks:
            </Text>
            <List>
              <List.Item>your identity and past addresses (an SSN trace),</List.Item>
              <List.Item>the national and state sex offender registries,</List.Item>
              <List.Item>national, state and county criminal records.</List.Item>
            </List>
            <Text>
              You give your own details, including your social security number, to the agency in its secure form: Nightlight never sees
              or stores it. We keep only the result, the names and outcomes of the searches, and the dates. {CHECK_COST_NOTE}
            </Text>
            <Text>
              If the report shows something, our team looks at it with your application. Before any decision against you, we send you a
              notice with the report’s summary and your rights, and you have at least five business days to answer.
            </Text>
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
  const [form, fields] = useSchemaForm(BackgroundCheckConsentSchema, { id: 'authorize-check', lastResult, shouldValidate: 'onSubmit' })
  return (
    <SectionCard id="authorize" title="Authorize your background check">
      <Form method="post" action={PAGE} {...getFormProps(form)}>
        <Stack gap="sm">
          <Text>
            First read the{' '}
            <Anchor component={Link} to="/nurse/background-check/disclosure" fw={600}>
              disclosure regarding background investigation
            </Anchor>
            . Then sign by typing your full name as it is on your account ({accountName}).
          </Text>
          <FormErrorSummary form={form} />
          <input type="hidden" name="intent" value="authorize" />
          <TextField field={fields.fullName} label="Your full name" autoComplete="name" required />
          <CheckboxField
            field={fields.authorize}
            label="I have read the disclosure, and I authorize Nightlight to obtain a background check about me now and once a year while I offer my services."
          />
          <Text fz="sm">{CHECK_COST_NOTE}</Text>
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            Authorize the background check
          </Button>
        </Stack>
      </Form>
    </SectionCard>
  )
}

function DisputeForm({ earliestFinalAt, disputedAt, lastResult, day }: { earliestFinalAt: string; disputedAt: string | null; lastResult: LastResult; day: (iso: string) => string }) {
  const [form, fields] = useSchemaForm(BackgroundCheckDisputeSchema, { id: 'dispute-check', lastResult, shouldValidate: 'onSubmit' })
  return (
    <SectionCard id="dispute" title="Answer the pre-adverse notice">
      <Form method="post" action={PAGE} {...getFormProps(form)}>
        <Stack gap="sm">
          <Text>
            We will not decide before {day(earliestFinalAt)}. If something in the report is wrong or incomplete, or there is something you
            want us to consider, tell us here. You can also dispute the report with the agency directly.
          </Text>
          {disputedAt && <Text fw={600}>We received your answer on {day(disputedAt)}. You can add to it.</Text>}
          <FormErrorSummary form={form} />
          <input type="hidden" name="intent" value="dispute" />
          <TextareaField field={fields.note} label="Your answer" autosize minRows={3} maxLength={2000} />
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            Send your answer
          </Button>
        </Stack>
      </Form>
    </SectionCard>
  )
}
