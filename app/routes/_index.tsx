// The home page: the hero with the city selector, four featured nurses, and the
// 'how it works' and call-to-action sections, whose code loads on demand.
import '~/styles/routes/_index.css'
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { lazy } from 'react'
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
import { fixedPageMeta } from '~/utils/seo'
import { getUser } from '~/utils/session.server'
import type { PageScriptsHandle } from '~/utils/page-scripts'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
export const headers = publicPageHeaders
// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle = { hydrate: false }

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
  return data({ featured, appOrigin: getConfig().APP_ORIGIN }, { headers: pageCacheHeaders(user) })
}

export const meta: MetaFunction<typeof loader> = fixedPageMeta({
  path: '/',
  title: 'Nightlight – Night Nurses for Overnight Newborn Care',
  description:
    'Find and book verified night nurses and newborn care specialists in your city. See open nights and clear nightly prices, pay by card, and get some sleep.',
  jsonLd: siteJsonLd,
})

function FeaturedNurses({ featured }: { featured: NurseCardData[] | null }) {
  if (featured === null) {
    return (
      <Alert color="night" variant="light" title="Featured nurses are taking a short break">
        <Stack gap="xs" align="flex-start">
          <Text>We couldn&apos;t load our featured nurses just now, but every nurse is still a click away.</Text>
          <Button component={Link} to="/search" size="xs">
            Browse all night nurses
          </Button>
        </Stack>
      </Alert>
    )
  }
  if (featured.length === 0) return <Text c="gray.7">No featured nurses available at the moment.</Text>
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
  return (
    <>
      <HomeHero />
      <FeaturedNursesSection
        title="Featured night nurses"
        subtitle="Experienced, verified, and loved by the families they care for."
        action={
          <Anchor component={Link} to="/search" fw={600}>
            See all nurses
          </Anchor>
        }
        py={{ base: 40, md: 64 }}
      >
        <FeaturedNurses featured={featured} />
      </FeaturedNursesSection>
      <LazySection
        component={HowItWorks}
        failureMessage="We couldn't load how Nightlight works just now. Please refresh the page to try again."
      />
      <LazySection
        component={HomeCallToAction}
        failureMessage="This section couldn't be loaded. You can still browse night nurses or apply as a nurse from the menu."
      />
    </>
  )
}
