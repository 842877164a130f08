import { useFetcher } from '@remix-run/react'
import { PlainButton } from './button-look'
import { Link } from './link'
import { CITY_PAGE_SLUGS, cityPageName, type CityPageSlug } from '~/domain/places/cities'
import { Logo } from './logo'
import { PlainTextInput } from './plain-text-input'
import classes from './site-chrome.module.css'

const COLUMNS: Array<{ title: string; links: Array<{ label: string; to: string }> }> = [
  {
    title: 'For Families',
    links: [
      { label: 'Hire a Night Nurse', to: '/night-nurse' },
      { label: 'Browse All Nurses', to: '/search' },
      { label: 'Your Bookings', to: '/parent/dashboard' },
      { label: 'Help & Support', to: '/support' },
    ],
  },
  {
    title: 'Night Nurses',
    links: [
      { label: 'Apply as a Night Nurse', to: '/night-nurse-onboard' },
      { label: 'Nurse Dashboard', to: '/nurse/dashboard' },
      { label: 'Partner With Us', to: '/partner' },
    ],
  },
]

// Top Cities are the twelve city pages. The product's first list named New York City, which has no
// page and no nurse, in place of Austin; a footer link that finds nobody is a dead end (issue 38).
const TOP_CITIES: Array<{ label: string; to: string }> = CITY_PAGE_SLUGS.map(cityLink)

function cityLink(slug: CityPageSlug) {
  return { label: cityPageName(slug), to: `/night-nurse/${slug}` }
}

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={`mantine-focus-auto ${classes.footerLink}`}>
      {children}
    </Link>
  )
}

const FILL = { flex: 1 }

function JoinOurList() {
  const fetcher = useFetcher<{ ok: boolean; message: string }>()
  const result = fetcher.data
  return (
    <fetcher.Form method="post" action="/newsletter" aria-labelledby="join-list-title" className={classes.joinList}>
      <h2 className={classes.columnTitle} id="join-list-title">
        Join Our List
      </h2>
      <p className={classes.joinText}>Sleep tips for new parents and news about nurses in your city. No spam.</p>
      <div className={classes.joinRow}>
        <PlainTextInput
          id="join-list-email"
          name="email"
          type="email"
          required
          placeholder="you@example.com"
          aria-label="Email address"
          autoComplete="email"
          size="sm"
          error={result && !result.ok ? result.message : undefined}
          style={FILL}
        />
        <PlainButton type="submit" variant="yellow" loading={fetcher.state !== 'idle'}>
          Join
        </PlainButton>
      </div>
      {result?.ok && (
        <p className={classes.joinThanks} role="status">
          {result.message}
        </p>
      )}
    </fetcher.Form>
  )
}

/** The site footer: plain elements and a CSS module, as it is on every page. */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <div className={classes.container}>
        <div className={classes.footerGrid}>
          <div className={classes.firstColumn}>
            <div className={classes.footerLogo}>
              <Logo />
            </div>
            <JoinOurList />
          </div>
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title} className={classes.column}>
              <h2 className={classes.columnTitle}>{column.title}</h2>
              {column.links.map((link) => (
                <FooterLink key={link.to} to={link.to}>
                  {link.label}
                </FooterLink>
              ))}
            </nav>
          ))}
          <nav aria-label="Top Cities" className={classes.column}>
            <h2 className={classes.columnTitle}>Top Cities</h2>
            {TOP_CITIES.map((city) => (
              <FooterLink key={city.to} to={city.to}>
                {city.label}
              </FooterLink>
            ))}
          </nav>
          <div className={classes.columnPair}>
            <div className={classes.column}>
              <h2 className={classes.columnTitle}>Contact</h2>
              <a href="mailto:support@nightlight.example" className={`mantine-focus-auto ${classes.footerLink}`}>
                support@nightlight.example
              </a>
              <FooterLink to="/support">Help & Support</FooterLink>
              <FooterLink to="/about">About Us</FooterLink>
              <FooterLink to="/how-we-verify">How We Verify Nurses</FooterLink>
              <FooterLink to="/accessibility">Accessibility</FooterLink>
            </div>
            <nav aria-label="Legal" className={classes.column}>
              <h2 className={classes.columnTitle}>Legal</h2>
              <FooterLink to="/terms">Terms of Service</FooterLink>
              <FooterLink to="/privacy">Privacy Policy</FooterLink>
              <FooterLink to="/disclaimer">Disclaimer</FooterLink>
            </nav>
          </div>
        </div>
        <p className={classes.copyright}>
          © 2026 Nightlight. Nurses on Nightlight are independent professionals, not employees of Nightlight.
        </p>
      </div>
    </footer>
  )
}
