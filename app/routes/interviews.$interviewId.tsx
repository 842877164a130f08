import '~/styles/routes/interviews.$interviewId.css'
import { Anchor, Badge, Button, Container, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ErrorNote } from '~/components/error-note'
import { ProposedTimesFields } from '~/components/proposed-times-fields'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useMomentsInToldZone } from '~/components/use-told-time-zone'
import { acceptInterview, cancelInterview, counterInterview, declineInterview } from '~/domain/interviews/interview-life-cycle.server'
import {
  CONTACT_SHOWN_HOURS_AFTER,
  INTERVIEW_MINUTES,
  INTERVIEW_NOT_FOUND,
  MIN_LEAD_HOURS,
  proposableRange,
  STATUS_LABELS,
} from '~/domain/interviews/interview-rules'
import { getInterview } from '~/domain/interviews/interviews.server'
import { timeZoneName } from '~/domain/time/shift-times'
import { formatMoment } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { parseIdParam } from '~/schemas/fields'
import { AcceptInterviewSchema, CounterInterviewSchema, InterviewIntentSchema } from '~/schemas/interviews'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { requireRole } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Interview – Nightlight' }, { name: 'robots', content: 'noindex' }]

// One interview (issue 36, docs/decisions/0067): its two sides answer here, an admin reads it.
// Another family's interview answers like a missing one. Times in the viewer's zone, the nurse's
// until the browser tells its own (docs/decisions/0050).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, ['parent', 'nurse', 'admin'])
  const id = parseIdParam(params.interviewId)
  const interview = id ? await getInterview(user, id) : null
  if (!interview) throw data({ message: INTERVIEW_NOT_FOUND }, { status: 404 })
  const zone = user.role === 'admin' ? { timeZone: 'UTC', told: false } : await viewerZone(request, async () => interview.nurseTimeZone)
  const now = new Date()
  return data(
    {
      interview,
      zone,
      zoneName: timeZoneName(zone.timeZone),
      ...proposableRange(now, zone.timeZone),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

const DONE: Record<string, string> = {
  accept: 'The interview is set. The invitation is on its way by e-mail.',
  counter: 'Your times were sent.',
  decline: 'The interview was declined.',
  cancel: 'The interview was cancelled.',
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRole(request, ['parent', 'nurse'])
  const id = parseIdParam(params.interviewId)
  if (!id) return data({ error: INTERVIEW_NOT_FOUND, field: null, intent: null, typed: {} }, { status: 404 })
  const formData = await readFormData(request)
  const chosen = parseForm(formData, { schema: InterviewIntentSchema })
  if (chosen.status !== 'success') return data({ error: firstError(chosen.error), field: null, intent: null, typed: {} }, { status: 400 })
  const intent = chosen.value.intent
  let result
  let typed: Record<string, string> = {}
  if (intent === 'accept') {
    const submission = parseForm(formData, { schema: AcceptInterviewSchema })
    typed = { contact: typedText(submission, 'contact') }
    if (submission.status !== 'success') return data({ error: firstError(submission.error), field: null, intent, typed }, { status: 400 })
    result = await acceptInterview(user, id, { at: new Date(submission.value.at), contact: submission.value.contact })
  } else if (intent === 'counter') {
    const submission = parseForm(formData, { schema: CounterInterviewSchema })
    typed = Object.fromEntries(['time1', 'time2', 'time3', 'contact'].map((name) => [name, typedText(submission, name)]))
    if (submission.status !== 'success') return data({ error: firstError(submission.error), field: null, intent, typed }, { status: 400 })
    const { time1, time2, time3, timeZone, contact } = submission.value
    result = await counterInterview(user, id, { times: { values: [time1, time2, time3], timeZone }, contact })
  } else if (intent === 'decline') {
    result = await declineInterview(user, id)
  } else {
    result = await cancelInterview(user, id)
  }
  if (!result.ok) return data({ error: result.error, field: result.status === 400 ? result.field : null, intent, typed }, { status: result.status })
  throw await redirectWithToast(`/interviews/${id}`, { type: 'success', message: DONE[intent] })
}

export default function InterviewPage() {
  const { interview, zone, zoneName, earliest, latest } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  useMomentsInToldZone(zone)
  const side = interview.side
  const other = side === 'parent' ? interview.nurseName : interview.parentName
  const nurseFirst = interview.nurseName.split(' ')[0]
  const medium = interview.medium === 'video' ? 'Video call' : 'Phone call'
  const contactLabel = interview.medium === 'video' ? 'Your meeting link' : 'Your phone number'
  const contactHint = interview.medium === 'video' ? 'https://meet.example.com/your-room' : '(512) 555-0123'
  const errorFor = (intent: string) => (actionData?.intent === intent || (intent === 'any' && !actionData?.intent) ? actionData?.error : undefined)
  const fieldError = (intent: string, field: string) => (actionData?.intent === intent && actionData.field === field ? actionData.error : undefined)
  const formError = (intent: string) => (actionData?.intent === intent && !actionData.field ? actionData.error : undefined)
  const busy = navigation.state === 'submitting'
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={side === 'admin' ? '/admin/dashboard' : '/interviews'} fz="sm">
          ← {side === 'admin' ? 'Back to the dashboard' : 'All interviews'}
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <Title order={1}>
            {side === 'admin' ? `${interview.parentName} and ${interview.nurseName}` : `Interview with ${other}`}
          </Title>
          <Badge variant="light" color="night" tt="none" size="lg">
            {STATUS_LABELS[interview.status]}
          </Badge>
        </Group>
        {errorFor('any') && <ErrorNote>{errorFor('any')}</ErrorNote>}
        <SectionCard id="interview-details" title="Details">
          <Stack gap={6}>
            <Text>
              {medium}, {INTERVIEW_MINUTES} minutes. Free, and no nights are held.
            </Text>
            {interview.scheduledAt && (
              <Text fw={600}>
                When: {formatMoment(interview.scheduledAt, zone)}
              </Text>
            )}
            {interview.status === 'accepted' && side === 'parent' && (
              interview.contact ? (
                <Text>
                  {interview.medium === 'video' ? (
                    <>
                      Join at{' '}
                      <Anchor href={interview.contact} target="_blank" rel="noopener noreferrer">
                        {interview.contact}
                      </Anchor>
                    </>
                  ) : (
                    <>
                      Call {nurseFirst} at <Anchor href={`tel:${interview.contact.replace(/[^\d+]/g, '')}`}>{interview.contact}</Anchor>
                    </>
                  )}
                </Text>
              ) : (
                <Text c="gray.7">The {interview.medium === 'video' ? 'meeting link' : 'phone number'} was shown until {CONTACT_SHOWN_HOURS_AFTER} hours after the interview.</Text>
              )
            )}
            {interview.contact && side !== 'parent' && (
              <Text>
                {interview.medium === 'video' ? 'Meeting link' : 'Phone number'}: {interview.contact}
              </Text>
            )}
            {interview.status === 'proposed' && (
              <Text c="gray.8">
                {interview.proposedBy === side
                  ? `Waiting for ${other} to pick one of the times you proposed:`
                  : `${side === 'admin' ? 'Times proposed' : `${other} proposed these times`}:`}
              </Text>
            )}
            {interview.status === 'proposed' && !interview.can.pick && (
              <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 20 }}>
                {interview.proposedTimes.map((at) => (
                  <li key={at}>
                    <Text>{formatMoment(at, zone)}</Text>
                  </li>
                ))}
              </Stack>
            )}
            {interview.note && (
              <Text c="gray.8" fz="sm">
                Note from the family: “{interview.note}”
              </Text>
            )}
          </Stack>
        </SectionCard>

        {interview.can.pick && (
          <SectionCard id="pick-title" title={side === 'nurse' ? 'Accept a time' : 'Pick a time'}>
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <Stack gap="sm">
                {formError('accept') && <ErrorNote>{formError('accept')}</ErrorNote>}
                <Radio.Group name="at" label={`The times proposed (${zoneName})`} required defaultValue={interview.proposedTimes[0]}>
                  <Stack gap="xs" mt="xs">
                    {interview.proposedTimes.map((at) => (
                      <Radio key={at} value={at} label={formatMoment(at, zone)} />
                    ))}
                  </Stack>
                </Radio.Group>
                {side === 'nurse' && (
                  <TextInput
                    name="contact"
                    label={contactLabel}
                    description={`Shown to ${other} for this interview only.`}
                    placeholder={contactHint}
                    required
                    defaultValue={actionData?.intent === 'accept' ? actionData.typed.contact : (interview.contact ?? '')}
                    error={fieldError('accept', 'contact')}
                  />
                )}
                <Group>
                  <Button type="submit" loading={busy}>
                    Accept this time
                  </Button>
                </Group>
              </Stack>
            </Form>
          </SectionCard>
        )}

        {interview.can.counter && (
          <SectionCard id="counter-title" title={side === 'parent' ? 'None of these suit? Propose other times' : 'Propose other times'}>
            <Form method="post">
              <input type="hidden" name="intent" value="counter" />
              <input type="hidden" name="timeZone" value={zone.timeZone} />
              <Stack gap="sm">
                {formError('counter') && <ErrorNote>{formError('counter')}</ErrorNote>}
                <Text fz="sm" c="gray.7">
                  Up to three times in {zoneName}, at least {MIN_LEAD_HOURS} hours from now.{' '}
                  {side === 'parent' ? `${other} accepts one or proposes others.` : `${other} picks one or proposes others.`}
                </Text>
                <ProposedTimesFields
                  earliest={earliest}
                  latest={latest}
                  typed={actionData?.intent === 'counter' ? actionData.typed : undefined}
                  errorOf={(name) => fieldError('counter', name)}
                />
                {side === 'nurse' && (
                  <TextInput
                    name="contact"
                    label={contactLabel}
                    description={`Shown to ${other} only once a time is agreed.`}
                    placeholder={contactHint}
                    required
                    defaultValue={actionData?.intent === 'counter' ? actionData.typed.contact : (interview.contact ?? '')}
                    error={fieldError('counter', 'contact')}
                  />
                )}
                <Group>
                  <Button type="submit" variant="light" loading={busy}>
                    Send these times
                  </Button>
                </Group>
              </Stack>
            </Form>
          </SectionCard>
        )}

        {interview.can.book && (
          <SectionCard id="book-title" title={`Ready to book ${nurseFirst}?`}>
            <Stack gap="sm">
              <Text>Pick her open nights and book in a few steps, or, while you wait for the baby, reserve her around your due date.</Text>
              <Group>
                <Button component={Link} to={`/nurse/${interview.nurseSlug}`}>
                  Book nights with {interview.nurseName}
                </Button>
                <Button component={Link} to={`/reserve?nurse=${interview.nurseSlug}`} variant="default">
                  Reserve around your due date
                </Button>
              </Group>
            </Stack>
          </SectionCard>
        )}

        {(interview.can.decline || interview.can.cancel) && (
          <Group>
            {interview.can.decline && (
              <Form method="post">
                <input type="hidden" name="intent" value="decline" />
                <Button type="submit" variant="default" color="red" loading={busy}>
                  Decline
                </Button>
              </Form>
            )}
            {interview.can.cancel && (side === 'parent' || !interview.can.decline) ? (
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <Button type="submit" variant="default" loading={busy}>
                  Cancel the interview
                </Button>
              </Form>
            ) : null}
          </Group>
        )}
        {(formError('decline') || formError('cancel')) && <ErrorNote>{formError('decline') ?? formError('cancel')}</ErrorNote>}
      </Stack>
    </Container>
  )
}
