import '~/styles/routes/parent.bookings.$bookingId.css'
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Loader,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useFetcher, useLoaderData, useSearchParams } from '@remix-run/react'
import { Link } from '~/components/link'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { z } from 'zod'
import { ReceiptPdfButton } from '~/components/parent-payment-history'
import { PlainToast } from '~/components/plain-toast'
import { BookingStatusBadge, NightStatusBadge } from '~/components/parent-status-badge'
import { SectionCard } from '~/components/section-card'
import { StarRating } from '~/components/star-rating'
import { StackedTable } from '~/components/stacked-table'
import { UserAvatar } from '~/components/user-avatar'
import { BOOKING_NOT_FOUND, formatBookingReference } from '~/domain/bookings/booking-rules'
import { getParentBookingDetail } from '~/domain/bookings/parent-bookings.server'
import { canMoveNight } from '~/domain/bookings/move-night'
import { shownHeadline } from '~/domain/nurses/nurse-profile'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate, patternLabel, priceSummaryLines } from '~/domain/bookings/receipts'
import { formatNightDate, formatTime12, timeZoneName } from '~/domain/bookings/shift-times'
import {
  abandonUnpaidBooking,
  checkUnpaidBookingPayment,
  findUnpaidBookingView,
} from '~/domain/bookings/reconciliation.server'
import { getBookingProblems, reportNightProblem } from '~/domain/payouts/payouts.server'
import { getChargeSchedule } from '~/domain/bookings/charge-weeks.server'
import { getBookingReports } from '~/domain/night-reports/night-reports.server'
import { getBookingReview, saveReview } from '~/domain/reviews/reviews.server'
import { ReviewSchema } from '~/schemas/reviews'
import { NightReportView } from '~/components/night-report-view'
import { getSavedCard } from '~/domain/payments/saved-cards.server'
import { payWeekNow } from '~/domain/payments/weekly-charges.server'
import { TEST_CARD_SAVED_DECLINES, TEST_CARD_SUCCEEDS } from '~/domain/payments/test-cards'
import { getPaymentProvider } from '~/domain/payments/payment-provider.server'
import { cardLabel, WeeklyChargeSchedule } from '~/components/weekly-charges'
import { PayWeekSchema } from '~/schemas/saved-cards'
import { PAYABLE_AFTER_HOURS } from '~/domain/payouts/payout-rules'
import { BookingParamsSchema, CancelOccurrenceSchema } from '~/schemas/parent-bookings'
import { CancelNightConfirmation, cancellableNight } from '~/components/parent-cancel-confirmation'
import { cancelOccurrence, getCancellationPreview } from '~/domain/bookings/cancellations.server'
import { ReportProblemSchema } from '~/schemas/payouts'
import { readFormData } from '~/utils/api.server'
import { echoFields } from '~/utils/forms.server'
import { requireParentOrAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { bookUrl } from './book/book-state'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: loaderData ? `Booking ${formatBookingReference(loaderData.booking.id)} – Nightlight` : 'Booking – Nightlight' },
  { name: 'robots', content: 'noindex' },
]

// 'View Details': one booking of the signed-in parent; anyone else's is Not Found.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const parsed = BookingParamsSchema.safeParse(params)
  if (!parsed.success) throw data({ message: BOOKING_NOT_FOUND }, { status: 404 })
  const now = new Date()
  const input = { parentId: user.id, bookingId: parsed.data.bookingId, now }
  // A booking waiting for payment can be paid or abandoned here (docs/decisions/0012). Reading it
  // changes nothing: whether a started charge went through is asked by the page's own POST.
  const unpaid = await findUnpaidBookingView(input)
  const detail = await getParentBookingDetail(input)
  if (!detail) throw data({ message: BOOKING_NOT_FOUND }, { status: 404 })
  const payment =
    unpaid && detail.booking.status === 'pending'
      ? {
          expired: unpaid.expired,
          chargeStarted: unpaid.chargeStarted,
          minutesLeft: unpaid.holdExpiresAt
            ? Math.max(0, Math.ceil((unpaid.holdExpiresAt.getTime() - now.getTime()) / 60_000))
            : null,
          // The /book payment step for this booking: the test card form (no JavaScript needed) or
          // Stripe's Payment Element, exactly as when it was booked.
          payHref: bookUrl(
            { nurseId: unpaid.nurseId, slug: unpaid.nurseSlug, nights: unpaid.nights, weeks: null },
            { step: 3, bookingId: unpaid.bookingId },
          ),
        }
      : null
  // 'Cancel' asks here, with the refund, and the family stays on this page (issue 38).
  const cancelId = CancelQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams)).data?.cancel
  const [problems, weeks, card, reports, review, cancelPreview] = await Promise.all([
    getBookingProblems(detail.booking.id, now),
    getChargeSchedule(detail.booking.id),
    getSavedCard(user.id),
    getBookingReports(user.id, detail.booking.id),
    getBookingReview(user.id, detail.booking.id, now),
    cancelId ? getCancellationPreview({ parentId: user.id, occurrenceId: cancelId, now }) : null,
  ])
  const weekly = weeks.length
    ? { weeks, provider: getPaymentProvider().name, savedCard: card && { brand: card.brand, last4: card.last4 } }
    : null
  // 'Move' (issue 17, docs/decisions/0034): the nights that can move now, by the move's own rule.
  const movable = detail.booking.occurrences
    .filter((night) => canMoveNight({ ...night, startsAt: new Date(night.startsAt) }, detail.booking.status, now))
    .map((night) => night.id)
  return data(
    {
      ...detail,
      payment,
      ...problems,
      weekly,
      reports: reports ?? [],
      review,
      movable,
      cancelPreview: cancelPreview?.bookingId === detail.booking.id ? cancelPreview : null,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

const CancelQuerySchema = z.object({ cancel: z.coerce.number().int().positive().max(2_147_483_647) })

const BookingActionSchema = z.object({ intent: z.enum(['abandon', 'check-payment']) })

// 'Abandon' (POST intent=abandon): the parent gives up their unpaid booking; its nights are free
// at once. 'Check payment' (intent=check-payment): the provider is asked whether a charge started
// for it went through, and a paid one confirms the booking. Only their own booking (checked in the
// domain), only while unpaid.
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const parsed = BookingParamsSchema.safeParse(params)
  if (!parsed.success) return data({ error: BOOKING_NOT_FOUND, notice: null }, { status: 404 })
  const fields = Object.fromEntries(await readFormData(request))
  if (fields.intent === 'report-problem') return reportProblem(user, parsed.data.bookingId, fields)
  if (fields.intent === 'pay-week') return payWeek(user, parsed.data.bookingId, fields)
  if (fields.intent === 'review') return writeReview(user, parsed.data.bookingId, fields)
  if (fields.intent === 'cancel') return cancelNight(user, parsed.data.bookingId, fields)
  const form = BookingActionSchema.safeParse(fields)
  if (!form.success) return data({ error: 'Unknown action', notice: null }, { status: 400 })
  const input = { parentId: user.id, bookingId: parsed.data.bookingId, now: new Date() }
  const result =
    form.data.intent === 'abandon' ? await abandonUnpaidBooking(input) : await checkUnpaidBookingPayment(input)
  if (!result.ok) return data({ error: result.error, notice: null }, { status: result.status })
  // Nothing changed: said on the page, with its card form and Abandon still there.
  if (result.outcome === 'not-paid') return data({ error: null, notice: result.message })
  throw await redirectWithToast(`/parent/bookings/${parsed.data.bookingId}`, { type: 'success', message: result.message })
}

export const PROBLEM_REPORTED_MESSAGE =
  'Thank you for telling us. We have held this night’s payment to the nurse while our team looks into it, and we will contact you within one business day.'

// 'Report a problem with this night' (issue 15): holds the night's payout for an admin. What the
// parent wrote comes back with the error when it is refused, so nothing typed is lost.
async function reportProblem(user: { id: number }, bookingId: number, fields: Record<string, FormDataEntryValue>) {
  const form = ReportProblemSchema.safeParse(fields)
  const description = typeof fields.description === 'string' ? fields.description : ''
  const occurrenceId = Number(fields.occurrenceId) || null
  if (!form.success) {
    const error = form.error.issues[0]?.message ?? 'Please check the form.'
    return data({ error: null, notice: null, report: { occurrenceId, description, error } }, { status: 400 })
  }
  const result = await reportNightProblem(user, { bookingId, ...form.data }, new Date())
  if (!result.ok) {
    return data({ error: null, notice: null, report: { occurrenceId, description, error: result.error } }, { status: result.status })
  }
  throw await redirectWithToast(`/parent/bookings/${bookingId}#booking-nights`, { type: 'success', message: PROBLEM_REPORTED_MESSAGE })
}

// 'Yes, Cancel' on this page: a night of this booking only; the refund shown is the refund made
// (cancelOccurrence refuses a changed one). Back to the booking with the outcome as a toast.
async function cancelNight(user: { id: number }, bookingId: number, fields: Record<string, FormDataEntryValue>) {
  const form = CancelOccurrenceSchema.safeParse(fields)
  if (!form.success) return data({ error: form.error.issues[0]?.message ?? 'Please check the form.', notice: null }, { status: 400 })
  const now = new Date()
  const night = await getCancellationPreview({ parentId: user.id, occurrenceId: form.data.occurrenceId, now })
  if (night?.bookingId !== bookingId) return data({ error: BOOKING_NOT_FOUND, notice: null }, { status: 404 })
  const result = await cancelOccurrence({ parentId: user.id, ...form.data, now })
  if (!result.ok) return data({ error: result.error, notice: null }, { status: result.status })
  throw await redirectWithToast(`/parent/bookings/${bookingId}`, { type: 'success', message: result.message })
}

export const REVIEW_SAVED_MESSAGE = 'Thank you for your review. It is on the nurse’s profile.'

// 'Review your nurse' (issue 16): stars and words after the first worked night, changeable for 14
// days. What the parent wrote comes back with the error when it is refused.
async function writeReview(user: { id: number }, bookingId: number, fields: Record<string, FormDataEntryValue>) {
  const form = ReviewSchema.safeParse(fields)
  const echoed = echoFields(fields, ReviewSchema)
  const typed = { rating: typeof echoed.rating === 'string' ? echoed.rating : '', body: typeof echoed.body === 'string' ? echoed.body : '' }
  if (!form.success) {
    return data({ error: null, notice: null, reviewForm: { ...typed, error: form.error.issues[0]?.message ?? 'Please check the form.' } }, { status: 400 })
  }
  const saved = await saveReview(user.id, bookingId, form.data)
  if (!saved.ok) return data({ error: null, notice: null, reviewForm: { ...typed, error: saved.error } }, { status: saved.status })
  throw await redirectWithToast(`/parent/bookings/${bookingId}#your-review`, { type: 'success', message: REVIEW_SAVED_MESSAGE })
}

/** The family's review of this booking: the form while it can be written or changed, else the review. */
function ReviewCard({
  review,
  nurseName,
  typed,
}: {
  review: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['review']>
  nurseName: string
  typed: { rating: string; body: string; error: string } | null
}) {
  const firstName = nurseName.split(' ')[0]
  const saved = review.review
  if (!review.eligible && !saved) return null
  const editable = !saved || saved.editable
  return (
    <SectionCard id="your-review" title={saved ? 'Your review' : `Review ${firstName}`} titleMb="sm">
      {saved && saved.hidden && (
        <Alert color="yellow" variant="light" c="dark.8" mb="sm">
          Our team hid this review because it did not follow the review rules; it is not on {firstName}&apos;s profile.
        </Alert>
      )}
      {editable ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="review" />
          <Stack gap="sm">
            {typed?.error && (
              <Alert color="red" variant="light" c="dark.8" role="alert">
                {typed.error}
              </Alert>
            )}
            <Radio.Group
              name="rating"
              label={`How were your nights with ${firstName}?`}
              defaultValue={typed?.rating || (saved ? String(saved.rating) : undefined)}
              required
            >
              <Group gap="md" mt={6}>
                {[5, 4, 3, 2, 1].map((stars) => (
                  <Radio key={stars} value={String(stars)} label={`${stars} star${stars === 1 ? '' : 's'}`} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              name="body"
              label="Your review"
              description="Other families read it on her profile with your first name and last initial."
              autosize
              minRows={3}
              maxLength={2000}
              required
              defaultValue={typed?.body ?? saved?.body ?? ''}
            />
            <Group>
              <Button type="submit">{saved ? 'Update your review' : 'Publish your review'}</Button>
            </Group>
            {saved && (
              <Text fz="xs" c="gray.7">
                You can change it until {formatPaymentDate(saved.editableUntil)}.
              </Text>
            )}
          </Stack>
        </Form>
      ) : (
        saved && (
          <Stack gap={4}>
            <StarRating rating={saved.rating} />
            <Text style={{ whiteSpace: 'pre-line' }}>{saved.body}</Text>
          </Stack>
        )
      )}
      {saved?.reply && (
        <Box mt="sm" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-night-2)' }}>
          <Text fz="sm" fw={600}>
            {firstName} answered
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
            {saved.reply}
          </Text>
        </Box>
      )}
    </SectionCard>
  )
}

export const WEEK_PAID_MESSAGE = 'Thank you: the week is paid and its nights are confirmed.'

// 'Pay now' for a week whose weekly charge was declined (issue 15): the saved card, or with the
// built-in provider a test card typed here (which becomes the saved card).
async function payWeek(user: { id: number }, bookingId: number, fields: Record<string, FormDataEntryValue>) {
  const form = PayWeekSchema.safeParse(fields)
  if (!form.success) {
    return data({ error: null, notice: null, payWeek: { error: form.error.issues[0]?.message ?? 'Please check the form.' } }, { status: 400 })
  }
  const result = await payWeekNow({ parentId: user.id, bookingId, week: form.data.week, cardNumber: form.data.cardNumber })
  if (!result.ok) return data({ error: null, notice: null, payWeek: { error: result.error } }, { status: result.status })
  throw await redirectWithToast(`/parent/bookings/${bookingId}#weekly-payments`, { type: 'success', message: WEEK_PAID_MESSAGE })
}

/** The week waiting for payment after a decline: pay with the saved card (or, offline, a test card). */
function PayWeekForm({
  bookingId,
  week,
  amountCents,
  provider,
  savedCard,
  error,
}: {
  bookingId: number
  week: number
  amountCents: number
  provider: 'stripe' | 'test'
  savedCard: { brand: string; last4: string } | null
  error: string | null
}) {
  const label = `Pay ${formatCents(amountCents)} for week ${week}`
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="pay-week" />
      <input type="hidden" name="week" value={week} />
      <Stack gap="sm" align="flex-start">
        {error && (
          <Alert color="red" variant="light" c="dark.8" role="alert" title="Payment failed">
            {error}
          </Alert>
        )}
        {provider === 'test' ? (
          <>
            <Text fz="sm">
              Test payments: type <code>{TEST_CARD_SUCCEEDS}</code> to pay (it becomes your saved card), or leave it
              empty to try your saved card again ({TEST_CARD_SAVED_DECLINES} is declined).
            </Text>
            <TextInput name="cardNumber" label="Card number" inputMode="numeric" autoComplete="cc-number" />
          </>
        ) : (
          !savedCard && <Text fz="sm">Save a card first, then pay here.</Text>
        )}
        <Group>
          {(savedCard || provider === 'test') && <Button type="submit">{savedCard && provider !== 'test' ? `${label} with ${cardLabel(savedCard)}` : label}</Button>}
          <Anchor component={Link} to={`/parent/payment?returnTo=${encodeURIComponent(`/parent/bookings/${bookingId}`)}`} fz="sm">
            {savedCard ? 'Use another card' : 'Save a card'}
          </Anchor>
        </Group>
      </Stack>
    </Form>
  )
}

/**
 * A charge was started for this booking, so it may have gone through without the booking hearing
 * of it (a closed tab, a crash). With JavaScript the page asks once, in the background, as soon as
 * it loads; a paid booking then reloads as confirmed. Without it, the parent asks with the button.
 */
function CheckPayment({ notice }: { notice: string | null }) {
  const fetcher = useFetcher<typeof action>()
  const asked = useRef(false)
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    fetcher.submit({ intent: 'check-payment' }, { method: 'post' })
  }, [fetcher])
  // The answer to the background check goes unsaid when it is 'not paid': the card says so already.
  const [pressed, setPressed] = useState(false)
  const checking = fetcher.state !== 'idle'
  const said = notice ?? fetcher.data?.error ?? (pressed ? fetcher.data?.notice : null) ?? null
  return (
    <fetcher.Form method="post" onSubmit={() => setPressed(true)}>
      <input type="hidden" name="intent" value="check-payment" />
      <Group gap="sm" role="status">
        {checking ? (
          <>
            <Loader size="xs" aria-hidden />
            <Text fz="sm">Checking whether your payment went through…</Text>
          </>
        ) : (
          <>
            {said && <Text fz="sm">{said}</Text>}
            <Button type="submit" size="compact-sm" variant="subtle">
              Already paid? Check payment
            </Button>
          </>
        )}
      </Group>
    </fetcher.Form>
  )
}

const NIGHT_COLUMNS = [
  'Date',
  'Time',
  'Status',
  { label: 'Price', ta: 'right' },
  { label: 'Refund', ta: 'right' },
  { label: <VisuallyHidden>Actions</VisuallyHidden> },
] as const

function UnpaidBookingCard({
  payment,
  error,
  notice,
}: {
  payment: { expired: boolean; chargeStarted: boolean; minutesLeft: number | null; payHref: string }
  error: string | null
  notice: string | null
}) {
  return (
    <Card component="section" aria-labelledby="booking-unpaid" withBorder>
      <Stack gap="sm">
        <Title order={2} fz="lg" id="booking-unpaid">
          Waiting for payment
        </Title>
        {error && (
          <Alert color="red" variant="light" c="dark.8" role="alert">
            {error}
          </Alert>
        )}
        {payment.expired ? (
          <Text>
            The 15-minute hold on these nights has ended, so they can no longer be paid for. Nothing has been charged.
          </Text>
        ) : (
          <Text>
            These nights are held for you for {payment.minutesLeft} more{' '}
            {payment.minutesLeft === 1 ? 'minute' : 'minutes'}. Pay now to confirm the booking, or abandon it to free the
            nights.
          </Text>
        )}
        {payment.chargeStarted && <CheckPayment notice={notice} />}
        <Group>
          {!payment.expired && (
            // A post: it makes the card form's intent if the booking has none yet (an API booking).
            <Form method="post" action={payment.payHref}>
              <input type="hidden" name="intent" value="prepare-payment" />
              <Button type="submit">Pay now</Button>
            </Form>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="abandon" />
            <Button type="submit" variant="default" color="red">
              Abandon booking
            </Button>
          </Form>
        </Group>
      </Stack>
    </Card>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </Box>
  )
}

function Amount({ label, cents, strong, negative }: { label: string; cents: number; strong?: boolean; negative?: boolean }) {
  return (
    <Group justify="space-between">
      <Text fz="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500}>
        {negative ? `-${formatCents(cents)}` : formatCents(cents)}
      </Text>
    </Group>
  )
}

const PROBLEM_LABELS = {
  open: 'Problem reported',
  released: 'Problem resolved',
  refunded: 'Refunded after your report',
} as const

function ReportProblemCard({
  night,
  description,
  error,
}: {
  night: { id: number; date: string }
  description: string
  error: string | null
}) {
  const date = formatNightDate(night.date)
  return (
    <SectionCard id="report-problem" title={`Report a problem with the night of ${date}`} titleMb="sm">
      <Form method="post" preventScrollReset>
        <Stack gap="sm">
          <input type="hidden" name="intent" value="report-problem" />
          <input type="hidden" name="occurrenceId" value={night.id} />
          <Text fz="sm">
            Tell us what went wrong. We hold the nurse’s payment for this night until our team has looked into it, and
            we may refund the night. A problem can be reported until {PAYABLE_AFTER_HOURS} hours after the night ends.
          </Text>
          <Textarea
            name="description"
            label="What happened?"
            required
            minLength={10}
            maxLength={2000}
            autosize
            minRows={3}
            defaultValue={description}
            error={error}
          />
          <Group>
            <Button type="submit">Report the problem</Button>
            <Anchor component={Link} to="." preventScrollReset fz="sm">
              Never mind
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </SectionCard>
  )
}

export default function BookingDetail() {
  const { booking, payments, refundedCents, netPaidCents, payment, reportable, problems, weekly, reports, review, movable, cancelPreview } =
    useLoaderData<typeof loader>()
  const reportedNights = new Set(reports.map((report) => report.occurrenceId))
  const actionData = useActionData<typeof action>()
  const reviewForm = actionData && 'reviewForm' in actionData ? actionData.reviewForm : null
  const reference = formatBookingReference(booking.id)
  const [searchParams] = useSearchParams()
  const report = actionData && 'report' in actionData ? actionData.report : null
  const problemOf = new Map(problems.map((problem) => [problem.occurrenceId, problem]))
  // The report form is open for the night the address names (?report=), or the one just refused.
  const reportId = report?.occurrenceId ?? Number(searchParams.get('report'))
  const reportNight = reportable.includes(reportId) ? booking.occurrences.find((night) => night.id === reportId) : undefined
  return (
    <Container py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/parent/dashboard" fz="sm">
          ← Back to your dashboard
        </Anchor>
        <Group justify="space-between" align="center">
          <Title order={1}>Booking {reference}</Title>
          <BookingStatusBadge status={booking.status} />
        </Group>
        <PlainToast />
        {report && !reportNight && (
          <Alert color="red" variant="light" c="dark.8" role="alert">
            {report.error}
          </Alert>
        )}
        {payment ? (
          <UnpaidBookingCard payment={payment} error={actionData?.error ?? null} notice={actionData?.notice ?? null} />
        ) : (
          actionData?.error && (
            <Alert color="red" variant="light" c="dark.8" role="alert">
              {actionData.error}
            </Alert>
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
              <SectionCard id="booking-nights" title="Nights" titleMb="sm">
                <StackedTable columns={NIGHT_COLUMNS} minWidth={560} verticalSpacing="xs">
                  {booking.occurrences.map((night) => (
                    <Table.Tr key={night.id}>
                      <Table.Td data-label="Date">{formatNightDate(night.date)}</Table.Td>
                      <Table.Td data-label="Time">
                        {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
                      </Table.Td>
                      <Table.Td data-label="Status">
                        <NightStatusBadge status={night.status} />
                      </Table.Td>
                      <Table.Td data-label="Price" ta="right">{formatCents(night.priceCents)}</Table.Td>
                      <Table.Td data-label="Refund" ta="right">
                        {night.status === 'cancelled' && night.refundCents !== null ? formatCents(night.refundCents) : ''}
                      </Table.Td>
                      <Table.Td data-label="">
                        <Group gap="sm" wrap="nowrap">
                          {night.refundableCents !== null && (
                            <Anchor
                              component={Link}
                              to={`?cancel=${night.id}#confirm-cancellation`}
                              preventScrollReset
                              fz="sm"
                              c="red.9"
                              aria-label={`Cancel the night of ${formatNightDate(night.date)}`}
                            >
                              Cancel
                            </Anchor>
                          )}
                          {movable.includes(night.id) && (
                            <Anchor
                              component={Link}
                              to={`/parent/bookings/${booking.id}/move/${night.id}`}
                              fz="sm"
                              aria-label={`Move the night of ${formatNightDate(night.date)}`}
                            >
                              Move
                            </Anchor>
                          )}
                          {reportedNights.has(night.id) && (
                            <Anchor
                              href={`#report-${night.id}`}
                              fz="sm"
                              aria-label={`Night report of ${formatNightDate(night.date)}`}
                            >
                              Night report
                            </Anchor>
                          )}
                          {reportable.includes(night.id) && (
                            <Anchor
                              component={Link}
                              to={`?report=${night.id}#report-problem`}
                              preventScrollReset
                              fz="sm"
                              aria-label={`Report a problem with the night of ${formatNightDate(night.date)}`}
                            >
                              Report a problem
                            </Anchor>
                          )}
                          {problemOf.get(night.id) && (
                            <Text fz="sm" c="gray.7">
                              {PROBLEM_LABELS[problemOf.get(night.id)!.status]}
                            </Text>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </StackedTable>
                <Text fz="xs" c="dimmed" mt="xs">
                  Times are the nurse’s local time ({timeZoneName(booking.timezone)}).
                </Text>
              </SectionCard>

              {reportNight && (
                <ReportProblemCard
                  night={reportNight}
                  description={report?.description ?? ''}
                  error={report?.error ?? null}
                />
              )}

              {review && <ReviewCard review={review} nurseName={booking.nurseName} typed={reviewForm} />}

              {reports.length > 0 && (
                <SectionCard id="night-reports" title="Night reports" titleMb="sm">
                  <Stack gap="lg">
                    {reports.map((report) => (
                      <NightReportView key={report.id} report={report} nurseName={booking.nurseName} />
                    ))}
                    <Anchor href={`/parent/night-reports/${booking.id}.pdf`} fz="sm">
                      Download the night reports (PDF)
                    </Anchor>
                  </Stack>
                </SectionCard>
              )}

              {weekly && (
                <SectionCard id="weekly-payments" title="Weekly payments" titleMb="sm">
                  <WeeklyChargeSchedule
                    weeks={weekly.weeks}
                    timeZone={booking.timezone}
                    bookingPaid={booking.status !== 'pending'}
                    savedCardLabel={weekly.savedCard ? cardLabel(weekly.savedCard) : null}
                  >
                    {weekly.weeks
                      .filter((week) => week.status === 'failed')
                      .map((week) => (
                        <PayWeekForm
                          key={week.week}
                          bookingId={booking.id}
                          week={week.week}
                          amountCents={week.amountCents}
                          provider={weekly.provider}
                          savedCard={weekly.savedCard}
                          error={actionData && 'payWeek' in actionData ? actionData.payWeek.error : null}
                        />
                      ))}
                  </WeeklyChargeSchedule>
                </SectionCard>
              )}

              <SectionCard id="booking-payments" title="Payments and refunds" titleMb="sm">
                {payments.length === 0 ? (
                  <Text c="dimmed">No payment has been made for this booking yet.</Text>
                ) : (
                  <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {payments.map((payment) => (
                      <Group component="li" key={payment.id} justify="space-between" wrap="wrap">
                        <Box>
                          <Text fw={600} fz="sm">
                            {payment.kind === 'refund' ? 'Refunded to Card' : 'Paid with Card'} ·{' '}
                            {formatPaymentDate(payment.createdAt, payment.timezone)}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            Invoice #{payment.invoiceNumber}
                          </Text>
                        </Box>
                        <Group gap="sm">
                          <Text fw={700}>
                            {payment.kind === 'refund' ? `-${formatCents(payment.amountCents)}` : formatCents(payment.amountCents)}
                          </Text>
                          <ReceiptPdfButton payment={payment} size="compact-sm" />
                        </Group>
                      </Group>
                    ))}
                  </Stack>
                )}
              </SectionCard>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <SectionCard id="booking-nurse" title="Your night nurse" titleMb="sm">
                <Group gap="sm" wrap="nowrap">
                  <UserAvatar name={booking.nurseName} src={booking.nurseAvatarUrl} size={56} radius="xl" />
                  <Box>
                    <Text fw={700}>{booking.nurseName}</Text>
                    <Text fz="sm">
                      {shownHeadline({ headline: booking.nurseHeadline, displayName: booking.nurseName, baseLocation: booking.nurseLocation })}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {booking.nurseLocation}
                    </Text>
                  </Box>
                </Group>
                <Button component={Link} to={`/nurse/${booking.nurseSlug}`} variant="light" fullWidth mt="md">
                  Book Again
                </Button>
                <Button component={Link} to={`/messages/new?nurse=${encodeURIComponent(booking.nurseSlug)}`} variant="default" fullWidth mt="xs">
                  Message {booking.nurseName.split(' ')[0]}
                </Button>
              </SectionCard>

              <SectionCard id="booking-facts" title="Details" titleMb="sm">
                <Stack gap="sm">
                  <Fact label="Start Date">{formatNightDate(booking.startDate)}</Fact>
                  <Fact label="Pattern">
                    {patternLabel(booking.pattern)}
                    {booking.pattern === 'recurring' && booking.weeksCount
                      ? `, ${booking.nightsPerWeek} ${booking.nightsPerWeek === 1 ? 'night' : 'nights'} a week for ${booking.weeksCount} weeks`
                      : ''}
                  </Fact>
                  <Fact label="Booked on">{formatPaymentDate(booking.createdAt, booking.timezone)}</Fact>
                  <Fact label="Address">{booking.addressText}</Fact>
                  {(booking.contactName || booking.contactPhone) && (
                    <Fact label="Contact">{[booking.contactName, booking.contactPhone].filter(Boolean).join(', ')}</Fact>
                  )}
                  <Fact label="Notes">{booking.notes || 'None'}</Fact>
                </Stack>
              </SectionCard>

              <SectionCard id="booking-amounts" title="Amounts" titleMb="sm">
                <Stack gap={4}>
                  {priceSummaryLines(booking.occurrences).map(([label, value]) => (
                    <Group key={label} justify="space-between">
                      <Text fz="sm" c="dimmed">
                        {label}
                      </Text>
                      <Text fz="sm" fw={500}>
                        {value}
                      </Text>
                    </Group>
                  ))}
                  <Amount label="Subtotal" cents={booking.subtotalCents} />
                  <Amount label="Platform fee (10%)" cents={booking.platformFeeCents} />
                  <Amount label="Total" cents={booking.totalAmountCents} strong />
                  {refundedCents > 0 && (
                    <>
                      <Amount label="Refunded" cents={refundedCents} negative />
                      <Amount label="Net paid" cents={netPaidCents} strong />
                    </>
                  )}
                </Stack>
              </SectionCard>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}
