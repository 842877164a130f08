// 'Admin Actions', for admins only: the reminder sweep, now. With JavaScript it calls
// /_api/notifications/send-reminders and says so in toasts; before, the same button
// posts the page's form, whose action runs the same sweep.
import { Anchor, Button, Stack, Text } from '@mantine/core'
import { SectionCard } from '~/components/section-card'
import { notifications } from '@mantine/notifications'
import { Form, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { useState, type FormEvent } from 'react'

async function sendRemindersNow(): Promise<void> {
  const id = notifications.show({ loading: true, message: 'Sending booking reminders...', autoClose: false, withCloseButton: false })
  try {
    const response = await fetch('/_api/notifications/send-reminders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    })
    const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string }
    if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`)
    notifications.update({ id, loading: false, color: 'teal', message: body.message ?? '', autoClose: 5000, withCloseButton: true })
  } catch (error) {
    notifications.update({
      id,
      loading: false,
      color: 'red',
      message: error instanceof Error ? `Failed to send reminders: ${error.message}` : 'An unknown error occurred while sending reminders.',
      autoClose: 8000,
      withCloseButton: true,
    })
  }
}

export function AdminActions({ hydrated, emailDelivery }: { hydrated: boolean; emailDelivery: 'smtp' | 'outbox' }) {
  const navigation = useNavigation()
  const [sending, setSending] = useState(false)
  const posting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send-reminders'

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return
    event.preventDefault()
    setSending(true)
    void sendRemindersNow().finally(() => setSending(false))
  }

  return (
    <SectionCard id="admin-actions" title="Admin Actions" titleMb="xs" maw={560}>
      <Stack gap="sm">
        <Form method="post" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="send-reminders" />
          <Button type="submit" variant="light" loading={sending || posting}>
            Send 24h Reminders Now
          </Button>
        </Form>
        <Text fz="sm" c="dimmed">
          {emailDelivery === 'outbox'
            ? 'E-mail is kept in the outbox until SMTP is configured.'
            : 'E-mail is sent through SMTP.'}{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/emails">
            E-mail outbox
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          Families&apos; reviews of nurses, to hide one that breaks the rules:{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/reviews">
            Reviews
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          Background checks that came back &lsquo;consider&rsquo;, and notices waiting:{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/checks">
            Background checks to decide
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          Approved nurses&apos; new names, photos, documents and credentials, waiting for review:{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/profile-changes">
            Profile changes to review
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          Certificates waiting for an admin, and licenses the registry refused:{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/credentials">
            Credentials to confirm
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          Conversations a family or a nurse reported:{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/conversations">
            Reported conversations
          </Anchor>
        </Text>
      </Stack>
    </SectionCard>
  )
}
