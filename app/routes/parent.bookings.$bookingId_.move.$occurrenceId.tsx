import '~/styles/routes/parent.bookings.$bookingId_.move.$occurrenceId.css'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Alert, Anchor, Button, Container, Group, Radio, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import { BOOKING_NOT_FOUND, formatBookingReference } from '~/domain/bookings/booking-rules'
import { ONLY_THE_FAMILY_MOVES } from '~/domain/payments/move-night'
import { getMovePreview, moveOccurrence } from '~/domain/payments/move-night.server'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate, formatTime12, timeZoneName } from '~/domain/time/shift-times'
import { MoveNightFormSchema, MoveNightParamsSchema } from '~/schemas/parent-bookings'
import { readFormData } from '~/utils/api.server'
import { requireParentOrAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { translatedReply } from '~/utils/translated-reply.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['parent'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [
  { title: loaderData?.title ?? 'Move a night – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

function readParams(params: LoaderFunctionArgs['params']) {
  const parsed = MoveNightParamsSchema.safeParse(params)
  if (!parsed.success) throw data({ message: BOOKING_NOT_FOUND }, { status: 404 })
  return parsed.data
}

/** The family itself: the parent area lets admins in, and they are told moving is not theirs (403). */
async function requireFamily(request: Request) {
  const user = await requireParentOrAdmin(request)
  if (user.role !== 'parent') throw data({ message: ONLY_THE_FAMILY_MOVES }, { status: 403 })
  return user
}

// 'Move' on a night of the booking page (issue 17, docs/decisions/0034): the nurse's open nights
// more than 48 hours ahead, each with what moving there costs. Only the parent's own night; any
// other answers Not Found. Reading it changes nothing.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFamily(request)
  const { bookingId, occurrenceId } = readParams(params)
  const t = translator('parent')
  const preview = await getMovePreview({ parentId: user.id, bookingId, occurrenceId, now: new Date(), t })
  if (!preview) throw data({ message: BOOKING_NOT_FOUND }, { status: 404 })
  const problem = preview.problem && translateMessage(preview.problem)
  return data({ ...preview, problem, title: t('move.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFamily(request)
  const { bookingId, occurrenceId } = readParams(params)
  const submission = parseForm(await readFormData(request), { schema: MoveNightFormSchema })
  if (submission.status !== 'success') return data({ result: translatedReply(submission.reply()), needsCard: false }, { status: 400 })
  const result = await moveOccurrence({ parentId: user.id, bookingId, occurrenceId, date: submission.value.date, now: new Date(), t: translator('parent') })
  if (!result.ok) {
    if (result.status === 404) throw data({ message: BOOKING_NOT_FOUND }, { status: 404 })
    return data({ result: submission.reply({ formErrors: [translateMessage(result.error)] }), needsCard: Boolean(result.needsCard) }, { status: result.status })
  }
  throw await redirectWithToast(`/parent/bookings/${bookingId}#booking-nights`, { type: 'success', message: result.message })
}

export default function MoveNight() {
  const { t } = useTranslation('parent')
  const say = useServerMessage()
  const preview = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const lastResult = (answer?.result ?? null) as SubmissionResult<string[]> | null
  const [form, fields] = useSchemaForm(MoveNightFormSchema, { id: 'move-night', lastResult, shouldValidate: 'onSubmit' })
  const bookingHref = `/parent/bookings/${preview.bookingId}`
  const { night } = preview
  // The payment page comes back to the booking, where 'Move' is one click away.
  const returnTo = encodeURIComponent(bookingHref)
  const needsCard = answer?.needsCard || (!preview.hasCard && preview.options.some((option) => option.differenceCents > 0))
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
      <Anchor component={Link} to={bookingHref} fz="sm">
        {t('move.back', { reference: formatBookingReference(preview.bookingId) })}
      </Anchor>
      <div>
        <Title order={1}>{t('move.title')}</Title>
        <Text c="gray.7" mt="xs">
          {t('move.intro', {
            name: preview.nurseName,
            date: formatNightDate(night.date),
            start: formatTime12(night.startTimeLocal),
            end: formatTime12(night.endTimeLocal),
            price: formatCents(night.priceCents),
          })}
        </Text>
      </div>
      {preview.problem ? (
        <Alert color="yellow" variant="light" c="dark.8" role="status">
          {preview.problem}
        </Alert>
      ) : preview.options.length === 0 ? (
        <Alert color="blue" variant="light" c="dark.8" role="status">
          {t('move.noOptions', { name: preview.nurseName })}
        </Alert>
      ) : (
        <SectionCard id="open-nights" title={t('move.openNights')} titleMb="sm">
          <Form method="post" {...getFormProps(form)}>
            <Stack gap="md">
              {form.errors?.map((error) => (
                <Alert key={error} color="red" variant="light" c="dark.8" role="alert">
                  {say(error)}
                  {needsCard && (
                    <>
                      {' '}
                      <Anchor component={Link} to={`/parent/payment?returnTo=${returnTo}`} underline="always">
                        {t('move.addCard')}
                      </Anchor>
                    </>
                  )}
                </Alert>
              ))}
              <Radio.Group
                name={fields.date.name}
                label={t('move.moveTo')}
                description={t('nights.localTime', { zone: timeZoneName(preview.timezone) })}
                error={say(fields.date.errors?.[0]) || undefined}
                errorProps={{ role: 'alert' }}
              >
                <Stack gap="xs" mt="xs">
                  {preview.options.map((option) => (
                    <Radio
                      key={option.date}
                      value={option.date}
                      label={`${formatNightDate(option.date)}, ${formatTime12(option.startTimeLocal)} – ${formatTime12(option.endTimeLocal)}`}
                      description={option.costLabel}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              {needsCard && !form.errors?.length && (
                <Text fz="sm">
                  {t('move.dearerBefore')}{' '}
                  <Anchor component={Link} to={`/parent/payment?returnTo=${returnTo}`} underline="always">
                    {t('move.addCard')}
                  </Anchor>{' '}
                  {t('move.dearerAfter')}
                </Text>
              )}
              <Group>
                <Button type="submit">{t('move.submit')}</Button>
                <Anchor component={Link} to={bookingHref} fz="sm">
                  {t('move.keep')}
                </Anchor>
              </Group>
            </Stack>
          </Form>
        </SectionCard>
      )}
      </Stack>
    </Container>
  )
}
