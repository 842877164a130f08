import { Button, Container, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { Link } from '~/components/link'
import { subscribeToNewsletter } from '~/domain/notifications/newsletter.server'
import { NewsletterSchema } from '~/schemas/newsletter'
import { readFormData } from '~/utils/api.server'

export const meta: MetaFunction = () => [{ title: 'Join Our List – Nightlight' }, { name: 'robots', content: 'noindex' }]

export async function action({ request }: ActionFunctionArgs) {
  const parsed = NewsletterSchema.safeParse(Object.fromEntries(await readFormData(request)))
  if (!parsed.success) {
    return data({ ok: false, message: parsed.error.issues[0].message }, { status: 400 })
  }
  await subscribeToNewsletter(parsed.data.email)
  return data({ ok: true, message: "Thanks! You're on our list." })
}

export const loader = () => redirect('/')

// Shown only when the footer form was posted before JavaScript loaded.
export default function NewsletterResult() {
  const result = useActionData<typeof action>()
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>Join Our List</Title>
        <Text role="status">{result?.message}</Text>
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  )
}
