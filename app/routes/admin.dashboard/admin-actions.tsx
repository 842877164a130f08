// 'Admin Actions', for admins only: the reminder sweep, now. With JavaScript it calls
// /_api/notifications/send-reminders and says so in toasts; before, the same button
// posts the page's form, whose action runs the same sweep.
import { Anchor, Button, Stack, Text } from '@mantine/core'
import { SectionCard } from '~/components/section-card'
import { notifications } from '@mantine/notifications'
import { Form, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Translate } from '~/i18n/translate'

async function sendRemindersNow(t: Translate): Promise<void> {
  const id = notifications.show({ loading: true, message: t('actions.sending'), autoClose: false, withCloseButton: false })
  try {
    const response = await fetch('/_api/notifications/send-reminders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    })
    const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string; sent?: number }
    if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`)
    // The sweep's count in the reader's language; the API's English sentence otherwise.
    const message = typeof body.sent === 'number' ? t('toast.remindersSent', { count: body.sent }) : (body.message ?? '')
    notifications.update({ id, loading: false, color: 'teal', message, autoClose: 5000, withCloseButton: true })
  } catch (error) {
    notifications.update({
      id,
      loading: false,
      color: 'red',
      message: error instanceof Error ? t('actions.sendFailed', { error: error.message }) : t('actions.sendUnknownError'),
      autoClose: 8000,
      withCloseButton: true,
    })
  }
}

export function AdminActions({ hydrated, emailDelivery }: { hydrated: boolean; emailDelivery: 'smtp' | 'outbox' }) {
  const navigation = useNavigation()
  const [sending, setSending] = useState(false)
  const { t } = useTranslation('admin')
  const posting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send-reminders'

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return
    event.preventDefault()
    setSending(true)
    void sendRemindersNow(t).finally(() => setSending(false))
  }

  return (
    <SectionCard id="admin-actions" title={t('actions.title')} titleMb="xs" maw={560}>
      <Stack gap="sm">
        <Form method="post" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="send-reminders" />
          <Button type="submit" variant="light" loading={sending || posting}>
            {t('actions.sendReminders')}
          </Button>
        </Form>
        <Text fz="sm" c="dimmed">
          {emailDelivery === 'outbox'
            ? t('actions.outboxDelivery')
            : t('actions.smtpDelivery')}{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/emails">
            {t('actions.outbox')}
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          {t('actions.reviewsText')}{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/reviews">
            {t('actions.reviews')}
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          {t('actions.checksText')}{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/checks">
            {t('actions.checks')}
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          {t('actions.changesText')}{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/profile-changes">
            {t('actions.changes')}
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          {t('actions.credentialsText')}{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/credentials">
            {t('actions.credentials')}
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          {t('actions.conversationsText')}{' '}
          <Anchor component={Link} fz="sm" underline="always" to="/admin/conversations">
            {t('actions.conversations')}
          </Anchor>
        </Text>
      </Stack>
    </SectionCard>
  )
}
