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
import { useTranslation } from 'react-i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
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
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

// The form's words, and the report as the family reads it (NightReportView) once it is closed.
export const handle = { i18n: ['nurse', 'parent'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [{ title: data?.title ?? 'Night report – Nightlight' }, { name: 'robots', content: 'noindex' }])

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
      title: translator('nurse')('report.pageTitle'),
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
  if (!occurrenceId) return data({ result: null, error: translateMessage(REPORT_NOT_FOUND) }, { status: 404 })
  // Her own night's shift: every time in the report must fall within it (issue 38).
  const found = await getNightForReport(user.id, occurrenceId)
  if (!found) return data({ result: null, error: translateMessage(REPORT_NOT_FOUND) }, { status: 404 })
  const formData = await readFormData(request)
  const submission = parseForm(formData, { schema: nightReportSchemaFor(found.night) })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
  const submissionKey = SubmissionKeySchema.parse(formData.get(SUBMISSION_KEY_FIELD))
  const filed = await fileNightReport(user.id, occurrenceId, submission.value, new Date(), submissionKey)
  if (!filed.ok) return data({ result: submission.reply(), error: translateMessage(filed.error) }, { status: filed.status })
  const toast = {
    type: 'success' as const,
    message: translateMessage(filed.alreadyReceived ? REPORT_ALREADY_RECEIVED_MESSAGE : filed.created ? REPORT_SENT_MESSAGE : REPORT_UPDATED_MESSAGE),
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

const FIELD_KEYS: Record<string, string> = {
  time: 'report.fieldTime',
  ounces: 'report.fieldOunces',
  from: 'report.fieldAsleep',
  to: 'report.fieldAwake',
  wetDiapers: 'report.fieldWet',
  dirtyDiapers: 'report.fieldDirty',
  notes: 'report.fieldNotes',
}

/** 'Feed 2, time' for 'feeds[1].time'; 'Wet diapers' for 'wetDiapers' (in the page's language). */
function fieldLabel(name: string, t: (key: string, values?: Record<string, unknown>) => string): string {
  const row = /^(feeds|sleeps)\[(\d+)\]\.(\w+)$/.exec(name)
  const field = (key: string) => (FIELD_KEYS[key] ? t(FIELD_KEYS[key]) : key)
  if (row) return t(row[1] === 'feeds' ? 'report.fieldFeed' : 'report.fieldSleep', { n: Number(row[2]) + 1, field: field(row[3]) })
  return field(name)
}

/** A field's refusal in the page's language: the fixed sentences from the catalogue, the night's hours kept. */
function useFieldMessage() {
  const say = useServerMessage()
  const { t } = useTranslation('nurse')
  return (message: string) => {
    const outside = /^This time is outside the night \((.+)\)$/.exec(message)
    return outside ? t('report.outsideNight', { hours: outside[1] }) : say(message)
  }
}

/** Why the report can no longer be written, in the page's language. */
function closedSentence(closed: string, t: (key: string, values?: Record<string, unknown>) => string, say: (message: string) => string): string {
  const window = /^Reports can be written until (\d+) days after the night\.$/.exec(closed)
  return window ? t('report.windowClosed', { days: Number(window[1]) }) : say(closed)
}

export default function NightReport() {
  const { night, report, closed, submissionKey } = useLoaderData<typeof loader>()
  const { t } = useTranslation('nurse')
  const say = useServerMessage()
  const sayField = useFieldMessage()
  const kept = useKeptReport(night.occurrenceId)
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const errors = (actionData?.result?.error ?? {}) as Record<string, string[] | null>
  const error = (name: string) => {
    const message = errors[name]?.[0]
    return message ? sayField(message) : undefined
  }
  const errorList = Object.entries(errors).flatMap(([name, messages]) => (messages?.[0] ? [[name, sayField(messages[0])] as [string, string]] : []))
  const values = valuesOf(actionData?.result, report)
  const feedRows = Math.min(MAX_FEEDS, Math.max(FEED_ROWS, values.feeds.length + 2))
  const sleepRows = Math.min(MAX_SLEEPS, Math.max(SLEEP_ROWS, values.sleeps.length + 1))
  const date = formatNightDate(night.date)
  return (
    <Container size="sm" py="lg" px="sm">
      <Stack gap="md">
        <Anchor component={Link} to="/nurse/dashboard?tab=bookings#past-nights" fz="sm">
          {t('report.back')}
        </Anchor>
        <Title order={1} fz={26}>
          {t('report.heading', { date })}
        </Title>
        <Text>
          {t('report.family', {
            name: night.parentFirstName,
            start: formatTime12(night.startTimeLocal),
            end: formatTime12(night.endTimeLocal),
            zone: timeZoneName(night.timezone),
          })}{' '}
          {report ? (closed ? t('report.familyHas') : t('report.familySeesChanges')) : t('report.familyGets')}
        </Text>
        {closed && (
          <Alert color="yellow" variant="light" c="dark.8" role="status">
            {closedSentence(closed, t, say)}
          </Alert>
        )}
        {actionData?.error && (
          <ErrorNote>{actionData.error}</ErrorNote>
        )}
        {/* On a phone the form was scrolled to its end, its only error out of view (issue 38). */}
        <ErrorSummary
          title={t('report.checkTitle')}
          variant="light"
          fieldErrors={errorList.map(([name, message]) => ({ id: fieldId(name), message: `${fieldLabel(name, t)}: ${message}` }))}
          focusKey={actionData?.result}
        />
        {/* Once its window has closed, the report she sent, as the family reads it. */}
        {closed && report && (
          <SectionCard id="report-sent" title={t('report.sentTitle')} titleMb="xs">
            <NightReportView report={{ ...night, ...report }} nurseName={t('report.you')} noteLabel={t('report.yourNote')} headingLevel={3} />
          </SectionCard>
        )}
        {!closed && (
          <Form method="post" noValidate onSubmit={kept.onSubmit}>
            <input type="hidden" name={SUBMISSION_KEY_FIELD} defaultValue={submissionKey} />
            <Stack gap="md">
              <SectionCard id="report-feeds" title={t('report.feeds')} titleMb="xs">
                <Text fz="sm" c="gray.7" mb="sm">
                  {t('report.feedsHelp')}
                </Text>
                <Stack gap="sm">
                  {Array.from({ length: feedRows }, (_, i) => {
                    const feed = values.feeds[i] as Values | undefined
                    return (
                      // On a phone the feed's kind has a row of its own, so its words are not cut off (issue 38).
                      <div key={i} className="night-report-feed" role="group" aria-label={t('report.feedN', { n: i + 1 })}>
                        <TextInput
                          type="time"
                          id={fieldId(`feeds[${i}].time`)}
                          name={`feeds[${i}].time`}
                          label={t('report.time')}
                          defaultValue={text(feed?.time)}
                          error={error(`feeds[${i}].time`)}
                        />
                        <NativeSelect
                          className="night-report-feed-kind"
                          name={`feeds[${i}].kind`}
                          label={t('report.feed')}
                          defaultValue={text(feed?.kind) || 'formula'}
                          data={Object.keys(FEED_KINDS).map((value) => ({ value, label: t(`report.kind.${value}`) }))}
                        />
                        <TextInput
                          id={fieldId(`feeds[${i}].ounces`)}
                          name={`feeds[${i}].ounces`}
                          label={t('report.ounces')}
                          inputMode="decimal"
                          defaultValue={text(feed?.ounces)}
                          error={error(`feeds[${i}].ounces`)}
                        />
                      </div>
                    )
                  })}
                </Stack>
              </SectionCard>

              <SectionCard id="report-diapers" title={t('report.diapers')} titleMb="xs">
                <SimpleGrid cols={2} spacing="xs">
                  <TextInput
                    id={fieldId('wetDiapers')}
                    name="wetDiapers"
                    label={t('report.wet')}
                    inputMode="numeric"
                    defaultValue={values.wetDiapers}
                    error={error('wetDiapers')}
                  />
                  <TextInput
                    id={fieldId('dirtyDiapers')}
                    name="dirtyDiapers"
                    label={t('report.dirty')}
                    inputMode="numeric"
                    defaultValue={values.dirtyDiapers}
                    error={error('dirtyDiapers')}
                  />
                </SimpleGrid>
              </SectionCard>

              <SectionCard id="report-sleep" title={t('report.sleep')} titleMb="xs">
                <Text fz="sm" c="gray.7" mb="sm">
                  {t('report.sleepHelp')}
                </Text>
                <Stack gap="sm">
                  {Array.from({ length: sleepRows }, (_, i) => {
                    const sleep = values.sleeps[i] as Values | undefined
                    return (
                      <SimpleGrid key={i} cols={2} spacing="xs" role="group" aria-label={t('report.sleepN', { n: i + 1 })}>
                        <TextInput
                          type="time"
                          id={fieldId(`sleeps[${i}].from`)}
                          name={`sleeps[${i}].from`}
                          label={t('report.asleep')}
                          defaultValue={text(sleep?.from)}
                          error={error(`sleeps[${i}].from`)}
                        />
                        <TextInput
                          type="time"
                          id={fieldId(`sleeps[${i}].to`)}
                          name={`sleeps[${i}].to`}
                          label={t('report.awake')}
                          defaultValue={text(sleep?.to)}
                          error={error(`sleeps[${i}].to`)}
                        />
                      </SimpleGrid>
                    )
                  })}
                </Stack>
              </SectionCard>

              <SectionCard id="report-notes" title={t('report.notesTitle')} titleMb="xs">
                <Textarea
                  id={fieldId('notes')}
                  name="notes"
                  label={t('report.notesLabel')}
                  description={t('report.notesHelp')}
                  autosize
                  minRows={3}
                  maxLength={2000}
                  defaultValue={values.notes}
                  error={error('notes')}
                />
              </SectionCard>

              <Group>
                <Button type="submit" size="md" loading={navigation.state !== 'idle' || kept.status === SENDING}>
                  {report ? t('report.update') : t('report.send')}
                </Button>
              </Group>
              {/* Announced as it changes: kept on the phone, then sent. */}
              <Text role="status" aria-live="polite" fw={600} id="report-send-status">
                {kept.status === SENDING ? '' : say(kept.status)}
              </Text>
            </Stack>
          </Form>
        )}
      </Stack>
    </Container>
  )
}
