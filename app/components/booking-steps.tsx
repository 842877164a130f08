// The three-step progress indicator of /book: numbered from 1, earlier steps marked
// completed, the current one active. A plain ordered list, so it reads well without styles; a
// live region says the new step when it changes.
import { Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { CheckMark } from './check-mark'

export const BOOKING_STEP_LABELS = ['Dates & Times', 'Your Details', 'Confirm & Pay'] as const

export function BookingSteps({ active }: { active: 1 | 2 | 3 }) {
  return (
    <Box component="nav" aria-label="Booking progress" my="lg">
      <Group component="ol" gap="md" wrap="wrap" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {BOOKING_STEP_LABELS.map((label, i) => {
          const step = i + 1
          const state = step < active ? 'completed' : step === active ? 'active' : 'upcoming'
          return (
            <Group
              component="li"
              key={label}
              gap="xs"
              wrap="nowrap"
              aria-current={state === 'active' ? 'step' : undefined}
              data-state={state}
            >
              <ThemeIcon
                radius="xl"
                size={30}
                variant={state === 'upcoming' ? 'light' : 'filled'}
                color={state === 'completed' ? 'teal.8' : 'night'}
                aria-hidden="true"
              >
                {state === 'completed' ? (
                  <CheckMark size={16} strokeWidth={2.2} />
                ) : (
                  <Text fz="sm" fw={700}>
                    {step}
                  </Text>
                )}
              </ThemeIcon>
              <Text fw={state === 'active' ? 700 : 500} c={state === 'upcoming' ? 'gray.7' : undefined}>
                <VisuallyHidden>Step {step}: </VisuallyHidden>
                {label}
                {state !== 'upcoming' && (
                  <VisuallyHidden>{state === 'completed' ? ' (completed)' : ' (current step)'}</VisuallyHidden>
                )}
              </Text>
            </Group>
          )
        })}
      </Group>
      {/* Said when the step changes in place (a screen reader reads a live region's changes only). */}
      <VisuallyHidden role="status">{`Step ${active} of ${BOOKING_STEP_LABELS.length}: ${BOOKING_STEP_LABELS[active - 1]}`}</VisuallyHidden>
    </Box>
  )
}
