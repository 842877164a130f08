// /nurse/dashboard: the nurse's verification, and three tabs held in the URL
// (?tab=availability|bookings|profile) so each is linkable and works without JavaScript. Every form
// is a real post to this route's action.
import '~/styles/routes/nurse.dashboard.css'
import { parseForm } from '~/utils/forms.server'
import { Alert, Anchor, Button, Container, Group, Skeleton, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect } from 'react'
import { PushSettings } from '~/components/push-settings'
import { pushTopicsFor } from '~/domain/notifications/push-rules'
import { useTranslation } from 'react-i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useHydrated } from '~/components/use-hydrated'
import { ToastWithoutScripts } from '~/components/toast-without-scripts'
import { getNurseOverview } from '~/domain/bookings/nurse-dashboard.server'
import { getPaymentProvider } from '~/domain/payments/payment-provider.server'
import { getNursePayouts } from '~/domain/payouts/nurse-payouts.server'
import { connectTestPayoutAccount, startPayoutOnboarding } from '~/domain/payouts/payouts.server'
import { TestBankAccountSchema } from '~/schemas/payouts'
import { StatusBadge } from '~/components/status-badge'
import { availabilityWindow, clearedMessage } from '~/domain/nurses/nurse-profile'
import { verificationForNurse } from '~/domain/statuses'
import { checkStandingForNurse } from '~/domain/verification/background-checks'
import { getCheckOf } from '~/domain/verification/background-checks.server'
import { getListingStanding } from '~/domain/verification/listing.server'
import { ListingAlerts } from '~/components/listing-alerts'
import {
  blankOwnProfile,
  clearFutureAvailability,
  getOwnNurseProfile,
  listCalendarOf,
  publishAvailability,
  updateOwnNurseProfile,
} from '~/domain/nurses/nurse-profile.server'
import { localToday } from '~/domain/time/shift-times'
import { nameFields, waitingNote } from '~/domain/nurses/profile-changes'
import { getOwnPendingChange, takeUnseenRefusal } from '~/domain/nurses/profile-changes.server'
import {
  NurseDashboardFormIntentSchema,
  NurseDashboardQuerySchema,
  NurseProfileFormSchema,
  PublishAvailabilityFormSchema,
  type NurseDashboardTab,
} from '~/schemas/nurse-profile'
import { firstError } from '~/utils/api.server'
import { redirectWithToast } from '~/utils/toast.server'
import { requireNurse } from '~/utils/session.server'
import { listHeldDates } from '~/domain/reservations/reservations.server'
import { AvailabilityTab } from './availability-tab'
import { BookingsTab } from './bookings-tab'
import { ProfileTab } from './profile-tab'
import { fileSizeMessage, maxUploadBytes, UPLOAD_RULES } from '~/domain/nurses/onboarding'
import { nightsAwaitingReport, reportedNightsOfNurse } from '~/domain/night-reports/night-reports.server'
import { FormRefused, type FormRules, withForm } from '~/utils/multipart.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

/** The nights waiting for her morning report, and which of her nights have one (issue 16). */
async function nightReportsOf(userId: number, now: Date) {
  const awaiting = await nightsAwaitingReport(userId, now)
  const reported = await reportedNightsOfNurse(userId)
  return { awaiting, reported: [...reported] }
}

export const handle = { i18n: ['nurse'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Your Nurse Dashboard – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

const PRIVATE = { 'Cache-Control': 'private, no-store' }
const AVAILABILITY_ERROR = 'Could not load availability data. Please try again later.'
const PROFILE_ERROR = 'Could not load your profile. Please try again later.'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const query = NurseDashboardQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const now = new Date()
  const title = translator('nurse')('dashboard.metaTitle')
  let profile
  try {
    profile = await getOwnNurseProfile(user.id)
  } catch (error) {
    console.error('Loading the nurse profile failed:', error)
    return data({ state: 'error' as const, title, message: translateMessage(PROFILE_ERROR) }, { headers: PRIVATE })
  }
  // A nurse account made with Google has no profile until the application.
  if (!profile) {
    return data({ state: 'create' as const, title, profile: blankOwnProfile(), displayName: user.displayName }, { headers: PRIVATE })
  }

  const today = localToday(profile.timezone, now)
  const t = translator('nurse')
  // Only the open tab's data is read; the tabs are links. What her profile already says (its id,
  // her zone, her name) is passed on rather than read again.
  const [availability, overview, payouts, reports, backgroundCheck, pendingChange, refusal, listing] = await Promise.all([
    query.tab === 'availability'
      ? // The nights her reservations hold are marked on her calendar (docs/decisions/0066).
        Promise.all([listCalendarOf(profile, now), listHeldDates(profile.id, today, availabilityWindow(today).last, now)]).then(
          ([dates, held]) => ({ dates, reserved: [...held].sort(), error: null }),
          (error: unknown) => {
            console.error('Loading the availability failed:', error)
            return { dates: null, reserved: [], error: translateMessage(AVAILABILITY_ERROR) }
          },
        )
      : null,
    query.tab === 'bookings' ? getNurseOverview(user.id, now) : null,
    query.tab === 'bookings' ? getNursePayouts(user.id, now) : null,
    query.tab === 'bookings' ? nightReportsOf(user.id, now) : null,
    getCheckOf({ nurseProfileId: profile.id, name: user.displayName }, now),
    getOwnPendingChange(user.id),
    // An admin's refusal of a change is shown once (docs/decisions/0063).
    takeUnseenRefusal(user.id, now),
    // Dates coming near and a lapse out of search (docs/decisions/0062).
    getListingStanding(profile.id, now, t),
  ])

  return data(
    {
      state: 'ready' as const,
      title,
      displayName: user.displayName,
      query,
      profile,
      today,
      lastDate: availabilityWindow(today).last,
      availability,
      overview,
      payouts,
      reports,
      // Where her background check stands (docs/decisions/0061).
      backgroundCheck: { standing: checkStandingForNurse(backgroundCheck.check, t), canStart: backgroundCheck.canStart },
      payoutProvider: getPaymentProvider().name,
      pendingChange,
      refusal,
      listing,
    },
    { headers: PRIVATE },
  )
}

function tabPath(tab: NurseDashboardTab) {
  return `/nurse/dashboard?tab=${tab}`
}

// One action, three intents. Success redirects with a toast (the page reloads its data); a refusal
// answers the form's Conform result with the field's message.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireNurse(request)
  try {
    // The profile form carries a photo: read as a stream, the photo under its own limit (0014).
    return await withForm(request, DASHBOARD_FORM, (formData) => handleIntent(user, formData))
  } catch (error) {
    if (!(error instanceof FormRefused)) throw error
    if (error.refusal.reason === 'unreadable') {
      throw new Response(translateMessage('The form could not be read.'), { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    }
    const message = translateMessage(
      error.refusal.reason === 'file-too-large' ? fileSizeMessage(UPLOAD_RULES.photo.maxMb) : 'This form does not take that file.',
    )
    const submission = parseForm(error.received, { schema: NurseProfileFormSchema })
    return data(
      { intent: 'profile' as const, result: submission.reply({ fieldErrors: { photo: [message] } }), error: message },
      { status: 400 },
    )
  }
}

const DASHBOARD_FORM: FormRules = { files: { photo: maxUploadBytes('photo') }, maxFields: 80, maxFieldBytes: 16 * 1024 }

async function handleIntent(user: { id: number; displayName: string }, formData: FormData) {
  const userId = user.id
  const t = translator('nurse')
  const intent = parseForm(formData, { schema: NurseDashboardFormIntentSchema })
  if (intent.status !== 'success') return data({ intent: null, error: translateMessage('Unknown action') }, { status: 400 })
  const { intent: chosen } = intent.value

  if (chosen === 'publish') {
    const submission = parseForm(formData, { schema: PublishAvailabilityFormSchema })
    if (submission.status !== 'success') {
      return data({ intent: 'publish' as const, result: submission.reply(), error: null }, { status: 400 })
    }
    const result = await publishAvailability(userId, submission.value, new Date())
    if (!result.ok) {
      const error = t('dashboard.publishFailed', { error: translateMessage(result.error) })
      return data({ intent: 'publish' as const, result: submission.reply({ formErrors: [error] }), error }, { status: result.status })
    }
    return redirectWithToast(tabPath('availability'), { type: 'success', message: t('dashboard.availabilityUpdated') })
  }

  if (chosen === 'connect-test-payout' || chosen === 'start-payout-onboarding') {
    return handlePayoutIntent(userId, chosen, formData)
  }

  if (chosen === 'clear') {
    const result = await clearFutureAvailability(userId, new Date())
    if (!result.ok) {
      return redirectWithToast(tabPath('availability'), {
        type: 'error',
        message: t('dashboard.clearFailed', { error: translateMessage(result.error) }),
      })
    }
    return redirectWithToast(tabPath('availability'), { type: 'success', message: clearedMessage(result.keptBookedCount, t) })
  }

  const submission = parseForm(formData, { schema: NurseProfileFormSchema })
  if (submission.status !== 'success') {
    return data({ intent: 'profile' as const, result: submission.reply(), error: null }, { status: 400 })
  }
  const photo = formData.get('photo')
  const upload = photo instanceof File && photo.size > 0 ? { photo: new Uint8Array(await photo.arrayBuffer()) } : {}
  const result = await updateOwnNurseProfile(userId, submission.value, upload, { createAs: user.displayName })
  if (!result.ok) {
    const error = t('dashboard.profileFailed', { error: translateMessage(result.error) })
    return data({ intent: 'profile' as const, result: submission.reply({ formErrors: [error] }), error }, { status: result.status })
  }
  const message = result.waiting.length ? t('dashboard.profileSavedWaiting', { note: waitingNote(result.waiting, t) }) : t('dashboard.profileUpdated')
  return redirectWithToast(tabPath('profile'), { type: 'success', message })
}

// Where the nurse is paid (issue 15). A refused bank number comes back with what she typed.
async function handlePayoutIntent(userId: number, intent: 'connect-test-payout' | 'start-payout-onboarding', formData: FormData) {
  const back = `${tabPath('bookings')}#payout-account`
  const t = translator('nurse')
  if (intent === 'start-payout-onboarding') {
    const started = await startPayoutOnboarding(userId)
    if (!started.ok) {
      const error = translateMessage(started.error)
      const payout = { error, routingNumber: '', accountNumber: '' }
      return data({ intent: 'payout' as const, payout, error }, { status: started.status })
    }
    return redirect(started.url)
  }
  const typed = {
    routingNumber: String(formData.get('routingNumber') ?? '').slice(0, 40),
    accountNumber: String(formData.get('accountNumber') ?? '').slice(0, 40),
  }
  const submission = parseForm(formData, { schema: TestBankAccountSchema })
  const result =
    submission.status === 'success'
      ? await connectTestPayoutAccount(userId, submission.value)
      : ({ ok: false, status: 400, error: firstError(submission.error) } as const)
  if (!result.ok) {
    const error = translateMessage(result.error)
    return data({ intent: 'payout' as const, payout: { ...typed, error }, error }, { status: result.status })
  }
  const { paid } = result.sent
  return redirectWithToast(back, { type: 'success', message: t('payouts.connected', { last4: result.account.bankLast4, paid }) })
}

export default function NurseDashboard() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const { t } = useTranslation('nurse')

  useEffect(() => {
    // A refused bank account is told beside its form, which keeps what she typed: not twice (issue 38).
    if (hydrated && actionData?.error && actionData.intent !== 'payout') notifications.show({ color: 'red', message: actionData.error })
  }, [actionData, hydrated])

  if (loaderData.state === 'error') {
    return (
      <Container py="xl">
        <Title order={1}>{t('dashboard.errorTitle')}</Title>
        <Alert color="red" mt="md" role="alert">
          {loaderData.message}
        </Alert>
      </Container>
    )
  }
  if (loaderData.state === 'create') {
    return (
      <Container py="xl">
        <Stack gap="sm" align="flex-start">
          <Title order={1}>{t('dashboard.createTitle')}</Title>
          <Text c="dimmed">{t('dashboard.createIntro')}</Text>
        </Stack>
        <Stack mt="lg" gap="md">
          <ProfileTab
            profile={loaderData.profile}
            displayName={loaderData.displayName}
            lastResult={actionData?.intent === 'profile' ? actionData.result : undefined}
          />
          <Text fz="sm" c="dimmed">
            {t('dashboard.createApplyBefore')}{' '}
            <Anchor component={Link} to="/night-nurse-onboard">
              {t('dashboard.createApplyLink')}
            </Anchor>{' '}
            {t('dashboard.createApplyAfter')}
          </Text>
        </Stack>
      </Container>
    )
  }

  const { profile, query } = loaderData
  // While another tab's data loads, that tab is shown selected with a skeleton.
  const nextTab =
    navigation.state === 'loading' && navigation.location.pathname === '/nurse/dashboard'
      ? NurseDashboardQuerySchema.parse(Object.fromEntries(new URLSearchParams(navigation.location.search))).tab
      : query.tab
  const switching = nextTab !== query.tab
  const verification = verificationForNurse(profile.verificationStatus)
  const verificationShown = { ...verification, label: t(`status.verification.${profile.verificationStatus === 'approved' || profile.verificationStatus === 'pending' ? profile.verificationStatus : 'none'}`) }
  const publishResult = actionData?.intent === 'publish' ? actionData.result : undefined
  const profileResult = actionData?.intent === 'profile' ? actionData.result : undefined
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>{t('dashboard.title')}</Title>
            <Text c="dimmed">{t('dashboard.welcome', { name: loaderData.displayName })}</Text>
          </div>
          <Group gap="sm">
            <StatusBadge status={verificationShown} size="lg" />
            {profile.verificationStatus === 'approved' && (
              <Button component={Link} variant="light" size="xs" to={`/nurse/${profile.slug}`}>
                {t('dashboard.viewPublicProfile')}
              </Button>
            )}
            <Button component={Link} variant="light" size="xs" to="/nurse/reservations">
              {t('dashboard.yourReservations')}
            </Button>
          </Group>
        </Group>
        <ToastWithoutScripts />
        {profile.verificationStatus === 'rejected' && (
          <Alert color="red" variant="light" c="dark.8" title={t('dashboard.rejectedTitle')}>
            {profile.rejectionReason && <Text mb="xs">{profile.rejectionReason}</Text>}
            <Anchor component={Link} to="/night-nurse-onboard" fw={600}>
              {t('dashboard.rejectedResubmit')}
            </Anchor>
          </Alert>
        )}
        {loaderData.refusal && (
          <Alert
            color="red"
            variant="light"
            c="dark.8"
            title={t('dashboard.changeRefusedTitle', { fields: nameFields(loaderData.refusal.fields, t) })}
          >
            <Text mb="xs">{loaderData.refusal.reason}</Text>
            <Text fz="sm">{t('dashboard.changeRefusedText')}</Text>
          </Alert>
        )}
        {profile.verificationStatus === 'none' && (
          <Alert color="blue" variant="light" c="dark.8" title={t('dashboard.finishTitle')}>
            {t('dashboard.finishText')}{' '}
            <Anchor component={Link} to="/night-nurse-onboard" fw={600}>
              {t('dashboard.finishLink')}
            </Anchor>
          </Alert>
        )}
        {loaderData.listing && <ListingAlerts standing={loaderData.listing} />}
        {loaderData.backgroundCheck && (
          <Alert
            color={loaderData.backgroundCheck.standing.color}
            variant="light"
            c="dark.8"
            title={t('dashboard.checkTitle', { label: loaderData.backgroundCheck.standing.label })}
          >
            {loaderData.backgroundCheck.standing.detail}{' '}
            <Anchor component={Link} to="/nurse/background-check" fw={600}>
              {loaderData.backgroundCheck.canStart ? t('dashboard.checkStart') : t('dashboard.checkYours')}
            </Anchor>
          </Alert>
        )}
        {/* Her licenses and certificates with their dates (docs/decisions/0062). */}
        <Text>
          {t('dashboard.credentialsText')}{' '}
          <Anchor component={Link} to="/nurse/credentials" fw={600}>
            {t('dashboard.credentialsLink')}
          </Anchor>
        </Text>
        <Tabs value={nextTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="availability" renderRoot={(props) => <Link {...props} to={tabPath('availability')} preventScrollReset />}>
              {t('dashboard.tabAvailability')}
            </Tabs.Tab>
            <Tabs.Tab value="bookings" renderRoot={(props) => <Link {...props} to={tabPath('bookings')} preventScrollReset />}>
              {t('dashboard.tabBookings')}
            </Tabs.Tab>
            <Tabs.Tab value="profile" renderRoot={(props) => <Link {...props} to={tabPath('profile')} preventScrollReset />}>
              {t('dashboard.tabProfile')}
            </Tabs.Tab>
          </Tabs.List>
          {switching && (
            <Stack gap="md" pt="lg" role="status">
              <VisuallyHidden>{t('dashboard.loading')}</VisuallyHidden>

              <Skeleton height={28} width="40%" />
              <Skeleton height={220} />
              <Skeleton height={28} width="60%" />
            </Stack>
          )}
          <Tabs.Panel value="availability" pt="lg">
            {!switching && loaderData.availability && (
              <AvailabilityTab
                profile={profile}
                today={loaderData.today}
                lastDate={loaderData.lastDate}
                dates={loaderData.availability.dates}
                reserved={loaderData.availability.reserved}
                loadError={loaderData.availability.error}
                confirmClear={query.confirm === 'clear'}
                lastResult={publishResult}
                hydrated={hydrated}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="bookings" pt="lg">
            {!switching && loaderData.overview && (
              <BookingsTab
                overview={loaderData.overview}
                payouts={loaderData.payouts}
                provider={loaderData.payoutProvider}
                payoutResult={actionData?.intent === 'payout' ? actionData.payout : null}
                submitting={navigation.state === 'submitting' && String(navigation.formData?.get('intent')).includes('payout')}
                timezone={profile.timezone}
                reports={loaderData.reports}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="profile" pt="lg">
            {!switching && query.tab === 'profile' && (
              <Stack gap="lg">
                <ProfileTab
                  profile={profile}
                  displayName={loaderData.displayName}
                  lastResult={profileResult}
                  pending={loaderData.pendingChange}
                />
                {hydrated && <PushSettings topics={pushTopicsFor('nurse')} />}
              </Stack>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  )
}
