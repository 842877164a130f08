// /book (spec 000 §2, §4): confirm dates and times, give your details, pay, 'Booking Confirmed!'.
// Every step is a real form posting to this action with an `intent`; the booking's state travels
// in the URL (book-state.ts), so the whole flow works before JavaScript loads. The steps call the
// same domain functions as the /_api calls.
import { parseWithZod } from '@conform-to/zod/v4'
import { Anchor, Avatar, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import { BookingConfirmed } from '~/components/booking-confirmed'
import { BookingErrorAlert } from '~/components/booking-error-alert'
import { BookingSteps } from '~/components/booking-steps'
import { accessDeniedMessage } from '~/domain/auth-redirects'
import { FORM_DEFAULT_TIMES } from '~/domain/booking-rules'
import {
  checkBookingNights,
  createBooking,
  getBookableNurse,
  getBookingForParent,
  type ParentBookingView,
} from '~/domain/bookings.server'
import { listOpenNights } from '~/domain/nurses.server'
import { getPaymentProvider } from '~/domain/payment-provider.server'
import {
  confirmPayment,
  createPaymentIntentForBooking,
  PAYMENT_CONFIRMATION_FAILED,
  payWithTestCard,
} from '~/domain/payments.server'
import { isValidDate } from '~/domain/shift-times'
import { useRootData } from '~/root'
import {
  BookingDatesSchema,
  BookingDetailsSchema,
  BookingRequestSchema,
  TestCardPaymentSchema,
} from '~/schemas/booking'
import { getUser, requireUser } from '~/utils/session.server'
import {
  bookUrl,
  parseBookingId,
  parseBookLink,
  parseStep,
  paymentReturnUrl,
  type BookLink,
  type BookStep,
} from './book-state'
import { DatesStep } from './dates-step'
import { DetailsStep, NotAParent, SignInStep, type DetailsDefaults } from './details-step'
import { PaymentError, PaymentStep, RetryDetailsForm, type PaymentView } from './payment-step'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [
  { title: 'Book a Night Nurse – Nightlight' },
  { name: 'robots', content: 'noindex' },
]

const MISSING_BOOKING_DATA = 'Missing booking data. Please go back and complete all steps.'
const INTENT_FAILED = 'Failed to initialize payment. Please try again.'

function liveNights(booking: ParentBookingView) {
  return booking.occurrences
    .filter((o) => o.status !== 'cancelled')
    .map(({ date, startTimeLocal, endTimeLocal }) => ({ date, startTimeLocal, endTimeLocal }))
}

function amountsOf(booking: ParentBookingView) {
  const { nightlyRateCents, subtotalCents, platformFeeCents, totalAmountCents } = booking
  return { nightlyRateCents, subtotalCents, platformFeeCents, totalAmountCents }
}

function confirmedView(booking: ParentBookingView) {
  return {
    view: 'confirmed' as const,
    bookingId: booking.id,
    nurseName: booking.nurseName,
    timeZone: booking.timezone,
    nights: liveNights(booking),
    amounts: amountsOf(booking),
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const link = parseBookLink(url.searchParams)
  if (!link) return data({ view: 'missing' as const }, { status: 400 })
  const nurse = await getBookableNurse({ nurseId: link.nurseId, slug: link.slug })
  if (!nurse) return data({ view: 'nurse-missing' as const, slug: link.slug }, { status: 404 })
  const now = new Date()
  const bookingId = parseBookingId(url.searchParams)

  // Back from the card form (spec 000 §4): confirm on the server (idempotent), then show the result.
  let confirmError: string | null = null
  const returnedIntent = url.searchParams.get('payment_intent')
  if (returnedIntent) {
    const user = await requireUser(request)
    const result = await confirmPayment(user, returnedIntent, now)
    if (result.ok) return data(confirmedView(result.booking))
    confirmError = result.reason ?? PAYMENT_CONFIRMATION_FAILED
  }

  const user = await getUser(request)
  let step: BookStep = parseStep(url.searchParams)
  if (step > 1 && !user) step = 2
  const canBook = user?.role === 'parent'
  if (step === 3 && !canBook) step = 2

  const base = {
    view: 'flow' as const,
    step,
    link,
    bookingId,
    nurse: {
      displayName: nurse.displayName,
      slug: nurse.slug,
      photoUrl: nurse.photoUrl,
      nightlyRateCents: nurse.nightlyRateCents,
      timezone: nurse.timezone,
      minHours: nurse.minHours,
      maxHours: nurse.maxHours,
    },
    signedIn: Boolean(user),
    notAParentMessage: user && !canBook ? accessDeniedMessage(user.role) : null,
  }

  if (step === 1) {
    const open = await listOpenNights({ nurseId: nurse.id, timezone: nurse.timezone }, now)
    return data({ ...base, openNights: open.map((night) => night.date) })
  }

  const booking = user && bookingId ? await getBookingForParent(bookingId, user.id) : null
  if (step === 2) {
    const details: DetailsDefaults =
      booking && booking.status === 'pending'
        ? {
            fullName: booking.contactName ?? user?.displayName ?? '',
            phone: booking.contactPhone ?? user?.phoneNumber ?? '',
            address: booking.addressText,
            notes: booking.notes ?? '',
          }
        : { fullName: user?.displayName ?? '', phone: user?.phoneNumber ?? '', address: '', notes: '' }
    return data({ ...base, details })
  }

  // Step 3: the booking exists; get its intent (the same one on every visit) and show the form.
  if (!user || !booking) {
    return data({
      ...base,
      paymentError: { message: MISSING_BOOKING_DATA, detail: null, retryValues: null },
      confirmError,
    })
  }
  if (booking.status === 'confirmed' || booking.status === 'completed') return data(confirmedView(booking))
  const summary = {
    nurseName: booking.nurseName,
    nights: liveNights(booking),
    timeZone: booking.timezone,
    addressText: booking.addressText,
    amounts: amountsOf(booking),
  }
  const intent = await createPaymentIntentForBooking(user, booking.id, now)
  if (!intent.ok) {
    // 'Try Again' books the same nights afresh with the details already given (spec 000 §4).
    const retryValues = {
      fullName: booking.contactName ?? user.displayName,
      phone: booking.contactPhone ?? '',
      address: booking.addressText,
      notes: booking.notes ?? '',
      acceptTerms: 'on',
    }
    return data({
      ...base,
      summary,
      paymentError: { message: INTENT_FAILED, detail: intent.error, retryValues },
      confirmError,
    })
  }
  const payment: PaymentView = {
    provider: getPaymentProvider().name,
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    totalAmountCents: intent.totalAmountCents,
  }
  return data({ ...base, summary, payment, confirmError })
}

// --- The steps' form posts ---------------------------------------------------------------------

/** Before JavaScript, 'Add night' posts the whole step: the action adds the row and re-renders. */
function withAddedNight(formData: FormData): FormData {
  const date = String(formData.get('addDate') ?? '')
  if (!isValidDate(date)) return formData
  const indexes = [...formData.keys()]
    .map((key) => /^nights\[(\d+)\]\.date$/.exec(key)?.[1])
    .filter((i): i is string => i !== undefined)
    .map(Number)
  const next = indexes.length ? Math.max(...indexes) + 1 : 0
  formData.set(`nights[${next}].date`, date)
  formData.set(`nights[${next}].startTimeLocal`, FORM_DEFAULT_TIMES.startTimeLocal)
  formData.set(`nights[${next}].endTimeLocal`, FORM_DEFAULT_TIMES.endTimeLocal)
  return formData
}

async function datesAction(link: BookLink, formData: FormData, url: URL) {
  if (formData.get('addNight')) {
    const submission = parseWithZod(withAddedNight(formData), { schema: BookingDatesSchema })
    return data({ intent: 'dates' as const, result: submission.reply() })
  }
  const submission = parseWithZod(formData, { schema: BookingDatesSchema })
  if (submission.status !== 'success') {
    return data({ intent: 'dates' as const, result: submission.reply() }, { status: submission.status ? 400 : 200 })
  }
  const { nights, repeatWeekly, weeksCount } = submission.value
  const weeks = repeatWeekly && weeksCount && weeksCount > 1 ? weeksCount : null
  const bookingId = parseBookingId(url.searchParams)
  const check = await checkBookingNights({
    nurseId: link.nurseId,
    nights,
    weeksCount: weeks,
    now: new Date(),
    exceptBookingId: bookingId,
  })
  if (!check.ok) {
    const row = check.status === 400 && check.clashes ? nights.findIndex((n) => n.date === check.clashes![0]) : -1
    const reply =
      row >= 0
        ? submission.reply({ fieldErrors: { [`nights[${row}].endTimeLocal`]: [check.error] } })
        : submission.reply({ formErrors: [check.error] })
    return data({ intent: 'dates' as const, result: reply }, { status: check.status })
  }
  throw redirect(bookUrl({ ...link, nights, weeks }, { step: 2, bookingId }))
}

async function detailsAction(request: Request, link: BookLink, formData: FormData, url: URL) {
  const user = await getUser(request)
  if (!user) throw redirect(bookUrl(link, { step: 2 }))
  const submission = parseWithZod(formData, { schema: BookingDetailsSchema })
  if (submission.status !== 'success') {
    return data({ intent: 'details' as const, result: submission.reply(), paymentError: null }, { status: 400 })
  }
  const details = submission.value
  const retryValues: Record<string, string> = {
    fullName: details.fullName,
    phone: details.phone,
    address: details.address,
    notes: details.notes ?? '',
    acceptTerms: 'on',
  }
  const payload = BookingRequestSchema.safeParse({
    parentId: user.id,
    nurseId: link.nurseId,
    pattern: link.weeks ? 'recurring' : 'one_time',
    weeksCount: link.weeks,
    nightsPerWeek: Math.min(7, link.nights.length),
    occurrences: link.nights,
    addressText: details.address,
    contactName: details.fullName,
    contactPhone: details.phone,
    notes: details.notes ?? null,
  })
  const replaces = parseBookingId(url.searchParams)
  const result = payload.success
    ? await createBooking(user, payload.data, { replacesBookingId: replaces ?? undefined })
    : ({ ok: false, status: 400, error: payload.error.issues[0]?.message ?? MISSING_BOOKING_DATA } as const)
  if (!result.ok) {
    return data(
      {
        intent: 'details' as const,
        result: submission.reply(),
        paymentError: { message: result.error, retryValues },
      },
      { status: result.status },
    )
  }
  throw redirect(bookUrl(link, { step: 3, bookingId: result.booking.id }))
}

async function testCardAction(formData: FormData, url: URL) {
  const submission = parseWithZod(formData, { schema: TestCardPaymentSchema })
  if (submission.status !== 'success') {
    return data({ intent: 'test-card' as const, result: submission.reply() }, { status: 400 })
  }
  const paid = await payWithTestCard(submission.value)
  if (!paid.ok) {
    const reply =
      paid.status === 400
        ? submission.reply({ fieldErrors: { cardNumber: [paid.error] } })
        : submission.reply({ formErrors: [paid.error] })
    return data({ intent: 'test-card' as const, result: reply }, { status: paid.status })
  }
  // The same return as Stripe's (spec 000 §4): this URL with the intent; the loader confirms.
  throw redirect(paymentReturnUrl(url, submission.value.paymentIntentId, submission.value.clientSecret))
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const link = parseBookLink(url.searchParams)
  if (!link) return data({ intent: 'missing' as const }, { status: 400 })
  const formData = await request.formData()
  switch (formData.get('intent')) {
    case 'dates':
      return datesAction(link, formData, url)
    case 'details':
      return detailsAction(request, link, formData, url)
    case 'test-card':
      return testCardAction(formData, url)
    default:
      return data({ intent: 'missing' as const }, { status: 400 })
  }
}

// --- The page ----------------------------------------------------------------------------------

function MissingInformation({ title, message, profileHref }: { title: string; message: string; profileHref?: string }) {
  return (
    <Container size="sm" py={56}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{title}</Title>
        <Text>{message}</Text>
        <Group>
          {profileHref && (
            <Button component={Link} to={profileHref}>
              Back to the nurse&apos;s profile
            </Button>
          )}
          <Button component={Link} to="/search" variant={profileHref ? 'default' : 'filled'}>
            Find a night nurse
          </Button>
        </Group>
      </Stack>
    </Container>
  )
}

export default function BookPage() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const location = useLocation()
  const rootData = useRootData()
  const submitting = navigation.state === 'submitting'

  const bookingFailed =
    actionData && actionData.intent === 'details' && actionData.paymentError ? actionData.paymentError : null
  useEffect(() => {
    if (bookingFailed) {
      notifications.show({
        color: 'red',
        title: 'Booking failed',
        message: bookingFailed.message || 'Failed to create booking',
        closeButtonProps: { 'aria-label': 'Close' },
        styles: { description: { color: 'var(--mantine-color-gray-8)' } },
      })
    }
  }, [bookingFailed])

  if (loaderData.view === 'missing') {
    return (
      <MissingInformation
        title="Booking Information Missing"
        message="We could not tell which nurse or nights you want to book. Please go back to the nurse's profile and choose your dates."
      />
    )
  }
  if (loaderData.view === 'nurse-missing') {
    return (
      <MissingInformation
        title="Booking Information Missing"
        message="Unable to load nurse information. Please try again, or go back to the nurse's profile and choose your dates."
      />
    )
  }
  if (loaderData.view === 'confirmed') {
    return (
      <Container size="md" py="xl">
        <BookingConfirmed
          bookingId={loaderData.bookingId}
          nurseName={loaderData.nurseName}
          nights={loaderData.nights}
          timeZone={loaderData.timeZone}
          amounts={loaderData.amounts}
        />
      </Container>
    )
  }

  const { link, nurse, bookingId } = loaderData
  const profileHref = `/nurse/${nurse.slug}`
  const step1 = bookUrl(link, { bookingId })
  const step2 = bookUrl(link, { step: 2, bookingId })
  const activeStep = bookingFailed ? 3 : loaderData.step
  const lastResult = (intent: 'dates' | 'details' | 'test-card') =>
    actionData && actionData.intent === intent ? actionData.result : undefined

  let content
  if (bookingFailed) {
    content = (
      <Stack gap="md">
        <Title order={2} fz="xl">
          Confirm &amp; Pay
        </Title>
        <PaymentError
          message={bookingFailed.message}
          backTo={step2}
          retry={<RetryDetailsForm values={bookingFailed.retryValues} />}
          profileHref={profileHref}
        />
      </Stack>
    )
  } else if (loaderData.step === 1 && 'openNights' in loaderData) {
    content = (
      <DatesStep
        nights={link.nights}
        weeks={link.weeks}
        openNights={loaderData.openNights}
        nurse={nurse}
        lastResult={lastResult('dates')}
        submitting={submitting}
      />
    )
  } else if (loaderData.step === 2) {
    if (!loaderData.signedIn) {
      content = (
        <SignInStep returnTo={step2} backTo={step1} googleEnabled={rootData?.publicEnv.googleEnabled ?? false} />
      )
    } else if (loaderData.notAParentMessage) {
      content = <NotAParent message={loaderData.notAParentMessage} />
    } else if ('details' in loaderData) {
      content = (
        <DetailsStep
          defaults={loaderData.details}
          lastResult={lastResult('details')}
          backTo={step1}
          submitting={submitting}
        />
      )
    }
  } else if ('payment' in loaderData) {
    content = (
      <PaymentStep
        {...loaderData.summary}
        payment={loaderData.payment}
        confirmError={loaderData.confirmError}
        backTo={step2}
        publishableKey={rootData?.publicEnv.stripePublishableKey ?? null}
        cardResult={lastResult('test-card')}
        submitting={submitting}
      />
    )
  } else if ('paymentError' in loaderData) {
    content = (
      <Stack gap="md">
        <Title order={2} fz="xl">
          Confirm &amp; Pay
        </Title>
        {loaderData.confirmError && (
          <BookingErrorAlert title="Payment confirmation failed. Please contact support.">
            {loaderData.confirmError}
          </BookingErrorAlert>
        )}
        <PaymentError
          message={loaderData.paymentError.message}
          detail={loaderData.paymentError.detail}
          backTo={step2}
          retry={
            loaderData.paymentError.retryValues ? (
              <RetryDetailsForm values={loaderData.paymentError.retryValues} />
            ) : (
              <Button component={Link} to={`${location.pathname}${location.search}`} reloadDocument>
                Try Again
              </Button>
            )
          }
          profileHref={profileHref}
        />
      </Stack>
    )
  }

  return (
    <Container size="md" py="xl">
      <Group gap="md" wrap="nowrap">
        <Avatar src={nurse.photoUrl} alt="" size={56} radius="xl" color="night">
          {nurse.displayName.charAt(0) || 'N'}
        </Avatar>
        <div>
          <Title order={1} fz={28}>
            Book {nurse.displayName}
          </Title>
          <Anchor component={Link} to={profileHref} fz="sm">
            Back to {nurse.displayName}&apos;s profile
          </Anchor>
        </div>
      </Group>
      <BookingSteps active={activeStep} />
      {content}
    </Container>
  )
}
