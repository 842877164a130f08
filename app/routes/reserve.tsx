import '~/styles/routes/reserve.css'
// /reserve?nurse=<slug> (issue 36, docs/decisions/0066): 'Starting when our baby comes home'. The
// family gives its due date and the plan; the page shows the nurse's start window and the plan's
// quote at her rates. Signed-in families only; a nurse not listed answers 404. Works without
// JavaScript: the form posts, and the same schema validates in the browser and on the server.
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Checkbox, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SelectField } from '~/components/choice-fields'
import { TextareaField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { formatCents } from '~/domain/bookings/pricing'
import { createReservation, getReservableNurse } from '~/domain/reservations/reservations.server'
import { quotePlan, windowSentence } from '~/domain/reservations/reservation-window'
import { formatTime12, HALF_HOUR_OPTIONS, timeZoneName } from '~/domain/time/shift-times'
import { ReservationRequestSchema } from '~/schemas/reservations'
import { readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { requireRole } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Reserve a nurse around your due date – Nightlight' }, { name: 'robots', content: 'noindex' }]

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const TIMES = HALF_HOUR_OPTIONS.map((value) => ({ value, label: formatTime12(value) }))

async function nurseOf(request: Request) {
  const slug = new URL(request.url).searchParams.get('nurse') ?? ''
  const nurse = slug.length <= 200 ? await getReservableNurse(slug) : null
  if (!nurse) throw data({ message: 'Nurse not found' }, { status: 404 })
  return nurse
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ['parent'])
  const nurse = await nurseOf(request)
  return data({ nurse }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRole(request, ['parent'])
  const nurse = await nurseOf(request)
  const submission = parseForm(await readFormData(request), { schema: ReservationRequestSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const result = await createReservation(user, { ...submission.value, nurseId: nurse.id })
  if (!result.ok) return data({ result: submission.reply({ formErrors: [result.error] }) }, { status: result.status })
  const message =
    result.reservation.status === 'accepted'
      ? `${nurse.name} has reserved these nights for you.`
      : `Your request is with ${nurse.name}. She has 48 hours to answer.`
  throw await redirectWithToast(`/parent/reservations/${result.reservation.id}`, { type: 'success', message })
}

export default function Reserve() {
  const { nurse } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const [form, fields] = useSchemaForm(ReservationRequestSchema, {
    id: 'reserve',
    lastResult: (answer?.result ?? null) as SubmissionResult<string[]> | null,
    shouldValidate: 'onSubmit',
    defaultValue: {
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
          ← Back to {nurse.name}
        </Anchor>
        <div>
          <Title order={1}>Starting when our baby comes home</Title>
          <Text c="gray.7" mt="xs">
            Reserve {nurse.name} around your due date. {windowSentence(nurse.windowBeforeDays, nurse.windowAfterDays)}{' '}
            {nurse.instantReservations ? 'She accepts reservations at once.' : 'She answers within 48 hours.'} Nothing is charged now.
          </Text>
        </div>
        <SectionCard id="reservation-plan" title="Your plan" titleMb="sm">
          <Form method="post" {...getFormProps(form)}>
            <Stack gap="md">
              <FormErrorSummary form={form} variant="light" c="dark.8" />
              <input type="hidden" name={fields.nurseId.name} value={nurse.id} />
              <TextField field={fields.dueDate} type="date" label="Due date" description="The day your doctor or midwife expects the baby." required />
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <TextField field={fields.weeks} type="number" label="Weeks" min={1} max={26} required />
                <TextField field={fields.nightsPerWeek} type="number" label="Nights a week" min={1} max={7} required />
                <TextField field={fields.babies} type="number" label="Babies" min={1} max={nurse.maxBabies} description={`She cares for up to ${nurse.maxBabies}`} />
              </SimpleGrid>
              <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby="weekdays-help">
                <Text component="legend" fw={500} fz="sm" mb={4}>
                  Which nights (optional)
                </Text>
                <Text id="weekdays-help" fz="xs" c="gray.7" mb={6}>
                  Tick one weekday for each night a week, or none: then the plan starts on its start date and takes the first nights of each week.
                </Text>
                <Group gap="md">
                  {WEEKDAYS.map((day, index) => (
                    <Checkbox key={day} name={fields.weekdays.name} value={String(index)} label={day} defaultChecked={chosenDays.includes(String(index))} />
                  ))}
                </Group>
                {fields.weekdays.errors?.[0] && (
                  <Text c="red.8" fz="sm" mt={4} role="alert">
                    {fields.weekdays.errors[0]}
                  </Text>
                )}
              </fieldset>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <SelectField field={fields.startTimeLocal} data={TIMES} label="Shift starts" description={timeZoneName(nurse.timezone)} />
                <SelectField field={fields.endTimeLocal} data={TIMES} label="Shift ends" description={`Shifts of ${nurse.minHours} to ${nurse.maxHours} hours`} />
              </SimpleGrid>
              <TextField field={fields.addressText} label="Address" required />
              <TextareaField field={fields.notes} label="Notes for her (optional)" autosize minRows={2} />
              <Alert color="blue" variant="light" c="dark.8" role="status" title="Your quote">
                {quote ? (
                  <>
                    {formatCents(quote.week.totalAmountCents)} a week ({perWeek} night{perWeek === 1 ? '' : 's'}), {formatCents(quote.total.totalAmountCents)} for{' '}
                    {weeks} week{weeks === 1 ? '' : 's'}, fee included, at her rate now.
                  </>
                ) : (
                  'Choose the weeks, nights a week and babies to see the price.'
                )}
              </Alert>
              <Group>
                <Button type="submit">{nurse.instantReservations ? 'Reserve' : 'Send request'}</Button>
              </Group>
            </Stack>
          </Form>
        </SectionCard>
      </Stack>
    </Container>
  )
}
