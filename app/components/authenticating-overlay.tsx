import { Center, Loader, Stack, Text } from '@mantine/core'

const GUARDED = /^\/(parent|nurse|admin)\/dashboard|^\/parent\//

/** While a guarded page is being checked, 'Authenticating' shows. */
export function AuthenticatingOverlay({ to }: { to: string }) {
  if (!GUARDED.test(to)) return null
  return (
    <Center
      pos="fixed"
      inset={0}
      style={{ zIndex: 300, background: 'rgba(255,255,255,0.7)' }}
      role="status"
      aria-live="polite"
    >
      <Stack align="center" gap="xs">
        <Loader />
        <Text fw={600}>Authenticating</Text>
      </Stack>
    </Center>
  )
}
