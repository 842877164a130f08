import { Button, Checkbox, Stack, Text, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
import { useMemo } from 'react'
import { formatNightDate, formatTime12, groupByMonth } from '~/domain/bookings/shift-times'

export interface OpenNightOption {
  date: string
  startTimeLocal: string
  endTimeLocal: string
}

/** '9:00 PM – 7:00 AM' */
export function nightTimes(night: OpenNightOption): string {
  return `${formatTime12(night.startTimeLocal)} – ${formatTime12(night.endTimeLocal)}`
}

/**
 * Before JavaScript runs (and for anyone without it) the open nights are a list of checkboxes
 * in a GET form; the page's loader turns the ticked nights into the same /book link.
 */
export function OpenNightsChecklist({
  action,
  openNights,
  error,
}: {
  action: string
  openNights: readonly OpenNightOption[]
  error?: string | null
}) {
  const months = useMemo(() => groupByMonth(openNights, (night) => night.date), [openNights])
  return (
    <Form method="get" action={action} aria-label="Choose nights to book">
      <input type="hidden" name="book" value="1" />
      <Stack gap="sm">
        <Stack gap="md" mah={340} style={{ overflowY: 'auto' }} p={2}>
          {months.map(([month, nights]) => (
            <fieldset key={month} style={{ border: 0, margin: 0, padding: 0 }}>
              <Title order={4} component="legend" fz="sm" c="gray.7" mb={6}>
                {month}
              </Title>
              <Stack gap={6}>
                {nights.map((night) => (
                  <Checkbox
                    key={night.date}
                    name="date"
                    value={night.date}
                    label={formatNightDate(night.date)}
                    description={nightTimes(night)}
                  />
                ))}
              </Stack>
            </fieldset>
          ))}
        </Stack>
        {error && (
          <Text c="red.8" fz="sm" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" fullWidth>
          Book selected nights
        </Button>
      </Stack>
    </Form>
  )
}
