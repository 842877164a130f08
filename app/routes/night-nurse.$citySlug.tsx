// /night-nurse/{city-slug}: one shared layout for the twelve city pages, fed by the city's record.
// Unknown slugs answer 404.
import '~/styles/routes/night-nurse.$citySlug.css'
import { Alert, Anchor, Box, Breadcrumbs, Button, Container, Group, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { BabiesFilterField } from '~/components/babies-filter-field'
import { NightsFields } from '~/components/nights-fields'
import { describeWanted, planNights, searchableFrom, wantedNightsParams, type WantedNights } from '~/domain/nurses/night-search'
import { searchQueryInput, WantedNightsQuerySchema } from '~/schemas/nurses'
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
import type { PageScriptsHandle } from '~/utils/page-scripts'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
export const headers = publicPageHeaders
// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle = { hydrate: false }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = getCityPage(params.citySlug ?? '')
  if (!page) throw data(null, { status: 404 })
  const user = await getUser(request)
  // The nights a family needs (issue 17): the same search, only the nurses open on them.
  const input = searchQueryInput(new URL(request.url).searchParams)
  const parsed = WantedNightsQuerySchema.safeParse(input)
  const wanted = parsed.success ? (parsed.data.nights ?? null) : null
  // 'Twins' / 'Triplets' (issue 36): the same filter as /search.
  const babies = parsed.success ? parsed.data.babies : undefined
  const nightsError = parsed.success ? null : { field: String(parsed.error.issues[0].path[0] ?? ''), message: parsed.error.issues[0].message }
  let nurses: NurseCardData[] | null
  try {
    // A search by the city as location, the same search /search runs.
    nurses = await searchNurses(
      { location: page.cityName, limit: CITY_PAGE_NURSE_COUNT, offset: 0, nights: wanted ?? undefined, babies },
      { cached: !user },
    )
  } catch (error) {
    console.error(error)
    nurses = null
  }
  // The city's own record travels with the page: the browser's bundle does not hold all twelve.
  const nights = wanted && { wanted, required: planNights(wanted).required, label: describeWanted(wanted) }
  return data(
    { page, nurses, nights, nightsError, form: input, today: searchableFrom(new Date()), appOrigin: getConfig().APP_ORIGIN },
    { status: nightsError ? 400 : 200, headers: pageCacheHeaders(user) },
  )
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
    // A search by nights on the city page is the family's own view: the city page is the indexed one.
    noindex: Boolean(loaderData.nights || loaderData.nightsError),
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

interface CityNights {
  wanted: WantedNights
  required: number
  label: string
}

/** 'Who is free on your nights?': the nights fields, sent back to this page's nurse list. */
function CityNightsForm({
  page,
  form,
  error,
  today,
}: {
  page: CityPage
  form: Record<string, string>
  error: { field: string; message: string } | null
  today: string
}) {
  return (
    <Form method="get" action={`/night-nurse/${page.slug}#nurses`} aria-label={`Find nurses in ${page.cityName} open on your nights`}>
      <Stack gap="sm" p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <NightsFields form={form} errorFor={(name) => (error?.field === name ? error.message : undefined)} today={today} />
        <Box maw={320}>
          <BabiesFilterField value={form.babies ?? ''} error={error?.field === 'babies' ? error.message : null} />
        </Box>
        <Group>
          <Button type="submit" variant="filled">
            Find nurses open on these nights
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

function CityNurses({
  page,
  nurses,
  nights,
  form,
  error,
  today,
}: {
  page: CityPage
  nurses: NurseCardData[] | null
  nights: CityNights | null
  form: Record<string, string>
  error: { field: string; message: string } | null
  today: string
}) {
  const searchQuery = new URLSearchParams({ location: page.cityName })
  for (const [key, value] of wantedNightsParams(nights?.wanted)) searchQuery.set(key, value)
  if (form.babies === '2' || form.babies === '3') searchQuery.set('babies', form.babies)
  const viewAll = (
    <Button
      component={Link}
      to={`/search?${searchQuery.toString().replace(/%2C/g, ',')}`}
      variant="light"
      size="md"
      maw="100%"
      style={{ alignSelf: 'flex-start' }}
      styles={WRAPPING_BUTTON}
    >
      {nights ? `All Nurses in ${page.cityName} Open on Your Nights` : `View All Night Nurses in ${page.cityName}`}
    </Button>
  )
  return (
    <CitySection
      id="nurses"
      title={`Available Night Nurses in ${page.cityName}`}
      intro="Every nurse below was verified by our team before their profile went live. Open a profile to see their experience, languages and open nights."
    >
      <CityNightsForm page={page} form={form} error={error} today={today} />
      {nights && (
        <Text fw={600} c="night.9">
          Open on your nights: {nights.label}
        </Text>
      )}
      {nurses === null ? (
        <Alert color="red" variant="light" title="Could not Load Night Nurses" role="alert">
          We couldn&apos;t load nurses in {page.cityName} just now. Please refresh the page or browse all nurses.
        </Alert>
      ) : nurses.length === 0 && nights ? (
        <Alert color="night" variant="light" title="No Nurse Is Open on Enough of These Nights">
          Try other dates or fewer nights a week, or see every nurse in {page.cityName}.
        </Alert>
      ) : nurses.length === 0 ? (
        <Alert color="night" variant="light" title={`No Night Nurses Found in ${page.cityName} Yet`}>
          Nurses are joining Nightlight every week. Browse nurses in other cities, or check back soon.
        </Alert>
      ) : (
        <NurseGrid>
          {nurses.map((nurse) => (
            <NurseCard key={nurse.id} nurse={nurse} wanted={nights?.wanted} nightsRequired={nights?.required} />
          ))}
        </NurseGrid>
      )}
      {viewAll}
    </CitySection>
  )
}

export default function CityLandingPage() {
  const { page, nurses, nights, nightsError, form, today } = useLoaderData<typeof loader>()
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
      <CityNurses page={page} nurses={nurses} nights={nights} form={form} error={nightsError} today={today} />
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
