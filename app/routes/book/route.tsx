// /book: confirm dates and times, give your details, pay, 'Booking Confirmed!'.
// Every step is a real form posting to this action with an `intent`; the booking's state travels
// in the URL (book-state.ts), so the whole flow works before JavaScript loads. The steps call the
// same domain functions as the /_api calls.
import '~/styles/routes/book.css'
import { parseForm } from '~/utils/forms.server'
import { Anchor, Avatar, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
import { BookingConfirmed } from '~/components/booking-confirmed'
import { cardLabel } from '~/components/weekly-charges'
import { BookingSteps } from '~/components/booking-steps'
import { useHeadingFocus } from '~/components/use-heading-focus'
import { accessDeniedMessage } from '~/domain/accounts/auth-redirects'
import { defaultShift, LINK_DEFAULT_TIMES, nameNights, type NightRequest, type Shift } from '~/domain/bookings/booking-rules'
import {
  checkBookingNights,
  getBookableNurse,
  getBookingForParent,
  type ParentBookingView,
} from '~/domain/bookings/bookings.server'
import { listOpenNightsToBook, listReservedAmong, RESERVED_FOR_ANOTHER_FAMILY } from '~/domain/reservations/reservations.server'
import { getPaymentProvider } from '~/domain/payments/payment-provider.server'
import { isPaidAtOnce, quotePayAtOnce } from '~/domain/payments/pay-at-once.server'
import { getSavedCard } from '~/domain/payments/saved-cards.server'
import { getChargeSchedule } from '~/domain/payments/charge-weeks.server'
import { isPaidBooking } from '~/domain/bookings/life-cycle'
import { startBooking, type StartBookingResult } from '~/domain/payments/start-booking.server'
import {
  confirmPayment,
  createPaymentIntentForBooking,
  findBookingOfIntent,
  findPaymentIntentForBooking,
  payBookingWithSavedCard,
  PAYMENT_CONFIRMATION_FAILED,
  payWithTestCard,
} from '~/domain/payments/payments.server'
import { isValidDate } from '~/domain/time/shift-times'
import {
  BookingDatesSchema,
  BookingDetailsSchema,
  bookingRequestOf,
  ConfirmPaymentSchema,
  newCardOf,
  TestCardPaymentSchema,
} from '~/schemas/booking'
import { limitBookingCreation } from '~/utils/rate-limit.server'
import { useRootData } from '~/utils/root-data'
import { getUser, requireUser } from '~/utils/session.server'
import {
  bookUrl,
  nightRowErrors,
  parseBookingId,
  parseBookLink,
  parseStep,
  paymentReturnUrl,
  type BookLink,
  type BookStep,
} from './book-state'
import { DatesStep } from './dates-step'
import { clearDetailsDraftHeader, detailsDraftHeader, readDetailsDraft } from './details-draft.server'
import { DetailsStep, NotAParent, SignInStep, type DetailsDefaults } from './details-step'
import { PayAtOnceStep } from './pay-at-once-step'
import {
  ConfirmingPayment,
  PaymentError,
  PaymentStep,
  PreparePayment,
  RetryDetailsForm,
  type PaymentView,
} from './payment-step'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['booking', 'auth'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: (data && 'title' in data && data.title) || 'Book a Night Nurse – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

const MISSING_BOOKING_DATA = 'Missing booking data. Please go back and complete all steps.'
const INTENT_FAILED = 'Failed to initialize payment. Please try again.'

function liveNights(booking: ParentBookingView) {
  return booking.occurrences
    .filter((o) => o.status !== 'cancelled')
    .map(({ date, startTimeLocal, endTimeLocal }) => ({ date, startTimeLocal, endTimeLocal }))
}

function amountsOf(booking: ParentBookingView) {
  const { nightlyRateCents, babies, extraBabyCents, subtotalCents, platformFeeCents, totalAmountCents } = booking
  return { nightlyRateCents, babies, extraBabyCents, subtotalCents, platformFeeCents, totalAmountCents }
}

/** 'Booking Confirmed!': a series paid week by week also shows its charge schedule (issue 38). */
async function confirmedView(booking: ParentBookingView, parentId: number) {
  const [weeks, savedCard] = await Promise.all([getChargeSchedule(booking.id), getSavedCard(parentId)])
  return {
    view: 'confirmed' as const,
    bookingId: booking.id,
    nurseName: booking.nurseName,
    timeZone: booking.timezone,
    nights: liveNights(booking),
    amounts: amountsOf(booking),
    weeks,
    savedCardLabel: savedCard ? cardLabel(savedCard, translator('booking')) : null,
    title: translator('booking')('book.metaTitle'),
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const t = translator('booking')
  const title = t('book.metaTitle')
  const requested = parseBookLink(url.searchParams)
  // A link that names no nurse or nights: the English title (its loader data stays as it was).
  if (!requested) return data({ view: 'missing' as const }, { status: 400 })
  const nurse = await getBookableNurse({ nurseId: requested.nurseId, slug: requested.slug })
  if (!nurse) return data({ view: 'nurse-missing' as const, slug: requested.slug }, { status: 404 })
  const now = new Date()
  // Step 1 offers each night at her own hours for it (issue 38); a night she has not published
  // (or past step 1) at a shift within her limits.
  const openNights = parseStep(url.searchParams) === 1 ? await listBookableNights(nurse, now, (await getUser(request))?.id) : []
  const openShifts = new Map(openNights.map((night) => [night.date, night]))
  const link = parseBookLink(url.searchParams, (date) => openShifts.get(date) ?? defaultShift(null, nurse))!
  const bookingId = parseBookingId(url.searchParams)

  // Back from the card form: the page posts the confirmation (the action below);
  // once confirmed, the same return URL shows the result. A GET changes nothing.
  const returnedIntent = url.searchParams.get('payment_intent')?.slice(0, 255) || null
  if (returnedIntent) {
    const user = await requireUser(request)
    const paidBookingId = await findBookingOfIntent(user, returnedIntent)
    const paid = paidBookingId ? await getBookingForParent(paidBookingId, user.id) : null
    if (paid && isPaidBooking(paid.status)) return data(await confirmedView(paid, user.id))
  }

  const user = await getUser(request)
  let step: BookStep = parseStep(url.searchParams)
  if (step > 1 && !user) step = 2
  const canBook = user?.role === 'parent'
  if (step === 3 && !canBook) step = 2

  const base = {
    view: 'flow' as const,
    title,
    step,
    link,
    bookingId,
    nurse: {
      displayName: nurse.displayName,
      slug: nurse.slug,
      photoUrl: nurse.photoUrl,
      nightlyRateCents: nurse.nightlyRateCents,
      maxBabies: nurse.maxBabies,
      extraBabyCents: nurse.extraBabyCents,
      timezone: nurse.timezone,
      minHours: nurse.minHours,
      maxHours: nurse.maxHours,
    },
    signedIn: Boolean(user),
    notAParentMessage: user && !canBook ? accessDeniedMessage(user.role) : null,
  }

  if (step === 1) return data({ ...base, openNights })

  const booking = user && bookingId ? await getBookingForParent(bookingId, user.id) : null
  // A booking started from a due-date reservation keeps it and the rates she quoted (decision
  // 0069): its details are the reservation's, so its way back is the reservation's page, never a
  // details form that would book the nights afresh without it.
  const reservationPage = reservationPageOf(booking)
  if (step === 2 && reservationPage) throw redirect(reservationPage)
  const back = reservationPage
    ? { to: reservationPage, label: t('pay.backToReservation') }
    : { to: bookUrl(link, { step: 2, bookingId }), label: t('pay.backToDetails') }
  if (step === 2) {
    const details: DetailsDefaults =
      booking && booking.status === 'pending'
        ? {
            fullName: booking.contactName ?? user?.displayName ?? '',
            phone: booking.contactPhone ?? user?.phoneNumber ?? '',
            address: booking.addressText,
            notes: booking.notes ?? '',
            acceptTerms: true,
          }
        : // What they typed before going Back to the dates, else their account's name and phone.
          ((await readDetailsDraft(request, nurse.id)) ?? {
            fullName: user?.displayName ?? '',
            phone: user?.phoneNumber ?? '',
            address: '',
            notes: '',
            acceptTerms: false,
          })
    return data({ ...base, details })
  }

  // Step 3: the booking exists, and so does its intent (made by the post that made the booking).
  if (!user || !booking) {
    return data({ ...base, back, paymentError: { message: MISSING_BOOKING_DATA, detail: null, retryValues: null } })
  }
  if (isPaidBooking(booking.status)) return data(await confirmedView(booking, user.id))
  const summary = {
    nurseName: booking.nurseName,
    nights: liveNights(booking),
    timeZone: booking.timezone,
    addressText: booking.addressText,
    amounts: amountsOf(booking),
  }
  const intent = await findPaymentIntentForBooking(user, booking.id, now)
  // A booking made through the API has no intent yet: the page offers a post that makes one.
  if (!intent) return data({ ...base, back, summary, preparePayment: true as const })
  if (!intent.ok) return data({ ...base, back, summary, paymentError: intentFailed(booking, user, intent.error) })
  const [savedCard, weeks] = await Promise.all([getSavedCard(user.id), getChargeSchedule(booking.id)])
  const payment: PaymentView = {
    provider: getPaymentProvider().name,
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    totalAmountCents: intent.totalAmountCents,
    amountDueCents: intent.amountDueCents,
    savedCard: savedCard && { brand: savedCard.brand, last4: savedCard.last4 },
    weeks,
  }
  return data({ ...base, back, summary, payment, returnedIntent })
}

/** The page of the due-date reservation an unpaid booking was started from, or null. */
function reservationPageOf(booking: ParentBookingView | null): string | null {
  return booking?.reservationId && !isPaidBooking(booking.status) ? `/parent/reservations/${booking.reservationId}` : null
}

/** 'Try Again' books the same nights afresh with the details already given. */
function intentFailed(booking: ParentBookingView, user: { displayName: string }, detail: string) {
  const retryValues = {
    fullName: booking.contactName ?? user.displayName,
    phone: booking.contactPhone ?? '',
    address: booking.addressText,
    notes: booking.notes ?? '',
    acceptTerms: 'on',
  }
  return { message: INTENT_FAILED, detail, retryValues }
}

/**
 * Her open nights this family may book (none another family's reservation holds), each at the shift
 * /book offers first: her published hours when they fit her limits.
 */
async function listBookableNights(
  nurse: { id: number; timezone: string; minNoticeHours: number; minHours: number; maxHours: number },
  now: Date,
  parentId: number | undefined,
): Promise<NightRequest[]> {
  const open = await listOpenNightsToBook({ nurseId: nurse.id, timezone: nurse.timezone, minNoticeHours: nurse.minNoticeHours }, now, { parentId })
  return open.map((night) => ({ date: night.date, ...defaultShift(night, nurse) }))
}

// --- The steps' form posts ---------------------------------------------------------------------

/** Before JavaScript, 'Add night' posts the whole step: the action adds the row (at her shift for it) and re-renders. */
function withAddedNight(formData: FormData, shiftFor: (date: string) => Shift): FormData {
  const date = String(formData.get('addDate') ?? '')
  if (!isValidDate(date)) return formData
  const indexes = [...formData.keys()]
    .map((key) => /^nights\[(\d+)\]\.date$/.exec(key)?.[1])
    .filter((i): i is string => i !== undefined)
    .map(Number)
  const next = indexes.length ? Math.max(...indexes) + 1 : 0
  formData.set(`nights[${next}].date`, date)
  const shift = shiftFor(date)
  formData.set(`nights[${next}].startTimeLocal`, shift.startTimeLocal)
  formData.set(`nights[${next}].endTimeLocal`, shift.endTimeLocal)
  return formData
}

async function datesAction(request: Request, link: BookLink, formData: FormData, url: URL) {
  if (formData.get('addNight')) {
    const nurse = await getBookableNurse({ nurseId: link.nurseId, slug: link.slug })
    const open = new Map(nurse ? (await listBookableNights(nurse, new Date(), undefined)).map((night) => [night.date, night]) : [])
    const shiftFor = (date: string) => open.get(date) ?? (nurse ? defaultShift(null, nurse) : LINK_DEFAULT_TIMES)
    const submission = parseForm(withAddedNight(formData, shiftFor), { schema: BookingDatesSchema })
    return data({ intent: 'dates' as const, result: submission.reply() })
  }
  const submission = parseForm(formData, { schema: BookingDatesSchema })
  if (submission.status !== 'success') {
    return data({ intent: 'dates' as const, result: submission.reply() }, { status: submission.status ? 400 : 200 })
  }
  const { nights, repeatWeekly, weeksCount } = submission.value
  const weeks = repeatWeekly && weeksCount && weeksCount > 1 ? weeksCount : null
  const babies = submission.value.babies ?? 1
  const bookingId = parseBookingId(url.searchParams)

  const check = await checkBookingNights({
    nurseId: link.nurseId,
    nights,
    weeksCount: weeks,
    babies,
    now: new Date(),
    exceptBookingId: bookingId,
  })
  if (!check.ok) {
    // A refusal that names its nights flags every one of them (issue 38); else the form says it,
    // too many babies included: a link asking for more than she takes has no babies field to flag.
    const nightErrors = (check.nightErrors ?? []).map((night) => ({ ...night, message: translateMessage(night.message) }))
    const flagged = nightRowErrors(nights, nightErrors)
    const reply = Object.keys(flagged).length ? submission.reply({ fieldErrors: flagged }) : submission.reply({ formErrors: [translateMessage(check.error)] })
    return data({ intent: 'dates' as const, result: reply }, { status: check.status })
  }
  // Nights another family's due-date reservation holds, named here rather than at payment (decision 0066).
  const reserved = await listReservedAmong({ nurseId: link.nurseId, parentId: (await getUser(request))?.id ?? null, nights: check.nights, now: new Date() })
  if (reserved.length) {
    const message = translateMessage(`${RESERVED_FOR_ANOTHER_FAMILY}: ${nameNights(reserved)}`)
    const flagged = nightRowErrors(nights, reserved.map((date) => ({ date, message })))
    const reply = Object.keys(flagged).length ? submission.reply({ fieldErrors: flagged }) : submission.reply({ formErrors: [message] })
    return data({ intent: 'dates' as const, result: reply }, { status: 409 })
  }
  throw redirect(bookUrl({ ...link, nights, weeks, babies }, { step: 2, bookingId }))
}

async function detailsAction(request: Request, link: BookLink, formData: FormData, url: URL) {
  const user = await getUser(request)
  if (!user) throw redirect(bookUrl(link, { step: 2 }))
  const replaces = parseBookingId(url.searchParams) ?? undefined
  // Details posted for a booking of a reservation (an old tab of step 2, 'Try Again'): its page.
  const reservationPage = replaces ? reservationPageOf(await getBookingForParent(replaces, user.id)) : null
  if (reservationPage) throw redirect(reservationPage)
  // Back to the dates keeps the fields as typed, valid or not, for the way back (issue 11).
  if (formData.get('back') === 'dates') {
    throw redirect(bookUrl(link), { headers: { 'Set-Cookie': await detailsDraftHeader(link.nurseId, formData) } })
  }
  const submission = parseForm(formData, { schema: BookingDetailsSchema })
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
  const payload = bookingRequestOf({ parentId: user.id, link, details })
  // Refused before it counts against the account's booking limit; from here on every attempt does
  // (docs/decisions/0012).
  const result: StartBookingResult = !payload.ok
    ? { ok: false, status: 400, error: payload.error }
    : await startBooking(user, payload.request, {
        limit: limitBookingCreation,
        // Paying as you book: a card entered with the details, else the saved card (decision 0045).
        payAtOnce: details.payWith ? (newCardOf(details) ?? { savedCard: true }) : null,
        replacesBookingId: replaces,
        prepareCardForm: true,
      })
  if (!result.ok) {
    // An account that left unpaid holds books by paying at once (decision 0045): the card form
    // with the details, and its saved card when it has one.
    const savedCard = result.payAtOnce ? await getSavedCard(user.id) : null
    const quote = result.payAtOnce && payload.ok ? await quotePayAtOnce(payload.request) : null
    const payAtOnce = result.payAtOnce
      ? {
          provider: getPaymentProvider().name,
          amountDueCents: quote?.amountDueCents ?? null,
          summary: quote && { nights: quote.nights, amounts: quote.amounts, timeZone: quote.timeZone, addressText: details.address },
          cardError: details.payWith ? cardErrorOf(result) : null,
          savedCardLabel: savedCard ? cardLabel(savedCard) : null,
        }
      : null
    return data(
      {
        intent: 'details' as const,
        result: submission.reply(),
        paymentError: {
          message: translateMessage(result.error),
          retryValues,
          unpaidBookingId: result.unpaidBookingId ?? null,
          payWithSavedCard: Boolean(savedCard),
          payAtOnce,
        },
      },
      { status: result.status },
    )
  }
  // Booked and paid in this step: the same return as the card forms, showing 'Booking Confirmed!'.
  if (isPaidAtOnce(result)) {
    throw redirect(paymentReturnUrl(url, result.paymentIntentId, result.clientSecret), {
      headers: { 'Set-Cookie': await clearDetailsDraftHeader() },
    })
  }
  // Held for payment: its card form's intent was made in this post (startBooking).
  throw redirect(bookUrl(link, { step: 3, bookingId: result.booking.id }), {
    headers: { 'Set-Cookie': await clearDetailsDraftHeader() },
  })
}

/** What the card form says when paying as you book failed: the bank's words when there are some. */
function cardErrorOf(failure: { error: string; reason?: string }): string {
  return failure.reason || failure.error
}

async function testCardAction(request: Request, formData: FormData, url: URL) {
  const submission = parseForm(formData, { schema: TestCardPaymentSchema })
  if (submission.status !== 'success') {
    return data({ intent: 'test-card' as const, result: submission.reply() }, { status: 400 })
  }
  const user = await requireUser(request)
  const paid = await payWithTestCard(submission.value)
  const confirmed = paid.ok ? await confirmPayment(user, submission.value.paymentIntentId) : null
  if (!paid.ok || !confirmed?.ok) {
    const failure = !paid.ok ? paid : confirmed!.ok ? null : confirmed!
    const reply =
      failure?.status === 400
        ? submission.reply({ fieldErrors: { cardNumber: [failure.error] } })
        : submission.reply({ formErrors: [failure?.error ?? PAYMENT_CONFIRMATION_FAILED] })
    return data({ intent: 'test-card' as const, result: reply }, { status: failure?.status ?? 502 })
  }
  // The same return as Stripe's: this URL with the intent, now showing the result.
  throw redirect(paymentReturnUrl(url, submission.value.paymentIntentId, submission.value.clientSecret))
}

/** 'Pay with your saved card': the booking's intent paid with it, then the same return as the card forms. */
async function savedCardAction(request: Request, url: URL) {
  const user = await requireUser(request)
  const bookingId = parseBookingId(url.searchParams)
  const paid = bookingId ? await payBookingWithSavedCard(user, bookingId) : null
  if (!paid?.ok) {
    const savedCardError = paid ? (paid.reason ?? paid.error) : MISSING_BOOKING_DATA
    return data({ intent: 'saved-card' as const, savedCardError }, { status: paid?.status ?? 404 })
  }
  throw redirect(paymentReturnUrl(url, paid.paymentIntentId, paid.clientSecret))
}

/** Back from Stripe's card form, the page posts the intent here to confirm it (idempotent). */
async function confirmAction(request: Request, formData: FormData, url: URL) {
  const user = await requireUser(request)
  const submission = parseForm(formData, { schema: ConfirmPaymentSchema })
  const result = submission.status === 'success' ? await confirmPayment(user, submission.value.paymentIntentId) : null
  if (result?.ok) throw redirect(`${url.pathname}${url.search}`)
  const confirmError = result ? (result.reason ?? PAYMENT_CONFIRMATION_FAILED) : PAYMENT_CONFIRMATION_FAILED
  return data({ intent: 'confirm-payment' as const, confirmError }, { status: result?.status ?? 400 })
}

/** 'Continue to payment' and 'Pay now': make the booking's intent, then show its card form. */
async function preparePaymentAction(request: Request, link: BookLink, url: URL) {
  const user = await requireUser(request)
  const bookingId = parseBookingId(url.searchParams)
  const booking = bookingId ? await getBookingForParent(bookingId, user.id) : null
  if (!booking) {
    return data(
      { intent: 'prepare-payment' as const, paymentError: { message: MISSING_BOOKING_DATA, detail: null, retryValues: null } },
      { status: 404 },
    )
  }
  const intent = await createPaymentIntentForBooking(user, booking.id)
  if (!intent.ok) {
    return data({ intent: 'prepare-payment' as const, paymentError: intentFailed(booking, user, intent.error) }, { status: intent.status })
  }
  throw redirect(bookUrl(link, { step: 3, bookingId: booking.id }))
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const link = parseBookLink(url.searchParams)
  if (!link) return data({ intent: 'missing' as const }, { status: 400 })
  const formData = await request.formData()
  switch (formData.get('intent')) {
    case 'dates':
      return datesAction(request, link, formData, url)
    case 'details':
      return detailsAction(request, link, formData, url)
    case 'test-card':
      return testCardAction(request, formData, url)
    case 'confirm-payment':
      return confirmAction(request, formData, url)
    case 'saved-card':
      return savedCardAction(request, url)
    case 'prepare-payment':
      return preparePaymentAction(request, link, url)
    default:
      return data({ intent: 'missing' as const }, { status: 400 })
  }
}

// --- The page ----------------------------------------------------------------------------------

function MissingInformation({ title, message, profileHref }: { title: string; message: string; profileHref?: string }) {
  const { t } = useTranslation('booking')
  return (
    <Container size="sm" py={56}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{title}</Title>
        <Text>{message}</Text>
        <Group>
          {profileHref && (
            <Button component={Link} to={profileHref}>
              {t('book.backToProfile')}
            </Button>
          )}
          <Button component={Link} to="/search" variant={profileHref ? 'default' : 'filled'}>
            {t('book.findNurse')}
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
  const { t } = useTranslation('booking')
  const say = useServerMessage()

  const bookingFailed =
    actionData && actionData.intent === 'details' && actionData.paymentError ? actionData.paymentError : null
  // Each step, and what a step turns into (an error, the card form, 'Booking Confirmed!'), takes
  // the focus to its heading as it replaces the one before (issue 37).
  const stepRef = useRef<HTMLDivElement>(null)
  const shownStep =
    loaderData.view !== 'flow'
      ? loaderData.view
      : `${bookingFailed ? (bookingFailed.payAtOnce ? 'pay-at-once' : 'failed') : loaderData.step}-${'payment' in loaderData ? 'pay' : ''}${'paymentError' in loaderData && loaderData.paymentError ? 'error' : ''}`
  useHeadingFocus(shownStep, stepRef)
  useEffect(() => {
    // Paying as you book is a step, not a failure: its card form says what went wrong.
    if (bookingFailed && !bookingFailed.payAtOnce) {
      notifications.show({
        color: 'red',
        title: t('book.failed'),
        message: say(bookingFailed.message || 'Failed to create booking'),
        closeButtonProps: { 'aria-label': t('book.close') },
        styles: { description: { color: 'var(--mantine-color-gray-8)' } },
      })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bookingFailed])

  if (loaderData.view === 'missing') {
    return (
      <MissingInformation
        title={t('book.missingTitle')}
        message={t('book.missingText')}
      />
    )
  }
  if (loaderData.view === 'nurse-missing') {
    return (
      <MissingInformation
        title={t('book.missingTitle')}
        message={t('book.nurseMissingText')}
      />
    )
  }
  if (loaderData.view === 'confirmed') {
    return (
      <Container size="md" py="xl" ref={stepRef}>
        <BookingConfirmed
          bookingId={loaderData.bookingId}
          nurseName={loaderData.nurseName}
          nights={loaderData.nights}
          timeZone={loaderData.timeZone}
          amounts={loaderData.amounts}
          weeks={loaderData.weeks}
          savedCardLabel={loaderData.savedCardLabel}
        />
      </Container>
    )
  }

  const { link, nurse, bookingId } = loaderData
  const profileHref = `/nurse/${nurse.slug}`
  const step1 = bookUrl(link, { bookingId })
  const step2 = bookUrl(link, { step: 2, bookingId })
  // Step 3's way back: the details, or the reservation a booking was started from (decision 0069).
  const back = 'back' in loaderData ? loaderData.back : { to: step2, label: 'Back to Details' }
  const activeStep = bookingFailed ? 3 : loaderData.step
  const lastResult = (intent: 'dates' | 'details' | 'test-card') =>
    actionData && actionData.intent === intent ? actionData.result : undefined
  const confirmFailed = actionData?.intent === 'confirm-payment' ? actionData.confirmError : null
  const paymentError =
    actionData?.intent === 'prepare-payment'
      ? actionData.paymentError
      : 'paymentError' in loaderData
        ? loaderData.paymentError
        : null

  let content
  if (bookingFailed?.payAtOnce) {
    content = (
      <PayAtOnceStep
        view={bookingFailed.payAtOnce}
        nurseName={nurse.displayName}
        details={bookingFailed.retryValues}
        provider={bookingFailed.payAtOnce.provider}
        publishableKey={rootData?.publicEnv.stripePublishableKey ?? null}
        backTo={step2}
        submitting={submitting}
      />
    )
  } else if (bookingFailed) {
    content = (
      <PaymentError
        message={bookingFailed.message}
        backTo={step2}
        retry={
          bookingFailed.unpaidBookingId ? (
            <Button component={Link} to={`/parent/bookings/${bookingFailed.unpaidBookingId}`}>
              {t('book.openUnpaid')}
            </Button>
          ) : bookingFailed.payWithSavedCard ? (
            <RetryDetailsForm values={{ ...bookingFailed.retryValues, payWith: 'saved_card' }} label={t('book.payWithSaved')} />
          ) : (
            <RetryDetailsForm values={bookingFailed.retryValues} />
          )
        }
        profileHref={profileHref}
      />
    )
  } else if (loaderData.step === 1 && 'openNights' in loaderData) {
    content = (
      <DatesStep
        nights={link.nights}
        weeks={link.weeks}
        babies={link.babies}
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
          submitting={submitting}
        />
      )
    }
  } else if (paymentError) {
    content = (
      <PaymentError
        message={paymentError.message}
        detail={paymentError.detail}
        backTo={back.to}
        backLabel={back.label}
        retry={
          paymentError.retryValues ? (
            <RetryDetailsForm values={paymentError.retryValues} />
          ) : (
            <Button component={Link} to={`${location.pathname}${location.search}`} reloadDocument>
              {t('pay.tryAgain')}
            </Button>
          )
        }
        profileHref={profileHref}
      />
    )
  } else if ('payment' in loaderData && loaderData.returnedIntent && !confirmFailed) {
    content = <ConfirmingPayment paymentIntentId={loaderData.returnedIntent} submitting={navigation.state !== 'idle'} />
  } else if ('payment' in loaderData) {
    content = (
      <PaymentStep
        {...loaderData.summary}
        payment={loaderData.payment}
        confirmError={confirmFailed}
        backTo={back.to}
        backLabel={back.label}
        publishableKey={rootData?.publicEnv.stripePublishableKey ?? null}
        cardResult={lastResult('test-card')}
        savedCardError={actionData?.intent === 'saved-card' ? actionData.savedCardError : null}
        submitting={submitting}
      />
    )
  } else if ('preparePayment' in loaderData) {
    content = <PreparePayment {...loaderData.summary} backTo={back.to} backLabel={back.label} submitting={submitting} />
  }

  return (
    <Container size="md" py="xl">
      <Group gap="md" wrap="nowrap">
        <Avatar src={nurse.photoUrl} alt="" size={56} radius="xl" color="night">
          {nurse.displayName.charAt(0) || 'N'}
        </Avatar>
        <div>
          <Title order={1} fz={28}>
            {t('book.heading', { name: nurse.displayName })}
          </Title>
          <Anchor component={Link} to={profileHref} fz="sm">
            {t('book.backToNamedProfile', { name: nurse.displayName })}
          </Anchor>
          {/* Due-date reservations (issue 36): the other way to book her. */}
          <Text fz="sm">
            {t('book.expecting')}{' '}
            <Anchor component={Link} to={`/reserve?nurse=${encodeURIComponent(nurse.slug)}`}>
              {t('book.reserveLink')}
            </Anchor>
          </Text>
        </div>
      </Group>
      <BookingSteps active={activeStep} />
      <div ref={stepRef}>{content}</div>
    </Container>
  )
}
