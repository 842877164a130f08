// 'View Details': one booking of the signed-in parent (the parent area admits admins too, each
// seeing only their own bookings); anyone else's is Not Found. The loader is one call to the
// booking page's view-model (getBookingPage); each form posts here with its intent, is read by
// parseForm with its schema and calls one domain function. The page's parts are beside this file.
import '~/styles/routes/parent.bookings.$bookingId.css'
import { Anchor, Container, Grid, Group, Stack, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Link } from '~/components/link'
import { CancelNightConfirmation, cancellableNight } from '~/components/parent-cancel-confirmation'
import { BookingStatusBadge } from '~/components/parent-status-badge'
import { ToastWithoutScripts } from '~/components/toast-without-scripts'
import { BOOKING_NOT_FOUND, formatBookingReference } from '~/domain/bookings/booking-rules'
import type { UnpaidPayment } from '~/domain/parents/booking-page'
import { getBookingPage } from '~/domain/parents/booking-page.server'
import { cancelOccurrence, getCancellationPreview } from '~/domain/payments/cancellation.server'
import { abandonUnpaidBooking, checkUnpaidBookingPayment } from '~/domain/payments/reconciliation.server'
import { payWeekNow } from '~/domain/payments/weekly-charges.server'
import { reportNightProblem } from '~/domain/payouts/payouts.server'
import { saveReview } from '~/domain/reviews/reviews.server'
import { BookingPageQuerySchema, BookingParamsSchema, CancelOccurrenceSchema, UnpaidBookingIntentSchema } from '~/schemas/parent-bookings'
import { ReportProblemSchema } from '~/schemas/payouts'
import { ReviewSchema } from '~/schemas/reviews'
import { PayWeekSchema } from '~/schemas/saved-cards'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { requireParentOrAdmin } from '~/utils/session.server'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { redirectWithToast } from '~/utils/toast.server'
import { bookUrl } from '../book/book-state'
import { BookingAside } from './booking-aside'
import { BookingNights } from './booking-nights'
import { BookingPayments, NightReportsCard } from './booking-payments'
import { ReportProblemCard } from './report-problem-card'
import { ReviewCard } from './review-card'
import { UnpaidBookingCard } from './unpaid-booking-card'
import { WeeklyPaymentsCard } from './weekly-payments'
import { useTranslation } from 'react-i18next'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['parent', 'booking'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [
  { title: loaderData ? loaderData.title : 'Booking – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const parsed = BookingParamsSchema.safeParse(params)
  if (!parsed.success) throw data({ message: BOOKING_NOT_FOUND }, { status: 404 })
  // 'Cancel' asks here, with the refund, and the family stays on this page (issue 38).
  const query = BookingPageQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  // Reading it changes nothing: whether a started charge went through is asked by the page's own
  // POST (docs/decisions/0012).
  const page = await getBookingPage({ parentId: user.id, bookingId: parsed.data.bookingId, now: new Date(), cancelNightId: query.data?.cancel })
  if (!page) throw data({ message: BOOKING_NOT_FOUND }, { status: 404 })
  const title = translator('parent')('booking.metaTitle', { reference: formatBookingReference(page.booking.id) })
  return data({ ...page, title, payment: page.payment && withPayHref(page.payment) }, { headers: { 'Cache-Control': 'private, no-store' } })
}

// 'Pay now' goes to the /book payment step of this booking: the test card form (no JavaScript
// needed) or Stripe's Payment Element, exactly as when it was booked.
function withPayHref({ resume, ...payment }: UnpaidPayment) {
  const link = { nurseId: resume.nurseId, slug: resume.slug, nights: resume.nights, weeks: null, babies: resume.babies }
  return { ...payment, payHref: bookUrl(link, { step: 3, bookingId: resume.bookingId }) }
}

export type BookingPageData = ReturnType<typeof useLoaderData<typeof loader>>

export const PROBLEM_REPORTED_MESSAGE =
  'Thank you for telling us. We have held this night’s payment to the nurse while our team looks into it, and we will contact you within one business day.'
export const REVIEW_SAVED_MESSAGE = 'Thank you for your review. It is on the nurse’s profile.'
export const WEEK_PAID_MESSAGE = 'Thank you: the week is paid and its nights are confirmed.'

type Parent = { id: number }

// Each form names its intent. Only the parent's own booking (checked in the domain).
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const parsed = BookingParamsSchema.safeParse(params)
  if (!parsed.success) return data({ error: translateMessage(BOOKING_NOT_FOUND), notice: null }, { status: 404 })
  const { bookingId } = parsed.data
  const formData = await readFormData(request)
  switch (formData.get('intent')) {
    case 'report-problem':
      return reportProblem(user, bookingId, formData)
    case 'pay-week':
      return payWeek(user, bookingId, formData)
    case 'review':
      return writeReview(user, bookingId, formData)
    case 'cancel':
      return cancelNight(user, bookingId, formData)
    default:
      return settleUnpaidBooking(user, bookingId, formData)
  }
}

// 'Abandon' (intent=abandon): the parent gives up their unpaid booking; its nights are free at
// once. 'Check payment' (intent=check-payment): the provider is asked whether a charge started for
// it went through, and a paid one confirms the booking. Only while unpaid.
async function settleUnpaidBooking(user: Parent, bookingId: number, formData: FormData) {
  const submission = parseForm(formData, { schema: UnpaidBookingIntentSchema })
  if (submission.status !== 'success') return data({ error: translateMessage('Unknown action'), notice: null }, { status: 400 })
  const input = { parentId: user.id, bookingId, now: new Date() }
  const result = submission.value.intent === 'abandon' ? await abandonUnpaidBooking(input) : await checkUnpaidBookingPayment(input)
  if (!result.ok) return data({ error: translateMessage(result.error), notice: null }, { status: result.status })
  // Nothing changed: said on the page, with its card form and Abandon still there.
  if (result.outcome === 'not-paid') return data({ error: null, notice: translateMessage(result.message) })
  throw await redirectWithToast(`/parent/bookings/${bookingId}`, { type: 'success', message: translateMessage(result.message) })
}

// 'Report a problem with this night' (issue 15): holds the night's payout for an admin. What the
// parent wrote comes back with the error when it is refused, so nothing typed is lost.
async function reportProblem(user: Parent, bookingId: number, formData: FormData) {
  const submission = parseForm(formData, { schema: ReportProblemSchema })
  const typed = { occurrenceId: Number(typedText(submission, 'occurrenceId')) || null, description: typedText(submission, 'description') }
  if (submission.status !== 'success') {
    return data({ error: null, notice: null, report: { ...typed, error: translateMessage(firstError(submission.error)) } }, { status: 400 })
  }
  const result = await reportNightProblem(user, { bookingId, ...submission.value }, new Date())
  if (!result.ok) return data({ error: null, notice: null, report: { ...typed, error: translateMessage(result.error) } }, { status: result.status })
  throw await redirectWithToast(`/parent/bookings/${bookingId}#booking-nights`, { type: 'success', message: translateMessage(PROBLEM_REPORTED_MESSAGE) })
}

// 'Yes, Cancel' on this page: a night of this booking only; the refund shown is the refund made
// (cancelOccurrence refuses a changed one). Back to the booking with the outcome as a toast.
async function cancelNight(user: Parent, bookingId: number, formData: FormData) {
  const submission = parseForm(formData, { schema: CancelOccurrenceSchema })
  if (submission.status !== 'success') return data({ error: translateMessage(firstError(submission.error)), notice: null }, { status: 400 })
  const now = new Date()
  const night = await getCancellationPreview({ parentId: user.id, occurrenceId: submission.value.occurrenceId, now })
  if (night?.bookingId !== bookingId) return data({ error: translateMessage(BOOKING_NOT_FOUND), notice: null }, { status: 404 })
  const result = await cancelOccurrence({ parentId: user.id, ...submission.value, now, t: translator('parent') })
  if (!result.ok) return data({ error: translateMessage(result.error), notice: null }, { status: result.status })
  throw await redirectWithToast(`/parent/bookings/${bookingId}`, { type: 'success', message: translateMessage(result.message) })
}

// 'Review your nurse' (issue 16): stars and words after the first worked night, changeable for 14
// days. What the parent wrote comes back with the error when it is refused.
async function writeReview(user: Parent, bookingId: number, formData: FormData) {
  const submission = parseForm(formData, { schema: ReviewSchema })
  const typed = { rating: typedText(submission, 'rating'), body: typedText(submission, 'body') }
  if (submission.status !== 'success') {
    return data({ error: null, notice: null, reviewForm: { ...typed, error: translateMessage(firstError(submission.error)) } }, { status: 400 })
  }
  const saved = await saveReview(user.id, bookingId, submission.value)
  if (!saved.ok) return data({ error: null, notice: null, reviewForm: { ...typed, error: translateMessage(saved.error) } }, { status: saved.status })
  throw await redirectWithToast(`/parent/bookings/${bookingId}#your-review`, { type: 'success', message: translateMessage(REVIEW_SAVED_MESSAGE) })
}

// 'Pay now' for a week whose weekly charge was declined (issue 15): the saved card, or with the
// built-in provider a test card typed here (which becomes the saved card).
async function payWeek(user: Parent, bookingId: number, formData: FormData) {
  const submission = parseForm(formData, { schema: PayWeekSchema })
  if (submission.status !== 'success') {
    return data({ error: null, notice: null, payWeek: { error: translateMessage(firstError(submission.error)) } }, { status: 400 })
  }
  const { week, cardNumber } = submission.value
  const result = await payWeekNow({ parentId: user.id, bookingId, week, cardNumber })
  if (!result.ok) return data({ error: null, notice: null, payWeek: { error: translateMessage(result.error) } }, { status: result.status })
  throw await redirectWithToast(`/parent/bookings/${bookingId}#weekly-payments`, { type: 'success', message: translateMessage(WEEK_PAID_MESSAGE) })
}

export default function BookingDetail() {
  const page = useLoaderData<typeof loader>()
  const { booking, payment, reportable, review, cancelPreview } = page
  const actionData = useActionData<typeof action>()
  const reviewForm = actionData && 'reviewForm' in actionData ? actionData.reviewForm : null
  const report = actionData && 'report' in actionData ? actionData.report : null
  const payWeekError = actionData && 'payWeek' in actionData ? actionData.payWeek.error : null
  const { t } = useTranslation('parent')
  const [searchParams] = useSearchParams()
  // The report form is open for the night the address names (?report=), or the one just refused.
  const reportId = report?.occurrenceId ?? Number(searchParams.get('report'))
  const reportNight = reportable.includes(reportId) ? booking.occurrences.find((night) => night.id === reportId) : undefined
  return (
    <Container py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/parent/dashboard" fz="sm">
          {t('subpage.back')}
        </Anchor>
        <Group justify="space-between" align="center">
          <Title order={1}>{t('card.booking', { reference: formatBookingReference(booking.id) })}</Title>
          <BookingStatusBadge status={booking.status} />
        </Group>
        <ToastWithoutScripts />
        {report && !reportNight && (
          <ErrorNote>{report.error}</ErrorNote>
        )}
        {payment ? (
          <UnpaidBookingCard payment={payment} error={actionData?.error ?? null} notice={actionData?.notice ?? null} />
        ) : (
          actionData?.error && (
            <ErrorNote>{actionData.error}</ErrorNote>
          )
        )}

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              {cancelPreview && (
                <CancelNightConfirmation
                  night={cancellableNight(cancelPreview)}
                  nurseName={cancelPreview.nurseName}
                  action={`/parent/bookings/${booking.id}`}
                  keepHref={`/parent/bookings/${booking.id}`}
                />
              )}
              <BookingNights page={page} />
              {reportNight && (
                <ReportProblemCard night={reportNight} description={report?.description ?? ''} error={report?.error ?? null} />
              )}
              {review && <ReviewCard review={review} nurseName={booking.nurseName} typed={reviewForm} />}
              <NightReportsCard page={page} />
              <WeeklyPaymentsCard page={page} error={payWeekError} />
              <BookingPayments payments={page.payments} />
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <BookingAside page={page} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}
