// /admin/profile-changes (docs/decisions/0063): approved nurses' changes to their name, photo,
// documents or credentials that wait for an admin, the longest waiting first.
import '~/styles/routes/admin.profile-changes._index.css'
import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { PlainToast } from '~/components/plain-toast'
import { SectionCard } from '~/components/section-card'
import { nameFields } from '~/domain/nurses/profile-changes'
import { listPendingProfileChanges } from '~/domain/nurses/profile-changes.server'
import { formatDay } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { requireAdmin } from '~/utils/session.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Profile Changes to Review – Nightlight' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const [changes, zone] = await Promise.all([listPendingProfileChanges(), viewerZone(request)])
  return data({ changes, zone }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function ProfileChangesToReview() {
  const { changes, zone } = useLoaderData<typeof loader>()
  const date = (iso: string) => formatDay(iso, zone)
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← Back to the admin dashboard
        </Anchor>
        <Title order={1}>Profile Changes to Review</Title>
        <PlainToast />
        {changes.length === 0 && <Text c="gray.7">No profile change is waiting for review.</Text>}
        {changes.map((change) => (
          <SectionCard key={change.id} id={`change-${change.id}`} title={change.nurseName} titleMb={4}>
            <Text fz="sm">
              New {nameFields(change.fields)} · submitted {date(change.submittedAt)}
            </Text>
            <Anchor component={Link} to={`/admin/profile-changes/${change.id}`} fz="sm">
              Review {change.nurseName}&rsquo;s change
            </Anchor>
          </SectionCard>
        ))}
      </Stack>
    </Container>
  )
}
