import '~/styles/routes/messages.$conversationId.css'
import { Anchor, Box, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useFetcher, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { useEffect, useMemo, useRef, useState } from 'react'
import { ToastWithoutScripts } from '~/components/toast-without-scripts'
import { SectionCard } from '~/components/section-card'
import { useHydrated } from '~/components/use-hydrated'
import { useMomentsInToldZone } from '~/components/use-told-time-zone'
import { limitRefusalIn } from '~/domain/messages/message-limits'
import { MASK, MAX_MESSAGE_CHARS } from '~/domain/messages/message-rules'
import {
  CONVERSATION_NOT_FOUND,
  type ConversationMessage,
  getConversation,
  markConversationRead,
  reportConversation,
  sendMessage,
} from '~/domain/messages/messages.server'
import { formatMoment } from '~/domain/time/viewer-time'
import { nurseZoneOfConversation, viewerZone } from '~/domain/time/viewer-time.server'
import { parseIdParam } from '~/schemas/fields'
import { ConversationPageQuerySchema, ReportConversationSchema, SendMessageSchema } from '~/schemas/messages'
import { firstError, readFormData } from '~/utils/api.server'
import { isDocumentLoad } from '~/utils/document-load.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { requireRole } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['conversations'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [
  { title: loaderData ? loaderData.title : 'Messages – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

export const REPORTED_MESSAGE = 'Thank you. Our team will read this conversation and act within one business day.'
/** With JavaScript the page asks for new messages (only those after the last it has) this often. */
const POLL_MS = 10_000

// One conversation (issue 16): its messages, masked until a booking unlocks contact details, a page
// of them at a time ('Earlier messages' is a link: ?before=id, docs/decisions/0044); a form to
// answer; reporting it to the team. Only its two members; anyone else's is Not Found. Opening it marks
// it read: with JavaScript the page POSTs 'read'; without it, the document load itself does, while
// its data fetches and the browser's prefetches change nothing (decision 0051).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, ['parent', 'nurse'])
  const id = parseIdParam(params.conversationId)
  const query = ConversationPageQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!query.success) throw data({ message: query.error.issues[0]?.message ?? 'Invalid input' }, { status: 400 })
  const conversation = id ? await getConversation(user, id, { before: query.data.before }) : null
  if (!conversation) throw data({ message: CONVERSATION_NOT_FOUND }, { status: 404 })
  if (conversation.unread > 0 && isDocumentLoad(request)) {
    // Then the page once more: the header's count is read beside this loader, not after it.
    await markConversationRead(user, conversation.id)
    const url = new URL(request.url)
    throw redirect(`${url.pathname}${url.search}`, { status: 303, headers: { 'Cache-Control': 'private, no-store' } })
  }
  // Its times in the viewer's zone, or the nurse's, named (docs/decisions/0050).
  const zone = await viewerZone(request, () => nurseZoneOfConversation(conversation.id))
  return data({ conversation, zone, title: translator('conversations')('conversation.metaTitle', { name: conversation.otherName }) }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRole(request, ['parent', 'nurse'])
  const id = parseIdParam(params.conversationId)
  if (!id) return data({ error: CONVERSATION_NOT_FOUND, body: '', report: null }, { status: 404 })
  const formData = await readFormData(request)
  // 'Mark as read' names its intent after the reply form's hidden one: the last one counts.
  const intent = formData.getAll('intent').at(-1)
  if (intent === 'read') {
    const marked = await markConversationRead(user, id)
    return data({ error: marked ? null : CONVERSATION_NOT_FOUND, body: '', report: null }, { status: marked ? 200 : 404 })
  }
  if (intent === 'report') {
    const report = parseForm(formData, { schema: ReportConversationSchema })
    const reason = typedText(report, 'reason')
    if (report.status !== 'success') return data({ error: null, body: '', report: { reason, error: firstError(report.error) } }, { status: 400 })
    const reported = await reportConversation(user, id, report.value.reason)
    if (!reported.ok) return data({ error: reported.error, body: '', report: null }, { status: reported.status })
    throw await redirectWithToast(`/messages/${id}`, { type: 'success', message: translateMessage(REPORTED_MESSAGE) })
  }
  const submission = parseForm(formData, { schema: SendMessageSchema })
  const typedBody = typedText(submission, 'body')
  if (submission.status !== 'success') return data({ error: firstError(submission.error), body: typedBody, report: null }, { status: 400 })
  const sent = await sendMessage(user, id, submission.value.body)
  if (!sent.ok) {
    // Too many messages (docs/decisions/0044): said in the form, with what was typed kept.
    if (sent.status === 429) {
      const error = limitRefusalIn(sent.error, sent.retryAfterSeconds, translator('conversations'))
      return data({ error, body: typedBody, report: null }, { status: 429, headers: { 'Retry-After': String(sent.retryAfterSeconds) } })
    }
    return data({ error: sent.error, body: typedBody, report: null }, { status: sent.status })
  }
  throw await redirectWithToast(`/messages/${id}#reply`, { type: 'success', message: translateMessage('Message sent.') })
}

interface NewMessages {
  messages: ConversationMessage[]
  revised: Array<{ id: number; body: string }>
  unread: number
}

/**
 * With JavaScript: the messages written since the newest one shown, every few seconds while the
 * tab is visible (GET /_api/messages?after=, never the whole conversation), and the conversation
 * marked read when the other side's messages wait. A session that ended meanwhile (signed out in
 * another tab, or the account suspended) stops the polling, and the page's own loader then sends
 * the visitor to sign in. Answers the page's messages with the new ones.
 */
function useLiveConversation(conversation: { id: number; unread: number; newerPage: boolean; messages: ConversationMessage[] }) {
  const [fresh, setFresh] = useState<NewMessages>({ messages: [], revised: [], unread: conversation.unread })
  const reader = useFetcher()
  const { revalidate } = useRevalidator()
  const hydrated = useHydrated()
  const marked = useRef(-1)
  const shown = conversation.messages
  // A new page from the loader (after sending, reading, or paging) starts afresh.
  useEffect(() => setFresh({ messages: [], revised: [], unread: conversation.unread }), [shown, conversation.unread])
  const messages = useMemo(() => {
    const revised = new Map(fresh.revised.map((message) => [message.id, message.body]))
    const known = new Set(shown.map((message) => message.id))
    return [
      ...shown.map((message) => (revised.has(message.id) ? { ...message, body: revised.get(message.id)! } : message)),
      ...fresh.messages.filter((message) => !known.has(message.id)).map((message) => (revised.has(message.id) ? { ...message, body: revised.get(message.id)! } : message)),
    ]
  }, [shown, fresh])
  const lastId = messages.at(-1)?.id
  useEffect(() => {
    if (!hydrated || conversation.newerPage || lastId === undefined) return
    let stopped = false
    const timer = setInterval(async () => {
      if (document.visibilityState !== 'visible') return
      const answer = await fetch(`/_api/messages?conversationId=${conversation.id}&after=${lastId}`, { headers: { Accept: 'application/json' } }).catch(() => null)
      if (stopped || !answer) return
      if (answer.status === 401 || answer.status === 403) {
        stopped = true
        clearInterval(timer)
        revalidate()
        return
      }
      if (!answer.ok) return
      const update = (await answer.json()) as NewMessages
      setFresh((before) => ({
        messages: [...before.messages, ...update.messages],
        revised: [...before.revised, ...update.revised],
        unread: update.unread,
      }))
    }, POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [hydrated, conversation.id, conversation.newerPage, lastId, revalidate])
  const unread = fresh.unread
  useEffect(() => {
    if (!hydrated) return
    // Marked once for each count of waiting messages; a page with none waiting starts the count again.
    if (unread === 0) marked.current = 0
    if (unread === 0 || marked.current === unread) return
    marked.current = unread
    void reader.submit({ intent: 'read' }, { method: 'post' })
  }, [hydrated, unread, reader])
  return { messages, unread }
}

export default function Conversation() {
  const { conversation, zone } = useLoaderData<typeof loader>()
  useMomentsInToldZone(zone)
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { messages, unread } = useLiveConversation(conversation)
  const bottom = useRef<HTMLDivElement>(null)
  const count = messages.length
  const newestId = conversation.messages.at(-1)?.id ?? 0
  useEffect(() => {
    if (!conversation.newerPage) bottom.current?.scrollIntoView({ block: 'end' })
  }, [count, conversation.newerPage])
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send'
  const { t } = useTranslation('conversations')
  const say = useServerMessage()
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to="/messages" fz="sm">
          ← {t('conversation.allMessages')}
        </Anchor>
        <Title order={1} fz={28}>
          {conversation.otherName}
        </Title>
        <ToastWithoutScripts />
        {!conversation.unlocked && (
          <Text fz="sm" c="gray.7">
            {conversation.side === 'parent' ? t('conversation.hiddenWithNurse') : t('conversation.hiddenWithFamily')}
          </Text>
        )}
        {conversation.side === 'parent' && conversation.nurseSlug && (
          <Text fz="sm">
            <Anchor component={Link} to={`/nurse/${conversation.nurseSlug}`}>
              {t('conversation.seeProfile', { name: conversation.otherName })}
            </Anchor>
          </Text>
        )}
        {conversation.earlierCursor !== null && (
          <Text fz="sm" ta="center">
            <Anchor component={Link} to={`?before=${conversation.earlierCursor}`} preventScrollReset={false}>
              {t('conversation.earlier')}
            </Anchor>
          </Text>
        )}
        <Stack gap="xs" component="ol" aria-label={t('conversation.messagesLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {messages.map((message) => (
            <Box
              component="li"
              key={message.id}
              p="sm"
              maw="85%"
              ml={message.mine ? 'auto' : 0}
              bg={message.mine ? 'night.0' : 'gray.0'}
              style={{ borderRadius: 12 }}
            >
              <Text fz="xs" c="gray.7">
                {message.mine ? t('conversation.you') : conversation.otherName}, {formatMoment(message.createdAt, zone)}
              </Text>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {message.body.split(MASK).flatMap((part, index) =>
                  index === 0
                    ? [part]
                    : [
                        <Text key={index} span fs="italic" c="gray.7" inherit>
                          {t('conversation.mask')}
                        </Text>,
                        part,
                      ],
                )}
              </Text>
            </Box>
          ))}
        </Stack>
        {conversation.newerPage && (
          <Text fz="sm" ta="center">
            <Anchor component={Link} to={`/messages/${conversation.id}#reply`}>
              {t('conversation.newer')}
            </Anchor>
          </Text>
        )}
        <div ref={bottom} />
        <SectionCard id="reply" title={t('conversation.yourMessage')} titleMb="xs">
          <Form method="post" action={`/messages/${conversation.id}`} preventScrollReset key={newestId}>
            <input type="hidden" name="intent" value="send" />
            <Stack gap="sm">
              {actionData?.error && (
                <ErrorNote>{say(actionData.error)}</ErrorNote>
              )}
              <Textarea
                name="body"
                aria-label={t('conversation.yourMessage')}
                autosize
                minRows={3}
                maxLength={MAX_MESSAGE_CHARS}
                defaultValue={actionData?.body ?? ''}
                required
              />
              <Group justify="space-between">
                <Button type="submit" loading={sending}>
                  {t('conversation.send')}
                </Button>
                {unread > 0 && (
                  <Button type="submit" name="intent" value="read" variant="subtle" size="compact-sm">
                    {t('conversation.markRead')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Form>
        </SectionCard>
        {conversation.reported ? (
          <Text fz="sm" c="gray.7">
            {t('conversation.reported')}
          </Text>
        ) : (
          <Box component="details">
            <Text component="summary" fz="sm" c="red.9" style={{ cursor: 'pointer' }}>
              {t('conversation.reportSummary')}
            </Text>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="report" />
              <Stack gap="xs" mt="xs">
                <Text fz="sm">{t('conversation.reportIntro')}</Text>
                {actionData?.report?.error && (
                  <ErrorNote>{say(actionData.report.error)}</ErrorNote>
                )}
                <Textarea name="reason" aria-label={t('conversation.reportLabel')} autosize minRows={2} maxLength={500} defaultValue={actionData?.report?.reason ?? ''} />
                <Box>
                  <Button type="submit" variant="outline" color="red.9" size="sm">
                    {t('conversation.report')}
                  </Button>
                </Box>
              </Stack>
            </Form>
          </Box>
        )}
      </Stack>
    </Container>
  )
}
