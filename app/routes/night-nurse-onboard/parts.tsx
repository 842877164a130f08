import { Alert, Anchor, Box, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { Link } from '~/components/link'
import {
  applicationGaps,
  ONBOARDING_MESSAGES,
  ONBOARDING_STEPS,
  type OnboardingStep,
  type VerificationStatus,
} from '~/domain/nurses/onboarding'

export const PAGE = '/night-nurse-onboard'
/** A step's address: in the query for the server, in the hash for the page (#step1-#step4). */
export const stepPath = (step: number) => `${PAGE}?step=${step}#step${step}`

/** What the four forms show: the saved profile for a nurse, the draft for a visitor. */
export interface ApplicationValues {
  fullName: string
  phoneNumber: string
  yearsExperience: number
  credentials: string[]
  specialties: string[]
  bio: string
  baseLocation: string
  serviceRadiusMiles: number
  nightlyRateCents: number | null
  maxBabies: number
  extraBabyCents: number
  hasPhoto: boolean
  hasCertification: boolean
  hasIdDocument: boolean
  verificationStatus: VerificationStatus
  rejectionReason: string | null
}

/** Four dots: done ones filled, the current one ringed. */
/** The four steps: the current one, and those done (their required answers given, in order). */
export function ProgressDots({ current, done }: { current: OnboardingStep; done: readonly OnboardingStep[] }) {
  const { t } = useTranslation('nurse')
  return (
    <Box component="nav" aria-label={t('onboard.progress')} my="lg">
      <Group
        component="ol"
        justify="center"
        gap="md"
        wrap="nowrap"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {ONBOARDING_STEPS.map(({ step }) => {
          const state = step === current ? 'current' : done.includes(step) ? 'done' : 'todo'
          return (
            <Stack
              component="li"
              key={step}
              gap={4}
              align="center"
              aria-current={state === 'current' ? 'step' : undefined}
              style={{ flex: '1 1 0', minWidth: 0 }}
            >
              <Box
                aria-hidden
                w={14}
                h={14}
                style={{
                  borderRadius: '50%',
                  background: state === 'todo' ? 'var(--mantine-color-gray-3)' : 'var(--mantine-color-indigo-7)',
                  outline: state === 'current' ? '3px solid var(--mantine-color-indigo-2)' : undefined,
                }}
              />
              <Text fz="xs" ta="center" fw={state === 'current' ? 700 : 400} c={state === 'todo' ? 'gray.7' : 'dark'}>
                {t(STEP_KEYS[step - 1])}
                {state === 'done' || (state === 'current' && done.includes(step)) ? ` ${t('onboard.done')}` : ''}
              </Text>
            </Stack>
          )
        })}
      </Group>
    </Box>
  )
}

/** The steps' names in the nurse namespace, in ONBOARDING_STEPS's order. */
export const STEP_KEYS = ['onboard.step1', 'onboard.step2', 'onboard.step3', 'onboard.step4'] as const

/** A parent or admin account cannot become a nurse account. */
export function OtherRoleNotice({ role }: { role: string }) {
  const { t } = useTranslation('nurse')
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('onboard.otherRoleTitle')}</Title>
        <Text>{t('onboard.otherRoleText', { role: role === 'admin' ? 'admin' : 'parent' })}</Text>
        <Group justify="center">
          <Button component={Link} to={role === 'admin' ? '/admin/dashboard' : '/parent/dashboard'} variant="default">
            {t('onboard.otherRoleBack')}
          </Button>
          <Form method="post" action="/logout">
            <Button type="submit">{t('onboard.logOut')}</Button>
          </Form>
        </Group>
      </Stack>
    </Container>
  )
}

/** The facts the steps are judged on, from the form's values. */
export function applicationFacts(values: ApplicationValues) {
  return {
    fullName: values.fullName,
    phoneNumber: values.phoneNumber,
    baseLocation: values.baseLocation,
    nightlyRateCents: values.nightlyRateCents,
    hasIdDocument: values.hasIdDocument,
  }
}

/**
 * On the last step, what the application still lacks, each with a link to the step where it is
 * given, so nobody finds out one refusal at a time. `givenHere`: what this step's own form asks.
 */
export function MissingAnswers({
  values,
  givenHere = [],
}: {
  values: ApplicationValues
  givenHere?: ReadonlyArray<keyof typeof ONBOARDING_MESSAGES>
}) {
  const { t } = useTranslation('nurse')
  const say = useServerMessage()
  const skipped = new Set<string>(givenHere.map((key) => ONBOARDING_MESSAGES[key]))
  const gaps = applicationGaps(applicationFacts(values)).filter((gap) => !skipped.has(gap.message))
  if (!gaps.length) return null
  return (
    <Alert color="orange" title={t('onboard.beforeSubmit')} role="status">
      <Stack gap={4}>
        <Text fz="sm">{t('onboard.stillNeeds')}</Text>
        <List fz="sm" spacing={2}>
          {gaps.map((gap) => (
            <List.Item key={gap.message}>
              {say(gap.message)}{' '}
              <Anchor component={Link} to={stepPath(gap.step)} fz="sm">
                {t('onboard.goToStep', { step: gap.step, name: t(STEP_KEYS[gap.step - 1]) })}
              </Anchor>

            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  )
}
