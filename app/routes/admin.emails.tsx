// The e-mail outbox: without SMTP every message is kept here for admins to read;
// with SMTP, messages leave and this page says so.
import '~/styles/routes/admin.emails.css'
import { Alert, Anchor, Badge, Container, Stack, Table, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { translator } from '~/i18n/i18n.server'
import { getEmailDelivery, listOutboxEmails } from '~/domain/admin/admin.server'
import { pageOfAddress } from '~/schemas/fields'
import { PageLinks } from '~/components/page-links'
import { SectionCard } from '~/components/section-card'
import { Cell, StackedTable } from '~/components/stacked-table'
import { requireAdmin } from '~/utils/session.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'E-mail Outbox – Nightlight' }, { name: 'robots', content: 'noindex' }])

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
  const outbox = await listOutboxEmails({ page: pageOfAddress(request) })
  return data({ outbox, delivery: getEmailDelivery(), title: translator('admin')('outbox.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

const pageHref = (page: number) => (page > 1 ? `/admin/emails?page=${page}` : '/admin/emails')

export default function AdminEmails() {
  const { outbox, delivery } = useLoaderData<typeof loader>()
  const { t } = useTranslation('admin')
  const columns = [t('outbox.to'), t('outbox.subject'), t('outbox.created'), t('outbox.delivery')]
  return (
    <Container py="xl" size="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← {t('common.backToDashboard')}
        </Anchor>
        <Title order={1}>{t('outbox.title')}</Title>
        <Alert color={delivery === 'smtp' ? 'teal' : 'blue'} variant="light" c="dark.8">
          {delivery === 'smtp'
            ? t('outbox.smtp')
            : t('outbox.noSmtp')}
        </Alert>
        <SectionCard id="outbox-title" title={t('outbox.messages', { count: outbox.totalRows })} titleFz="xl" titleMb="sm">
          {outbox.rows.length === 0 ? (
            <Text c="dimmed">{t('outbox.none')}</Text>
          ) : (
            <StackedTable columns={columns} minWidth={700} striped verticalSpacing="sm">
              {outbox.rows.map((email) => (
                <Table.Tr key={email.id}>
                  <Cell data-label={columns[0]}>{email.toAddress}</Cell>
                  <Cell data-label={columns[1]} wide>
                    <details>
                      <summary>{email.subject}</summary>
                      <Text component="pre" fz="xs" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                        {email.textBody}
                      </Text>
                    </details>
                  </Cell>
                  <Cell data-label={columns[2]}>{dateTime.format(new Date(email.createdAt))}</Cell>
                  <Cell data-label={columns[3]}>
                    <Badge variant="light" color="gray" c="dark.8">
                      {t('outbox.kept')}
                    </Badge>
                  </Cell>
                </Table.Tr>
              ))}
            </StackedTable>
          )}
          <PageLinks page={outbox.page} totalPages={outbox.totalPages} hrefFor={pageHref} label={t('outbox.label')} />
        </SectionCard>
      </Stack>
    </Container>
  )
}
