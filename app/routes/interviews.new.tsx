import '~/styles/routes/interviews.new.css'
import { Anchor, Button, Container, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ErrorNote } from '~/components/error-note'
import { ProposedTimesFields } from '~/components/proposed-times-fields'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { requestInterview } from '~/domain/interviews/interview-life-cycle.server'
import { INTERVIEW_MINUTES, MAX_DAYS_AHEAD, MIN_LEAD_HOURS, NURSE_NOT_ASKABLE, proposableRange } from '~/domain/interviews/interview-rules'
import { getPublicProfile } from '~/domain/nurses/nurses.server'
import { timeZoneName } from '~/domain/time/shift-times'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { MAX_NOTE_CHARS, RequestInterviewSchema } from '~/schemas/interviews'
import { NurseSlugParamsSchema } from '~/schemas/nurses'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { requireRole } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['conversations'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Ask for an interview – Nightlight' }, { name: 'robots', content: 'noindex' }])

// 'Ask for an interview' (issue 36, docs/decisions/0067): a family proposes up to three 20-minute
// times from a nurse's profile. The times are typed in the viewer's zone (the nurse's until the
// browser has told its own), which the form names and sends with them.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ['parent'])
  const slug = NurseSlugParamsSchema.safeParse({ slug: new URL(request.url).searchParams.get('nurse') ?? '' })
  const nurse = slug.success ? await getPublicProfile(slug.data.slug, { cached: false }) : null
  if (!nurse || !nurse.takingBookings) throw data({ message: NURSE_NOT_ASKABLE }, { status: 404 })
  const zone = await viewerZone(request, async () => nurse.timezone)
  const now = new Date()
  return data(
    {
      nurse: { id: nurse.nurseId, slug: nurse.slug, displayName: nurse.displayName },
      zone,
      zoneName: timeZoneName(zone.timeZone),
      ...proposableRange(now, zone.timeZone),
      title: translator('conversations')('askInterview.metaTitle'),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRole(request, ['parent'])
  const submission = parseForm(await readFormData(request), { schema: RequestInterviewSchema })
  const typed = {
    medium: typedText(submission, 'medium'),
    time1: typedText(submission, 'time1'),
    time2: typedText(submission, 'time2'),
    time3: typedText(submission, 'time3'),
    note: typedText(submission, 'note'),
  }
  if (submission.status !== 'success') return data({ error: firstError(submission.error), field: null, typed }, { status: 400 })
  const { nurseId, medium, time1, time2, time3, timeZone, note } = submission.value
  const made = await requestInterview(user, { nurseId, medium, times: { values: [time1, time2, time3], timeZone }, note: note || null })
  if (!made.ok) {
    const headers: HeadersInit = made.status === 429 ? { 'Retry-After': String(made.retryAfterSeconds) } : {}
    return data({ error: made.error, field: made.status === 400 ? made.field : null, typed }, { status: made.status, headers })
  }
  throw await redirectWithToast(`/interviews/${made.id}`, { type: 'success', message: translateMessage('Your interview request was sent.') })
}

export default function AskForAnInterview() {
  const { nurse, zone, zoneName, earliest, latest } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const first = nurse.displayName.split(' ')[0]
  const typed = actionData?.typed
  const fieldError = (name: string) => (actionData?.field === name ? actionData.error : undefined)
  const { t } = useTranslation('conversations')
  const say = useServerMessage()
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to={`/nurse/${nurse.slug}`} fz="sm">
          ← {t('askQuestion.back', { name: nurse.displayName })}
        </Anchor>
        <Title order={1}>{t('askInterview.title', { first })}</Title>
        <Text>
          {t('askInterview.intro', { first, minutes: INTERVIEW_MINUTES })}
        </Text>
        <Form method="post">
          <input type="hidden" name="nurseId" value={nurse.id} />
          <input type="hidden" name="timeZone" value={zone.timeZone} />
          <Stack gap="md">
            {actionData?.error && !actionData.field && <ErrorNote>{say(actionData.error)}</ErrorNote>}
            <Radio.Group name="medium" label={t('askInterview.mediumLabel')} defaultValue={typed?.medium || 'video'} required>
              <Group mt="xs">
                <Radio value="video" label={t('interview.videoCall')} />
                <Radio value="phone" label={t('interview.phoneCall')} />
              </Group>
            </Radio.Group>
            <Stack gap="xs">
              <Text fw={500} fz="sm" id="times-label">
                {t('askInterview.timesLabel', { zone: zoneName })}
              </Text>
              <Text fz="sm" c="gray.7">
                {t('askInterview.timesHint', { hours: MIN_LEAD_HOURS, days: MAX_DAYS_AHEAD, first })}
              </Text>
              <ProposedTimesFields earliest={earliest} latest={latest} typed={typed} errorOf={fieldError} />
            </Stack>
            <Textarea
              name="note"
              label={t('askInterview.noteLabel')}
              description={t('askInterview.noteHint')}
              autosize
              minRows={3}
              maxLength={MAX_NOTE_CHARS}
              defaultValue={typed?.note ?? ''}
            />
            <Group>
              <Button type="submit" loading={navigation.state === 'submitting'}>
                {t('askInterview.send')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Stack>
    </Container>
  )
}
