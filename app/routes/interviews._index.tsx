import '~/styles/routes/interviews._index.css'
import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useMomentsInToldZone } from '~/components/use-told-time-zone'
import { INTERVIEW_MINUTES, STATUS_LABELS } from '~/domain/interviews/interview-rules'
import { listInterviews } from '~/domain/interviews/interviews.server'
import { formatMoment } from '~/domain/time/viewer-time'
import { nurseZoneOfAccount, viewerZone } from '~/domain/time/viewer-time.server'
import { requireRole } from '~/utils/session.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Interviews – Nightlight' }, { name: 'robots', content: 'noindex' }]

// /interviews (issue 36): the family's or the nurse's interviews, the latest asked first, times in
// the viewer's zone (a nurse's own until her browser tells it; docs/decisions/0050).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, ['parent', 'nurse'])
  const [interviews, zone] = await Promise.all([
    listInterviews(user),
    viewerZone(request, async () => (user.role === 'nurse' ? nurseZoneOfAccount(user.id) : null)),
  ])
  return data({ role: user.role, interviews, zone }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function Interviews() {
  const { role, interviews, zone } = useLoaderData<typeof loader>()
  useMomentsInToldZone(zone)
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Interviews</Title>
        {interviews.length === 0 ? (
          <Text c="gray.7">
            {role === 'parent' ? (
              <>
                No interviews yet. To meet a nurse for {INTERVIEW_MINUTES} minutes before booking, open her profile and choose &lsquo;Ask for an
                interview&rsquo;.{' '}
                <Anchor component={Link} to="/search" underline="always">
                  Find a night nurse
                </Anchor>
              </>
            ) : (
              `No interviews yet. Families who want to meet you for ${INTERVIEW_MINUTES} minutes before booking ask here.`
            )}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {interviews.map((interview) => {
              const other = role === 'parent' ? interview.nurseName : interview.parentName
              const waitingOnMe = interview.status === 'proposed' && interview.proposedBy !== role
              return (
                <li key={interview.id}>
                  <SectionCard id={`interview-${interview.id}`} title={other} titleMb={4}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fz="sm" c="gray.8">
                        {interview.medium === 'video' ? 'Video call' : 'Phone call'}
                        {' · '}
                        {interview.scheduledAt
                          ? formatMoment(interview.scheduledAt, zone)
                          : interview.proposedTimes.map((at) => formatMoment(at, zone)).join('; ')}
                      </Text>
                      <Badge color="night" variant={waitingOnMe ? 'filled' : 'light'} tt="none" style={{ flexShrink: 0 }}>
                        {waitingOnMe ? 'Your answer' : STATUS_LABELS[interview.status]}
                      </Badge>
                    </Group>
                    <Group justify="flex-end" mt={6}>
                      <Anchor component={Link} to={`/interviews/${interview.id}`} fz="sm" aria-label={`Open the interview with ${other}`}>
                        Open
                      </Anchor>
                    </Group>
                  </SectionCard>
                </li>
              )
            })}
          </Stack>
        )}
      </Stack>
    </Container>
  )
}
