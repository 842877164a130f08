// /night-nurse: the hiring landing page: featured nurses, the cities nurses work in,
// and the city picker. ?city=<slug> (the home page's and this page's picker before JavaScript)
// goes on to the city page.
import '~/styles/routes/night-nurse._index.css'
import { Alert, Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useLoaderData, useLocation, useNavigation, useRevalidator } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { currentLanguage } from '~/i18n/current-language'
import { translator } from '~/i18n/i18n.server'
import { pathInLanguage } from '~/i18n/localized-paths'
import { CityPicker } from '~/components/city-picker'
import { FeaturedNursesSection } from '~/components/featured-nurses-section'
import { NurseCard, NurseCardSkeletonGrid, NurseGrid } from '~/components/nurse-card'
import { getConfig } from '~/config.server'
import { cityPageSlugFor, isCityPageSlug } from '~/domain/places/cities'
import { CITY_REDIRECT_DELAY_MS, LANDING_FEATURED_COUNT } from '~/domain/nurses/nurse-search'
import { listFeaturedNurses, listNurseCities } from '~/domain/nurses/nurses.server'
import { breadcrumbJsonLd, landingServiceJsonLd } from '~/domain/content/structured-data'
import { pageCacheHeaders, publicPageHeaders } from '~/utils/http-cache.server'
import { loaderHeadMeta } from '~/utils/seo'
import { getUser } from '~/utils/session.server'
import type { PageScriptsHandle } from '~/utils/page-scripts'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
export const headers = publicPageHeaders
// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle & { i18n: string[] } = { hydrate: false, i18n: ['public'] }

async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise
  } catch (error) {
    console.error(error)
    return null
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const city = new URL(request.url).searchParams.get('city')
  if (city) {
    const slug = cityPageSlugFor(city)
    if (slug) throw redirect(pathInLanguage(`/night-nurse/${slug}`, currentLanguage()))
  }
  const user = await getUser(request)
  // Lists that are the same for everyone, and read every approved nurse: always from the cache.
  const [featured, cities] = await Promise.all([
    orNull(listFeaturedNurses(LANDING_FEATURED_COUNT, { cached: true })),
    orNull(listNurseCities({ cached: true })),
  ])
  const appOrigin = getConfig().APP_ORIGIN
  const t = translator('public')
  const language = currentLanguage()
  const path = pathInLanguage('/night-nurse', language)
  const head = {
    path,
    title: t('landing.metaTitle'),
    description: t('landing.metaDescription'),
    jsonLd: [
      landingServiceJsonLd(
        appOrigin,
        language === 'en' ? undefined : { name: t('landing.serviceName'), description: t('landing.serviceDescription'), path, country: t('landing.country') },
      ),
      breadcrumbJsonLd(
        [
          { name: t('breadcrumb.home'), path: pathInLanguage('/', language) },
          { name: t('breadcrumb.nightNurse'), path },
        ],
        appOrigin,
      ),
    ],
  }
  return data({ featured, cities, appOrigin, head }, { headers: pageCacheHeaders(user) })
}

export const meta: MetaFunction<typeof loader> = withErrorTitle(loaderHeadMeta)

// Keys of the `public` catalogue.
const REASONS = [
  { icon: '✓', title: 'landing.reason1Title', text: 'landing.reason1Text' },
  { icon: '$', title: 'landing.reason2Title', text: 'landing.reason2Text' },
  { icon: '☾', title: 'landing.reason3Title', text: 'landing.reason3Text' },
]

function FeaturedNurses({ featured, loading }: { featured: ReturnType<typeof useLoaderData<typeof loader>>['featured']; loading: boolean }) {
  const { t } = useTranslation('public')
  if (loading) return <NurseCardSkeletonGrid count={LANDING_FEATURED_COUNT} label={t('landing.loading')} />
  if (featured === null) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text>{t('landing.loadFailed')}</Text>
          {/* A link to this page: it asks again with or without JavaScript. */}
          <Button component={Link} to="/night-nurse" variant="white" color="red" size="xs">
            {t('search.tryAgain')}
          </Button>
        </Group>
      </Alert>
    )
  }
  // Hidden when there are none.
  if (featured.length === 0) return null
  return (
    <NurseGrid>
      {featured.map((nurse) => (
        <NurseCard key={nurse.id} nurse={nurse} />
      ))}
    </NurseGrid>
  )
}

function CitiesSection({ cities }: { cities: { name: string; slug: string }[] | null }) {
  const { t } = useTranslation('public')
  if (cities === null) {
    return (
      <Container size="lg" py={{ base: 32, md: 48 }}>
        <Alert color="red" variant="light" role="alert">
          {t('landing.citiesFailed')}
        </Alert>
      </Container>
    )
  }
  if (cities.length === 0) return null
  return (
    <Box component="section" aria-labelledby="cities-title" bg="night.0" py={{ base: 40, md: 56 }}>
      <Container size="lg">
        <Stack gap="lg">
          <Title order={2} id="cities-title" c="night.9">
            {t('landing.byCity')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {cities.map((city) => {
              // Cities without a page of their own lead to the search for that city.
              const to = isCityPageSlug(city.slug) ? `/night-nurse/${city.slug}` : `/search?location=${encodeURIComponent(city.name)}`
              return (
                <li key={city.name}>
                  <Anchor component={Link} to={to} fw={500} c="night.8">
                    {t('landing.cityLink', { city: city.name.split(',')[0].trim() })}
                  </Anchor>
                </li>
              )
            })}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  )
}

export default function NightNurseLanding() {
  const { featured, cities } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const location = useLocation()
  const revalidator = useRevalidator()
  const { t } = useTranslation('public')
  // The 12 placeholders show while this page's nurses load again.
  const reloading =
    revalidator.state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname && !navigation.location.search)

  return (
    <>
      <Box component="section" bg="night.9" c="white" py={{ base: 40, md: 64 }}>
        <Container size="lg">
          <Stack gap="lg" maw={760}>
            <Title order={1} c="white" fz={{ base: 32, md: 46 }} lh={1.15}>
              {t('landing.title')}
            </Title>
            <Text fz={{ base: 'md', md: 'lg' }} c="gray.2">
              {t('landing.text')}
            </Text>
            <Box maw={520}>
              <CityPicker id="landing-city" label={t('landing.cityLabel')} buttonLabel={t('landing.cityButton')} delayMs={CITY_REDIRECT_DELAY_MS} variant="dark" />
            </Box>
          </Stack>
        </Container>
      </Box>

      <FeaturedNursesSection
        title={t('landing.featuredTitle')}
        subtitle={t('landing.featuredSubtitle')}
        action={
          <Button component={Link} to="/search" variant="light">
            {t('landing.viewAll')}
          </Button>
        }
        py={{ base: 40, md: 56 }}
      >
        <FeaturedNurses featured={featured} loading={reloading} />
      </FeaturedNursesSection>

      <CitiesSection cities={cities} />

      <Box component="section" aria-labelledby="why-title" py={{ base: 40, md: 56 }}>
        <Container size="lg">
          <Stack gap="lg">
            <Title order={2} id="why-title" c="night.9">
              {t('landing.whyTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              {REASONS.map((reason) => (
                <Stack key={reason.title} gap="xs">
                  <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
                    <Text fw={800}>{reason.icon}</Text>
                  </ThemeIcon>
                  <Title order={3} fz="lg">
                    {t(reason.title)}
                  </Title>
                  <Text c="gray.7">{t(reason.text)}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>
    </>
  )
}
