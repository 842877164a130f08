// A page under the parent's dashboard (Profile Settings, Payment Methods): the way back, the
// title, then its cards.
import { Anchor, Container, Stack, Title } from '@mantine/core'
import { Link } from './link'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export function ParentSubpage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('parent')
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/parent/dashboard" fz="sm">
          {t('subpage.back')}
        </Anchor>
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  )
}
