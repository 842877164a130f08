// The nights a family needs (issue 17): first and last night, which weekdays, how many nights a
// week. Plain GET fields (a native date input, checkboxes and a select), so a search by nights
// works before JavaScript and the URL can be shared.
import { Checkbox, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core'
import { WEEKDAY_NAMES, WEEKDAYS } from '~/domain/nurses/night-search'

const NIGHTS_PER_WEEK_OPTIONS = [
  { value: '', label: 'Every one of them' },
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: `Any ${n} ${n === 1 ? 'night' : 'nights'} a week` })),
]

export function NightsFields({
  form,
  errorFor,
  today,
}: {
  form: Record<string, string>
  errorFor: (name: string) => string | null | undefined
  /** The earliest first night (yyyy-MM-dd). */
  today: string
}) {
  const chosen = new Set((form.weekdays ?? '').split(','))
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} aria-describedby="nights-help">
      <Text component="legend" fw={600} fz="sm" mb={4}>
        Your nights (optional)
      </Text>
      <Text id="nights-help" fz="xs" c="gray.7" mb="xs">
        Nurses open on every night you need come first, then those open on most of them.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput type="date" name="from" label="First night" min={today} defaultValue={form.from ?? ''} error={errorFor('from')} />
        <TextInput type="date" name="to" label="Last night" min={today} defaultValue={form.to ?? ''} error={errorFor('to')} />
        <NativeSelect
          name="nightsPerWeek"
          label="Nights you need"
          data={NIGHTS_PER_WEEK_OPTIONS}
          defaultValue={form.nightsPerWeek ?? ''}
          error={errorFor('nightsPerWeek')}
        />
      </SimpleGrid>
      <Checkbox.Group label="Only on these weekdays" error={errorFor('weekdays')} mt="sm" defaultValue={[...chosen]}>
        <Group gap="md" mt={6}>
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              name="weekdays"
              value={day}
              label={WEEKDAY_NAMES[day].slice(0, 3)}
            />
          ))}
        </Group>
      </Checkbox.Group>
    </fieldset>
  )
}
