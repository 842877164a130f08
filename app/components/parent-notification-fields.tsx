// The Notification Settings fields: the e-mails' switches and the reminder lead time.
// Presentational and controlled; the route owns the form and its submission.
import { NativeSelect, Stack, Switch } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { REMINDER_HOUR_OPTIONS, type NotificationPreferences } from '~/domain/notifications/notification-preferences'

export type NotificationValues = NotificationPreferences

// The switches' words are in the `parent` catalogue under these keys.
const SWITCHES = [
  { name: 'bookingConfirmations', label: 'notify.bookingConfirmations', description: 'notify.bookingConfirmationsHelp' },
  { name: 'bookingReminders', label: 'notify.bookingReminders', description: 'notify.bookingRemindersHelp' },
  { name: 'cancellationNotices', label: 'notify.cancellationNotices', description: 'notify.cancellationNoticesHelp' },
  { name: 'nightReports', label: 'notify.nightReports', description: 'notify.nightReportsHelp' },
  { name: 'newMessages', label: 'notify.newMessages', description: 'notify.newMessagesHelp' },
] as const

export function NotificationFields({
  values,
  onChange,
}: {
  values: NotificationValues
  onChange: (next: NotificationValues) => void
}) {
  const { t } = useTranslation('parent')
  return (
    <Stack gap="md">
      {SWITCHES.map((item) => (
        <Switch
          key={item.name}
          name={item.name}
          label={t(item.label)}
          description={t(item.description)}
          checked={values[item.name]}
          onChange={(event) => onChange({ ...values, [item.name]: event.currentTarget.checked })}
        />
      ))}
      <NativeSelect
        name="reminderHoursBefore"
        label={t('notify.reminderTime')}
        description={t('notify.reminderTimeHelp')}
        value={String(values.reminderHoursBefore)}
        onChange={(event) => onChange({ ...values, reminderHoursBefore: Number(event.currentTarget.value) })}
        data={REMINDER_HOUR_OPTIONS.map((hours) => ({ value: String(hours), label: t('notify.hoursBefore', { hours }) }))}
        maw={260}
      />
    </Stack>
  )
}
