import '~/styles/routes/interviews.$interviewId.css'
import { Anchor, Badge, Button, Container, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ErrorNote } from '~/components/error-note'
import { ProposedTimesFields } from '~/components/proposed-times-fields'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { SectionCard } from '~/components/section-card'
import { useMomentsInToldZone } from '~/components/use-told-time-zone'
import { acceptInterview, cancelInterview, counterInterview, declineInterview } from '~/domain/interviews/interview-life-cycle.server'
import {
  CONTACT_SHOWN_HOURS_AFTER,
  INTERVIEW_MINUTES,
  INTERVIEW_NOT_FOUND,
  MIN_LEAD_HOURS,
  proposableRange,
} from '~/domain/interviews/interview-rules'
import { getInterview } from '~/domain/interviews/interviews.server'
import { timeZoneName } from '~/domain/time/shift-times'
import { formatMoment } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { parseIdParam } from '~/schemas/fields'
import { AcceptInterviewSchema, CounterInterviewSchema, InterviewIntentSchema } from '~/schemas/interviews'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { requireRole } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['conversations'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Interview – Nightlight' }, { name: 'robots', content: 'noindex' }])

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
      title: translator('conversations')('interview.metaTitle'),
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
  throw await redirectWithToast(`/interviews/${id}`, { type: 'success', message: translateMessage(DONE[intent]) })
}

export default function InterviewPage() {
  const { interview, zone, zoneName, earliest, latest } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  useMomentsInToldZone(zone)
  const side = interview.side
  const other = side === 'parent' ? interview.nurseName : interview.parentName
  const nurseFirst = interview.nurseName.split(' ')[0]
  const { t } = useTranslation('conversations')
  const say = useServerMessage()
  const medium = interview.medium === 'video' ? t('interview.videoCall') : t('interview.phoneCall')
  const contactLabel = interview.medium === 'video' ? t('interview.yourLink') : t('interview.yourPhone')
  const contactHint = interview.medium === 'video' ? 'https://meet.example.com/your-room' : '(512) 555-0123'
  const errorFor = (intent: string) => (actionData?.intent === intent || (intent === 'any' && !actionData?.intent) ? actionData?.error : undefined)
  const fieldError = (intent: string, field: string) => (actionData?.intent === intent && actionData.field === field ? actionData.error : undefined)
  const formError = (intent: string) => (actionData?.intent === intent && !actionData.field ? actionData.error : undefined)
  const busy = navigation.state === 'submitting'
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={side === 'admin' ? '/admin/dashboard' : '/interviews'} fz="sm">
          ← {side === 'admin' ? t('interview.backDashboard') : t('interview.allInterviews')}
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <Title order={1}>
            {side === 'admin' ? t('interview.adminTitle', { parent: interview.parentName, nurse: interview.nurseName }) : t('interview.title', { name: other })}
          </Title>
          <Badge variant="light" color="night" tt="none" size="lg">
            {t(`interview.status.${interview.status}`)}
          </Badge>
        </Group>
        {errorFor('any') && <ErrorNote>{say(errorFor('any'))}</ErrorNote>}
        <SectionCard id="interview-details" title={t('interview.details')}>
          <Stack gap={6}>
            <Text>
              {t('interview.summary', { medium, minutes: INTERVIEW_MINUTES })}
            </Text>
            {interview.scheduledAt && (
              <Text fw={600}>
                {t('interview.when', { moment: formatMoment(interview.scheduledAt, zone) })}
              </Text>
            )}
            {interview.status === 'accepted' && side === 'parent' && (
              interview.contact ? (
                <Text>
                  {interview.medium === 'video' ? (
                    <>
                      {t('interview.joinAt')}{' '}
                      <Anchor href={interview.contact} target="_blank" rel="noopener noreferrer">
                        {interview.contact}
                      </Anchor>
                    </>
                  ) : (
                    <>
                      {t('interview.callAt', { name: nurseFirst })} <Anchor href={`tel:${interview.contact.replace(/[^\d+]/g, '')}`}>{interview.contact}</Anchor>
                    </>
                  )}
                </Text>
              ) : (
                <Text c="gray.7">{interview.medium === 'video' ? t('interview.linkWasShown', { hours: CONTACT_SHOWN_HOURS_AFTER }) : t('interview.phoneWasShown', { hours: CONTACT_SHOWN_HOURS_AFTER })}</Text>
              )
            )}
            {interview.contact && side !== 'parent' && (
              <Text>
                {interview.medium === 'video' ? t('interview.meetingLink', { contact: interview.contact }) : t('interview.phoneNumber', { contact: interview.contact })}
              </Text>
            )}
            {interview.status === 'proposed' && (
              <Text c="gray.8">
                {interview.proposedBy === side
                  ? t('interview.waitingFor', { name: other })
                  : side === 'admin'
                    ? t('interview.timesProposed')
                    : t('interview.otherProposed', { name: other })}
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
                {t('interview.familyNote', { note: interview.note })}
              </Text>
            )}
          </Stack>
        </SectionCard>

        {interview.can.pick && (
          <SectionCard id="pick-title" title={side === 'nurse' ? t('interview.acceptTitle') : t('interview.pickTitle')}>
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <Stack gap="sm">
                {formError('accept') && <ErrorNote>{say(formError('accept'))}</ErrorNote>}
                <Radio.Group name="at" label={t('interview.timesLabel', { zone: zoneName })} required defaultValue={interview.proposedTimes[0]}>
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
                    description={t('interview.contactShownOnce', { name: other })}
                    placeholder={contactHint}
                    required
                    defaultValue={actionData?.intent === 'accept' ? actionData.typed.contact : (interview.contact ?? '')}
                    error={say(fieldError('accept', 'contact')) || undefined}
                  />
                )}
                <Group>
                  <Button type="submit" loading={busy}>
                    {t('interview.acceptTime')}
                  </Button>
                </Group>
              </Stack>
            </Form>
          </SectionCard>
        )}

        {interview.can.counter && (
          <SectionCard id="counter-title" title={side === 'parent' ? t('interview.counterTitleParent') : t('interview.counterTitle')}>
            <Form method="post">
              <input type="hidden" name="intent" value="counter" />
              <input type="hidden" name="timeZone" value={zone.timeZone} />
              <Stack gap="sm">
                {formError('counter') && <ErrorNote>{say(formError('counter'))}</ErrorNote>}
                <Text fz="sm" c="gray.7">
                  {t('interview.counterHint', { zone: zoneName, hours: MIN_LEAD_HOURS })}{' '}
                  {side === 'parent' ? t('interview.nurseAnswers', { name: other }) : t('interview.familyAnswers', { name: other })}
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
                    description={t('interview.contactShownAgreed', { name: other })}
                    placeholder={contactHint}
                    required
                    defaultValue={actionData?.intent === 'counter' ? actionData.typed.contact : (interview.contact ?? '')}
                    error={say(fieldError('counter', 'contact')) || undefined}
                  />
                )}
                <Group>
                  <Button type="submit" variant="light" loading={busy}>
                    {t('interview.sendTimes')}
                  </Button>
                </Group>
              </Stack>
            </Form>
          </SectionCard>
        )}

        {interview.can.book && (
          <SectionCard id="book-title" title={t('interview.readyTitle', { name: nurseFirst })}>
            <Stack gap="sm">
              <Text>{t('interview.readyText')}</Text>
              <Group>
                <Button component={Link} to={`/nurse/${interview.nurseSlug}`}>
                  {t('interview.bookNights', { name: interview.nurseName })}
                </Button>
                <Button component={Link} to={`/reserve?nurse=${interview.nurseSlug}`} variant="default">
                  {t('interview.reserve')}
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
                  {t('interview.decline')}
                </Button>
              </Form>
            )}
            {interview.can.cancel && (side === 'parent' || !interview.can.decline) ? (
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <Button type="submit" variant="default" loading={busy}>
                  {t('interview.cancel')}
                </Button>
              </Form>
            ) : null}
          </Group>
        )}
        {(formError('decline') || formError('cancel')) && <ErrorNote>{say(formError('decline') ?? formError('cancel'))}</ErrorNote>}
      </Stack>
    </Container>
  )
}
