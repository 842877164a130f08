import { Anchor, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { limitRefusalIn } from '~/domain/messages/message-limits'
import { MAX_MESSAGE_CHARS } from '~/domain/messages/message-rules'
import { findConversationWith, startConversation } from '~/domain/messages/messages.server'
import { getPublicProfile } from '~/domain/nurses/nurses.server'
import { NurseSlugParamsSchema } from '~/schemas/nurses'
import { StartConversationSchema } from '~/schemas/messages'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { translator } from '~/i18n/i18n.server'
import { requireRole } from '~/utils/session.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['conversations'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Ask a question – Nightlight' }, { name: 'robots', content: 'noindex' }])

const NURSE_NOT_FOUND = 'This nurse could not be found.'

// 'Ask a question' (issue 16): a family writes to a nurse before booking. The family's
// conversation with her, if there is one already, is where this goes instead.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, ['parent'])
  const slug = NurseSlugParamsSchema.safeParse({ slug: new URL(request.url).searchParams.get('nurse') ?? '' })
  const nurse = slug.success ? await getPublicProfile(slug.data.slug, { cached: false }) : null
  if (!nurse) throw data({ message: NURSE_NOT_FOUND }, { status: 404 })
  const existing = await findConversationWith(user.id, nurse.nurseId)
  if (existing) throw redirect(`/messages/${existing}#reply`)
  return data({ nurse: { id: nurse.nurseId, slug: nurse.slug, displayName: nurse.displayName }, title: translator('conversations')('askQuestion.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRole(request, ['parent'])
  const submission = parseForm(await readFormData(request), { schema: StartConversationSchema })
  const body = typedText(submission, 'body')
  if (submission.status !== 'success') return data({ error: firstError(submission.error), body }, { status: 400 })
  const started = await startConversation(user, submission.value.nurseId, submission.value.body)
  if (!started.ok) {
    // Too many messages (docs/decisions/0044): said in the form, with what was typed kept.
    if (started.status === 429) {
      const error = limitRefusalIn(started.error, started.retryAfterSeconds, translator('conversations'))
      return data({ error, body }, { status: 429, headers: { 'Retry-After': String(started.retryAfterSeconds) } })
    }
    return data({ error: started.error, body }, { status: started.status })
  }
  throw redirect(`/messages/${started.conversationId}#reply`)
}

export default function AskAQuestion() {
  const { nurse } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const first = nurse.displayName.split(' ')[0]
  const { t } = useTranslation('conversations')
  const say = useServerMessage()
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to={`/nurse/${nurse.slug}`} fz="sm">
          ← {t('askQuestion.back', { name: nurse.displayName })}
        </Anchor>
        <Title order={1}>{t('askQuestion.title', { first })}</Title>
        <Text>
          {t('askQuestion.intro', { first })}
        </Text>
        <Form method="post">
          <input type="hidden" name="nurseId" value={nurse.id} />
          <Stack gap="sm">
            {actionData?.error && (
              <ErrorNote>{say(actionData.error)}</ErrorNote>
            )}
            <Textarea name="body" label={t('askQuestion.label')} autosize minRows={4} maxLength={MAX_MESSAGE_CHARS} required defaultValue={actionData?.body ?? ''} />
            <Group>
              <Button type="submit" loading={navigation.state === 'submitting'}>
                {t('askQuestion.send')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Stack>
    </Container>
  )
}
