import '~/styles/routes/parent.dashboard.css'
import { parseForm } from '~/utils/forms.server'
import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect } from 'react'
import { NightReportView } from '~/components/night-report-view'
import classes from '~/components/dashboard-cards.module.css'
import { SectionCard } from '~/components/section-card'
import { latestReportsForParent } from '~/domain/night-reports/night-reports.server'
import { useHydrated } from '~/components/use-hydrated'
import { ParentStats } from '~/components/parent-stats'
import { familyStatusLabel } from '~/components/parent-status-badge'
import { accessDeniedMessage } from '~/domain/accounts/auth-redirects'
import { cancelOccurrence, getCancellationPreview } from '~/domain/payments/cancellation.server'
import { getNotificationPreferences, updateNotificationPreferences } from '~/domain/notifications/notification-preferences.server'
import { getParentReceipt, getParentStats, listParentBookingsPage, listParentPaymentsPage } from '~/domain/parents/parent-bookings.server'
import { sendDueReminders } from '~/domain/bookings/reminders.server'
import { NotificationPreferencesFormSchema } from '~/schemas/notifications'
import { CancelOccurrenceSchema, DashboardIntentSchema, DashboardQuerySchema } from '~/schemas/parent-bookings'
import { requireParentOrAdmin } from '~/utils/session.server'
import { BookingsSection } from './bookings-section'
import { NotificationSettings } from './notification-settings'
import { PaymentsSection } from './payments-section'
import type { DashboardActionResult } from './results'
import { firstError, readFormData } from '~/utils/api.server'
import { useTranslation } from 'react-i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'

import { listReservations } from '~/domain/reservations/reservations.server'
import { reservationStatus } from '~/domain/reservations/reservation-words'
import { formatNightDate } from '~/domain/time/shift-times'
import { withErrorTitle } from '~/utils/error-title'
export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['parent'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [
  { title: loaderData?.title ?? 'Your Dashboard – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

const BOOKINGS_ERROR = 'We could not load your bookings. Please try again in a moment.'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const query = DashboardQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const now = new Date()
  const [stats, bookings, payments, preferences, receipt, cancelPreview, latestReports, reservations] = await Promise.all([
    getParentStats(user.id, now),
    // A section that fails shows its own error instead of taking the page down.
    // A page of each list at a time (?bookings=, ?payments=: how many are shown).
    listParentBookingsPage(user.id, query.status, now, query.bookings).then(
      ({ list, total }) => ({ list, total, error: null }),
      (error: unknown) => {
        console.error('Loading the bookings failed:', error)
        return { list: null, total: 0, error: translateMessage(BOOKINGS_ERROR) }
      },
    ),
    listParentPaymentsPage(user.id, query.payments).then(
      ({ list, total }) => ({ list, total, error: false }),
      (error: unknown) => {
        console.error('Loading the payment history failed:', error)
        return { list: null, total: 0, error: true }
      },
    ),
    getNotificationPreferences(user.id),
    query.receipt ? getParentReceipt({ reader: user, paymentId: query.receipt, t: translator('parent') }) : null,
    query.cancel ? getCancellationPreview({ parentId: user.id, occurrenceId: query.cancel, now }) : null,
    latestReportsForParent(user.id),
    // Due-date reservations (issue 36): the family's own, each linking to its page.
    user.role === 'parent' ? listReservations(user, now) : [],
  ])
  return data(
    {
      title: translator('parent')('dashboard.metaTitle'),
      reservations,
      displayName: user.displayName,
      isAdmin: user.role === 'admin',
      query,
      stats,
      bookings,
      payments,
      preferences,
      receipt,
      cancelPreview,
      latestReports,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

// The answer's sentence in the reader's language (the page shows it as it comes).
function reply(result: DashboardActionResult, status = 200) {
  const said = result.ok ? { ...result, message: translateMessage(result.message) } : { ...result, error: translateMessage(result.error) }
  return data(said, { status })
}

// One action, three intents; each form names its intent. Fetchers (with JavaScript) and plain
// form posts (without) get the same answer: {intent, ok, message | error}.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const formData = await readFormData(request)
  const parsedIntent = parseForm(formData, { schema: DashboardIntentSchema })
  if (parsedIntent.status !== 'success') return reply({ intent: null, ok: false, error: 'Unknown action' }, 400)
  const intent = parsedIntent.value.intent

  if (intent === 'cancel') {
    const submission = parseForm(formData, { schema: CancelOccurrenceSchema })
    if (submission.status !== 'success') return reply({ intent, ok: false, error: firstError(submission.error) }, 400)
    const result = await cancelOccurrence({ parentId: user.id, ...submission.value, now: new Date(), t: translator('parent') })
    if (!result.ok) return reply({ intent, ok: false, error: result.error }, result.status)
    return reply({ intent, ok: true, message: result.message })
  }

  if (intent === 'preferences') {
    const submission = parseForm(formData, { schema: NotificationPreferencesFormSchema })
    if (submission.status !== 'success') return reply({ intent, ok: false, error: firstError(submission.error) }, 400)
    await updateNotificationPreferences(user.id, submission.value)
    return reply({ intent, ok: true, message: 'Notification preferences saved!' })
  }

  // 'Send 24h Reminders Now' is for admins only.
  if (user.role !== 'admin') return reply({ intent, ok: false, error: accessDeniedMessage(user.role) }, 403)
  const { message } = await sendDueReminders(new Date())
  return reply({ intent, ok: true, message })
}

/** Without JavaScript a form post lands back here: its outcome is said on the page. */
function ActionOutcome({ result }: { result: DashboardActionResult | undefined }) {
  const { t } = useTranslation('parent')
  const hydrated = useHydrated()
  useEffect(() => {
    // With JavaScript, a plain form (the ?cancel= section) also gets its toast.
    if (!result || !hydrated) return
    if (result.ok) notifications.show({ color: 'teal', message: result.message })
    else if (result.intent === 'cancel') notifications.show({ color: 'red', title: t('dashboard.cancelFailed'), message: result.error })
    else if (result.intent === 'preferences') notifications.show({ color: 'red', message: t('dashboard.preferencesFailed', { error: result.error }) })
    else notifications.show({ color: 'red', message: t('dashboard.remindersFailed', { error: result.error }) })
  }, [result, hydrated, t])
  if (!result) return null
  return (
    <Alert color={result.ok ? 'teal' : 'red'} variant="light" c="dark.8" role={result.ok ? 'status' : 'alert'}>
      {result.ok ? result.message : result.error}
    </Alert>
  )
}

export default function ParentDashboard() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const { t } = useTranslation('parent')
  const { query } = loaderData
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('dashboard.welcome', { name: loaderData.displayName })}</Title>
          <Text c="dimmed">{t('dashboard.intro')}</Text>
        </Stack>
        <ActionOutcome result={actionData} />
        <ParentStats stats={loaderData.stats} />
        <div className={classes.mainAndSide}>
          <Stack gap="xl">
            {loaderData.latestReports.length > 0 && (
              <SectionCard id="latest-night-reports" title={t('dashboard.latestReports')} titleMb="sm">
                <Stack gap="lg">
                  {loaderData.latestReports.map((report) => (
                    <Stack key={report.id} gap={4}>
                      <NightReportView report={report} nurseName={report.nurseName} />
                      <Anchor component={Link} fz="sm" to={`/parent/bookings/${report.bookingId}#report-${report.occurrenceId}`}>
                        {t('dashboard.onBookingWith', { name: report.nurseName })}
                      </Anchor>
                    </Stack>
                  ))}
                </Stack>
              </SectionCard>
            )}
            <BookingsSection
              status={query.status}
              expand={query.expand ?? null}
              bookings={loaderData.bookings.list}
              total={loaderData.bookings.total}
              error={loaderData.bookings.error}
              cancelPreview={loaderData.cancelPreview}
              hydrated={hydrated}
            />
            <PaymentsSection
              payments={loaderData.payments.list}
              total={loaderData.payments.total}
              error={loaderData.payments.error}
              linkedReceipt={loaderData.receipt}
              status={query.status}
              hydrated={hydrated}
            />
          </Stack>
          <Stack gap="lg">
            {loaderData.reservations.length > 0 && (
              <SectionCard id="reservations" title={t('dashboard.yourReservations')} titleMb="xs">
                <Stack gap={6}>
                  {loaderData.reservations.map((r) => (
                    <Anchor key={r.id} component={Link} fw={600} to={`/parent/reservations/${r.id}`}>
                      {t('dashboard.reservationLine', {
                        name: r.nurseName,
                        date: formatNightDate(r.dueDate),
                        status: familyStatusLabel(reservationStatus(r.status, r.holding).label, t),
                      })}
                    </Anchor>
                  ))}
                </Stack>
              </SectionCard>
            )}
            <SectionCard id="find-nurse" title={t('dashboard.findNurse')}>
              <Text fz="sm" c="dimmed" mt={4} mb="md">
                {t('dashboard.findNurseText')}
              </Text>
              <Button component={Link} variant="filled" fullWidth to="/search">
                {t('dashboard.findNurse')}
              </Button>
            </SectionCard>
            <SectionCard id="manage-account" title={t('dashboard.manageAccount')} titleMb="xs">
              <Stack gap={6}>
                <Anchor component={Link} fw={600} to="/parent/settings">
                  {t('dashboard.profileSettings')}
                </Anchor>
                <Anchor component={Link} fw={600} to="/parent/payment">
                  {t('dashboard.paymentMethods')}
                </Anchor>
                <Anchor component={Link} fw={600} to="/calendar">
                  {t('dashboard.calendarLink')}
                </Anchor>
              </Stack>
            </SectionCard>
            <NotificationSettings preferences={loaderData.preferences} isAdmin={loaderData.isAdmin} hydrated={hydrated} />
          </Stack>
        </div>
      </Stack>
    </Container>
  )
}
