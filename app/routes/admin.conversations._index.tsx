import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { listReportedConversations } from '~/domain/messages/messages.server'
import { requireAdmin } from '~/utils/session.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Reported Conversations – Nightlight' }, { name: 'robots', content: 'noindex' }]

const date = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso))

// The conversations a member reported (issue 16): only these can an admin read.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return data({ conversations: await listReportedConversations() }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function ReportedConversations() {
  const { conversations } = useLoaderData<typeof loader>()
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← Back to the admin dashboard
        </Anchor>
        <Title order={1}>Reported Conversations</Title>
        {conversations.length === 0 && <Text c="gray.7">No conversation has been reported.</Text>}
        {conversations.map((conversation) => (
          <SectionCard key={conversation.id} id={`conversation-${conversation.id}`} title={`${conversation.parentName} and ${conversation.nurseName}`} titleMb={4}>
            <Text fz="sm">
              Reported {date(conversation.reportedAt)}: {conversation.reportReason}
            </Text>
            <Anchor component={Link} to={`/admin/conversations/${conversation.id}`} fz="sm">
              Read the conversation
            </Anchor>
          </SectionCard>
        ))}
      </Stack>
    </Container>
  )
}
