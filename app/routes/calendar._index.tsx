import '~/styles/routes/calendar._index.css'
import { Anchor, Button, Code, Container, Group, List, Stack, Text, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { z } from 'zod'
import { SectionCard } from '~/components/section-card'
import { createCalendarFeed, hasCalendarFeed, revokeCalendarFeeds } from '~/domain/calendars/calendar-feed.server'
import { dashboardPathFor } from '~/domain/accounts/auth-redirects'
import { readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { requireRole } from '~/utils/session.server'
import { useTranslation } from 'react-i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['parent'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [
  { title: loaderData?.title ?? 'Calendar Subscription – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

const CalendarIntentSchema = z.object({ intent: z.enum(['create', 'stop']) })

// Your booked nights in your own calendar (issue 17): a private subscription URL (Google Calendar,
// Apple Calendar, Outlook), shown once when it is made; a new one stops the old; 'Stop sharing'
// stops it. Reading this page changes nothing.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, ['parent', 'nurse'])
  return data(
    { role: user.role, feed: await hasCalendarFeed(user.id), dashboard: dashboardPathFor(user.role), title: translator('parent')('calendar.metaTitle') },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRole(request, ['parent', 'nurse'])
  const submission = parseForm(await readFormData(request), { schema: CalendarIntentSchema })
  if (submission.status !== 'success') return data({ url: null, stopped: false, error: translateMessage('Unknown action') }, { status: 400 })
  if (submission.value.intent === 'stop') {
    await revokeCalendarFeeds(user.id)
    return data({ url: null, stopped: true, error: null })
  }
  return data({ url: await createCalendarFeed(user.id), stopped: false, error: null }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function CalendarSubscription() {
  const { role, feed, dashboard } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('parent')
  const live = actionData?.url ? true : actionData?.stopped ? false : Boolean(feed)
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={dashboard} fz="sm">
          {t('subpage.back')}
        </Anchor>
        <Title order={1}>{t('dashboard.calendarLink')}</Title>
        <Text>{role === 'nurse' ? t('calendar.introNurse') : t('calendar.introFamily')}</Text>
        {actionData?.error && (
          <ErrorNote>{actionData.error}</ErrorNote>
        )}
        <SectionCard id="calendar-url" title={t('calendar.privateLink')} titleMb="xs">
          <Stack gap="sm">
            {actionData?.url ? (
              <>
                <Text fz="sm">{t('calendar.copyNow')}</Text>
                <Code block data-testid="calendar-url" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {actionData.url}
                </Code>
                <List size="sm" spacing={4}>
                  <List.Item>{t('calendar.google')}</List.Item>
                  <List.Item>{t('calendar.apple')}</List.Item>
                  <List.Item>{t('calendar.outlook')}</List.Item>
                </List>
              </>
            ) : (
              <Text fz="sm">{live ? t('calendar.active') : t('calendar.none')}</Text>
            )}
            <Group>
              <Form method="post">
                <input type="hidden" name="intent" value="create" />
                <Button type="submit">{live ? t('calendar.newLink') : t('calendar.makeLink')}</Button>
              </Form>
              {live && (
                <Form method="post">
                  <input type="hidden" name="intent" value="stop" />
                  <Button type="submit" variant="outline" color="red.9">
                    {t('calendar.stop')}
                  </Button>
                </Form>
              )}
            </Group>
          </Stack>
        </SectionCard>
      </Stack>
    </Container>
  )
}
