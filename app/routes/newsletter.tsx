import { Button, Container, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { subscribeToNewsletter } from '~/domain/notifications/newsletter.server'
import { NewsletterSchema } from '~/schemas/newsletter'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'

export const meta: MetaFunction = () => [{ title: 'Join Our List – Nightlight' }, { name: 'robots', content: 'noindex' }]

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseForm(await readFormData(request), { schema: NewsletterSchema })
  if (submission.status !== 'success') {
    return data({ ok: false, message: firstError(submission.error) }, { status: 400 })
  }
  await subscribeToNewsletter(submission.value.email)
  return data({ ok: true, message: "Thanks! You're on our list." })
}

export const loader = () => redirect('/')

// Shown only when the footer form was posted before JavaScript loaded.
export default function NewsletterResult() {
  const result = useActionData<typeof action>()
  const { t } = useTranslation()
  const say = useServerMessage()
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>{t('footer.joinList')}</Title>
        <Text role="status">{say(result?.message)}</Text>
        <Button component={Link} to="/">
          {t('language.backHome')}
        </Button>
      </Stack>
    </Container>
  )
}
