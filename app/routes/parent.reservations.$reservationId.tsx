import '~/styles/routes/parent.reservations.$reservationId.css'
// /parent/reservations/{id} (issue 36, docs/decisions/0066): the family's reservation, its status,
// window, plan, quote and respond-by; Cancel, and a new due date while it stands; once accepted,
// 'Our baby is here' (decision 0069): the plan becomes a booking from the night chosen, paid on
// /book's payment step. A first night outside her window lists the nurses near the family open on
// every night of the plan from it, each with her price, booked in one step (decision 0070).
// Another family's answers like a missing one (404). Every form is a real post that works without
// JavaScript.
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Container, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormErrorAlert, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { Link } from '~/components/link'
import { NurseCard } from '~/components/nurse-card'
import { StatusBadge } from '~/components/status-badge'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { formatCents } from '~/domain/bookings/pricing'
import { backupsSentence, bookBackupNurse, findBackupNurses } from '~/domain/payments/backup-nurses.server'
import { quotePayAtOnce, type PayAtOnceCard } from '~/domain/payments/pay-at-once.server'
import { getPaymentProvider } from '~/domain/payments/payment-provider.server'
import { getSavedCard } from '~/domain/payments/saved-cards.server'
import { getStartedBooking, reservedPlanRequest, startReservedPlan, type StartReservedPlanResult } from '~/domain/payments/start-reserved-plan.server'
import { cardLabel } from '~/components/weekly-charges'
import { PayAtOnceStep, type PayAtOnceView } from '~/routes/book/pay-at-once-step'
import { useRootData } from '~/utils/root-data'
import { changeDueDate, getReservationFor, RESERVATION_NOT_FOUND } from '~/domain/reservations/reservations.server'
import { readDeposit, withdrawReservationWithDeposit } from '~/domain/payments/reservation-deposits.server'
import { depositCountedFrom, depositSentence, familyCancelRefundsDeposit } from '~/domain/payments/deposit-rules'
import { describeWeekdays, windowSentence } from '~/domain/reservations/reservation-window'
import { reservationStatus } from '~/domain/reservations/reservation-words'
import { formatNightDate, formatTime12, localToday, timeZoneName } from '~/domain/time/shift-times'
import { bookUrl } from '~/routes/book/book-state'
import { parseIdParam } from '~/schemas/fields'
import { BookingDetailsSchema, newCardOf } from '~/schemas/booking'
import { ReservationBackupSchema, ReservationCancelSchema, ReservationDueDateSchema, ReservationStartSchema } from '~/schemas/reservations'
import { readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { limitBookingCreation } from '~/utils/rate-limit.server'
import { requireRole } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useTranslation } from 'react-i18next'
import { familyStatusLabel } from '~/components/parent-status-badge'
import { currentLanguage } from '~/i18n/current-language'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { formatPaymentDate } from '~/domain/payments/receipts'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['parent', 'booking'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [
  { title: loaderData?.title ?? 'Your reservation – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

function idOf(params: LoaderFunctionArgs['params']) {
  const id = parseIdParam(params.reservationId)
  if (!id) throw data({ message: RESERVATION_NOT_FOUND }, { status: 404 })
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, ['parent'])
  const reservation = await getReservationFor(user, idOf(params))
  if (!reservation) throw data({ message: RESERVATION_NOT_FOUND }, { status: 404 })
  const [started, deposit] = await Promise.all([
    reservation.status === 'started' ? getStartedBooking(user.id, reservation.id) : null,
    readDeposit(reservation.id),
  ])
  const today = localToday(reservation.timezone, new Date())
  // ?from=<date>: the family asked for a first night outside her window; the backups for it.
  const from = ReservationStartSchema.shape.firstNight.safeParse(new URL(request.url).searchParams.get('from'))
  const mayFindBackups = reservation.status === 'accepted' || reservation.turnedDown
  const backups = from.success && mayFindBackups ? await findBackupNurses(user, { reservationId: reservation.id, firstNight: from.data }) : null
  const t = translator('parent')
  const found = backups?.ok ? { ...backups, sentence: backupsSentence(reservation, backups.firstNight, t) } : null
  return data(
    {
      title: t('reservation.metaTitle'),
      reservation,
      started,
      deposit: deposit && { ...deposit, sentence: depositSentence(deposit, 'parent', today, t), refundedIfCancelled: familyCancelRefundsDeposit(depositCountedFrom(reservation), reservation.timezone, new Date()) },
      today,
      backups: found,
      backupsRefused: backups && !backups.ok ? translateMessage(backups.error) : null,
      fromDate: from.success ? from.data : null,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRole(request, ['parent'])
  const id = idOf(params)
  const formData = await readFormData(request)
  const page = `/parent/reservations/${id}`
  if (formData.get('intent') === 'cancel') {
    const submission = parseForm(formData, { schema: ReservationCancelSchema })
    if (submission.status !== 'success') return data({ intent: 'cancel', result: submission.reply() }, { status: 400 })
    const result = await withdrawReservationWithDeposit(user, { reservationId: id })
    if (!result.ok && result.status === 404) throw data({ message: RESERVATION_NOT_FOUND }, { status: 404 })
    if (!result.ok) return data({ intent: 'cancel', result: submission.reply({ formErrors: [translateMessage(result.error)] }) }, { status: result.status })
    throw await redirectWithToast(page, { type: 'success', message: translateMessage('Your reservation is cancelled. She has been told.') })
  }
  if (formData.get('intent') === 'start') {
    const submission = parseForm(formData, { schema: StartPostSchema })
    if (submission.status !== 'success') return data({ intent: 'start', result: submission.reply() }, { status: 400 })
    // Each press counts as a booking attempt, as on /book: nobody churns unpaid holds from here either.
    const limited = await limitBookingCreation(user.id)
    if (!limited.ok) {
      return data({ intent: 'start', result: submission.reply({ formErrors: [translateMessage(limited.error)] }) }, { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds) } })
    }
    const card = cardOf(submission.value)
    const fields = { firstNight: submission.value.firstNight }
    if (card && 'problem' in card) return data({ intent: 'start', result: submission.reply(), payAtOnce: await payAtOnceStep(user, id, fields, card.problem) }, { status: 400 })
    const result = await startReservedPlan(user, { reservationId: id, firstNight: submission.value.firstNight }, new Date(), { card })
    if (!result.ok && result.status === 404) throw data({ message: RESERVATION_NOT_FOUND }, { status: 404 })
    // Outside her window: the nurses open from that night, on this page.
    if (!result.ok && 'outsideWindow' in result && result.outsideWindow) throw redirect(`${page}?from=${submission.value.firstNight}#backup-nurses`)
    if (!result.ok && result.payAtOnce) {
      return data({ intent: 'start', result: submission.reply(), payAtOnce: await payAtOnceStep(user, id, fields, card ? result.error : null) }, { status: result.status })
    }
    if (!result.ok) return data({ intent: 'start', result: submission.reply({ formErrors: [translateMessage(result.error)] }) }, { status: result.status })
    throw await toPayment(result)
  }
  if (formData.get('intent') === 'backup') {
    const submission = parseForm(formData, { schema: BackupPostSchema })
    if (submission.status !== 'success') return data({ intent: 'backup', result: submission.reply() }, { status: 400 })
    const limited = await limitBookingCreation(user.id)
    if (!limited.ok) {
      return data({ intent: 'backup', result: submission.reply({ formErrors: [translateMessage(limited.error)] }) }, { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds) } })
    }
    const card = cardOf(submission.value)
    const fields = { firstNight: submission.value.firstNight, nurseId: submission.value.nurseId }
    if (card && 'problem' in card) return data({ intent: 'backup', result: submission.reply(), payAtOnce: await payAtOnceStep(user, id, fields, card.problem) }, { status: 400 })
    const result = await bookBackupNurse(user, { reservationId: id, nurseId: submission.value.nurseId, firstNight: submission.value.firstNight }, new Date(), { card })
    if (!result.ok && result.status === 404 && result.error === RESERVATION_NOT_FOUND) throw data({ message: RESERVATION_NOT_FOUND }, { status: 404 })
    if (!result.ok && result.payAtOnce) {
      return data({ intent: 'backup', result: submission.reply(), payAtOnce: await payAtOnceStep(user, id, fields, card ? result.error : null) }, { status: result.status })
    }
    if (!result.ok) return data({ intent: 'backup', result: submission.reply({ formErrors: [translateMessage(result.error)] }) }, { status: result.status })
    throw await toPayment(result)
  }
  const submission = parseForm(formData, { schema: ReservationDueDateSchema })
  if (submission.status !== 'success') return data({ intent: 'due-date', result: submission.reply() }, { status: 400 })
  const result = await changeDueDate(user, { reservationId: id, dueDate: submission.value.dueDate })
  if (!result.ok && result.status === 404) throw data({ message: RESERVATION_NOT_FOUND }, { status: 404 })
  if (!result.ok) return data({ intent: 'due-date', result: submission.reply({ formErrors: [translateMessage(result.error)] }) }, { status: result.status })
  throw await redirectWithToast(page, { type: 'success', message: translateMessage('Your due date is changed. She has been told.') })
}

/** A booking of the plan, held for payment: paid on /book's payment step like any other; or already paid at once. */
async function toPayment({ booking, paidAtOnce, paidByDeposit }: Extract<StartReservedPlanResult, { ok: true }>) {
  if (paidByDeposit) return redirectWithToast(`/parent/bookings/${booking.id}`, { type: 'success', message: translateMessage('Your deposit pays the first week: your nights are confirmed.') })
  if (paidAtOnce) return redirectWithToast(`/parent/bookings/${booking.id}`, { type: 'success', message: translateMessage('Booked and paid: your nights are confirmed.') })
  const nights = booking.occurrences.map((night) => ({ date: night.date, startTimeLocal: night.startTimeLocal, endTimeLocal: night.endTimeLocal }))
  return redirect(bookUrl({ nurseId: booking.nurseId, slug: booking.nurseSlug, nights, weeks: null, babies: booking.babies }, { step: 3, bookingId: booking.id }))
}

// The card a family that must pay as it books (decision 0045) posts with 'Start the nights' or a
// backup's 'Book': its saved card, or a card entered in the pay-at-once step.
const CardFields = BookingDetailsSchema.pick({ payWith: true, cardNumber: true, paymentMethodId: true }).shape
const StartPostSchema = ReservationStartSchema.extend(CardFields)
const BackupPostSchema = ReservationBackupSchema.extend(CardFields)

function cardOf(values: { payWith?: 'saved_card' | 'card'; cardNumber?: string; paymentMethodId?: string }): PayAtOnceCard | { problem: string } | undefined {
  if (values.payWith === 'saved_card') return { savedCard: true }
  return newCardOf(values) ?? undefined
}

/**
 * The pay-at-once step for the plan being started (or booked with a backup): what the first payment
 * takes, the saved card, and the card's trouble if the last one did not go through.
 */
async function payAtOnceStep(
  user: { id: number },
  reservationId: number,
  fields: { firstNight: string; nurseId?: number },
  cardError: string | null,
) {
  const reservation = await getReservationFor({ id: user.id, role: 'parent' }, reservationId)
  if (!reservation) return null
  const request = { ...reservedPlanRequest(reservation, user.id, fields.firstNight), ...(fields.nurseId && { nurseId: fields.nurseId }) }
  const priceAt = fields.nurseId ? undefined : { nightlyRateCents: reservation.nightlyRateCents, extraBabyCents: reservation.extraBabyCents }
  const [quote, savedCard] = await Promise.all([quotePayAtOnce(request, priceAt, reservationId), getSavedCard(user.id)])
  const view: PayAtOnceView = {
    amountDueCents: quote?.amountDueCents ?? null,
    summary: null,
    cardError: cardError && translateMessage(cardError),
    savedCardLabel: savedCard ? cardLabel(savedCard) : null,
  }
  const details: Record<string, string> = {
    intent: fields.nurseId ? 'backup' : 'start',
    reservationId: String(reservationId),
    firstNight: fields.firstNight,
    ...(fields.nurseId && { nurseId: String(fields.nurseId) }),
  }
  return { view, details, provider: getPaymentProvider().name as 'stripe' | 'test' }
}

/** When she answers by: 'Dec 1, 2026, 9:00 PM' in her zone ('1 dic 2026, 9:00 p.m.' in Spanish). */
function respondByLabel(iso: string | Date, timeZone: string): string {
  if (currentLanguage() !== 'es') {
    return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  )
  return `${formatPaymentDate(iso, timeZone)}, ${formatTime12(`${parts.hour}:${parts.minute}`)}`
}

export default function ParentReservation() {
  const { t } = useTranslation('parent')
  const { reservation: r, started, deposit, today, backups, backupsRefused, fromDate } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const [startForm, startFields] = useSchemaForm(ReservationStartSchema, {
    id: 'start-nights',
    lastResult: (answer?.intent === 'start' ? answer.result : null) as SubmissionResult<string[]> | null,
    shouldValidate: 'onSubmit',
    defaultValue: { reservationId: r.id, firstNight: today < r.firstStart ? r.firstStart : today },
  })
  const nurseFirstName = r.nurseName.split(' ')[0]
  const rootData = useRootData()
  const navigation = useNavigation()
  const payAtOnce = (answer && 'payAtOnce' in answer ? answer.payAtOnce : null) as Awaited<ReturnType<typeof payAtOnceStep>>
  const [dueForm, dueFields] = useSchemaForm(ReservationDueDateSchema, {
    id: 'due-date',
    lastResult: (answer?.intent === 'due-date' ? answer.result : null) as SubmissionResult<string[]> | null,
    shouldValidate: 'onSubmit',
    defaultValue: { reservationId: r.id, dueDate: r.dueDate },
  })
  const englishStatus = reservationStatus(r.status, r.holding)
  const status = { ...englishStatus, label: familyStatusLabel(englishStatus.label, t) }
  const respondBy = respondByLabel(r.respondBy, r.timezone)
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/parent/dashboard" fz="sm">
          {t('subpage.back')}
        </Anchor>
        <div>
          <Title order={1}>{t('reservation.title', { name: r.nurseName })}</Title>
          <Group gap="xs" mt="xs">
            <StatusBadge status={status} size="md" />
            {r.status === 'requested' && r.holding && <Text fz="sm">{t('reservation.answersBy', { date: respondBy })}</Text>}
          </Group>
          {r.reason && r.status === 'declined' && !r.turnedDown && <Text mt="xs">{t('reservation.reason', { reason: r.reason })}</Text>}
        </div>
        <SectionCard id="reservation-plan" title={t('reservation.windowAndPlan')} titleMb="sm">
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>{t('reservation.dueDate')}</Table.Th>
                <Table.Td>{formatNightDate(r.dueDate)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('reservation.startWindow')}</Table.Th>
                <Table.Td>
                  {formatNightDate(r.firstStart)} – {formatNightDate(r.lastStart)}
                  <Text fz="xs" c="gray.7">
                    {windowSentence(r.windowBeforeDays, r.windowAfterDays, t)}
                  </Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('reservation.plan')}</Table.Th>
                <Table.Td>
                  {t('reservation.planLine', {
                    days: describeWeekdays(r, t),
                    weeks: r.weeks,
                    start: formatTime12(r.startTimeLocal),
                    end: formatTime12(r.endTimeLocal),
                    zone: timeZoneName(r.timezone),
                  })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('aside.babies')}</Table.Th>
                <Table.Td>{r.babies}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('reservation.quote')}</Table.Th>
                <Table.Td>
                  {t('reservation.quoteLine', { week: formatCents(r.weekCents), total: formatCents(r.totalCents) })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('reservation.deposit')}</Table.Th>
                <Table.Td>{deposit ? deposit.sentence : t('reservation.noDeposit')}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </SectionCard>
        {r.status === 'accepted' && (
          <SectionCard id="baby-is-here" title={t('reservation.babyIsHere')} titleMb="sm">
            <Form method="post" {...getFormProps(startForm)}>
              <Stack gap="sm">
                <FormErrorSummary form={startForm} variant="light" c="dark.8" />
                <input type="hidden" name="intent" value="start" />
                <input type="hidden" name={startFields.reservationId.name} value={r.id} />
                <TextField
                  field={startFields.firstNight}
                  type="date"
                  label={t('reservation.firstNight')}
                  description={t('reservation.firstNightHelp', { name: nurseFirstName, from: formatNightDate(r.firstStart), to: formatNightDate(r.lastStart) })}
                />
                <Group>
                  <Button type="submit">{t('reservation.start')}</Button>
                </Group>
              </Stack>
            </Form>
          </SectionCard>
        )}
        {payAtOnce && (
          <section id="pay-at-once" aria-label={t('reservation.payAtOnce')}>
            <PayAtOnceStep
              view={payAtOnce.view}
              nurseName={r.nurseName}
              details={payAtOnce.details}
              provider={payAtOnce.provider}
              publishableKey={rootData?.publicEnv.stripePublishableKey ?? null}
              backTo={`/parent/reservations/${r.id}`}
              backLabel={t('reservation.backToReservation')}
              submitting={navigation.state === 'submitting'}
            />
          </section>
        )}
        {r.turnedDown && (
          <Alert color="orange" variant="light" c="dark.8" id="start-turned-down">
            <Stack gap="sm">
              <Text>
                {r.reason ? t('reservation.turnedDownReason', { name: nurseFirstName, reason: r.reason }) : t('reservation.turnedDown', { name: nurseFirstName })}
              </Text>
              <Form method="get" action={`/parent/reservations/${r.id}#backup-nurses`}>
                <Group align="end" gap="sm">
                  <TextInput type="date" name="from" label={t('reservation.firstNight')} defaultValue={fromDate ?? (today > r.dueDate ? today : r.dueDate)} required />
                  <Button type="submit" variant="default">
                    {t('reservation.findNurses')}
                  </Button>
                </Group>
              </Form>
            </Stack>
          </Alert>
        )}
        {(r.status === 'accepted' || r.turnedDown) && backupsRefused && (
          <Alert color="gray" variant="light" c="dark.8" id="backup-nurses">
            {backupsRefused}
          </Alert>
        )}
        {(r.status === 'accepted' || r.turnedDown) && backups && (
          <BackupNurses backups={backups} answer={answer?.intent === 'backup' ? (answer.result as SubmissionResult<string[]>) : null} />
        )}
        {r.status === 'started' && (
          <Alert color="teal" variant="light" c="dark.8" id="reservation-started">
            {started ? (
              <>
                {t('reservation.startedOn', { name: nurseFirstName, date: formatNightDate(started.startDate) })}{' '}
                <Anchor component={Link} to={`/parent/bookings/${started.id}`}>
                  {t('reservation.seeBooking')}
                </Anchor>
              </>
            ) : (
              <>{t('reservation.startedBooked', { name: nurseFirstName })}</>
            )}
          </Alert>
        )}
        {r.holding && (
          <SectionCard id="change-due-date" title={t('reservation.dueDateChanged')} titleMb="sm">
            <Form method="post" {...getFormProps(dueForm)}>
              <Stack gap="sm">
                <FormErrorSummary form={dueForm} variant="light" c="dark.8" />
                <input type="hidden" name="intent" value="due-date" />
                <input type="hidden" name={dueFields.reservationId.name} value={r.id} />
                <TextField field={dueFields.dueDate} type="date" label={t('reservation.newDueDate')} description={t('reservation.newDueDateHelp')} />
                <Group>
                  <Button type="submit" variant="default">
                    {t('reservation.changeDueDate')}
                  </Button>
                </Group>
              </Stack>
            </Form>
          </SectionCard>
        )}
        {r.holding && (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="reservationId" value={r.id} />
            {answer?.intent === 'cancel' && <FormErrorAlert errors={(answer.result as SubmissionResult<string[]>).error?.[''] ?? undefined} mb="sm" />}
            {deposit?.state === 'held' && (
              <Text fz="sm" mb="xs">
                {deposit.refundedIfCancelled
                  ? t('reservation.cancelRefunds', { amount: formatCents(deposit.amountCents) })
                  : t('reservation.cancelKeeps', { amount: formatCents(deposit.amountCents), name: nurseFirstName })}
              </Text>
            )}
            <Button type="submit" variant="default" c="red.9">
              {t('reservation.cancel')}
            </Button>
          </Form>
        )}
        {!r.holding && r.status !== 'accepted' && r.status !== 'started' && !r.turnedDown && (
          <Alert color="gray" variant="light" c="dark.8">
            {t('reservation.noLongerHolds')} <Anchor component={Link} to={`/nurse/${r.nurseSlug}`}>{t('reservation.seeProfile', { name: r.nurseName })}</Anchor>
          </Alert>
        )}
      </Stack>
    </Container>
  )
}

function BackupNurses({ backups, answer }: { backups: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['backups']>; answer: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation('parent')
  const { reservation: r, firstNight, nurses, sentence } = backups
  const nurseFirstName = r.nurseName.split(' ')[0]
  const formErrors = answer?.error?.[''] ?? undefined
  return (
    <SectionCard id="backup-nurses" title={t('backups.title', { date: formatNightDate(firstNight) })} titleMb="sm">
      <Stack gap="md">
        <Text>{sentence}</Text>
        <Text fz="sm" c="gray.7">
          {t('backups.samePlan', {
            days: describeWeekdays(r, t),
            weeks: r.weeks,
            start: formatTime12(r.startTimeLocal),
            end: formatTime12(r.endTimeLocal),
          })}{' '}
          {r.turnedDown ? t('backups.thenStarts') : t('backups.thenEnds', { name: nurseFirstName })}
        </Text>
        <FormErrorAlert errors={formErrors} variant="light" c="dark.8" />
        {nurses.length === 0 ? (
          <Alert color="gray" variant="light" c="dark.8">
            {t('backups.noneBefore')}{' '}
            <Anchor component={Link} to="/search">
              {t('backups.searchAll')}
            </Anchor>
            .
          </Alert>
        ) : (
          nurses.map(({ card, planCents, weekCents }) => (
            <Stack key={card.id} gap="xs">
              <NurseCard nurse={card} headingLevel={3} />
              <Form method="post">
                <input type="hidden" name="intent" value="backup" />
                <input type="hidden" name="reservationId" value={r.id} />
                <input type="hidden" name="nurseId" value={card.id} />
                <input type="hidden" name="firstNight" value={firstNight} />
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fz="sm">
                    {t('backups.price', { plan: formatCents(planCents), week: formatCents(weekCents) })}
                  </Text>
                  <Button type="submit">
                    {t('backups.book', { name: card.displayName.split(' ')[0], date: formatNightDate(firstNight) })}
                  </Button>
                </Group>
              </Form>
            </Stack>
          ))
        )}
      </Stack>
    </SectionCard>
  )
}
