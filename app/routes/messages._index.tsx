import '~/styles/routes/messages._index.css'
import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { useMomentsInToldZone } from '~/components/use-told-time-zone'
import { listConversations } from '~/domain/messages/messages.server'
import { formatMoment } from '~/domain/time/viewer-time'
import { nurseZoneOfAccount, viewerZone } from '~/domain/time/viewer-time.server'
import { translator } from '~/i18n/i18n.server'
import { requireRole } from '~/utils/session.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['conversations'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Messages – Nightlight' }, { name: 'robots', content: 'noindex' }])

// /messages (issue 16): the signed-in family's or nurse's conversations, latest first, with what
// waits unread. Times in the viewer's zone, or a nurse's own, named (docs/decisions/0050).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, ['parent', 'nurse'])
  const [conversations, zone] = await Promise.all([
    listConversations(user),
    viewerZone(request, async () => (user.role === 'nurse' ? nurseZoneOfAccount(user.id) : null)),
  ])
  return data({ role: user.role, conversations, zone, title: translator('conversations')('messagesList.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function Messages() {
  const { role, conversations, zone } = useLoaderData<typeof loader>()
  useMomentsInToldZone(zone)
  const { t } = useTranslation('conversations')
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('messagesList.title')}</Title>
        {conversations.length === 0 ? (
          <Text c="gray.7">
            {role === 'parent' ? (
              <>
                {t('messagesList.emptyParent')}{' '}
                <Anchor component={Link} to="/search" underline="always">
                  {t('messagesList.findNurse')}
                </Anchor>
              </>
            ) : (
              t('messagesList.emptyNurse')
            )}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {conversations.map((conversation) => (
              <li key={conversation.id}>
                <SectionCard id={`conversation-${conversation.id}`} title={conversation.otherName} titleMb={4}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fz="sm" c="gray.8" style={{ minWidth: 0 }}>
                      {conversation.preview}
                    </Text>
                    {conversation.unread > 0 && (
                      <Badge color="night" variant="filled" tt="none" style={{ flexShrink: 0 }}>
                        {t('messagesList.unread', { count: conversation.unread })}
                      </Badge>
                    )}
                  </Group>
                  <Group justify="space-between" mt={6}>
                    <Text fz="xs" c="gray.7">
                      {formatMoment(conversation.lastMessageAt, zone)}
                    </Text>
                    <Anchor component={Link} to={`/messages/${conversation.id}`} fz="sm" aria-label={t('messagesList.openLabel', { name: conversation.otherName })}>
                      {t('messagesList.open')}
                    </Anchor>
                  </Group>
                </SectionCard>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  )
}
