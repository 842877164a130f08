import '~/styles/routes/interviews.new.css'
import { Anchor, Button, Container, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ErrorNote } from '~/components/error-note'
import { ProposedTimesFields } from '~/components/proposed-times-fields'
import { Link } from '~/components/link'
import { requestInterview } from '~/domain/interviews/interview-life-cycle.server'
import { INTERVIEW_MINUTES, MAX_DAYS_AHEAD, MIN_LEAD_HOURS, NURSE_NOT_ASKABLE, proposableRange } from '~/domain/interviews/interview-rules'
import { getPublicProfile } from '~/domain/nurses/nurses.server'
import { timeZoneName } from '~/domain/time/shift-times'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { MAX_NOTE_CHARS, RequestInterviewSchema } from '~/schemas/interviews'
import { NurseSlugParamsSchema } from '~/schemas/nurses'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { requireRole } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Ask for an interview – Nightlight' }, { name: 'robots', content: 'noindex' }]

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
  throw await redirectWithToast(`/interviews/${made.id}`, { type: 'success', message: 'Your interview request was sent.' })
}

export default function AskForAnInterview() {
  const { nurse, zone, zoneName, earliest, latest } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const first = nurse.displayName.split(' ')[0]
  const typed = actionData?.typed
  const fieldError = (name: string) => (actionData?.field === name ? actionData.error : undefined)
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to={`/nurse/${nurse.slug}`} fz="sm">
          ← Back to {nurse.displayName}&apos;s profile
        </Anchor>
        <Title order={1}>Ask {first} for an interview</Title>
        <Text>
          Meet {first} for {INTERVIEW_MINUTES} minutes by video or phone before you book. Propose up to three times; {first} accepts one or proposes
          others. Interviews are free and do not hold any nights.
        </Text>
        <Form method="post">
          <input type="hidden" name="nurseId" value={nurse.id} />
          <input type="hidden" name="timeZone" value={zone.timeZone} />
          <Stack gap="md">
            {actionData?.error && !actionData.field && <ErrorNote>{actionData.error}</ErrorNote>}
            <Radio.Group name="medium" label="How would you like to meet?" defaultValue={typed?.medium || 'video'} required>
              <Group mt="xs">
                <Radio value="video" label="Video call" />
                <Radio value="phone" label="Phone call" />
              </Group>
            </Radio.Group>
            <Stack gap="xs">
              <Text fw={500} fz="sm" id="times-label">
                Times that suit you ({zoneName})
              </Text>
              <Text fz="sm" c="gray.7">
                At least {MIN_LEAD_HOURS} hours from now and within {MAX_DAYS_AHEAD} days. One time is enough; three give {first} more choice.
              </Text>
              <ProposedTimesFields earliest={earliest} latest={latest} typed={typed} errorOf={fieldError} />
            </Stack>
            <Textarea
              name="note"
              label="A note for her (optional)"
              description="Your baby's age or due date, the nights you have in mind."
              autosize
              minRows={3}
              maxLength={MAX_NOTE_CHARS}
              defaultValue={typed?.note ?? ''}
            />
            <Group>
              <Button type="submit" loading={navigation.state === 'submitting'}>
                Send the request
              </Button>
            </Group>
          </Stack>
        </Form>
      </Stack>
    </Container>
  )
}
