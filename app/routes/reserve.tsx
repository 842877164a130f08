import '~/styles/routes/reserve.css'
// /reserve?nurse=<slug> (issue 36, docs/decisions/0066): 'Starting when our baby comes home'. The
// family gives its due date and the plan; the page shows the nurse's start window and the plan's
// quote at her rates. Then the deposit (decision 0073): the plan travels in hidden fields with the
// card, and one post reserves and pays; a card that does not go through reserves nothing.
// Signed-in families only; a nurse not listed answers 404. Works without JavaScript (the test
// provider's card form; Stripe's needs it): the form posts, and the same schema validates in the
// browser and on the server.
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Checkbox, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '~/i18n/current-language'
import { WEEKDAY_NAMES } from '~/i18n/calendar-words'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
import { SelectField } from '~/components/choice-fields'
import { TextareaField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { cardLabel } from '~/domain/payments/card-words'
import { formatCents } from '~/domain/bookings/pricing'
import { depositFor, lastFullRefundDay } from '~/domain/payments/deposit-rules'
import { getPaymentProvider } from '~/domain/payments/payment-provider.server'
import { reserveWithDeposit } from '~/domain/payments/reservation-deposits.server'
import { getSavedCard } from '~/domain/payments/saved-cards.server'
import { dueDateProblem, getReservableNurse, type ReservableNurse } from '~/domain/reservations/reservations.server'
import { quotePlan } from '~/domain/reservations/reservation-window'
import { formatNightDate, formatTime12, HALF_HOUR_OPTIONS, timeZoneName } from '~/domain/time/shift-times'
import { PayAtOnceStep, type PayAtOnceView } from '~/routes/book/pay-at-once-step'
import { depositCardOf, ReservationRequestSchema, type ReservationRequest, ReserveWithDepositSchema } from '~/schemas/reservations'
import { readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { useRootData } from '~/utils/root-data'
import { limitBookingCreation } from '~/utils/rate-limit.server'
import { requireRole } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['booking'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Reserve a nurse around your due date – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

// Made as the page renders, in its language: 'Sunday' or 'Domingo', '9:00 PM' or '9:00 p.m.'.
const weekdayNames = () => WEEKDAY_NAMES[currentLanguage()].map((day) => day.charAt(0).toUpperCase() + day.slice(1))
const timeOptions = () => HALF_HOUR_OPTIONS.map((value) => ({ value, label: formatTime12(value) }))

async function nurseOf(request: Request) {
  const slug = new URL(request.url).searchParams.get('nurse') ?? ''
  const nurse = slug.length <= 200 ? await getReservableNurse(slug) : null
  if (!nurse) throw data({ message: 'Nurse not found' }, { status: 404 })
  return nurse
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ['parent'])
  const nurse = await nurseOf(request)
  return data({ nurse, title: translator('booking')('reserve.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRole(request, ['parent'])
  const nurse = await nurseOf(request)
  const formData = await readFormData(request)
  if (formData.get('intent') === 'edit') {
    // Back from the deposit: the plan's form again, as it was filled in.
    const submission = parseForm(formData, { schema: ReservationRequestSchema })
    return data({ result: null, deposit: null, plan: submission.status === 'success' ? submission.value : null })
  }
  if (formData.get('intent') !== 'reserve') {
    // The plan: checked, then the deposit step with it.
    const submission = parseForm(formData, { schema: ReservationRequestSchema })
    if (submission.status !== 'success') return data({ result: submission.reply(), deposit: null }, { status: 400 })
    // A due date that cannot be reserved around is said here, before a deposit is asked for.
    const dateProblem = dueDateProblem(submission.value.dueDate, nurse.timezone, new Date())
    if (dateProblem) return data({ result: submission.reply({ fieldErrors: { dueDate: [translateMessage(dateProblem)] } }), deposit: null }, { status: 400 })
    return data({ result: null, deposit: await depositStep(user, nurse, { ...submission.value, nurseId: nurse.id }, null) })
  }
  const submission = parseForm(formData, { schema: ReserveWithDepositSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), deposit: null }, { status: 400 })
  const { payWith, cardNumber, paymentMethodId, ...plan } = submission.value
  const values = { ...plan, nurseId: nurse.id }
  const card = depositCardOf({ payWith, cardNumber, paymentMethodId })
  if ('problem' in card) return data({ result: null, deposit: await depositStep(user, nurse, values, card.problem) }, { status: 400 })
  // Each try charges a card: it counts as a booking attempt (the same hourly limit as /book).
  const limited = await limitBookingCreation(user.id)
  if (!limited.ok) {
    return data({ result: null, deposit: await depositStep(user, nurse, values, translateMessage(limited.error)) }, { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds) } })
  }
  const result = await reserveWithDeposit(user, values, card)
  if (!result.ok) {
    // The card's trouble is told beside the card; the plan's (nights taken, her hours) above the plan.
    if (result.status === 402 || result.status === 502 || ('reason' in result && result.reason)) {
      const words =
        'reason' in result && result.reason ? `${translateMessage(result.error)} ${translateMessage(result.reason)}` : translateMessage(result.error)
      return data({ result: null, deposit: await depositStep(user, nurse, values, words) }, { status: result.status })
    }
    return data({ result: submission.reply({ formErrors: [translateMessage(result.error)] }), deposit: null }, { status: result.status })
  }
  const t = translator('booking')
  const message =
    result.reservation.status === 'accepted'
      ? t('reserve.toastAccepted', { name: nurse.name })
      : t('reserve.toastRequested', { name: nurse.name })
  throw await redirectWithToast(`/parent/reservations/${result.reservation.id}`, { type: 'success', message })
}

/** The deposit step: what it takes, the saved card, the plan again in hidden fields, and the card's trouble if the last one did not go through. */
async function depositStep(user: { id: number }, nurse: ReservableNurse, plan: ReservationRequest, cardError: string | null) {
  const deposit = depositFor({ weeks: plan.weeks, nightsPerWeek: plan.nightsPerWeek, weekdays: plan.weekdays ?? [] }, { ...nurse, babies: plan.babies })
  const savedCard = await getSavedCard(user.id)
  const view: PayAtOnceView = {
    amountDueCents: deposit.amountCents,
    summary: null,
    cardError,
    savedCardLabel: savedCard ? cardLabel(savedCard, translator('booking')) : null,
  }
  const details: Record<string, string> = {
    intent: 'reserve',
    nurseId: String(nurse.id),
    dueDate: plan.dueDate,
    weeks: String(plan.weeks),
    nightsPerWeek: String(plan.nightsPerWeek),
    startTimeLocal: plan.startTimeLocal,
    endTimeLocal: plan.endTimeLocal,
    babies: String(plan.babies),
    addressText: plan.addressText,
    ...(plan.notes ? { notes: plan.notes } : {}),
    ...Object.fromEntries((plan.weekdays ?? []).map((day, index) => [`weekdays[${index}]`, String(day)])),
  }
  return { view, details, refundUntil: lastFullRefundDay(plan.dueDate), provider: getPaymentProvider().name as 'stripe' | 'test' }
}

export default function Reserve() {
  const { nurse } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const rootData = useRootData()
  const navigation = useNavigation()
  const { t } = useTranslation('booking')
  const deposit = answer?.deposit ?? null
  const planBack = answer && 'plan' in answer && answer.plan ? { ...answer.plan, weekdays: answer.plan.weekdays?.map(String), notes: answer.plan.notes ?? undefined } : null
  if (deposit) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="lg">
          <Title order={1}>{t('reserve.depositHeading', { name: nurse.name })}</Title>
          <PayAtOnceStep
            view={deposit.view}
            nurseName={nurse.name}
            details={deposit.details}
            provider={deposit.provider}
            publishableKey={rootData?.publicEnv.stripePublishableKey ?? null}
            backTo={`/reserve?nurse=${nurse.slug}`}
            backWith={{ ...deposit.details, intent: 'edit' }}
            backLabel={t('reserve.changePlan')}
            submitting={navigation.state !== 'idle'}
            payVerb={t('reserve.payVerb')}
            intro={{
              title: t('reserve.depositTitle'),
              text: (
                <Stack gap={6}>
                  <Text>{t('reserve.depositHolds', { name: nurse.name })}</Text>
                  <Text>{t('reserve.depositRefund', { date: formatNightDate(deposit.refundUntil) })}</Text>
                </Stack>
              ),
            }}
          />
        </Stack>
      </Container>
    )
  }
  return <PlanForm nurse={nurse} result={(answer?.result ?? null) as SubmissionResult<string[]> | null} planBack={planBack} />
}

function PlanForm({
  nurse,
  result,
  planBack,
}: {
  nurse: ReturnType<typeof useLoaderData<typeof loader>>['nurse']
  result: SubmissionResult<string[]> | null
  planBack: Record<string, unknown> | null
}) {
  const { t } = useTranslation('booking')
  const say = useServerMessage()
  const WEEKDAYS = weekdayNames()
  const TIMES = timeOptions()
  const [form, fields] = useSchemaForm(ReservationRequestSchema, {
    id: 'reserve',
    lastResult: result,
    shouldValidate: 'onSubmit',
    defaultValue: planBack ?? {
      nurseId: nurse.id,
      weeks: 4,
      nightsPerWeek: 3,
      startTimeLocal: nurse.defaultStartTime,
      endTimeLocal: nurse.defaultEndTime,
      babies: 1,
    },
  })
  const weeks = Number(fields.weeks.value)
  const perWeek = Number(fields.nightsPerWeek.value)
  const babies = Number(fields.babies.value ?? 1)
  const quotable = Number.isInteger(weeks) && weeks >= 1 && weeks <= 26 && Number.isInteger(perWeek) && perWeek >= 1 && perWeek <= 7 && babies >= 1 && babies <= nurse.maxBabies
  const quote = quotable ? quotePlan({ weeks, nightsPerWeek: perWeek, weekdays: [] }, { ...nurse, babies }) : null
  const chosenDays = ([] as unknown[]).concat(fields.weekdays.value ?? []).map(String)
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={`/nurse/${nurse.slug}`} fz="sm">
          {t('reserve.backTo', { name: nurse.name })}
        </Anchor>
        <div>
          <Title order={1}>{t('reserve.title')}</Title>
          <Text c="gray.7" mt="xs">
            {t('reserve.intro', {
              name: nurse.name,
              // windowSentence's words: 'She can start from 14 days before to 21 days after your due date.'
              window: t('planWords.window', { before: nurse.windowBeforeDays, after: nurse.windowAfterDays }),
              answer: nurse.instantReservations ? 'instant' : 'later',
            })}
          </Text>
        </div>
        <SectionCard id="reservation-plan" title={t('reserve.plan')} titleMb="sm">
          <Form method="post" {...getFormProps(form)}>
            <Stack gap="md">
              <FormErrorSummary form={form} title={t('reserve.checkForm')} variant="light" c="dark.8" />
              <input type="hidden" name={fields.nurseId.name} value={nurse.id} />
              <TextField
                field={fields.dueDate}
                type="date"
                label={t('reserve.dueDate')}
                description={t('reserve.dueDateHint')}
                required
              />
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <TextField field={fields.weeks} type="number" label={t('reserve.weeks')} min={1} max={26} required />
                <TextField
                  field={fields.nightsPerWeek}
                  type="number"
                  label={t('reserve.nightsAWeek')}
                  min={1}
                  max={7}
                  required
                />
                <TextField
                  field={fields.babies}
                  type="number"
                  label={t('reserve.babies')}
                  min={1}
                  max={nurse.maxBabies}
                  description={t('reserve.babiesHint', { max: nurse.maxBabies })}
                />
              </SimpleGrid>
              <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby="weekdays-help">
                <Text component="legend" fw={500} fz="sm" mb={4}>
                  {t('reserve.whichNights')}
                </Text>
                <Text id="weekdays-help" fz="xs" c="gray.7" mb={6}>
                  {t('reserve.whichNightsHint')}
                </Text>
                <Group gap="md">
                  {WEEKDAYS.map((day, index) => (
                    <Checkbox key={day} name={fields.weekdays.name} value={String(index)} label={day} defaultChecked={chosenDays.includes(String(index))} />
                  ))}
                </Group>
                {fields.weekdays.errors?.[0] && (
                  <Text c="red.8" fz="sm" mt={4} role="alert">
                    {say(fields.weekdays.errors[0])}
                  </Text>
                )}
              </fieldset>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <SelectField
                  field={fields.startTimeLocal}
                  data={TIMES}
                  label={t('reserve.shiftStarts')}
                  description={timeZoneName(nurse.timezone)}
                />
                <SelectField
                  field={fields.endTimeLocal}
                  data={TIMES}
                  label={t('reserve.shiftEnds')}
                  description={t('reserve.shiftLength', { min: nurse.minHours, max: nurse.maxHours })}
                />
              </SimpleGrid>
              <TextField field={fields.addressText} label={t('reserve.address')} required />
              <TextareaField field={fields.notes} label={t('reserve.notes')} autosize minRows={2} />
              <Alert color="blue" variant="light" c="dark.8" role="status" title={t('reserve.quote')}>
                {quote
                  ? t('reserve.quoteText', {
                      week: formatCents(quote.week.totalAmountCents),
                      perWeek,
                      total: formatCents(quote.total.totalAmountCents),
                      weeks,
                    })
                  : t('reserve.quoteEmpty')}
              </Alert>
              <Group>
                <Button type="submit">{t('reserve.continue')}</Button>
              </Group>
            </Stack>
          </Form>
        </SectionCard>
      </Stack>
    </Container>
  )
}
