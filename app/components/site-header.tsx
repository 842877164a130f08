import { Anchor, Box, Button, Container, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { Form, Link, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { dashboardPathFor } from '~/domain/accounts/auth-redirects'
import { Logo } from './logo'
import { UserAvatar } from './user-avatar'

interface HeaderUser {
  displayName: string
  role: string
  avatarUrl: string | null
}

const MAIN_LINKS = [
  { label: 'Hire a Night Nurse', to: '/night-nurse' },
  { label: 'For Night Nurses', to: '/night-nurse-onboard' },
]

/**
 * The site header. From the `sm` breakpoint up: the main links and the account actions in one
 * row. Below it (a phone, one hand free): the logo and a menu button that opens a drawer. The
 * drawer is a <details> element, so it opens before JavaScript loads too; with JavaScript it
 * closes on navigation and on Escape.
 */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <Box component="header" className="site-header" bg="white">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Container size="xl" py="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label="Nightlight home">
            <Logo />
          </Anchor>
          <Group component="nav" aria-label="Main" gap="md" visibleFrom="sm">
            {MAIN_LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="dark" fw={500} fz="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
          <Box visibleFrom="sm">
            <AccountActions user={user} />
          </Box>
          <MobileMenu user={user} />
        </Group>
      </Container>
    </Box>
  )
}

function AccountActions({ user }: { user: HeaderUser | null }) {
  if (!user) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to="/login" variant="subtle" size="xs">
          Log In
        </Button>
        <Button component={Link} to="/register" size="xs">
          Sign Up
        </Button>
      </Group>
    )
  }
  return (
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
  )
}

function MobileMenu({ user }: { user: HeaderUser | null }) {
  const menu = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [location.key])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menu.current?.open) return
      menu.current.open = false
      menu.current.querySelector('summary')?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <Box component="details" ref={menu} className="site-menu" hiddenFrom="sm">
      <summary className="site-menu-button">
        <span className="site-menu-bars" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <VisuallyHidden>Menu</VisuallyHidden>
      </summary>
      <Stack component="nav" aria-label="Menu" className="site-menu-panel" gap="md">
        {user && (
          <Group gap="sm" wrap="nowrap">
            <UserAvatar name={user.displayName} src={user.avatarUrl} size={36} radius="xl" />
            <Text fw={600} truncate>
              {user.displayName}
            </Text>
          </Group>
        )}
        {user && (
          <Button component={Link} to={dashboardPathFor(user.role)} variant="light" fullWidth size="md">
            Dashboard
          </Button>
        )}
        {MAIN_LINKS.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} c="dark" fw={500} fz="md" py={6}>
            {link.label}
          </Anchor>
        ))}
        {user ? (
          <Form method="post" action="/logout">
            <Button type="submit" variant="default" fullWidth size="md">
              Log Out
            </Button>
          </Form>
        ) : (
          <Stack gap="sm">
            <Button component={Link} to="/register" fullWidth size="md">
              Sign Up
            </Button>
            <Button component={Link} to="/login" variant="default" fullWidth size="md">
              Log In
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  )
}
