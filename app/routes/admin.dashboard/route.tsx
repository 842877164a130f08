// The admin dashboard: stats, the booking search and export, and four tabs: Pending Verifications,
// All Bookings, Nurses, Payments. The tab, page and filters live in the address, so every view is
// server-rendered, linkable and works before JavaScript loads; every change is a plain form post
// that redirects back with a toast.
import '~/styles/routes/admin.dashboard.css'
import { parseForm } from '~/utils/forms.server'
import { NativeSelect, Skeleton, Stack, TextInput } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { notifications } from '@mantine/notifications'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ButtonLabel, buttonLook, PlainButton } from '~/components/button-look'
import { Link } from '~/components/link'
import { anchorLook, PlainContainer, PlainGroup, PlainStack, PlainText, PlainTitle } from '~/components/plain-layout'
import { PlainCard } from '~/components/section-card'
import { useEffect } from 'react'
import { useHydrated } from '~/components/use-hydrated'
import { PlainToast } from '~/components/plain-toast'
import { STRIPE_DASHBOARD_URL } from '~/domain/admin/admin'
import { BOOKING_STATUSES } from '~/domain/bookings/life-cycle'
import { getConfig } from '~/config.server'
import { bookingStatus } from '~/domain/statuses'
import {
  readAdminStats,
  getEmailDelivery,
  listAdminBookings,
  listAdminNurses,
  listAdminPayments,
  updateBookingStatus,
  updateNurseVerification,
} from '~/domain/admin/admin.server'
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
import { AdminActions } from './admin-actions'
import { BookingsTable } from './bookings-table'
import { dashboardHref, exportHref } from './hrefs'
import { NursesTable } from './nurses-table'
import { PageLinks } from '~/components/page-links'
import { PaymentsTable } from './payments-table'
import { PayoutAttention } from './payout-attention'
import { listPayoutAttention, resolveNightProblem, retryPayout } from '~/domain/payouts/payouts.server'
import { ResolveProblemSchema, RetryPayoutSchema } from '~/schemas/payouts'
import { formatCents } from '~/domain/bookings/pricing'
import { failureTitle, type AdminActionFailure } from './results'
import { StatsCards } from './stats-cards'
import { firstError, readFormData } from '~/utils/api.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Admin Dashboard – Nightlight' }, { name: 'robots', content: 'noindex' }]

const TAB_LABELS: Record<AdminTab, string> = {
  pending: 'Pending Verifications',
  bookings: 'All Bookings',
  nurses: 'Nurses',
  payments: 'Payments',
}

/** Only the open tab's table is read. */
async function loadTab(query: AdminDashboardQuery) {
  switch (query.tab) {
    case 'bookings':
      return {
        tab: 'bookings' as const,
        ...(await listAdminBookings({ search: query.search, status: query.status, page: query.page, after: query.after, before: query.before })),
      }
    case 'nurses':
      return { tab: 'nurses' as const, ...(await listAdminNurses({ page: query.page })) }
    case 'payments':
      return {
        tab: 'payments' as const,
        ...(await listAdminPayments({ page: query.page })),
        attention: await listPayoutAttention(),
      }
    default:
      return { tab: 'pending' as const, ...(await listAdminNurses({ verificationStatus: 'pending', page: query.page })) }
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request)
  const query = AdminDashboardQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const now = new Date()
  const [stats, table] = await Promise.all([
    // The stats failing says so ('Failed to load stats') instead of taking the page down.
    readAdminStats(now).catch((error: unknown) => {
      console.error('Loading the admin stats failed:', error)
      return null
    }),
    loadTab(query),
  ])
  return data(
    {
      displayName: user.displayName,
      query,
      stats,
      table,
      now: now.toISOString(),
      emailDelivery: getEmailDelivery(),
      // 'Open Stripe' only where Stripe holds the payments: the test provider has no dashboard.
      stripeDashboardUrl: getConfig().stripeEnabled ? STRIPE_DASHBOARD_URL : null,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

function fail(failure: AdminActionFailure, status: number) {
  return data(failure, { status })
}

// One action, three intents, each form naming its own. A success redirects back to the same view
// with its toast (docs/product-texts.md); the lists and stats are read again.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request)
  const url = new URL(request.url)
  const formData = await readFormData(request)
  const parsedIntent = parseForm(formData, { schema: AdminIntentSchema })
  if (parsedIntent.status !== 'success') return fail({ intent: null, ok: false, error: 'Unknown action' }, 400)
  const intent = parsedIntent.value.intent
  const query = AdminDashboardQuerySchema.parse(Object.fromEntries(url.searchParams))
  const back = dashboardHref({ ...query, reject: undefined })

  if (intent === 'update-status') {
    const submission = parseForm(formData, { schema: UpdateBookingStatusSchema })
    const bookingId = Number(formData.get('bookingId')) || undefined
    if (submission.status !== 'success') {
      return fail({ intent, ok: false, error: firstError(submission.error), entityId: bookingId }, 400)
    }
    const result = await updateBookingStatus({ ...submission.value, actorId: user.id })
    if (!result.ok) return fail({ intent, ok: false, error: result.error, entityId: bookingId }, result.status)
    return redirectWithToast(back, { type: 'success', message: 'Booking status updated successfully' })
  }

  if (intent === 'update-verification') {
    const submission = parseForm(formData, { schema: UpdateNurseVerificationSchema })
    const nurseProfileId = Number(formData.get('nurseProfileId')) || undefined
    if (submission.status !== 'success') {
      return fail(
        { intent, ok: false, error: firstError(submission.error), entityId: nurseProfileId, result: submission.reply() },
        400,
      )
    }
    const result = await updateNurseVerification({ ...submission.value, actorId: user.id, now: new Date() })
    if (!result.ok) return fail({ intent, ok: false, error: result.error, entityId: nurseProfileId }, result.status)
    const message =
      result.verificationStatus === 'pending'
        ? 'Nurse verification reset to pending'
        : `Nurse verification ${result.verificationStatus} successfully`
    return redirectWithToast(back, { type: 'success', message })
  }

  if (intent === 'resolve-problem') {
    const submission = parseForm(formData, { schema: ResolveProblemSchema })
    const problemId = Number(formData.get('problemId')) || undefined
    if (submission.status !== 'success') return fail({ intent, ok: false, error: firstError(submission.error), entityId: problemId }, 400)
    const result = await resolveNightProblem(user, submission.value, new Date())
    if (!result.ok) return fail({ intent, ok: false, error: result.error, entityId: problemId }, result.status)
    if (result.reversalFailure) {
      const message = `Night refunded: ${formatCents(result.refundCents)} back to the family. Taking back the nurse's payout failed (${result.reversalFailure}); recover it at the payment provider.`
      return redirectWithToast(back, { type: 'error', message })
    }
    const message =
      submission.value.decision === 'refund'
        ? `Night refunded: ${formatCents(result.refundCents)} back to the family`
        : 'Payout released to the nurse'
    return redirectWithToast(back, { type: 'success', message })
  }

  if (intent === 'retry-payout') {
    const submission = parseForm(formData, { schema: RetryPayoutSchema })
    const paymentId = Number(formData.get('paymentId')) || undefined
    if (submission.status !== 'success') return fail({ intent, ok: false, error: firstError(submission.error), entityId: paymentId }, 400)
    const result = await retryPayout(user, submission.value.paymentId, new Date())
    if (!result.ok) return fail({ intent, ok: false, error: result.error, entityId: paymentId }, result.status)
    const message =
      result.outcome === 'paid'
        ? 'Payout sent'
        : result.outcome === 'failed'
          ? 'The payout failed again; the nurse is shown why'
          : 'The payout will be sent once the nurse has a payout account that can receive it'
    return redirectWithToast(back, { type: result.outcome === 'failed' ? 'error' : 'success', message })
  }

  const { message } = await sendDueReminders(new Date())
  return redirectWithToast(back, { type: 'success', message })
}

function TableSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading" py="xs">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  )
}

function TabLinks({ active }: { active: AdminTab }) {
  return (
    <PlainGroup component="nav" aria-label="Admin sections" gap="xs">
      {(Object.keys(TAB_LABELS) as AdminTab[]).map((tab) => (
        <Link
          key={tab}
          {...buttonLook(tab === active ? 'filled' : 'default')}
          to={dashboardHref({ tab })}
          aria-current={tab === active ? 'page' : undefined}
          preventScrollReset
        >
          <ButtonLabel>{TAB_LABELS[tab]}</ButtonLabel>
        </Link>
      ))}
    </PlainGroup>
  )
}

function BookingSearch({ query }: { query: AdminDashboardQuery }) {
  return (
    <Form method="get" role="search" aria-label="Bookings">
      <input type="hidden" name="tab" value="bookings" />
      <PlainGroup align="flex-end" gap="sm">
        <TextInput
          name="search"
          label="Search bookings"
          placeholder="Nurse, parent, e-mail or #booking"
          defaultValue={query.search ?? ''}
          maxLength={100}
          w={{ base: '100%', sm: 300 }}
        />
        <NativeSelect
          name="status"
          label="Status"
          defaultValue={query.status ?? ''}
          data={[{ value: '', label: 'All statuses' }, ...BOOKING_STATUSES.map((s) => ({ value: s, label: bookingStatus(s).label }))]}
        />
        <PlainButton type="submit" variant="default">
          Search
        </PlainButton>
        {/* A plain link: the download works without JavaScript. */}
        <a {...buttonLook('filled')} href={exportHref(query)} download="bookings.csv">
          <ButtonLabel>Export Bookings</ButtonLabel>
        </a>
      </PlainGroup>
    </Form>
  )
}

function ActionFailure({ failure, hydrated }: { failure: AdminActionFailure | undefined; hydrated: boolean }) {
  useEffect(() => {
    if (failure && hydrated) notifications.show({ color: 'red', title: failureTitle(failure.intent), message: failure.error })
  }, [failure, hydrated])
  if (!failure) return null
  return (
    <ErrorNote title={failureTitle(failure.intent)}>{failure.error}</ErrorNote>
  )
}

export default function AdminDashboard() {
  const loaderData = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>() as AdminActionFailure | undefined
  const hydrated = useHydrated()
  const { query, table, stripeDashboardUrl } = loaderData
  const now = new Date(loaderData.now)
  // The bookings' Next and Previous carry the page's edge (keyset paging, docs/decisions/0022).
  const cursors = table.tab === 'bookings' ? table.cursors : null
  const pageHref = (page: number) =>
    dashboardHref({
      ...query,
      reject: undefined,
      after: cursors && page > table.page ? cursors.after : undefined,
      before: cursors && page > 1 && page < table.page ? cursors.before : undefined,
      page,
    })
  const navigation = useNavigation()
  // Another tab, page or filter is loading (not a form post's refresh): skeleton rows.
  const switching =
    navigation.state === 'loading' &&
    !navigation.formMethod &&
    navigation.location.pathname === '/admin/dashboard' &&
    new URLSearchParams(navigation.location.search).get('reject') === null

  return (
    <PlainContainer size="xl" py="xl">
      <PlainStack gap="xl">
        <PlainStack gap={4}>
          <PlainTitle order={1}>Welcome back, {loaderData.displayName}.</PlainTitle>
          <PlainText dimmed>Verify nurses, manage bookings and review payments.</PlainText>
        </PlainStack>
        <PlainToast />
        <ActionFailure failure={failure} hydrated={hydrated} />
        {loaderData.stats ? (
          <StatsCards stats={loaderData.stats} />
        ) : (
          <ErrorNote>Failed to load stats</ErrorNote>
        )}
        <BookingSearch query={query} />
        <PlainStack gap="md">
          <TabLinks active={query.tab} />
          <PlainCard labelledBy="admin-table-title">
            <PlainGroup justify="space-between" mb="sm">
              <PlainTitle order={2} fz="xl" id="admin-table-title">
                {TAB_LABELS[query.tab]}
                {query.tab === 'bookings' && (query.search || query.status) ? ' (filtered)' : ''}
              </PlainTitle>
              {table.tab === 'payments' && stripeDashboardUrl && (
                <a {...anchorLook({ fz: 'sm' })} href={stripeDashboardUrl} target="_blank" rel="noopener noreferrer">
                  Open Stripe
                </a>
              )}
            </PlainGroup>
            {switching && <TableSkeleton />}
            {!switching && table.tab === 'bookings' && <BookingsTable bookings={table.rows} hydrated={hydrated} failure={failure} />}
            {!switching && table.tab === 'payments' && (
              <>
                <PayoutAttention holds={table.attention.holds} failures={table.attention.failures} failure={failure} />
                <PaymentsTable payments={table.rows} />
              </>
            )}
            {!switching && (table.tab === 'pending' || table.tab === 'nurses') && (
              <NursesTable
                nurses={table.rows}
                query={query}
                now={now}
                failure={failure}
                emptyText={table.tab === 'pending' ? 'No pending verifications' : 'No nurses found'}
              />
            )}
            <PageLinks page={table.page} totalPages={table.totalPages} hrefFor={pageHref} label={TAB_LABELS[query.tab]} />
          </PlainCard>
        </PlainStack>
        <AdminActions hydrated={hydrated} emailDelivery={loaderData.emailDelivery} />
      </PlainStack>
    </PlainContainer>
  )
}
