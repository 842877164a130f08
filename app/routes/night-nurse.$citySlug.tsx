// /night-nurse/{city-slug}: one shared layout for the twelve city pages, fed by the city's record.
// Unknown slugs answer 404.
import '~/styles/routes/night-nurse.$citySlug.css'
import { Alert, Anchor, Box, Breadcrumbs, Button, Container, Group, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link, localPath } from '~/components/link'
import { currentLanguage } from '~/i18n/current-language'
import { translator } from '~/i18n/i18n.server'
import { pathInLanguage } from '~/i18n/localized-paths'
import { useServerMessage } from '~/i18n/messages'
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
import { loaderHeadMeta, type LoaderHead } from '~/utils/seo'
import { getUser } from '~/utils/session.server'
import type { PageScriptsHandle } from '~/utils/page-scripts'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
export const headers = publicPageHeaders
// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle & { i18n: string[] } = { hydrate: false, i18n: ['public'] }

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
  const nights = wanted && { wanted, required: planNights(wanted).required, label: describeWanted(wanted, translator('common')) }
  const appOrigin = getConfig().APP_ORIGIN
  const head = cityHead(page, appOrigin, ratesOf(nurses), Boolean(nights || nightsError))
  return data(
    { page, nurses, nights, nightsError, form: input, today: searchableFrom(new Date()), appOrigin, head },
    { status: nightsError ? 400 : 200, headers: pageCacheHeaders(user) },
  )
}

/** The nightly rates of the nurses the page shows: the page's figures for our own nurses. */
function ratesOf(nurses: ReadonlyArray<{ nightlyRateCents: number }> | null): number[] {
  return (nurses ?? []).map((nurse) => nurse.nightlyRateCents)
}

/**
 * The head, in the request's language. A search by nights on the city page is the family's own
 * view: the city page is the indexed one.
 */
function cityHead(page: CityPage, origin: string, nurseRatesCents: readonly number[], noindex: boolean): LoaderHead {
  const t = translator('public')
  const language = currentLanguage()
  const path = pathInLanguage(`/night-nurse/${page.slug}`, language)
  const places = page.neighborhoods.slice(0, 3).join(', ')
  const facts = { city: page.cityName, state: page.stateAbbr, stateName: page.state, min: String(page.pricing.min), max: String(page.pricing.max), places }
  return {
    path,
    title: t('city.metaTitle', facts),
    description: t('city.metaDescription', facts),
    noindex,
    jsonLd: [
      cityServiceJsonLd(page, origin, language === 'en' ? undefined : { name: t('city.serviceName', facts), description: t('city.serviceDescription', facts), path }),
      faqPageJsonLd(cityFaqs(page, nurseRatesCents)),
      breadcrumbJsonLd(
        [
          { name: t('breadcrumb.home'), path: pathInLanguage('/', language) },
          { name: t('breadcrumb.nightNurse'), path: pathInLanguage('/night-nurse', language) },
          { name: page.cityName, path },
        ],
        origin,
      ),
    ],
  }
}

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => {
  if (!loaderData?.page) return [{ title: 'Page Not Found – Nightlight' }, { name: 'robots', content: 'noindex' }]
  return loaderHeadMeta({ data: loaderData })
})

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
  const { t } = useTranslation('public')
  const say = useServerMessage()
  return (
    <Form method="get" action={localPath(`/night-nurse/${page.slug}#nurses`)} aria-label={t('city.nightsFormLabel', { city: page.cityName })}>
      <Stack gap="sm" p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <NightsFields form={form} errorFor={(name) => (error?.field === name ? error.message : undefined)} today={today} />
        <Box maw={320}>
          <BabiesFilterField value={form.babies ?? ''} error={error?.field === 'babies' ? say(error.message) : null} />
        </Box>
        <Group>
          <Button type="submit" variant="filled">
            {t('city.findOpen')}
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
  const { t } = useTranslation('public')
  const city = page.cityName
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
      {nights ? t('city.allOpen', { city }) : t('city.viewAll', { city })}
    </Button>
  )
  return (
    <CitySection
      id="nurses"
      title={t('city.availableTitle', { city })}
      intro={t('city.availableIntro')}
    >
      <CityNightsForm page={page} form={form} error={error} today={today} />
      {nights && (
        <Text fw={600} c="night.9">
          {t('search.openOnYourNights', { nights: nights.label })}
        </Text>
      )}
      {nurses === null ? (
        <Alert color="red" variant="light" title={t('city.loadFailedTitle')} role="alert">
          {t('city.loadFailed', { city })}
        </Alert>
      ) : nurses.length === 0 && nights ? (
        <Alert color="night" variant="light" title={t('city.noneOpenTitle')}>
          {t('city.noneOpen', { city })}
        </Alert>
      ) : nurses.length === 0 ? (
        <Alert color="night" variant="light" title={t('city.noneYetTitle', { city })}>
          {t('city.noneYet')}
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
  const { t } = useTranslation('public')
  return (
    <>
      <Box bg="night.9" pt="md">
        <Container size="lg">
          <Breadcrumbs separator="›" styles={{ separator: { color: 'var(--mantine-color-gray-4)' } }} aria-label={t('breadcrumb.label')} component="nav" fz="sm">
            <Anchor component={Link} to="/" c="gray.2" fz="sm">
              {t('breadcrumb.home')}
            </Anchor>
            <Anchor component={Link} to="/night-nurse" c="gray.2" fz="sm">
              {t('breadcrumb.nightNurse')}
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
      <CitySection id="faq" title={t('city.faqTitle', { city: page.cityName })} tinted>
        <Stack gap={0} maw={860}>
          <FaqAccordion faqs={faqs} />
        </Stack>
      </CitySection>
      <CityNearby page={page} />
      <CityCallToAction cityName={page.cityName} />
    </>
  )
}
