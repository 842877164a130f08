// One number on a dashboard with its label (and a hint below it): the parent's four numbers are
// landmarks (sections a screen reader lists), the admin's are groups inside the page.
import { Card, Text } from '@mantine/core'

export function StatCard({
  label,
  value,
  hint,
  landmark = false,
}: {
  label: string
  value: string
  hint?: string
  /** A `section` named by its label, instead of a `group`. */
  landmark?: boolean
}) {
  return (
    <Card padding="md" component={landmark ? 'section' : 'div'} role={landmark ? undefined : 'group'} aria-label={label}>
      <Text fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4}>
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  )
}
