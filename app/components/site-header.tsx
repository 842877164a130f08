import { Anchor, Box, Button, Container, Group } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { dashboardPathFor } from '~/domain/auth-redirects'
import { Logo } from './logo'
import { UserAvatar } from './user-avatar'

interface HeaderUser {
  displayName: string
  role: string
  avatarUrl: string | null
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} bg="white">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Container size="xl" py="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Anchor component={Link} to="/" underline="never" aria-label="Nightlight home">
            <Logo />
          </Anchor>
          <Group component="nav" aria-label="Main" gap="md" wrap="wrap">
            <Anchor component={Link} to="/night-nurse" c="dark" fw={500} fz="sm">
              Hire a Night Nurse
            </Anchor>
            <Anchor component={Link} to="/night-nurse-onboard" c="dark" fw={500} fz="sm">
              For Night Nurses
            </Anchor>
          </Group>
          {user ? (
            <Group gap="sm" wrap="nowrap">
              <Button component={Link} to={dashboardPathFor(user.role)} variant="light" size="xs">
                Dashboard
              </Button>
              <UserAvatar name={user.displayName} src={user.avatarUrl} size={32} radius="xl" />
              <Form method="post" action="/logout">
                <Button type="submit" variant="subtle" size="xs" color="gray">
                  Log Out
                </Button>
              </Form>
            </Group>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to="/login" variant="subtle" size="xs">
                Log In
              </Button>
              <Button component={Link} to="/register" size="xs">
                Sign Up
              </Button>
            </Group>
          )}
        </Group>
      </Container>
    </Box>
  )
}
