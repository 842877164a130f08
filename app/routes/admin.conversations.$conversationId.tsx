import '~/styles/routes/admin.conversations.$conversationId.css'
import { Anchor, Badge, Box, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { ToastWithoutScripts } from '~/components/toast-without-scripts'
import { SectionCard } from '~/components/section-card'
import { suspendUser } from '~/domain/accounts/suspensions.server'
import { CONVERSATION_NOT_FOUND, getReportedConversation } from '~/domain/messages/messages.server'
import { parseIdParam } from '~/schemas/fields'
import { SuspendUserSchema } from '~/schemas/account-standing'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { requireAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Reported Conversation – Nightlight' }, { name: 'robots', content: 'noindex' }])

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(
    new Date(iso),
  )

// A reported conversation as written, nothing masked (issue 16); an admin may suspend a member.
// One that nobody reported is Not Found, even to admins.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const id = parseIdParam(params.conversationId)
  const conversation = id ? await getReportedConversation(id) : null
  if (!conversation) throw data({ message: CONVERSATION_NOT_FOUND }, { status: 404 })
  return data({ conversation, title: translator('admin')('reportedOne.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request)
  const id = parseIdParam(params.conversationId)
  const conversation = id ? await getReportedConversation(id) : null
  if (!conversation) return data({ error: CONVERSATION_NOT_FOUND, userId: null }, { status: 404 })
  const submission = parseForm(await readFormData(request), { schema: SuspendUserSchema })
  const userId = Number(typedText(submission, 'userId')) || null
  if (submission.status !== 'success') return data({ error: firstError(submission.error), userId }, { status: 400 })
  // Only a member of this conversation is suspended from here.
  if (!conversation.members.some((member) => member.id === submission.value.userId)) return data({ error: 'This account is not in the conversation.', userId }, { status: 404 })
  const result = await suspendUser(admin.id, submission.value.userId, submission.value.reason)
  if (!result.ok) return data({ error: result.error, userId }, { status: result.status })
  throw await redirectWithToast(`/admin/conversations/${conversation.id}`, { type: 'success', message: translateMessage('The account is suspended and signed out.') })
}

export default function ReportedConversation() {
  const { conversation } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to="/admin/conversations" fz="sm">
          ← {t('reportedOne.back')}
        </Anchor>
        <Title order={1} fz={28}>
          {t('reportedOne.title')}
        </Title>
        <ToastWithoutScripts />
        <Text>
          {t('reported.reportedOn', { date: when(conversation.reportedAt), reason: conversation.reportReason })}
        </Text>
        <Stack gap="xs" component="ol" aria-label={t('reportedOne.messages')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {conversation.messages.map((message) => (
            <Box component="li" key={message.id} p="sm" bg="gray.0" style={{ borderRadius: 12 }}>
              <Text fz="xs" c="gray.7">
                {message.from}, {when(message.createdAt)}
              </Text>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{message.body}</Text>
            </Box>
          ))}
        </Stack>
        {conversation.members.map((member) => (
          <SectionCard key={member.id} id={`member-${member.id}`} title={member.role === 'parent' ? t('reportedOne.memberFamily', { name: member.name }) : t('reportedOne.memberNurse', { name: member.name })} titleMb="xs">
            <Anchor component={Link} to={`/admin/members/${member.id}`} fz="sm" display="block" mb="xs">
              {member.suspendedAt ? t('reportedOne.reinstateOrHistory') : t('reportedOne.accountHistory')}
            </Anchor>
            {member.suspendedAt ? (
              <Badge color="red" variant="light" c="red.9" tt="none">
                {t('member.suspended')}
              </Badge>
            ) : (
              <Form method="post">
                <input type="hidden" name="userId" value={member.id} />
                <Stack gap="xs">
                  {actionData?.userId === member.id && actionData.error && (
                    <ErrorNote>{say(actionData.error)}</ErrorNote>
                  )}
                  <Textarea name="reason" label={t('member.whySuspend')} autosize minRows={1} maxLength={500} />
                  <Group>
                    <Button type="submit" variant="outline" color="red.9" size="sm">
                      {t('member.suspend', { name: member.name.split(' ')[0] })}
                    </Button>
                  </Group>
                </Stack>
              </Form>
            )}
          </SectionCard>
        ))}
      </Stack>
    </Container>
  )
}
