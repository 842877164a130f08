// A page under the parent's dashboard (Profile Settings, Payment Methods): the way back, the
// title, then its cards.
import { Anchor, Container, Stack, Title } from '@mantine/core'
import { Link } from './link'
import type { ReactNode } from 'react'

export function ParentSubpage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/parent/dashboard" fz="sm">
          ← Back to your dashboard
        </Anchor>
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  )
}
