// The e-mail outbox: without SMTP every message is kept here for admins to read;
// with SMTP, messages leave and this page says so.
import '~/styles/routes/admin.emails.css'
import { Alert, Anchor, Badge, Container, Stack, Table, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { getEmailDelivery, listOutboxEmails } from '~/domain/admin/admin.server'
import { AdminPageQuerySchema } from '~/schemas/admin'
import { PageLinks } from '~/components/page-links'
import { SectionCard } from '~/components/section-card'
import { StackedTable } from '~/components/stacked-table'
import { requireAdmin } from '~/utils/session.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'E-mail Outbox – Nightlight' }, { name: 'robots', content: 'noindex' }]

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const parsed = AdminPageQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  const page = parsed.success ? parsed.data.page : 1
  const outbox = await listOutboxEmails({ page })
  return data({ outbox, delivery: getEmailDelivery() }, { headers: { 'Cache-Control': 'private, no-store' } })
}

const OUTBOX_COLUMNS = ['To', 'Subject', 'Created', 'Delivery']

const pageHref = (page: number) => (page > 1 ? `/admin/emails?page=${page}` : '/admin/emails')

export default function AdminEmails() {
  const { outbox, delivery } = useLoaderData<typeof loader>()
  return (
    <Container py="xl" size="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← Back to the admin dashboard
        </Anchor>
        <Title order={1}>E-mail Outbox</Title>
        <Alert color={delivery === 'smtp' ? 'teal' : 'blue'} variant="light" c="dark.8">
          {delivery === 'smtp'
            ? 'SMTP is configured: new messages are sent and no longer kept here. Older kept messages stay listed.'
            : 'SMTP is not configured: every message the app sends is kept here instead of being delivered.'}
        </Alert>
        <SectionCard id="outbox-title" title={`Messages (${outbox.totalRows})`} titleFz="xl" titleMb="sm">
          {outbox.rows.length === 0 ? (
            <Text c="dimmed">No e-mails in the outbox</Text>
          ) : (
            <StackedTable columns={OUTBOX_COLUMNS} minWidth={700} striped verticalSpacing="sm">
              {outbox.rows.map((email) => (
                <Table.Tr key={email.id}>
                  <Table.Td data-label="To">{email.toAddress}</Table.Td>
                  <Table.Td data-label="Subject" className="stacked-table-wide">
                    <details>
                      <summary>{email.subject}</summary>
                      <Text component="pre" fz="xs" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                        {email.textBody}
                      </Text>
                    </details>
                  </Table.Td>
                  <Table.Td data-label="Created">{dateTime.format(new Date(email.createdAt))}</Table.Td>
                  <Table.Td data-label="Delivery">
                    <Badge variant="light" color="gray" c="dark.8">
                      Kept
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </StackedTable>
          )}
          <PageLinks page={outbox.page} totalPages={outbox.totalPages} hrefFor={pageHref} label="Outbox" />
        </SectionCard>
      </Stack>
    </Container>
  )
}
