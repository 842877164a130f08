// /night-nurse/{city-slug}: one shared layout for the twelve city pages, fed by the city's record
// (spec 000 §2, 001 §2). Unknown slugs answer 404.
import '~/styles/routes/night-nurse.$citySlug.css'
import { Alert, Anchor, Box, Breadcrumbs, Button, Container, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { FaqAccordion } from '~/components/city-faq'
import {
  CityAreasServed,
  CityCallToAction,
  CityCost,
  CityHero,
  CityLocalContext,
  CityNearby,
  CitySection,
  WRAPPING_BUTTON,
} from '~/components/city-sections'
import { NurseCard, NurseGrid } from '~/components/nurse-card'
import { getConfig } from '~/config.server'
import type { CityPage } from '~/domain/places/cities'
import { getCityPage } from '~/domain/places/city-pages'
import { CITY_PAGE_NURSE_COUNT } from '~/domain/nurses/nurse-search'
import { searchNurses, type NurseCardData } from '~/domain/nurses/nurses.server'
import { breadcrumbJsonLd, cityFaqs, cityServiceJsonLd, faqPageJsonLd } from '~/domain/content/structured-data'
import { pageCacheHeaders, publicPageHeaders } from '~/utils/http-cache.server'
import { seoMeta } from '~/utils/seo'
import { getUser } from '~/utils/session.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
export const headers = publicPageHeaders

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = getCityPage(params.citySlug ?? '')
  if (!page) throw data(null, { status: 404 })
  const user = await getUser(request)
  let nurses: NurseCardData[] | null
  try {
    // 'A search by the city as location' (spec 000 §2), the same search /search runs.
    nurses = await searchNurses(
      { location: page.cityName, limit: CITY_PAGE_NURSE_COUNT, offset: 0 },
      { cached: !user },
    )
  } catch (error) {
    console.error(error)
    nurses = null
  }
  // The city's own record travels with the page: the browser's bundle does not hold all twelve.
  return data({ page, nurses, appOrigin: getConfig().APP_ORIGIN }, { headers: pageCacheHeaders(user) })
}

/** The nightly rates of the nurses the page shows: the page's figures for our own nurses. */
function ratesOf(nurses: ReadonlyArray<{ nightlyRateCents: number }> | null): number[] {
  return (nurses ?? []).map((nurse) => nurse.nightlyRateCents)
}

function cityDescription(page: CityPage) {
  const places = page.neighborhoods.slice(0, 3).join(', ')
  return (
    `Find a verified night nurse in ${page.cityName}, ${page.stateAbbr} for overnight newborn care. ` +
    `Typical rates $${page.pricing.min}-$${page.pricing.max} an hour, serving ${places} and nearby suburbs. Book nights online.`
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => {
  const page = loaderData?.page
  if (!loaderData || !page) return [{ title: 'Page Not Found – Nightlight' }, { name: 'robots', content: 'noindex' }]
  const origin = loaderData.appOrigin
  return seoMeta({
    origin,
    path: `/night-nurse/${page.slug}`,
    title: `Night Nurse ${page.cityName} – Overnight Newborn Care`,
    description: cityDescription(page),
    jsonLd: [
      cityServiceJsonLd(page, origin),
      faqPageJsonLd(cityFaqs(page, ratesOf(loaderData.nurses))),
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Night Nurse', path: '/night-nurse' },
          { name: page.cityName, path: `/night-nurse/${page.slug}` },
        ],
        origin,
      ),
    ],
  })
}

function CityNurses({ page, nurses }: { page: CityPage; nurses: NurseCardData[] | null }) {
  const viewAll = (
    <Button
      component={Link}
      to={`/search?location=${encodeURIComponent(page.cityName)}`}
      variant="light"
      size="md"
      maw="100%"
      style={{ alignSelf: 'flex-start' }}
      styles={WRAPPING_BUTTON}
    >
      View All Night Nurses in {page.cityName}
    </Button>
  )
  return (
    <CitySection
      id="nurses"
      title={`Available Night Nurses in ${page.cityName}`}
      intro="Every nurse below was verified by our team before their profile went live. Open a profile to see their experience, languages and open nights."
    >
      {nurses === null ? (
        <Alert color="red" variant="light" title="Could not Load Night Nurses" role="alert">
          We couldn&apos;t load nurses in {page.cityName} just now. Please refresh the page or browse all nurses.
        </Alert>
      ) : nurses.length === 0 ? (
        <Alert color="night" variant="light" title={`No Night Nurses Found in ${page.cityName} Yet`}>
          Nurses are joining Nightlight every week. Browse nurses in other cities, or check back soon.
        </Alert>
      ) : (
        <NurseGrid>
          {nurses.map((nurse) => (
            <NurseCard key={nurse.id} nurse={nurse} />
          ))}
        </NurseGrid>
      )}
      {viewAll}
    </CitySection>
  )
}

export default function CityLandingPage() {
  const { page, nurses } = useLoaderData<typeof loader>()
  const nurseRatesCents = ratesOf(nurses)
  const faqs = cityFaqs(page, nurseRatesCents)
  return (
    <>
      <Box bg="night.9" pt="md">
        <Container size="lg">
          <Breadcrumbs separator="›" styles={{ separator: { color: 'var(--mantine-color-gray-4)' } }} aria-label="Breadcrumb" component="nav" fz="sm">
            <Anchor component={Link} to="/" c="gray.2" fz="sm">
              Home
            </Anchor>
            <Anchor component={Link} to="/night-nurse" c="gray.2" fz="sm">
              Night Nurse
            </Anchor>
            <Text span c="white" fz="sm" aria-current="page">
              {page.cityName}
            </Text>
          </Breadcrumbs>
        </Container>
      </Box>
      <CityHero page={page} />
      <CityNurses page={page} nurses={nurses} />
      <CityLocalContext page={page} />
      <CityCost page={page} nurseRatesCents={nurseRatesCents} />
      <CityAreasServed page={page} />
      <CitySection id="faq" title={`Night Nurse FAQs for ${page.cityName} Families`} tinted>
        <Stack gap={0} maw={860}>
          <FaqAccordion faqs={faqs} />
        </Stack>
      </CitySection>
      <CityNearby page={page} />
      <CityCallToAction cityName={page.cityName} />
    </>
  )
}
