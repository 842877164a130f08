// The Notification Settings fields: the e-mails' switches and the reminder lead time.
// Presentational and controlled; the route owns the form and its submission.
import { NativeSelect, Stack, Switch } from '@mantine/core'
import { REMINDER_HOUR_OPTIONS, type NotificationPreferences } from '~/domain/notifications/notification-preferences'

export type NotificationValues = NotificationPreferences

const SWITCHES = [
  {
    name: 'bookingConfirmations',
    label: 'Booking confirmations',
    description: 'An e-mail when a booking is paid and confirmed.',
  },
  {
    name: 'bookingReminders',
    label: 'Booking reminders',
    description: 'An e-mail before each booked night.',
  },
  {
    name: 'cancellationNotices',
    label: 'Cancellation notices',
    description: 'An e-mail when a night is cancelled, with its refund.',
  },
  {
    name: 'nightReports',
    label: 'Night reports',
    description: 'The nurse’s morning report of each night: feeds, diapers, sleep and a note.',
  },
  {
    name: 'newMessages',
    label: 'New messages',
    description: 'An e-mail when a nurse writes to you, at most one an hour per conversation.',
  },
] as const

export function NotificationFields({
  values,
  onChange,
}: {
  values: NotificationValues
  onChange: (next: NotificationValues) => void
}) {
  return (
    <Stack gap="md">
      {SWITCHES.map((item) => (
        <Switch
          key={item.name}
          name={item.name}
          label={item.label}
          description={item.description}
          checked={values[item.name]}
          onChange={(event) => onChange({ ...values, [item.name]: event.currentTarget.checked })}
        />
      ))}
      <NativeSelect
        name="reminderHoursBefore"
        label="Reminder time"
        description="How long before a night the reminder is sent."
        value={String(values.reminderHoursBefore)}
        onChange={(event) => onChange({ ...values, reminderHoursBefore: Number(event.currentTarget.value) })}
        data={REMINDER_HOUR_OPTIONS.map((hours) => ({ value: String(hours), label: `${hours} hours before` }))}
        maw={260}
      />
    </Stack>
  )
}
