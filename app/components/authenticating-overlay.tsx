import { Center, Loader, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

const GUARDED = /^\/(parent|nurse|admin)\/dashboard|^\/parent\//

/** While a guarded page is being checked, 'Authenticating' shows. */
export function AuthenticatingOverlay({ to }: { to: string }) {
  const { t } = useTranslation()
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
        <Text fw={600}>{t('auth.authenticating')}</Text>
      </Stack>
    </Center>
  )
}
