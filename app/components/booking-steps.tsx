// The three-step progress indicator of /book: numbered from 1, earlier steps marked
// completed, the current one active. A plain ordered list, so it reads well without styles; a
// live region says the new step when it changes.
import { Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { CheckMark } from './check-mark'

/** The steps' names, keys of the `booking` namespace: 'Dates & Times', 'Your Details', 'Confirm & Pay'. */
export const BOOKING_STEP_LABELS = ['steps.datesTimes', 'steps.yourDetails', 'steps.confirmPay'] as const

export function BookingSteps({ active }: { active: 1 | 2 | 3 }) {
  const { t } = useTranslation('booking')
  const labels = BOOKING_STEP_LABELS.map((key) => t(key))
  return (
    <Box component="nav" aria-label={t('steps.progress')} my="lg">
      <Group component="ol" gap="md" wrap="wrap" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {labels.map((label, i) => {
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
                <VisuallyHidden>{t('steps.stepNumber', { step })}</VisuallyHidden>
                {label}
                {state !== 'upcoming' && (
                  <VisuallyHidden>{state === 'completed' ? t('steps.completed') : t('steps.current')}</VisuallyHidden>
                )}
              </Text>
            </Group>
          )
        })}
      </Group>
      {/* Said when the step changes in place (a screen reader reads a live region's changes only). */}
      <VisuallyHidden role="status">{t('steps.status', { active, total: labels.length, label: labels[active - 1] })}</VisuallyHidden>
    </Box>
  )
}
