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

const REMINDERS_TOAST = 'send-reminders'

function AdminActions() {
  const fetcher = useFetcher({ key: 'send-reminders' })
  useFetcherResult(fetcher, (result) => {
    notifications.update({
      id: REMINDERS_TOAST,
      loading: false,
      autoClose: 5000,
      withCloseButton: true,
      color: result.ok ? 'teal' : 'red',
      message: result.ok
        ? result.message
        : result.error
          ? `Failed to send reminders: ${result.error}`
          : 'An unknown error occurred while sending reminders.',
    })
  })
  return (
    <>
        <Divider my="md" />
        <Title order={3} fz="md" mb="xs">
          Admin Actions
        </Title>
        <fetcher.Form
          method="post"
          action="/parent/dashboard"
          onSubmit={() =>
            notifications.show({ id: REMINDERS_TOAST, loading: true, autoClose: false, withCloseButton: false, message: 'Sending booking reminders...' })
          }
        >
          <input type="hidden" name="intent" value="send-reminders" />
          <Button type="submit" variant="light" loading={fetcher.state !== 'idle'}>
            Send 24h Reminders Now
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
      toastSuccess(result.message)
    } else {
      setValues(saved) // roll back to what is stored
      toastFailure(`Failed to update preferences: ${result.error}`)
    }
  })

  if (!saved || !values) {
    return (
      <SectionCard id="notification-settings" title="Notification Settings">
        <Text mt="xs">You must be logged in to view your notification settings.</Text>
      </SectionCard>
    )
  }
  const changed = (Object.keys(saved) as (keyof NotificationValues)[]).some((key) => saved[key] !== values[key])
  const busy = fetcher.state !== 'idle'
  return (
    <>
      <SectionCard id="notification-settings" title="Notification Settings" titleMb="md">
        <fetcher.Form method="post" action="/parent/dashboard">
          <input type="hidden" name="intent" value="preferences" />
          <Stack gap="md">
            <NotificationFields values={values} onChange={setValues} />
            {/* Before JavaScript the form cannot know whether it changed, so Save stays enabled. */}
            <Button variant="filled" type="submit" disabled={hydrated && (!changed || busy)} loading={busy} w="fit-content">
              Save Preferences
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
