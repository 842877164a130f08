// The admin dashboard: stats, the booking search and export, and four tabs: Pending Verifications,
// All Bookings, Nurses, Payments. The tab, page and filters live in the address, so every view is
// server-rendered, linkable and works before JavaScript loads; every change is a plain form post
// that redirects back with a toast. The loader is one call to the dashboard's view-model
// (getDashboardPage); each form posts here with its intent, is read by parseForm with its schema
// and calls one domain function. The page's parts are beside this file.
import '~/styles/routes/admin.dashboard.css'
import { parseForm, typedText } from '~/utils/forms.server'
import { Anchor, Button, Card, Container, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useHydrated } from '~/components/use-hydrated'
import { ToastWithoutScripts } from '~/components/toast-without-scripts'
import { BOOKING_STATUSES } from '~/domain/bookings/life-cycle'
import { bookingStatus } from '~/domain/statuses'
import { updateBookingStatus, updateNurseVerification } from '~/domain/admin/admin.server'
import {
  BOOKING_STATUS_UPDATED,
  pageView,
  payoutRetriedToast,
  problemResolvedToast,
  verificationToast,
  viewAfterChange,
} from '~/domain/admin/dashboard-page'
import { getDashboardPage } from '~/domain/admin/dashboard-page.server'
import { sendDueReminders } from '~/domain/bookings/reminders.server'
import {
  AdminDashboardQuerySchema,
  AdminIntentSchema,
  UpdateBookingStatusSchema,
  UpdateNurseVerificationSchema,
  type AdminDashboardQuery,
  type AdminTab,
} from '~/schemas/admin'
import { requireAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { ActionFailure } from './action-failure'
import { AdminActions } from './admin-actions'
import { BookingsTable } from './bookings-table'
import { dashboardHref, exportHref } from './hrefs'
import { NursesTable } from './nurses-table'
import { PageLinks } from '~/components/page-links'
import { PaymentsTable } from './payments-table'
import { PayoutAttention } from './payout-attention'
import { resolveNightProblem, retryPayout } from '~/domain/payouts/payouts.server'
import { ResolveProblemSchema, RetryPayoutSchema } from '~/schemas/payouts'
import { type AdminActionFailure } from './results'
import { StatsCards } from './stats-cards'
import { statusIn } from './status-words'
import { TableSkeleton } from './table-skeleton'
import { firstError, readFormData } from '~/utils/api.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Admin Dashboard – Nightlight' }, { name: 'robots', content: 'noindex' }])

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request)
  const query = AdminDashboardQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const page = await getDashboardPage({ admin: user, query, now: new Date() })
  return data({ ...page, title: translator('admin')('dashboard.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

type Admin = { id: number }

function fail(failure: AdminActionFailure, status: number) {
  return data(failure, { status })
}

/** The row a refused form belongs to, as it was sent, so its error shows beside it. */
const rowOf = (submission: Parameters<typeof typedText>[0], name: string) => Number(typedText(submission, name)) || undefined

// One action, five intents, each form naming its own and read by parseForm with its schema, then
// one domain call. A success redirects back to the same view with its toast
// (docs/product-texts.md); the lists and stats are read again.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request)
  const formData = await readFormData(request)
  const parsedIntent = parseForm(formData, { schema: AdminIntentSchema })
  if (parsedIntent.status !== 'success') return fail({ intent: null, ok: false, error: 'Unknown action' }, 400)
  const query = AdminDashboardQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const back = dashboardHref(viewAfterChange(query))
  switch (parsedIntent.value.intent) {
    case 'update-status':
      return changeBookingStatus(user, formData, back)
    case 'update-verification':
      return decideVerification(user, formData, back)
    case 'resolve-problem':
      return resolveProblem(user, formData, back)
    case 'retry-payout':
      return sendPayoutAgain(user, formData, back)
    case 'send-reminders': {
      const { sent } = await sendDueReminders(new Date())
      return redirectWithToast(back, { type: 'success', message: translator('admin')('toast.remindersSent', { count: sent }) })
    }
  }
}

async function changeBookingStatus(user: Admin, formData: FormData, back: string) {
  const intent = 'update-status'
  const submission = parseForm(formData, { schema: UpdateBookingStatusSchema })
  const bookingId = rowOf(submission, 'bookingId')
  if (submission.status !== 'success') return fail({ intent, ok: false, error: firstError(submission.error), entityId: bookingId }, 400)
  const result = await updateBookingStatus({ ...submission.value, actorId: user.id })
  if (!result.ok) return fail({ intent, ok: false, error: result.error, entityId: bookingId }, result.status)
  return redirectWithToast(back, { ...BOOKING_STATUS_UPDATED, message: translateMessage(BOOKING_STATUS_UPDATED.message) })
}

async function decideVerification(user: Admin, formData: FormData, back: string) {
  const intent = 'update-verification'
  const submission = parseForm(formData, { schema: UpdateNurseVerificationSchema })
  const nurseProfileId = rowOf(submission, 'nurseProfileId')
  if (submission.status !== 'success') {
    return fail({ intent, ok: false, error: firstError(submission.error), entityId: nurseProfileId, result: submission.reply() }, 400)
  }
  const result = await updateNurseVerification({ ...submission.value, actorId: user.id, now: new Date() })
  if (!result.ok) return fail({ intent, ok: false, error: result.error, entityId: nurseProfileId }, result.status)
  return redirectWithToast(back, verificationToast(result.verificationStatus, translator('admin')))
}

async function resolveProblem(user: Admin, formData: FormData, back: string) {
  const intent = 'resolve-problem'
  const submission = parseForm(formData, { schema: ResolveProblemSchema })
  const problemId = rowOf(submission, 'problemId')
  if (submission.status !== 'success') return fail({ intent, ok: false, error: firstError(submission.error), entityId: problemId }, 400)
  const result = await resolveNightProblem(user, submission.value, new Date())
  if (!result.ok) return fail({ intent, ok: false, error: result.error, entityId: problemId }, result.status)
  return redirectWithToast(back, problemResolvedToast(submission.value.decision, result, translator('admin')))
}

async function sendPayoutAgain(user: Admin, formData: FormData, back: string) {
  const intent = 'retry-payout'
  const submission = parseForm(formData, { schema: RetryPayoutSchema })
  const paymentId = rowOf(submission, 'paymentId')
  if (submission.status !== 'success') return fail({ intent, ok: false, error: firstError(submission.error), entityId: paymentId }, 400)
  const result = await retryPayout(user, submission.value.paymentId, new Date())
  if (!result.ok) return fail({ intent, ok: false, error: result.error, entityId: paymentId }, result.status)
  return redirectWithToast(back, payoutRetriedToast(result.outcome, translator('admin')))
}

const TABS: AdminTab[] = ['pending', 'bookings', 'nurses', 'payments']

function TabLinks({ active }: { active: AdminTab }) {
  const { t } = useTranslation('admin')
  return (
    <Group component="nav" aria-label={t('dashboard.sections')} gap="xs">
      {TABS.map((tab) => (
        <Button
          key={tab}
          component={Link}
          variant={tab === active ? 'filled' : 'default'}
          to={dashboardHref({ tab })}
          aria-current={tab === active ? 'page' : undefined}
          preventScrollReset
        >
          {t(`dashboard.tab.${tab}`)}
        </Button>
      ))}
    </Group>
  )
}

function BookingSearch({ query }: { query: AdminDashboardQuery }) {
  const { t } = useTranslation('admin')
  return (
    <Form method="get" role="search" aria-label={t('dashboard.searchRegion')}>
      <input type="hidden" name="tab" value="bookings" />
      <Group align="flex-end" gap="sm">
        <TextInput
          name="search"
          label={t('dashboard.searchLabel')}
          placeholder={t('dashboard.searchPlaceholder')}
          defaultValue={query.search ?? ''}
          maxLength={100}
          w={{ base: '100%', sm: 300 }}
        />
        <NativeSelect
          name="status"
          label={t('dashboard.statusLabel')}
          defaultValue={query.status ?? ''}
          data={[{ value: '', label: t('dashboard.allStatuses') }, ...BOOKING_STATUSES.map((s) => ({ value: s, label: statusIn(bookingStatus(s), t).label }))]}
        />
        <Button type="submit" variant="default">
          {t('dashboard.search')}
        </Button>
        {/* A plain link: the download works without JavaScript. */}
        <Button component="a" variant="filled" href={exportHref(query)} download="bookings.csv">
          {t('dashboard.export')}
        </Button>
      </Group>
    </Form>
  )
}

export default function AdminDashboard() {
  const loaderData = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>() as AdminActionFailure | undefined
  const hydrated = useHydrated()
  const { query, table, stripeDashboardUrl } = loaderData
  const now = new Date(loaderData.now)
  // The bookings' Next and Previous carry the page's edge (keyset paging, docs/decisions/0022).
  const pageHref = (page: number) => dashboardHref(pageView(query, table, page))
  const navigation = useNavigation()
  const { t } = useTranslation('admin')
  // Another tab, page or filter is loading (not a form post's refresh): skeleton rows.
  const switching =
    navigation.state === 'loading' &&
    !navigation.formMethod &&
    navigation.location.pathname === '/admin/dashboard' &&
    new URLSearchParams(navigation.location.search).get('reject') === null

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('dashboard.welcome', { name: loaderData.displayName })}</Title>
          <Text c="dimmed">{t('dashboard.intro')}</Text>
        </Stack>
        <ToastWithoutScripts />
        <ActionFailure failure={failure} hydrated={hydrated} />
        {loaderData.stats ? (
          <StatsCards stats={loaderData.stats} />
        ) : (
          <ErrorNote>{t('dashboard.statsFailed')}</ErrorNote>
        )}
        <BookingSearch query={query} />
        <Stack gap="md">
          <TabLinks active={query.tab} />
          <Card component="section" aria-labelledby="admin-table-title">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="xl" id="admin-table-title">
                {t(`dashboard.tab.${query.tab}`)}
                {query.tab === 'bookings' && (query.search || query.status) ? ` ${t('dashboard.filtered')}` : ''}
              </Title>
              {table.tab === 'payments' && stripeDashboardUrl && (
                <Anchor fz="sm" href={stripeDashboardUrl} target="_blank" rel="noopener noreferrer">
                  {t('dashboard.openStripe')}
                </Anchor>
              )}
            </Group>
            {switching && <TableSkeleton />}
            {!switching && table.tab === 'bookings' && <BookingsTable bookings={table.rows} hydrated={hydrated} failure={failure} />}
            {!switching && table.tab === 'payments' && (
              <>
                <PayoutAttention attention={table.attention} query={query} failure={failure} />
                <PaymentsTable payments={table.rows} />
              </>
            )}
            {!switching && (table.tab === 'pending' || table.tab === 'nurses') && (
              <NursesTable
                nurses={table.rows}
                query={query}
                now={now}
                failure={failure}
                emptyText={table.tab === 'pending' ? t('dashboard.noPending') : t('dashboard.noNurses')}
              />
            )}
            <PageLinks page={table.page} totalPages={table.totalPages} hrefFor={pageHref} label={t(`dashboard.tab.${query.tab}`)} />
          </Card>
        </Stack>
        <AdminActions hydrated={hydrated} emailDelivery={loaderData.emailDelivery} />
      </Stack>
    </Container>
  )
}
