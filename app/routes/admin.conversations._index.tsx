import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { translator } from '~/i18n/i18n.server'
import { SectionCard } from '~/components/section-card'
import { PageLinks } from '~/components/page-links'
import { listReportedConversations } from '~/domain/messages/messages.server'
import { pageOfAddress } from '~/schemas/fields'
import { requireAdmin } from '~/utils/session.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Reported Conversations – Nightlight' }, { name: 'robots', content: 'noindex' }])

const date = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso))

// The conversations a member reported (issue 16): only these can an admin read, twenty a page.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const conversations = await listReportedConversations({ page: pageOfAddress(request) })
  return data({ conversations, title: translator('admin')('reported.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

const pageHref = (page: number) => (page > 1 ? `/admin/conversations?page=${page}` : '/admin/conversations')

export default function ReportedConversations() {
  const { conversations } = useLoaderData<typeof loader>()
  const { t } = useTranslation('admin')
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← {t('common.backToDashboard')}
        </Anchor>
        <Title order={1}>{t('reported.title')}</Title>
        {conversations.totalRows === 0 && <Text c="gray.7">{t('reported.none')}</Text>}
        {conversations.rows.map((conversation) => (
          <SectionCard key={conversation.id} id={`conversation-${conversation.id}`} title={t('reported.pair', { parent: conversation.parentName, nurse: conversation.nurseName })} titleMb={4}>
            <Text fz="sm">
              {t('reported.reportedOn', { date: date(conversation.reportedAt), reason: conversation.reportReason })}
            </Text>
            <Anchor component={Link} to={`/admin/conversations/${conversation.id}`} fz="sm">
              {t('reported.read')}
            </Anchor>
          </SectionCard>
        ))}
        {conversations.totalPages > 1 && <PageLinks page={conversations.page} totalPages={conversations.totalPages} hrefFor={pageHref} label={t('reported.title')} />}
      </Stack>
    </Container>
  )
}
