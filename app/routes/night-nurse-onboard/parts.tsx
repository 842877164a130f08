import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { ONBOARDING_STEPS, type OnboardingStep, type VerificationStatus } from '~/domain/onboarding'

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
  hasPhoto: boolean
  hasCertification: boolean
  hasIdDocument: boolean
  verificationStatus: VerificationStatus
  rejectionReason: string | null
}

/** Four dots: done ones filled, the current one ringed (spec 001 §2). */
export function ProgressDots({ current }: { current: OnboardingStep }) {
  return (
    <Box component="nav" aria-label="Application progress" my="lg">
      <Group
        component="ol"
        justify="center"
        gap="md"
        wrap="nowrap"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {ONBOARDING_STEPS.map(({ step, label }) => {
          const state = step < current ? 'done' : step === current ? 'current' : 'todo'
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
                {label}
                {state === 'done' ? ' (done)' : ''}
              </Text>
            </Stack>
          )
        })}
      </Group>
    </Box>
  )
}

/** A parent or admin account cannot become a nurse account (spec 001 §6). */
export function OtherRoleNotice({ role }: { role: string }) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Apply as a Night Nurse</Title>
        <Text>
          You are signed in with a {role} account, and nurse applications need a nurse account of their own. Log out and
          start the application again to apply with a different e-mail address.
        </Text>
        <Group justify="center">
          <Button component={Link} to={role === 'admin' ? '/admin/dashboard' : '/parent/dashboard'} variant="default">
            Back to your dashboard
          </Button>
          <Form method="post" action="/logout">
            <Button type="submit">Log out</Button>
          </Form>
        </Group>
      </Stack>
    </Container>
  )
}
