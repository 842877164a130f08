// The home page: the hero with the city selector, four featured nurses, and the
// 'how it works' and call-to-action sections, whose code loads on demand.
import '~/styles/routes/_index.css'
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { FeaturedNursesSection } from '~/components/featured-nurses-section'
import { HomeCallToAction as HomeCallToActionOnServer } from '~/components/home-call-to-action'
import { HomeHero } from '~/components/home-hero'
import { HowItWorks as HowItWorksOnServer } from '~/components/home-how-it-works'
import { LazySection } from '~/components/home-lazy-section'
import { NurseCard, NurseGrid } from '~/components/nurse-card'
import { getConfig } from '~/config.server'
import { HOME_FEATURED_COUNT } from '~/domain/nurses/nurse-search'
import { listFeaturedNurses, type NurseCardData } from '~/domain/nurses/nurses.server'
import { siteJsonLd } from '~/domain/content/structured-data'
import { pageCacheHeaders, publicPageHeaders } from '~/utils/http-cache.server'
import { loaderHeadMeta } from '~/utils/seo'
import { currentLanguage } from '~/i18n/current-language'
import { translator } from '~/i18n/i18n.server'
import { pathInLanguage } from '~/i18n/localized-paths'
import { getUser } from '~/utils/session.server'
import type { PageScriptsHandle } from '~/utils/page-scripts'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
export const headers = publicPageHeaders
// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle & { i18n: string[] } = { hydrate: false, i18n: ['public'] }

// Loaded on demand in the browser (their own chunks, fetched while the page hydrates); rendered
// directly on the server, so every response, the first one too, has them in its HTML. The static
// imports are dropped from the browser build, where `import.meta.env.SSR` is false.
const HowItWorks = import.meta.env.SSR
  ? HowItWorksOnServer
  : lazy(() => import('~/components/home-how-it-works').then((module) => ({ default: module.HowItWorks })))
const HomeCallToAction = import.meta.env.SSR
  ? HomeCallToActionOnServer
  : lazy(() => import('~/components/home-call-to-action').then((module) => ({ default: module.HomeCallToAction })))

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  let featured: NurseCardData[] | null
  try {
    // The same four for everyone: cached even for signed-in visitors (sorting by experience reads
    // every approved nurse).
    featured = await listFeaturedNurses(HOME_FEATURED_COUNT, { cached: true })
  } catch (error) {
    console.error(error)
    featured = null
  }
  const appOrigin = getConfig().APP_ORIGIN
  const t = translator('public')
  const head = {
    path: pathInLanguage('/', currentLanguage()),
    title: t('home.metaTitle'),
    description: t('home.metaDescription'),
    jsonLd: siteJsonLd(appOrigin),
  }
  return data({ featured, appOrigin, head }, { headers: pageCacheHeaders(user) })
}

export const meta: MetaFunction<typeof loader> = withErrorTitle(loaderHeadMeta)

function FeaturedNurses({ featured }: { featured: NurseCardData[] | null }) {
  const { t } = useTranslation('public')
  if (featured === null) {
    return (
      <Alert color="night" variant="light" title={t('home.featuredBreakTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text>{t('home.featuredBreakText')}</Text>
          <Button component={Link} to="/search" size="xs">
            {t('home.browseAll')}
          </Button>
        </Stack>
      </Alert>
    )
  }
  if (featured.length === 0) return <Text c="gray.7">{t('home.noFeatured')}</Text>
  return (
    <NurseGrid>
      {featured.map((nurse) => (
        <NurseCard key={nurse.id} nurse={nurse} />
      ))}
    </NurseGrid>
  )
}

export default function HomePage() {
  const { featured } = useLoaderData<typeof loader>()
  const { t } = useTranslation('public')
  return (
    <>
      <HomeHero />
      <FeaturedNursesSection
        title={t('home.featuredTitle')}
        subtitle={t('home.featuredSubtitle')}
        action={
          <Anchor component={Link} to="/search" fw={600}>
            {t('home.seeAll')}
          </Anchor>
        }
        py={{ base: 40, md: 64 }}
      >
        <FeaturedNurses featured={featured} />
      </FeaturedNursesSection>
      <LazySection
        component={HowItWorks}
        failureMessage={t('home.howItWorksFailed')}
      />
      <LazySection
        component={HomeCallToAction}
        failureMessage={t('home.ctaFailed')}
      />
    </>
  )
}
