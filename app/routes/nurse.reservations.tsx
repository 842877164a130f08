import '~/styles/routes/nurse.reservations.css'
// /nurse/reservations (issue 36, docs/decisions/0066): all her due-date reservations on one
// timeline, sorted by start window, each with its window and plan; Accept and Decline (with a
// reason) on a request, Cancel on one that stands, and 'Turn down the start' (with a reason) within
// 12 hours of a family's 'Our baby is here' (decision 0070). Real posts that work without JavaScript; a
// reservation of another nurse answers 404 from the domain.
import { Alert, Anchor, Button, Card, Checkbox, Container, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { WEEKDAY_NAMES } from '~/i18n/calendar-words'
import { currentLanguage } from '~/i18n/current-language'
import { translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
import type { StatusView } from '~/domain/statuses'
import { formatMoment } from '~/domain/time/viewer-time'
import { Link } from '~/components/link'
import { StatusBadge } from '~/components/status-badge'
import { formatCents } from '~/domain/bookings/pricing'
import { turnDownStart, turnDownWindowOf } from '~/domain/payments/turn-down-start.server'
import { getReservationSettings, listReservations, updateReservationSettings } from '~/domain/reservations/reservations.server'
import { answerReservationWithDeposit, readDeposits, withdrawReservationWithDeposit } from '~/domain/payments/reservation-deposits.server'
import { depositSentence, nurseDepositSentenceIn } from '~/domain/payments/deposit-rules'
import { describeWeekdays } from '~/domain/reservations/reservation-window'
import { reservationStatus } from '~/domain/reservations/reservation-words'
import { formatNightDate, formatTime12, localToday } from '~/domain/time/shift-times'
import { ReservationAnswerSchema, ReservationCancelSchema, ReservationSettingsSchema, ReservationTurnDownSchema } from '~/schemas/reservations'
import { readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { requireNurse } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['nurse'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Your reservations – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

const PAGE = '/nurse/reservations'

/** A moment of a reservation in her language: English as it always read, Spanish by the viewer-time formatter. */
function momentIn(spanish: boolean, at: Date, timeZone: string): string {
  if (spanish) return formatMoment(at, { timeZone, told: false })
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at)
}

/** The plan's weekdays ('Monday, Wednesday and Friday', '3 nights a week') in Spanish. */
function weekdaysIn(plan: { nightsPerWeek: number; weekdays: number[] }, t: TFunction): string {
  if (!plan.weekdays.length) return t('reservations.nightsPerWeek', { count: plan.nightsPerWeek })
  const names = [...plan.weekdays].sort((a, b) => a - b).map((day) => WEEKDAY_NAMES.es[day])
  return names.length === 1 ? names[0] : t('changes.list', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] })
}

const STATUS_KEYS: Record<string, string> = {
  'Deposit not paid yet': 'reservations.status.unpaid',
  'Waiting for her answer': 'reservations.status.requested',
  Reserved: 'reservations.status.accepted',
  'Lapsed: not answered in time': 'reservations.status.lapsed',
  Declined: 'reservations.status.declined',
  Cancelled: 'reservations.status.cancelled',
  Started: 'reservations.status.started',
}

function statusIn(view: StatusView, t: TFunction): StatusView {
  return STATUS_KEYS[view.label] ? { ...view, label: t(STATUS_KEYS[view.label]) } : view
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const [reservations, settings] = await Promise.all([listReservations(user), getReservationSettings(user.id)])
  const deposits = await readDeposits(reservations.map((r) => r.id))
  const zoneOf = new Map(reservations.map((r) => [r.id, r.timezone]))
  const spanish = currentLanguage() === 'es'
  const t = translator('nurse')
  const depositOf = Object.fromEntries(
    [...deposits].map(([id, deposit]) => {
      const today = localToday(zoneOf.get(id) ?? 'America/New_York', new Date())
      return [id, spanish ? nurseDepositSentenceIn(deposit, today, t) : depositSentence(deposit, 'nurse', today)]
    }),
  )
  // Until when each start may still be turned down (decision 0070).
  const now = new Date()
  const turnDownUntil: Record<number, string> = {}
  for (const r of reservations) {
    const window = await turnDownWindowOf(r, now)
    if (window?.open) turnDownUntil[r.id] = momentIn(spanish, window.until, r.timezone)
  }
  // Her answer-by moments, written here so the server and the browser print the same.
  const respondByOf = Object.fromEntries(reservations.map((r) => [r.id, momentIn(spanish, new Date(r.respondBy), r.timezone)]))
  return data(
    { reservations, settings, turnDownUntil, depositOf, respondByOf, title: t('reservations.metaTitle') },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireNurse(request)
  const formData = await readFormData(request)
  const t = translator('nurse')
  if (formData.get('intent') === 'settings') {
    const submission = parseForm(formData, { schema: ReservationSettingsSchema })
    if (submission.status !== 'success') {
      const error = Object.values(submission.error ?? {}).flat()[0] ?? 'Please check your settings'
      return data({ id: 'settings' as const, error }, { status: 400 })
    }
    await updateReservationSettings(user.id, submission.value)
    throw await redirectWithToast(PAGE, { type: 'success', message: t('reservations.settingsSaved') })
  }
  if (formData.get('intent') === 'turn-down') {
    const submission = parseForm(formData, { schema: ReservationTurnDownSchema })
    if (submission.status !== 'success') {
      const id = Number(formData.get('reservationId')) || null
      return data({ id, error: submission.error?.reason?.[0] ?? 'Reservation is required' }, { status: 400 })
    }
    const result = await turnDownStart(user, submission.value)
    if (!result.ok) return data({ id: submission.value.reservationId, error: result.error }, { status: result.status })
    throw await redirectWithToast(PAGE, { type: 'success', message: t('reservations.turnedDown') })
  }
  if (formData.get('intent') === 'cancel') {
    const submission = parseForm(formData, { schema: ReservationCancelSchema })
    if (submission.status !== 'success') return data({ id: null, error: 'Reservation is required' }, { status: 400 })
    const result = await withdrawReservationWithDeposit(user, submission.value)
    if (!result.ok) return data({ id: submission.value.reservationId, error: result.error }, { status: result.status })
    throw await redirectWithToast(PAGE, { type: 'success', message: t('reservations.cancelled') })
  }
  const submission = parseForm(formData, { schema: ReservationAnswerSchema })
  if (submission.status !== 'success') {
    const id = Number(formData.get('reservationId')) || null
    return data({ id, error: submission.error?.reason?.[0] ?? submission.error?.answer?.[0] ?? 'Please try again' }, { status: 400 })
  }
  const result = await answerReservationWithDeposit(user, submission.value)
  if (!result.ok) return data({ id: submission.value.reservationId, error: result.error }, { status: result.status })
  const message = result.reservation.status === 'accepted' ? t('reservations.accepted') : t('reservations.declined')
  throw await redirectWithToast(PAGE, { type: 'success', message })
}

export default function NurseReservations() {
  const { reservations, settings, turnDownUntil, depositOf, respondByOf } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const { t, i18n } = useTranslation('nurse')
  const say = useServerMessage()
  const spanish = i18n.language === 'es'
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/nurse/dashboard" fz="sm">
          {t('check.back')}
        </Anchor>
        <div>
          <Title order={1}>{t('reservations.title')}</Title>
          <Text c="gray.7" mt="xs">
            {t('reservations.intro')}
          </Text>
        </div>
        {reservations.length === 0 && (
          <Alert color="blue" variant="light" c="dark.8" role="status">
            {t('reservations.none')}
          </Alert>
        )}
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('reservations.listName')}>
          {reservations.map((r) => {
            const status = statusIn(reservationStatus(r.status, r.holding), t)
            const respondBy = respondByOf[r.id]
            return (
              <Card key={r.id} component="li" withBorder padding="md" aria-labelledby={`reservation-${r.id}`}>
                <Group justify="space-between" align="flex-start">
                  <div>
                    <Title order={2} fz="lg" id={`reservation-${r.id}`}>
                      {t('reservations.due', { name: r.parentName, date: formatNightDate(r.dueDate) })}
                    </Title>
                    <Text fz="sm">
                      {t('reservations.window', { first: formatNightDate(r.firstStart), last: formatNightDate(r.lastStart) })}
                    </Text>
                    <Text fz="sm">
                      {t('reservations.plan', {
                        weekdays: spanish ? weekdaysIn(r, t) : describeWeekdays(r),
                        weeks: r.weeks,
                        start: formatTime12(r.startTimeLocal),
                        end: formatTime12(r.endTimeLocal),
                        babies: r.babies,
                        week: formatCents(r.weekCents),
                      })}
                    </Text>
                    {depositOf[r.id] && <Text fz="sm">{t('reservations.deposit', { sentence: depositOf[r.id] })}</Text>}
                    {r.notes && <Text fz="sm" c="gray.7">“{r.notes}”</Text>}
                  </div>
                  <StatusBadge status={status} size="md" />
                </Group>
                {answer?.id === r.id && answer.error && (
                  <Alert color="red" variant="light" c="dark.8" role="alert" mt="sm">
                    {say(answer.error)}
                  </Alert>
                )}
                {r.status === 'requested' && r.holding && (
                  <Stack gap="xs" mt="sm">
                    <Text fz="sm">{t('reservations.answerBy', { date: respondBy })}</Text>
                    <Group align="flex-end">
                      <Form method="post">
                        <input type="hidden" name="reservationId" value={r.id} />
                        <input type="hidden" name="answer" value="accept" />
                        <Button type="submit" aria-label={t('reservations.acceptName', { name: r.parentName })}>
                          {t('reservations.accept')}
                        </Button>
                      </Form>
                      <Form method="post" style={{ flex: 1 }}>
                        <input type="hidden" name="reservationId" value={r.id} />
                        <input type="hidden" name="answer" value="decline" />
                        <Group align="flex-end" gap="xs">
                          <Textarea name="reason" label={t('reservations.declineReason')} autosize minRows={1} maxLength={500} style={{ flex: 1 }} />
                          <Button type="submit" variant="default" aria-label={t('reservations.declineName', { name: r.parentName })}>
                            {t('reservations.decline')}
                          </Button>
                        </Group>
                      </Form>
                    </Group>
                  </Stack>
                )}
                {r.status === 'started' && turnDownUntil[r.id] && (
                  <Form method="post" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
                    <input type="hidden" name="intent" value="turn-down" />
                    <input type="hidden" name="reservationId" value={r.id} />
                    <Text fz="sm" mb="xs">
                      {t('reservations.turnDownText', { until: turnDownUntil[r.id] })}
                    </Text>
                    <Group align="flex-end" gap="xs">
                      <Textarea name="reason" label={t('reservations.turnDownReason')} required autosize minRows={1} maxLength={500} style={{ flex: 1 }} />
                      <Button type="submit" variant="default" c="red.9" aria-label={t('reservations.turnDownName', { name: r.parentName })}>
                        {t('reservations.turnDown')}
                      </Button>
                    </Group>
                  </Form>
                )}
                {r.status === 'accepted' && (
                  <Form method="post" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="reservationId" value={r.id} />
                    <Button type="submit" variant="default" c="red.9" size="xs">
                      {t('reservations.cancel')}
                    </Button>
                  </Form>
                )}
              </Card>
            )
          })}
        </Stack>
        {settings && (
          <Card withBorder padding="md" component="section" aria-labelledby="reservation-settings">
            <Title order={2} fz="lg" id="reservation-settings" mb="xs">
              {t('reservations.settingsTitle')}
            </Title>
            <Text fz="sm" c="gray.7" mb="sm">
              {t('reservations.settingsIntro')}
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="settings" />
              <Stack gap="sm">
                {answer?.id === 'settings' && (
                  <Alert color="red" variant="light" c="dark.8" role="alert">
                    {say(answer.error)}
                  </Alert>
                )}
                <Group grow>
                  <NumberInput
                    name="reservationWindowBeforeDays"
                    label={t('reservations.daysBefore')}
                    min={0}
                    max={28}
                    defaultValue={settings.reservationWindowBeforeDays}
                  />
                  <NumberInput
                    name="reservationWindowAfterDays"
                    label={t('reservations.daysAfter')}
                    min={0}
                    max={42}
                    defaultValue={settings.reservationWindowAfterDays}
                  />
                </Group>
                <Checkbox name="instantReservations" label={t('reservations.instant')} defaultChecked={settings.instantReservations} />
                <Group>
                  <Button type="submit" variant="default">
                    {t('reservations.save')}
                  </Button>

                </Group>
              </Stack>
            </Form>
          </Card>
        )}
      </Stack>
    </Container>
  )
}
