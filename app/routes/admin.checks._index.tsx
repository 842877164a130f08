// /admin/checks (docs/decisions/0061): the background checks waiting for an admin, the longest
// waiting first: reports that came back 'consider', and pre-adverse notices whose wait runs; and
// the nurses out of search by a lapsed check or credential (docs/decisions/0062).
import '~/styles/routes/admin.checks._index.css'
import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { ADMIN_CHECK_LABELS } from '~/domain/verification/background-checks'
import { listChecksToDecide } from '~/domain/verification/adjudication.server'
import { formatDay } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { listLapsedNurses } from '~/domain/verification/listing.server'
import { requireAdmin } from '~/utils/session.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Background Checks to Decide – Nightlight' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const [checks, lapsed, zone] = await Promise.all([listChecksToDecide(), listLapsedNurses(), viewerZone(request)])
  return data({ checks, lapsed, zone }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function ChecksToDecide() {
  const { checks, lapsed, zone } = useLoaderData<typeof loader>()
  const date = (iso: string) => formatDay(iso, zone)
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← Back to the admin dashboard
        </Anchor>
        <Title order={1}>Background Checks to Decide</Title>
        {checks.length === 0 && <Text c="gray.7">No background check is waiting for a decision.</Text>}
        {checks.map((check) => (
          <SectionCard key={check.checkId} id={`check-${check.checkId}`} title={check.nurseName} titleMb={4}>
            <Text fz="sm">
              {ADMIN_CHECK_LABELS[check.status]}
              {check.completedAt && ` · report of ${date(check.completedAt)}`}
              {check.earliestFinalAt && ` · final notice possible from ${date(check.earliestFinalAt)}`}
              {check.disputedAt && ` · she answered on ${date(check.disputedAt)}`}
            </Text>
            <Anchor component={Link} to={`/admin/checks/${check.checkId}`} fz="sm">
              Review {check.nurseName}&rsquo;s check
            </Anchor>
          </SectionCard>
        ))}
        <Title order={2} id="lapsed">
          Out of Search Until Renewed
        </Title>
        {lapsed.length === 0 && <Text c="gray.7">No nurse is out of search by a lapsed check or credential.</Text>}
        {lapsed.map((nurse) => (
          <SectionCard key={nurse.nurseProfileId} id={`lapsed-${nurse.nurseProfileId}`} title={nurse.name} titleMb={4}>
            <Text fz="sm">
              {nurse.reason ?? 'Lapsed'} · out since {date(nurse.lapsedAt)}
            </Text>
            <Anchor component={Link} to={`/nurse/${nurse.slug}`} fz="sm">
              {nurse.name}&rsquo;s profile
            </Anchor>
          </SectionCard>
        ))}
      </Stack>
    </Container>
  )
}
