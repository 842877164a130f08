// /newsletter: the footer's "Join Our List" as a page of its own. With JavaScript the footer posts
// here and shows the answer in place; before it loads, or on a phone that never loads it, the post
// lands here and this page answers, keeps what was typed when it is refused, and offers the form
// again. It speaks its address's language (/es/newsletter in Spanish), as the footer that posted.
import '~/styles/routes/newsletter.css'
import { getFormProps } from '@conform-to/react'
import { Button, Container, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrorSummary } from '~/components/error-summary'
import { TextField } from '~/components/form-fields'
import { Link, localPath } from '~/components/link'
import { useSchemaForm } from '~/components/use-schema-form'
import { subscribeToNewsletter } from '~/domain/notifications/newsletter.server'
import { translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
import { NewsletterSchema } from '~/schemas/newsletter'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { clientIp, consumeAttempts, TOO_MANY_ATTEMPTS } from '~/utils/rate-limit.server'
import { withErrorTitle } from '~/utils/error-title'

const JOINED_MESSAGE = "Thanks! You're on our list."

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [
  { title: loaderData?.title ?? 'Join Our List – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

export function loader() {
  return { title: `${translator('common')('footer.joinList')} – Nightlight` }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await readFormData(request), { schema: NewsletterSchema })
  if (submission.status !== 'success') {
    return data({ ok: false, message: firstError(submission.error), result: submission.reply() }, { status: 400 })
  }
  const counted = await consumeAttempts([['newsletterByIp', clientIp(request, context)]])
  if (!counted.ok) {
    return data(
      { ok: false, message: TOO_MANY_ATTEMPTS, result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }) },
      { status: 429, headers: { 'Retry-After': String(counted.retryAfterSeconds) } },
    )
  }
  await subscribeToNewsletter(submission.value.email)
  return data({ ok: true, message: JOINED_MESSAGE, result: submission.reply({ resetForm: true }) })
}

export default function NewsletterPage() {
  const actionData = useActionData<typeof action>()
  const [form, fields] = useSchemaForm(NewsletterSchema, { lastResult: actionData?.result })
  const { t } = useTranslation()
  const say = useServerMessage()
  return (
    <Container size="xs" py={64}>
      <Stack gap="md">
        <Title order={1}>{t('footer.joinList')}</Title>
        {actionData?.ok ? (
          <>
            <Text role="status">{say(actionData.message)}</Text>
            <Button component={Link} to="/" style={{ alignSelf: 'flex-start' }}>
              {t('language.backHome')}
            </Button>
          </>
        ) : (
          <Form method="post" action={localPath('/newsletter')} {...getFormProps(form)}>
            <Stack gap="sm">
              <Text>{t('footer.joinText')}</Text>
              <FormErrorSummary form={form} title={t('newsletter.checkForm')} />
              <TextField field={fields.email} type="email" label={t('footer.emailAddress')} autoComplete="email" required />
              <Button type="submit" style={{ alignSelf: 'flex-start' }}>
                {t('footer.join')}
              </Button>
            </Stack>
          </Form>
        )}
      </Stack>
    </Container>
  )
}
