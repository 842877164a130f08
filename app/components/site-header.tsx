import { Button, VisuallyHidden } from '@mantine/core'
import { Form, useLocation } from '@remix-run/react'
import { Link } from './link'
import { useEffect, useRef } from 'react'
import { dashboardPathFor } from '~/domain/accounts/auth-redirects'
import { Logo } from './logo'
import classes from './site-chrome.module.css'
import { UserAvatar } from './user-avatar'

interface HeaderUser {
  displayName: string
  role: string
  avatarUrl: string | null
  /** Messages waiting for a family or a nurse (issue 16); absent for admins. */
  unreadMessages?: number
}

/** 'Messages', with how many wait unread, for families and nurses. */
function MessagesLink({ user, fullWidth }: { user: HeaderUser; fullWidth?: boolean }) {
  if (user.role !== 'parent' && user.role !== 'nurse') return null
  const unread = user.unreadMessages ?? 0
  return (
    <Button
      component={Link}
      to="/messages"
      variant="subtle"
      size={fullWidth ? 'md' : 'xs'}
      fullWidth={fullWidth}
      aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
    >
      {unread > 0 ? `Messages (${unread})` : 'Messages'}
    </Button>
  )
}

const MAIN_LINKS = [
  { label: 'Hire a Night Nurse', to: '/night-nurse' },
  { label: 'For Night Nurses', to: '/night-nurse-onboard' },
]

/**
 * The site header. From the `sm` breakpoint up: the main links and the account actions in one
 * row. Below it (a phone, one hand free): the logo and a menu button that opens a drawer. The
 * drawer is a <details> element, so it opens before JavaScript loads too; with JavaScript it
 * closes on navigation and on Escape. Plain elements and a CSS module: it is on every page.
 */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className={classes.header}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className={`${classes.container} ${classes.headerRow}`}>
        <Link to="/" className={`mantine-focus-auto ${classes.logo}`} aria-label="Nightlight home">
          <Logo />
        </Link>
        <nav aria-label="Main" className={`${classes.mainNav} ${classes.wide}`}>
          {MAIN_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={`mantine-focus-auto ${classes.mainLink}`}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className={classes.wide}>
          <AccountActions user={user} />
        </div>
        <MobileMenu user={user} />
      </div>
    </header>
  )
}

function AccountActions({ user }: { user: HeaderUser | null }) {
  if (!user) {
    return (
      <div className={classes.actions}>
        <Button component={Link} to="/login" variant="subtle" size="xs">
          Log In
        </Button>
        <Button component={Link} to="/register" size="xs">
          Sign Up
        </Button>
      </div>
    )
  }
  return (
    <div className={classes.actionsSignedIn}>
      <MessagesLink user={user} />
      <Button component={Link} to={dashboardPathFor(user.role)} variant="light" size="xs">
        Dashboard
      </Button>
      <UserAvatar name={user.displayName} src={user.avatarUrl} size={32} radius="xl" />
      <Form method="post" action="/logout">
        <Button type="submit" variant="subtle" size="xs" color="gray">
          Log Out
        </Button>
      </Form>
    </div>
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
    <details ref={menu} className={`${classes.menu} ${classes.narrow}`}>
      <summary className={classes.menuButton}>
        <span className={classes.menuBars} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <VisuallyHidden>Menu</VisuallyHidden>
      </summary>
      <nav aria-label="Menu" className={classes.menuPanel}>
        {user && (
          <div className={classes.menuUser}>
            <UserAvatar name={user.displayName} src={user.avatarUrl} size={36} radius="xl" />
            <span className={classes.menuUserName}>{user.displayName}</span>
          </div>
        )}
        {user && (
          <Button component={Link} to={dashboardPathFor(user.role)} variant="light" fullWidth size="md">
            Dashboard
          </Button>
        )}
        {user && <MessagesLink user={user} fullWidth />}
        {MAIN_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className={`mantine-focus-auto ${classes.menuLink}`}>
            {link.label}
          </Link>
        ))}
        {user ? (
          <Form method="post" action="/logout">
            <Button type="submit" variant="default" fullWidth size="md">
              Log Out
            </Button>
          </Form>
        ) : (
          <div className={classes.menuActions}>
            <Button component={Link} to="/register" fullWidth size="md">
              Sign Up
            </Button>
            <Button component={Link} to="/login" variant="default" fullWidth size="md">
              Log In
            </Button>
          </div>
        )}
      </nav>
    </details>
  )
}
