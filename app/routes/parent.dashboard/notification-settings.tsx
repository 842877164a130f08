// Notification Settings: the switches and the reminder time, saved by the dashboard's action. With
// JavaScript, Save is enabled only when something changed, the new values show at once and roll
// back if saving fails. Admins also get 'Send 24h Reminders Now'.
import { Button, Divider, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { NotificationFields, type NotificationValues } from '~/components/parent-notification-fields'
import { toastFailure, toastSuccess, useFetcherResult } from './results'
import { SectionCard } from '~/components/section-card'
import { PushSettings } from '~/components/push-settings'
import { pushTopicsFor } from '~/domain/notifications/push-rules'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'

const REMINDERS_TOAST = 'send-reminders'

function AdminActions() {
  const { t } = useTranslation('parent')
  const say = useServerMessage()
  const fetcher = useFetcher({ key: 'send-reminders' })
  useFetcherResult(fetcher, (result) => {
    notifications.update({
      id: REMINDERS_TOAST,
      loading: false,
      autoClose: 5000,
      withCloseButton: true,
      color: result.ok ? 'teal' : 'red',
      message: result.ok
        ? say(result.message)
        : result.error
          ? t('dashboard.remindersFailed', { error: say(result.error) })
          : t('dashboard.remindersUnknownError'),
    })
  })
  return (
    <>
      <Divider my="md" />
      <Title order={3} fz="md" mb="xs">
        {t('dashboard.adminActions')}
      </Title>
      <fetcher.Form
        method="post"
        action="/parent/dashboard"
        onSubmit={() =>
          notifications.show({ id: REMINDERS_TOAST, loading: true, autoClose: false, withCloseButton: false, message: t('dashboard.sendingReminders') })
        }
      >
        <input type="hidden" name="intent" value="send-reminders" />
        <Button type="submit" variant="light" loading={fetcher.state !== 'idle'}>
          {t('dashboard.sendReminders')}
        </Button>
      </fetcher.Form>
    </>
  )
}

export function NotificationSettings({
  preferences,
  isAdmin,
  hydrated,
}: {
  preferences: NotificationValues | null
  isAdmin: boolean
  hydrated: boolean
}) {
  const { t } = useTranslation('parent')
  const say = useServerMessage()
  const fetcher = useFetcher({ key: 'notification-preferences' })
  const saved = preferences
  const [values, setValues] = useState<NotificationValues | null>(preferences)
  // The form follows the saved values when they change (after a save); unsaved edits survive
  // other refreshes of the page.
  useEffect(() => {
    if (saved) setValues(saved)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved?.bookingConfirmations, saved?.bookingReminders, saved?.cancellationNotices, saved?.reminderHoursBefore, saved?.nightReports, saved?.newMessages])
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toastSuccess(say(result.message))
    } else {
      setValues(saved) // roll back to what is stored
      toastFailure(t('dashboard.preferencesFailed', { error: say(result.error) }))
    }
  })

  if (!saved || !values) {
    return (
      <SectionCard id="notification-settings" title={t('dashboard.notificationSettings')}>
        <Text mt="xs">{t('dashboard.notificationsLoggedOut')}</Text>
      </SectionCard>
    )
  }
  const changed = (Object.keys(saved) as (keyof NotificationValues)[]).some((key) => saved[key] !== values[key])
  const busy = fetcher.state !== 'idle'
  return (
    <>
      <SectionCard id="notification-settings" title={t('dashboard.notificationSettings')} titleMb="md">
        <fetcher.Form method="post" action="/parent/dashboard">
          <input type="hidden" name="intent" value="preferences" />
          <Stack gap="md">
            <NotificationFields values={values} onChange={setValues} />
            {/* Before JavaScript the form cannot know whether it changed, so Save stays enabled. */}
            <Button variant="filled" type="submit" disabled={hydrated && (!changed || busy)} loading={busy} w="fit-content">
              {t('dashboard.savePreferences')}
            </Button>
          </Stack>
        </fetcher.Form>
        {isAdmin && <AdminActions />}
      </SectionCard>
      {/* A family's phone can be told of new messages (docs/decisions/0074). */}
      {hydrated && !isAdmin && <PushSettings topics={pushTopicsFor('parent')} />}
    </>
  )
}
