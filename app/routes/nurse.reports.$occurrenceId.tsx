import '~/styles/routes/nurse.reports.$occurrenceId.css'
import type { SubmissionResult } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Alert, Anchor, Button, Container, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigate, useNavigation, useSubmit } from '@remix-run/react'
import { randomUUID } from 'node:crypto'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { ErrorSummary } from '~/components/error-summary'
import { Link } from '~/components/link'
import { NightReportView } from '~/components/night-report-view'
import { SectionCard } from '~/components/section-card'
import { formatNightDate, formatTime12, timeZoneName } from '~/domain/time/shift-times'
import { FEED_KINDS, FEED_ROWS, MAX_FEEDS, MAX_SLEEPS, reportProblem, SLEEP_ROWS } from '~/domain/night-reports/night-report-rules'
import { fileNightReport, getNightForReport, REPORT_NOT_FOUND } from '~/domain/night-reports/night-reports.server'
import { parseIdParam } from '~/schemas/fields'
import {
  ALREADY_RECEIVED_HEADER,
  outcomeMessage,
  SAVED_ON_PHONE,
  SEND_HEADER,
  SENDING,
  SUBMISSION_KEY_FIELD,
} from '~/domain/night-reports/offline-filing'
import { nightReportSchemaFor, SubmissionKeySchema } from '~/schemas/night-reports'
import { readFormData } from '~/utils/api.server'
import { newSubmissionKey, pendingReport, savePendingReport, sendPendingReport, type PendingReport } from '~/utils/pending-reports.client'
import { requireNurse } from '~/utils/session.server'
import { redirectWithToast, toastHeader } from '~/utils/toast.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

// The report's own words (NightReportView) are in the `parent` catalogue.
export const handle = { i18n: ['parent'] }

export const meta: MetaFunction = () => [{ title: 'Night report – Nightlight' }, { name: 'robots', content: 'noindex' }]

export const REPORT_SENT_MESSAGE = 'Your report is on its way to the family.'
export const REPORT_UPDATED_MESSAGE = 'Your report is updated.'
export const REPORT_ALREADY_RECEIVED_MESSAGE = 'Your report had already been received; the family has it once.'

// The nurse's morning report of one night (issue 16): feeds, diapers, sleep and a note, on one
// phone-sized form that works without JavaScript. Only her own nights; anyone else's is Not Found.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const occurrenceId = parseIdParam(params.occurrenceId)
  const found = occurrenceId ? await getNightForReport(user.id, occurrenceId) : null
  if (!found) throw data({ message: REPORT_NOT_FOUND }, { status: 404 })
  const { night, report } = found
  const closed = reportProblem(found.bookingStatus, night, new Date())
  return data(
    {
      night: {
        occurrenceId: night.occurrenceId,
        date: night.date,
        startTimeLocal: night.startTimeLocal,
        endTimeLocal: night.endTimeLocal,
        timezone: night.timezone,
        parentFirstName: night.parentFirstName,
      },
      report: report && {
        feeds: report.feeds,
        wetDiapers: report.wetDiapers,
        dirtyDiapers: report.dirtyDiapers,
        sleeps: report.sleeps,
        notes: report.notes,
      },
      closed,
      // Without JavaScript a double press of Send posts the same key twice; with it, the phone
      // makes a key for each press (docs/decisions/0074).
      submissionKey: randomUUID(),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireNurse(request)
  const occurrenceId = parseIdParam(params.occurrenceId)
  if (!occurrenceId) return data({ result: null, error: REPORT_NOT_FOUND }, { status: 404 })
  // Her own night's shift: every time in the report must fall within it (issue 38).
  const found = await getNightForReport(user.id, occurrenceId)
  if (!found) return data({ result: null, error: REPORT_NOT_FOUND }, { status: 404 })
  const formData = await readFormData(request)
  const submission = parseForm(formData, { schema: nightReportSchemaFor(found.night) })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
  const submissionKey = SubmissionKeySchema.parse(formData.get(SUBMISSION_KEY_FIELD))
  const filed = await fileNightReport(user.id, occurrenceId, submission.value, new Date(), submissionKey)
  if (!filed.ok) return data({ result: submission.reply(), error: filed.error }, { status: filed.status })
  const toast = {
    type: 'success' as const,
    message: filed.alreadyReceived ? REPORT_ALREADY_RECEIVED_MESSAGE : filed.created ? REPORT_SENT_MESSAGE : REPORT_UPDATED_MESSAGE,
  }
  // The phone's own send (with JavaScript) reads a 200, since a redirect it cannot tell from the
  // sign-in page's; the page it shows after a press of Send pops the toast up.
  const send = request.headers.get(SEND_HEADER)
  if (send === 'press' || send === 'retry') {
    const headers = new Headers()
    if (filed.alreadyReceived) headers.set(ALREADY_RECEIVED_HEADER, '1')
    if (send === 'press') headers.append('Set-Cookie', await toastHeader(toast))
    return data({ result: null, error: null }, { headers })
  }
  throw await redirectWithToast('/nurse/dashboard?tab=bookings#past-nights', toast)
}

const AFTER_SENDING = '/nurse/dashboard?tab=bookings#past-nights'

/**
 * With JavaScript, a press of Send keeps the report on the phone first and sends it itself: when
 * the phone is offline or the connection drops, the report waits there and goes when the
 * connection returns, under the same key, so the server files it once. A refused report is
 * posted again the usual way, so the form shows its errors as without JavaScript.
 */
function useKeptReport(occurrenceId: number) {
  const [status, setStatus] = useState('')
  const navigate = useNavigate()
  const submit = useSubmit()
  const sending = useRef(false)

  const sendKept = useCallback(
    async (report: PendingReport, how: 'press' | 'retry', form?: HTMLFormElement) => {
      if (sending.current) return
      sending.current = true
      setStatus(SENDING)
      try {
        const outcome = await sendPendingReport(report, how)
        if (how === 'press' && (outcome === 'sent' || outcome === 'already-received')) return navigate(AFTER_SENDING)
        if (how === 'press' && outcome === 'refused' && form) {
          setStatus('')
          return submit(form)
        }
        setStatus(outcomeMessage(outcome))
      } finally {
        sending.current = false
      }
    },
    [navigate, submit],
  )

  // A report kept from before (the page opened again, or the connection came back) is sent.
  useEffect(() => {
    const retry = async () => {
      const kept = await pendingReport(occurrenceId).catch(() => undefined)
      if (!kept) return
      if (!navigator.onLine) return setStatus(SAVED_ON_PHONE)
      await sendKept(kept, 'retry')
    }
    void retry()
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [occurrenceId, sendKept])

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget
      const key = newSubmissionKey()
      if (!key || typeof indexedDB === 'undefined') return // posted the usual way
      event.preventDefault()
      const keyField = form.elements.namedItem(SUBMISSION_KEY_FIELD)
      if (keyField instanceof HTMLInputElement) keyField.value = key
      const fields = [...new FormData(form)].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : []))
      const report: PendingReport = { occurrenceId, key, fields, savedAt: new Date().toISOString() }
      try {
        await savePendingReport(report)
      } catch {
        return submit(form) // no storage (a private window): posted the usual way
      }
      if (!navigator.onLine) return setStatus(SAVED_ON_PHONE)
      await sendKept(report, 'press', form)
    },
    [occurrenceId, sendKept, submit],
  )

  return { status, onSubmit }
}

type Values = Record<string, unknown>

/** What the form shows: what was just typed (a refused post), else the saved report, else nothing. */
function valuesOf(result: SubmissionResult<string[]> | null | undefined, report: ReturnType<typeof useLoaderData<typeof loader>>['report']) {
  const typed = result?.initialValue as Values | undefined
  const list = (value: unknown) => (Array.isArray(value) ? (value as Values[]) : [])
  const feeds = typed ? list(typed.feeds) : (report?.feeds ?? []).map((feed) => ({ ...feed, ounces: feed.ounces ?? '' }))
  const sleeps = typed ? list(typed.sleeps) : (report?.sleeps ?? [])
  return {
    feeds,
    sleeps,
    wetDiapers: String(typed ? (typed.wetDiapers ?? '') : (report?.wetDiapers ?? 0)),
    dirtyDiapers: String(typed ? (typed.dirtyDiapers ?? '') : (report?.dirtyDiapers ?? 0)),
    notes: String(typed ? (typed.notes ?? '') : (report?.notes ?? '')),
  }
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

/** The id of a field of the form, for the error summary's links: 'feeds[1].time' → 'report-field-feeds-1-time' (apart from the sections' ids). */
const fieldId = (name: string) => `report-field-${name.replace(/[[\].]+/g, '-').replace(/-$/, '')}`

const FIELD_NAMES: Record<string, string> = { time: 'time', ounces: 'ounces', from: 'asleep', to: 'awake' }

/** 'Feed 2, time' for 'feeds[1].time'; 'Wet diapers' for 'wetDiapers'. */
function fieldLabel(name: string): string {
  const row = /^(feeds|sleeps)\[(\d+)\]\.(\w+)$/.exec(name)
  if (row) return `${row[1] === 'feeds' ? 'Feed' : 'Sleep'} ${Number(row[2]) + 1}, ${FIELD_NAMES[row[3]] ?? row[3]}`
  return { wetDiapers: 'Wet diapers', dirtyDiapers: 'Dirty diapers', notes: 'Note' }[name] ?? name
}

export default function NightReport() {
  const { night, report, closed, submissionKey } = useLoaderData<typeof loader>()
  const kept = useKeptReport(night.occurrenceId)
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const errors = (actionData?.result?.error ?? {}) as Record<string, string[] | null>
  const error = (name: string) => errors[name]?.[0]
  const errorList = Object.entries(errors).flatMap(([name, messages]) => (messages?.[0] ? [[name, messages[0]] as [string, string]] : []))
  const values = valuesOf(actionData?.result, report)
  const feedRows = Math.min(MAX_FEEDS, Math.max(FEED_ROWS, values.feeds.length + 2))
  const sleepRows = Math.min(MAX_SLEEPS, Math.max(SLEEP_ROWS, values.sleeps.length + 1))
  const date = formatNightDate(night.date)
  return (
    <Container size="sm" py="lg" px="sm">
      <Stack gap="md">
        <Anchor component={Link} to="/nurse/dashboard?tab=bookings#past-nights" fz="sm">
          ← Back to your bookings
        </Anchor>
        <Title order={1} fz={26}>
          Night report: {date}
        </Title>
        <Text>
          {night.parentFirstName}&apos;s family, {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)} (
          {timeZoneName(night.timezone)}).{' '}
          {report
            ? closed
              ? 'The family has this report.'
              : 'The family has this report; what you change is shown to them.'
            : 'The family gets it by e-mail and on their booking.'}
        </Text>
        {closed && (
          <Alert color="yellow" variant="light" c="dark.8" role="status">
            {closed}
          </Alert>
        )}
        {actionData?.error && (
          <ErrorNote>{actionData.error}</ErrorNote>
        )}
        {/* On a phone the form was scrolled to its end, its only error out of view (issue 38). */}
        <ErrorSummary
          title="Please check the report"
          variant="light"
          fieldErrors={errorList.map(([name, message]) => ({ id: fieldId(name), message: `${fieldLabel(name)}: ${message}` }))}
          focusKey={actionData?.result}
        />
        {/* Once its window has closed, the report she sent, as the family reads it. */}
        {closed && report && (
          <SectionCard id="report-sent" title="The report you sent" titleMb="xs">
            <NightReportView report={{ ...night, ...report }} nurseName="You" noteLabel="Your note:" headingLevel={3} />
          </SectionCard>
        )}
        {!closed && (
          <Form method="post" noValidate onSubmit={kept.onSubmit}>
            <input type="hidden" name={SUBMISSION_KEY_FIELD} defaultValue={submissionKey} />
            <Stack gap="md">
              <SectionCard id="report-feeds" title="Feeds" titleMb="xs">
                <Text fz="sm" c="gray.7" mb="sm">
                  One row per feed. Leave the rows you do not need empty.
                </Text>
                <Stack gap="sm">
                  {Array.from({ length: feedRows }, (_, i) => {
                    const feed = values.feeds[i] as Values | undefined
                    return (
                      // On a phone the feed's kind has a row of its own, so its words are not cut off (issue 38).
                      <div key={i} className="night-report-feed" role="group" aria-label={`Feed ${i + 1}`}>
                        <TextInput
                          type="time"
                          id={fieldId(`feeds[${i}].time`)}
                          name={`feeds[${i}].time`}
                          label="Time"
                          defaultValue={text(feed?.time)}
                          error={error(`feeds[${i}].time`)}
                        />
                        <NativeSelect
                          className="night-report-feed-kind"
                          name={`feeds[${i}].kind`}
                          label="Feed"
                          defaultValue={text(feed?.kind) || 'formula'}
                          data={Object.entries(FEED_KINDS).map(([value, label]) => ({ value, label }))}
                        />
                        <TextInput
                          id={fieldId(`feeds[${i}].ounces`)}
                          name={`feeds[${i}].ounces`}
                          label="Ounces"
                          inputMode="decimal"
                          defaultValue={text(feed?.ounces)}
                          error={error(`feeds[${i}].ounces`)}
                        />
                      </div>
                    )
                  })}
                </Stack>
              </SectionCard>

              <SectionCard id="report-diapers" title="Diapers" titleMb="xs">
                <SimpleGrid cols={2} spacing="xs">
                  <TextInput
                    id={fieldId('wetDiapers')}
                    name="wetDiapers"
                    label="Wet"
                    inputMode="numeric"
                    defaultValue={values.wetDiapers}
                    error={error('wetDiapers')}
                  />
                  <TextInput
                    id={fieldId('dirtyDiapers')}
                    name="dirtyDiapers"
                    label="Dirty"
                    inputMode="numeric"
                    defaultValue={values.dirtyDiapers}
                    error={error('dirtyDiapers')}
                  />
                </SimpleGrid>
              </SectionCard>

              <SectionCard id="report-sleep" title="Sleep" titleMb="xs">
                <Text fz="sm" c="gray.7" mb="sm">
                  Each stretch of sleep: when the baby fell asleep and woke up.
                </Text>
                <Stack gap="sm">
                  {Array.from({ length: sleepRows }, (_, i) => {
                    const sleep = values.sleeps[i] as Values | undefined
                    return (
                      <SimpleGrid key={i} cols={2} spacing="xs" role="group" aria-label={`Sleep ${i + 1}`}>
                        <TextInput
                          type="time"
                          id={fieldId(`sleeps[${i}].from`)}
                          name={`sleeps[${i}].from`}
                          label="Asleep"
                          defaultValue={text(sleep?.from)}
                          error={error(`sleeps[${i}].from`)}
                        />
                        <TextInput
                          type="time"
                          id={fieldId(`sleeps[${i}].to`)}
                          name={`sleeps[${i}].to`}
                          label="Awake"
                          defaultValue={text(sleep?.to)}
                          error={error(`sleeps[${i}].to`)}
                        />
                      </SimpleGrid>
                    )
                  })}
                </Stack>
              </SectionCard>

              <SectionCard id="report-notes" title="Note for the parents" titleMb="xs">
                <Textarea
                  id={fieldId('notes')}
                  name="notes"
                  label="How the night went"
                  description="Anything the parents should know this morning."
                  autosize
                  minRows={3}
                  maxLength={2000}
                  defaultValue={values.notes}
                  error={error('notes')}
                />
              </SectionCard>

              <Group>
                <Button type="submit" size="md" loading={navigation.state !== 'idle' || kept.status === SENDING}>
                  {report ? 'Update the report' : 'Send the report'}
                </Button>
              </Group>
              {/* Announced as it changes: kept on the phone, then sent. */}
              <Text role="status" aria-live="polite" fw={600} id="report-send-status">
                {kept.status === SENDING ? '' : kept.status}
              </Text>
            </Stack>
          </Form>
        )}
      </Stack>
    </Container>
  )
}
