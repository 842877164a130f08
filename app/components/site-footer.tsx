import { Button, TextInput } from '@mantine/core'
import { useFetcher } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { LanguageSwitcher } from './language-switcher'
import { Link, localPath } from './link'
import { CITY_PAGE_SLUGS, cityPageName, type CityPageSlug } from '~/domain/places/cities'
import { Logo } from './logo'
import classes from './site-chrome.module.css'

// Labels are keys of the `common` catalogue.
const COLUMNS: Array<{ title: string; links: Array<{ label: string; to: string }> }> = [
  {
    title: 'footer.forFamilies',
    links: [
      { label: 'footer.hireNurse', to: '/night-nurse' },
      { label: 'footer.browseNurses', to: '/search' },
      { label: 'footer.yourBookings', to: '/parent/dashboard' },
      { label: 'footer.helpSupport', to: '/support' },
    ],
  },
  {
    title: 'footer.nightNurses',
    links: [
      { label: 'footer.applyAsNurse', to: '/night-nurse-onboard' },
      { label: 'footer.nurseDashboard', to: '/nurse/dashboard' },
      { label: 'footer.partner', to: '/partner' },
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
  const { t } = useTranslation()
  const say = useServerMessage()
  const fetcher = useFetcher<{ ok: boolean; message: string }>()
  const result = fetcher.data
  return (
    <fetcher.Form method="post" action={localPath('/newsletter')} aria-labelledby="join-list-title" className={classes.joinList}>
      <h2 className={classes.columnTitle} id="join-list-title">
        {t('footer.joinList')}
      </h2>
      <p className={classes.joinText}>{t('footer.joinText')}</p>
      <div className={classes.joinRow}>
        <TextInput
          id="join-list-email"
          name="email"
          type="email"
          required
          placeholder="you@example.com"
          aria-label={t('footer.emailAddress')}
          autoComplete="email"
          error={result && !result.ok ? say(result.message) : undefined}
          style={FILL}
        />
        <Button type="submit" loading={fetcher.state !== 'idle'} color="yellow" c="dark">
          {t('footer.join')}
        </Button>
      </div>
      {result?.ok && (
        <p className={classes.joinThanks} role="status">
          {say(result.message)}
        </p>
      )}
    </fetcher.Form>
  )
}

/** The site footer: its columns are elements of a CSS module; the list's form is Mantine's. */
export function SiteFooter() {
  const { t } = useTranslation()
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
            <nav key={column.title} aria-label={t(column.title)} className={classes.column}>
              <h2 className={classes.columnTitle}>{t(column.title)}</h2>
              {column.links.map((link) => (
                <FooterLink key={link.to} to={link.to}>
                  {t(link.label)}
                </FooterLink>
              ))}
            </nav>
          ))}
          <nav aria-label={t('footer.topCities')} className={classes.column}>
            <h2 className={classes.columnTitle}>{t('footer.topCities')}</h2>
            {TOP_CITIES.map((city) => (
              <FooterLink key={city.to} to={city.to}>
                {city.label}
              </FooterLink>
            ))}
          </nav>
          <div className={classes.columnPair}>
            <div className={classes.column}>
              <h2 className={classes.columnTitle}>{t('footer.contact')}</h2>
              <a href="mailto:support@nightlight.example" className={`mantine-focus-auto ${classes.footerLink}`}>
                support@nightlight.example
              </a>
              <FooterLink to="/support">{t('footer.helpSupport')}</FooterLink>
              <FooterLink to="/about">{t('footer.about')}</FooterLink>
              <FooterLink to="/how-we-verify">{t('footer.howWeVerify')}</FooterLink>
              <FooterLink to="/accessibility">{t('footer.accessibility')}</FooterLink>
            </div>
            <nav aria-label={t('footer.legal')} className={classes.column}>
              <h2 className={classes.columnTitle}>{t('footer.legal')}</h2>
              <FooterLink to="/terms">{t('footer.terms')}</FooterLink>
              <FooterLink to="/privacy">{t('footer.privacy')}</FooterLink>
              <FooterLink to="/disclaimer">{t('footer.disclaimer')}</FooterLink>
            </nav>
            <div className={classes.column}>
              <h2 className={classes.columnTitle}>{t('footer.language')}</h2>
              <LanguageSwitcher place="footer" />
            </div>
          </div>
        </div>
        <p className={classes.copyright}>{t('footer.copyright')}</p>
      </div>
    </footer>
  )
}
