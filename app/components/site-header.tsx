import { Button, VisuallyHidden } from '@mantine/core'
import { Form, useLocation } from '@remix-run/react'
import { Link } from './link'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitcher } from './language-switcher'
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
function MessagesLink({ user, inMenu }: { user: HeaderUser; inMenu?: boolean }) {
  const { t } = useTranslation()
  if (user.role !== 'parent' && user.role !== 'nurse') return null
  const unread = user.unreadMessages ?? 0
  const label = t('header.messagesLabel', { unread })
  const name = t('header.messagesName', { unread })
  // In the phone menu, a link like the menu's others, its text on their left edge (issue 38).
  if (inMenu) {
    return (
      <Link to="/messages" className={`mantine-focus-auto ${classes.menuLink}`} aria-label={name}>
        {label}
      </Link>
    )
  }
  return (
    <Button component={Link} variant="subtle" size="xs" to="/messages" aria-label={name}>
      {label}
    </Button>
  )
}

/** 'Interviews' (issue 36), for families and nurses: in the phone menu beside Messages. */
function InterviewsLink({ user, inMenu }: { user: HeaderUser; inMenu?: boolean }) {
  const { t } = useTranslation()
  if (user.role !== 'parent' && user.role !== 'nurse') return null
  if (inMenu) {
    return (
      <Link to="/interviews" className={`mantine-focus-auto ${classes.menuLink}`}>
        {t('header.interviews')}
      </Link>
    )
  }
  return (
    <Button component={Link} variant="subtle" size="xs" to="/interviews">
      {t('header.interviews')}
    </Button>
  )
}

const MAIN_LINKS = [
  { label: 'header.hireNurse', to: '/night-nurse' },
  { label: 'header.forNurses', to: '/night-nurse-onboard' },
] as const

/**
 * The site header. From the `sm` breakpoint up: the main links and the account actions in one
 * row. Below it (a phone, one hand free): the logo and a menu button that opens a drawer. The
 * drawer is a <details> element, so it opens before JavaScript loads too; with JavaScript it
 * closes on navigation and on Escape. Plain elements and a CSS module for its rows and links, and
 * Mantine's Button for its buttons.
 */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const { t } = useTranslation()
  return (
    <header className={classes.header}>
      <a href="#main" className="skip-link">
        {t('header.skipToContent')}
      </a>
      <div className={`${classes.container} ${classes.headerRow}`}>
        <Link to="/" className={`mantine-focus-auto ${classes.logo}`} aria-label={t('header.home')}>
          <Logo />
        </Link>
        <nav aria-label={t('header.mainNav')} className={`${classes.mainNav} ${classes.wide}`}>
          {MAIN_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={`mantine-focus-auto ${classes.mainLink}`}>
              {t(link.label)}
            </Link>
          ))}
          <LanguageSwitcher place="header" />
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
  const { t } = useTranslation()
  if (!user) {
    return (
      <div className={classes.actions}>
        <Button component={Link} variant="subtle" size="xs" to="/login">
          {t('header.logIn')}
        </Button>
        <Button component={Link} variant="filled" size="xs" to="/register">
          {t('header.signUp')}
        </Button>
      </div>
    )
  }
  return (
    <div className={classes.actionsSignedIn}>
      <MessagesLink user={user} />
      <InterviewsLink user={user} />
      <Button component={Link} variant="light" size="xs" to={dashboardPathFor(user.role)}>
        {t('header.dashboard')}
      </Button>
      <UserAvatar name={user.displayName} src={user.avatarUrl} size={32} radius="xl" />
      <Form method="post" action="/logout">
        <Button type="submit" variant="subtle" color="gray" size="xs">
          {t('header.logOut')}
        </Button>
      </Form>
    </div>
  )
}

function MobileMenu({ user }: { user: HeaderUser | null }) {
  const { t } = useTranslation()
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
        <VisuallyHidden>{t('header.menu')}</VisuallyHidden>
      </summary>
      <nav aria-label={t('header.menu')} className={classes.menuPanel}>
        {user && (
          <div className={classes.menuUser}>
            <UserAvatar name={user.displayName} src={user.avatarUrl} size={36} radius="xl" />
            <span className={classes.menuUserName}>{user.displayName}</span>
          </div>
        )}
        {user && (
          <Button component={Link} variant="light" size="md" fullWidth to={dashboardPathFor(user.role)}>
            {t('header.dashboard')}
          </Button>
        )}
        {user && <MessagesLink user={user} inMenu />}
        {user && <InterviewsLink user={user} inMenu />}
        {MAIN_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className={`mantine-focus-auto ${classes.menuLink}`}>
            {t(link.label)}
          </Link>
        ))}
        <LanguageSwitcher place="header" />
        {user ? (
          <Form method="post" action="/logout">
            <Button type="submit" variant="default" size="md" fullWidth>
              {t('header.logOut')}
            </Button>
          </Form>
        ) : (
          <div className={classes.menuActions}>
            <Button component={Link} variant="filled" size="md" fullWidth to="/register">
              {t('header.signUp')}
            </Button>
            <Button component={Link} variant="default" size="md" fullWidth to="/login">
              {t('header.logIn')}
            </Button>
          </div>
        )}
      </nav>
    </details>
  )
}
