import '~/styles/routes/interviews._index.css'
import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useMomentsInToldZone } from '~/components/use-told-time-zone'
import { INTERVIEW_MINUTES } from '~/domain/interviews/interview-rules'
import { listInterviews } from '~/domain/interviews/interviews.server'
import { formatMoment } from '~/domain/time/viewer-time'
import { nurseZoneOfAccount, viewerZone } from '~/domain/time/viewer-time.server'
import { translator } from '~/i18n/i18n.server'
import { requireRole } from '~/utils/session.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['conversations'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Interviews – Nightlight' }, { name: 'robots', content: 'noindex' }])

// /interviews (issue 36): the family's or the nurse's interviews, the latest asked first, times in
// the viewer's zone (a nurse's own until her browser tells it; docs/decisions/0050).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, ['parent', 'nurse'])
  const [interviews, zone] = await Promise.all([
    listInterviews(user),
    viewerZone(request, async () => (user.role === 'nurse' ? nurseZoneOfAccount(user.id) : null)),
  ])
  return data({ role: user.role, interviews, zone, title: translator('conversations')('interviewsList.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function Interviews() {
  const { role, interviews, zone } = useLoaderData<typeof loader>()
  useMomentsInToldZone(zone)
  const { t } = useTranslation('conversations')
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('interviewsList.title')}</Title>
        {interviews.length === 0 ? (
          <Text c="gray.7">
            {role === 'parent' ? (
              <>
                {t('interviewsList.emptyParent', { minutes: INTERVIEW_MINUTES })}{' '}
                <Anchor component={Link} to="/search" underline="always">
                  {t('interviewsList.findNurse')}
                </Anchor>
              </>
            ) : (
              t('interviewsList.emptyNurse', { minutes: INTERVIEW_MINUTES })
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
                        {interview.medium === 'video' ? t('interview.videoCall') : t('interview.phoneCall')}
                        {' · '}
                        {interview.scheduledAt
                          ? formatMoment(interview.scheduledAt, zone)
                          : interview.proposedTimes.map((at) => formatMoment(at, zone)).join('; ')}
                      </Text>
                      <Badge color="night" variant={waitingOnMe ? 'filled' : 'light'} tt="none" style={{ flexShrink: 0 }}>
                        {waitingOnMe ? t('interviewsList.yourAnswer') : t(`interview.status.${interview.status}`)}
                      </Badge>
                    </Group>
                    <Group justify="flex-end" mt={6}>
                      <Anchor component={Link} to={`/interviews/${interview.id}`} fz="sm" aria-label={t('interviewsList.openLabel', { name: other })}>
                        {t('interviewsList.open')}
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
