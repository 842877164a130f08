// The nights a family needs (issue 17): first and last night, which weekdays, how many nights a
// week. Plain GET fields (a native date input, checkboxes and a select), so a search by nights
// works before JavaScript and the URL can be shared. The weekdays are plain checkboxes sized as
// Mantine's, styled inline: the city pages and search load no checkbox stylesheet, nor one more
// file, before their first paint (issue 13; docs/decisions/0037).
import { Input, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { WEEKDAYS } from '~/domain/nurses/night-search'
import { useServerMessage } from '~/i18n/messages'

const weekdaysStyle = { border: 0, margin: 'calc(var(--mantine-spacing-sm) + 2px) 0 0', padding: 0, minWidth: 0 } as const
const legendStyle = { padding: 0, fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, lineHeight: 1.55 } as const
const daysStyle = { display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-md)', marginTop: 7 } as const
const dayStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 'var(--mantine-spacing-sm)',
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: '20px',
  cursor: 'pointer',
} as const
const boxStyle = { width: 20, height: 20, margin: 0, accentColor: 'var(--mantine-primary-color-filled)', cursor: 'pointer' } as const


export function NightsFields({
  form,
  errorFor: errorOf,
  today,
}: {
  form: Record<string, string>
  errorFor: (name: string) => string | null | undefined
  /** The earliest first night (yyyy-MM-dd). */
  today: string
}) {
  const { t } = useTranslation('public')
  const say = useServerMessage()
  const errorFor = (name: string) => {
    const message = errorOf(name)
    return message ? say(message) : message
  }
  const nightsPerWeekOptions = [
    { value: '', label: t('nightsFields.everyOne') },
    ...[1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: t('nightsFields.anyPerWeek', { count: n }) })),
  ]
  const chosen = new Set((form.weekdays ?? '').split(','))
  const weekdaysError = errorFor('weekdays')
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} aria-describedby="nights-help">
      <Text component="legend" fw={600} fz="sm" mb={4}>
        {t('nightsFields.legend')}
      </Text>
      <Text id="nights-help" fz="xs" c="gray.7" mb="xs">
        {t('nightsFields.help')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput type="date" name="from" label={t('nightsFields.firstNight')} min={today} defaultValue={form.from ?? ''} error={errorFor('from')} />
        <TextInput type="date" name="to" label={t('nightsFields.lastNight')} min={today} defaultValue={form.to ?? ''} error={errorFor('to')} />
        <NativeSelect
          name="nightsPerWeek"
          label={t('nightsFields.nightsYouNeed')}
          data={nightsPerWeekOptions}
          defaultValue={form.nightsPerWeek ?? ''}
          error={errorFor('nightsPerWeek')}
        />
      </SimpleGrid>
      <fieldset style={weekdaysStyle} aria-describedby={weekdaysError ? 'weekdays-error' : undefined}>
        <legend style={legendStyle}>{t('nightsFields.onlyWeekdays')}</legend>
        <div style={daysStyle}>
          {WEEKDAYS.map((day) => (
            <label key={day} style={dayStyle}>
              <input type="checkbox" style={boxStyle} name="weekdays" value={day} defaultChecked={chosen.has(day)} />
              {t(`nightsFields.day.${day}`)}
            </label>
          ))}
        </div>
        {weekdaysError && (
          <Input.Error id="weekdays-error" mt={5}>
            {weekdaysError}
          </Input.Error>
        )}
      </fieldset>
    </fieldset>
  )
}
