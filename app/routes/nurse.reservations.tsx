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
import { Link } from '~/components/link'
import { StatusBadge } from '~/components/status-badge'
import { formatCents } from '~/domain/bookings/pricing'
import { turnDownStart, turnDownWindowOf } from '~/domain/payments/turn-down-start.server'
import { getReservationSettings, listReservations, updateReservationSettings } from '~/domain/reservations/reservations.server'
import { answerReservationWithDeposit, readDeposits, withdrawReservationWithDeposit } from '~/domain/payments/reservation-deposits.server'
import { depositSentence } from '~/domain/payments/deposit-rules'
import { describeWeekdays } from '~/domain/reservations/reservation-window'
import { reservationStatus } from '~/domain/reservations/reservation-words'
import { formatNightDate, formatTime12, localToday } from '~/domain/time/shift-times'
import { ReservationAnswerSchema, ReservationCancelSchema, ReservationSettingsSchema, ReservationTurnDownSchema } from '~/schemas/reservations'
import { readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { requireNurse } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Your reservations – Nightlight' }, { name: 'robots', content: 'noindex' }]

const PAGE = '/nurse/reservations'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const [reservations, settings] = await Promise.all([listReservations(user), getReservationSettings(user.id)])
  const deposits = await readDeposits(reservations.map((r) => r.id))
  const zoneOf = new Map(reservations.map((r) => [r.id, r.timezone]))
  const depositOf = Object.fromEntries(
    [...deposits].map(([id, deposit]) => [id, depositSentence(deposit, 'nurse', localToday(zoneOf.get(id) ?? 'America/New_York', new Date()))]),
  )
  // Until when each start may still be turned down (decision 0070).
  const now = new Date()
  const turnDownUntil: Record<number, string> = {}
  for (const r of reservations) {
    const window = await turnDownWindowOf(r, now)
    if (window?.open) turnDownUntil[r.id] = new Intl.DateTimeFormat('en-US', { timeZone: r.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(window.until)
  }
  return data({ reservations, settings, turnDownUntil, depositOf }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireNurse(request)
  const formData = await readFormData(request)
  if (formData.get('intent') === 'settings') {
    const submission = parseForm(formData, { schema: ReservationSettingsSchema })
    if (submission.status !== 'success') {
      const error = Object.values(submission.error ?? {}).flat()[0] ?? 'Please check your settings'
      return data({ id: 'settings' as const, error }, { status: 400 })
    }
    await updateReservationSettings(user.id, submission.value)
    throw await redirectWithToast(PAGE, { type: 'success', message: 'Your reservation settings are saved.' })
  }
  if (formData.get('intent') === 'turn-down') {
    const submission = parseForm(formData, { schema: ReservationTurnDownSchema })
    if (submission.status !== 'success') {
      const id = Number(formData.get('reservationId')) || null
      return data({ id, error: submission.error?.reason?.[0] ?? 'Reservation is required' }, { status: 400 })
    }
    const result = await turnDownStart(user, submission.value)
    if (!result.ok) return data({ id: submission.value.reservationId, error: result.error }, { status: result.status })
    throw await redirectWithToast(PAGE, { type: 'success', message: 'You turned the start down. The family is refunded in full and shown other nurses.' })
  }
  if (formData.get('intent') === 'cancel') {
    const submission = parseForm(formData, { schema: ReservationCancelSchema })
    if (submission.status !== 'success') return data({ id: null, error: 'Reservation is required' }, { status: 400 })
    const result = await withdrawReservationWithDeposit(user, submission.value)
    if (!result.ok) return data({ id: submission.value.reservationId, error: result.error }, { status: result.status })
    throw await redirectWithToast(PAGE, { type: 'success', message: 'The reservation is cancelled. The family has been told.' })
  }
  const submission = parseForm(formData, { schema: ReservationAnswerSchema })
  if (submission.status !== 'success') {
    const id = Number(formData.get('reservationId')) || null
    return data({ id, error: submission.error?.reason?.[0] ?? submission.error?.answer?.[0] ?? 'Please try again' }, { status: 400 })
  }
  const result = await answerReservationWithDeposit(user, submission.value)
  if (!result.ok) return data({ id: submission.value.reservationId, error: result.error }, { status: result.status })
  const message = result.reservation.status === 'accepted' ? 'Accepted. The family has been told.' : 'Declined. The family has been told.'
  throw await redirectWithToast(PAGE, { type: 'success', message })
}

export default function NurseReservations() {
  const { reservations, settings, turnDownUntil, depositOf } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/nurse/dashboard" fz="sm">
          ← Back to your dashboard
        </Anchor>
        <div>
          <Title order={1}>Your reservations</Title>
          <Text c="gray.7" mt="xs">
            Families expecting a baby who reserved you, in the order of their start windows. While a reservation stands, every night its plan could need is
            kept for that family: no other family can book it.
          </Text>
        </div>
        {reservations.length === 0 && (
          <Alert color="blue" variant="light" c="dark.8" role="status">
            No family has reserved you yet. Your start window and instant reservations are in your settings.
          </Alert>
        )}
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Reservations by start window">
          {reservations.map((r) => {
            const status = reservationStatus(r.status, r.holding)
            const respondBy = new Intl.DateTimeFormat('en-US', { timeZone: r.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(r.respondBy))
            return (
              <Card key={r.id} component="li" withBorder padding="md" aria-labelledby={`reservation-${r.id}`}>
                <Group justify="space-between" align="flex-start">
                  <div>
                    <Title order={2} fz="lg" id={`reservation-${r.id}`}>
                      {r.parentName}: due {formatNightDate(r.dueDate)}
                    </Title>
                    <Text fz="sm">
                      Start window {formatNightDate(r.firstStart)} – {formatNightDate(r.lastStart)}
                    </Text>
                    <Text fz="sm">
                      {describeWeekdays(r)} for {r.weeks} week{r.weeks === 1 ? '' : 's'}, {formatTime12(r.startTimeLocal)} – {formatTime12(r.endTimeLocal)},{' '}
                      {r.babies} bab{r.babies === 1 ? 'y' : 'ies'}; {formatCents(r.weekCents)} a week
                    </Text>
                    {depositOf[r.id] && <Text fz="sm">Deposit: {depositOf[r.id]}</Text>}
                    {r.notes && <Text fz="sm" c="gray.7">“{r.notes}”</Text>}
                  </div>
                  <StatusBadge status={status} size="md" />
                </Group>
                {answer?.id === r.id && answer.error && (
                  <Alert color="red" variant="light" c="dark.8" role="alert" mt="sm">
                    {answer.error}
                  </Alert>
                )}
                {r.status === 'requested' && r.holding && (
                  <Stack gap="xs" mt="sm">
                    <Text fz="sm">Please answer by {respondBy}.</Text>
                    <Group align="flex-end">
                      <Form method="post">
                        <input type="hidden" name="reservationId" value={r.id} />
                        <input type="hidden" name="answer" value="accept" />
                        <Button type="submit" aria-label={`Accept ${r.parentName}’s reservation`}>
                          Accept
                        </Button>
                      </Form>
                      <Form method="post" style={{ flex: 1 }}>
                        <input type="hidden" name="reservationId" value={r.id} />
                        <input type="hidden" name="answer" value="decline" />
                        <Group align="flex-end" gap="xs">
                          <Textarea name="reason" label="Reason, if you decline" autosize minRows={1} maxLength={500} style={{ flex: 1 }} />
                          <Button type="submit" variant="default" aria-label={`Decline ${r.parentName}’s reservation`}>
                            Decline
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
                      Their baby is here and the nights are booked. If you cannot start, you can still turn the start down until {turnDownUntil[r.id]}: the family is
                      refunded in full and shown other nurses open for their plan.
                    </Text>
                    <Group align="flex-end" gap="xs">
                      <Textarea name="reason" label="Why you cannot start" required autosize minRows={1} maxLength={500} style={{ flex: 1 }} />
                      <Button type="submit" variant="default" c="red.9" aria-label={`Turn down ${r.parentName}’s start`}>
                        Turn down the start
                      </Button>
                    </Group>
                  </Form>
                )}
                {r.status === 'accepted' && (
                  <Form method="post" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="reservationId" value={r.id} />
                    <Button type="submit" variant="default" c="red.9" size="xs">
                      Cancel this reservation
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
              Your start window
            </Title>
            <Text fz="sm" c="gray.7" mb="sm">
              The days around a family’s due date you can start on. A change applies to new requests.
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="settings" />
              <Stack gap="sm">
                {answer?.id === 'settings' && (
                  <Alert color="red" variant="light" c="dark.8" role="alert">
                    {answer.error}
                  </Alert>
                )}
                <Group grow>
                  <NumberInput name="reservationWindowBeforeDays" label="Days before the due date" min={0} max={28} defaultValue={settings.reservationWindowBeforeDays} />
                  <NumberInput name="reservationWindowAfterDays" label="Days after the due date" min={0} max={42} defaultValue={settings.reservationWindowAfterDays} />
                </Group>
                <Checkbox name="instantReservations" label="Instant reservations: accept every request at once" defaultChecked={settings.instantReservations} />
                <Group>
                  <Button type="submit" variant="default">
                    Save
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
