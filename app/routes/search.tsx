// /search: nurse cards by location, rate and experience, 12 at a time; more load
// as the visitor nears the bottom, and a plain 'Next page' link does the same without JavaScript.
// A city that has a page goes to it; any other city searches by that city (noindex).
import '~/styles/routes/search.css'
import { Alert, Anchor, Box, Button, Container, Grid, Group, Loader, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useLoaderData, useLocation, useNavigate, useNavigation } from '@remix-run/react'
import { Link, localPath } from '~/components/link'
import { currentLanguage } from '~/i18n/current-language'
import { translator } from '~/i18n/i18n.server'
import { pathInLanguage } from '~/i18n/localized-paths'
import { useServerMessage } from '~/i18n/messages'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { NurseCard, NurseCardSkeletonGrid, NurseGrid } from '~/components/nurse-card'
import { getConfig } from '~/config.server'
import { cityPageSlugFor, citySlugFor, SUPPORTED_CITIES } from '~/domain/places/cities'
import {
  hasMoreResults,
  isNearBottom,
  offsetForPage,
  SEARCH_PAGE_SIZE,
  searchApiPath,
  type NurseSearchFilters,
} from '~/domain/nurses/nurse-search'
import { listNurseCities, searchNurses, type NurseCardData, type NurseCity } from '~/domain/nurses/nurses.server'
import { dollarsToCents } from '~/domain/bookings/pricing'
import { BabiesFilterField } from '~/components/babies-filter-field'
import { NightsFields } from '~/components/nights-fields'
import { describeWanted, planNights, searchableFrom, wantedNightsParams, type WantedNights } from '~/domain/nurses/night-search'
import { SearchPageQuerySchema, searchQueryInput } from '~/schemas/nurses'
import { pageCacheHeaders, publicPageHeaders } from '~/utils/http-cache.server'
import { loaderHeadMeta, type LoaderHead } from '~/utils/seo'
import { getUser } from '~/utils/session.server'
import { useHydrated } from '~/components/use-hydrated'
import { useFocusKept } from '~/components/use-heading-focus'
import type { PageScriptsHandle } from '~/utils/page-scripts'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
export const headers = publicPageHeaders
// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle & { i18n: string[] } = { hydrate: false, i18n: ['public'] }

function cityNameFor(city: string): string {
  const slug = citySlugFor(city)
  return (slug && SUPPORTED_CITIES.find((supported) => supported.slug === slug)?.name) || city
}

/** 'Night Nurses in Austin, TX', 'Night Nurses near 78704' or 'Find a Night Nurse'. */
function searchHeading(t: TFunction, input: { location?: string; cityName?: string }): string {
  if (input.cityName) return t('search.headingCity', { city: input.cityName })
  if (input.location) return t('search.headingNear', { location: input.location })
  return t('search.headingFind')
}

/**
 * The head: marked noindex when a city is present (the city pages are the indexed ones), and for a
 * search by nights (dates make endless URLs of passing interest) or one that did not run.
 */
function searchHead(
  t: TFunction,
  input: { heading: string; location: string | undefined; cityName: string | null; nights: boolean; ok: boolean },
): LoaderHead {
  const location = input.cityName ? undefined : input.location
  return {
    path: pathInLanguage(location ? `/search?location=${encodeURIComponent(location)}` : '/search', currentLanguage()),
    title: t('search.metaTitle', { heading: input.heading }),
    description: t('search.metaDescription'),
    noindex: Boolean(input.cityName) || input.nights || !input.ok,
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = translator('public')
  const url = new URL(request.url)
  const input = searchQueryInput(url.searchParams)
  const parsed = SearchPageQuerySchema.safeParse(input)
  const user = await getUser(request)
  const appOrigin = getConfig().APP_ORIGIN
  const headers = pageCacheHeaders(user)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const heading = searchHeading(t, {})
    return data(
      {
        status: 'invalid' as const,
        message: issue.message,
        field: String(issue.path[0] ?? ''),
        nurses: [] as NurseCardData[],
        more: false,
        filters: {} as NurseSearchFilters,
        form: input,
        page: 1,
        nightsRequired: null as number | null,
        wantedLabel: null as string | null,
        cityName: null as string | null,
        cities: [] as NurseCity[],
        heading,
        today: searchableFrom(new Date()),
        appOrigin,
        head: searchHead(t, { heading, location: undefined, cityName: null, nights: false, ok: false }),
      },
      { status: 400, headers },
    )
  }
  const query = parsed.data
  let cityName: string | null = null
  if (query.city) {
    const slug = cityPageSlugFor(query.city)
    // The nights searched for go along to the city page's nurse list.
    const nights = wantedNightsParams(query.nights).toString().replace(/%2C/g, ',')
    if (slug) throw redirect(pathInLanguage(nights ? `/night-nurse/${slug}?${nights}#nurses` : `/night-nurse/${slug}`, currentLanguage()))
    cityName = cityNameFor(query.city)
  }
  const filters: NurseSearchFilters = {
    location: cityName ?? query.location,
    minRate: query.minRate === undefined ? undefined : dollarsToCents(query.minRate),
    maxRate: query.maxRate === undefined ? undefined : dollarsToCents(query.maxRate),
    minYearsExperience: query.minYearsExperience,
    licensed: query.licensed || undefined,
    babies: query.babies,
    nights: query.nights,
  }
  let nurses: NurseCardData[] | null
  try {
    // One more than a page: whether a next page exists is known, not guessed from a full page.
    nurses = await searchNurses(
      { ...filters, limit: SEARCH_PAGE_SIZE + 1, offset: offsetForPage(query.page) },
      { cached: !user },
    )
  } catch (error) {
    console.error(error)
    nurses = null
  }
  const { page: _page, ...form } = input
  // The City list offers the cities approved nurses work in, not every city the search knows (a
  // list of 24 mostly empty cities sent families to empty pages); a city asked for by name stays.
  const cities = await listNurseCities({ cached: !user }).catch((error: unknown) => {
    console.error(error)
    return [] as NurseCity[]
  })
  const chosenSlug = cityName ? citySlugFor(cityName) : undefined
  if (cityName && !cities.some((city) => city.slug === chosenSlug)) cities.push({ name: cityName, slug: chosenSlug ?? '' })
  const heading = searchHeading(t, { location: query.location, cityName: cityName ?? undefined })
  return data(
    {
      status: nurses === null ? ('failed' as const) : ('ok' as const),
      message: null as string | null,
      field: '',
      nurses: (nurses ?? []).slice(0, SEARCH_PAGE_SIZE),
      more: (nurses ?? []).length > SEARCH_PAGE_SIZE,
      filters,
      form,
      page: query.page,
      nightsRequired: query.nights ? planNights(query.nights).required : null,
      wantedLabel: query.nights ? describeWanted(query.nights, translator('common')) : null,
      cityName,
      cities,
      heading,
      today: searchableFrom(new Date()),
      appOrigin,
      head: searchHead(t, { heading, location: filters.location, cityName, nights: Boolean(query.nights), ok: nurses !== null }),
    },
    { headers },
  )
}

export const meta: MetaFunction<typeof loader> = withErrorTitle(loaderHeadMeta)

const EXPERIENCE_YEARS = ['1', '3', '5', '10']

const RATE_FIELDS = [
  { name: 'minRate', label: 'search.minRate', placeholder: '200' },
  { name: 'maxRate', label: 'search.maxRate', placeholder: '450' },
] as const

function FilterForm({
  form,
  field,
  message,
  today,
}: {
  form: Record<string, string>
  field: string
  message: string | null
  today: string
}) {
  const { t } = useTranslation('public')
  const say = useServerMessage()
  const errorFor = (name: string) => (field === name && message ? say(message) : undefined)
  return (
    <Form method="get" action={localPath('/search')} aria-label={t('search.formLabel')}>
      <Grid gutter="sm" align="flex-end">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextInput
            name="location"
            label={t('search.locationLabel')}
            placeholder={t('search.locationPlaceholder')}
            defaultValue={form.location ?? ''}
            error={errorFor('location')}
          />
        </Grid.Col>
        {RATE_FIELDS.map(({ name, label, placeholder }) => (
          <Grid.Col key={name} span={{ base: 6, md: 2 }}>
            <TextInput
              name={name}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              label={t(label)}
              placeholder={placeholder}
              defaultValue={form[name] ?? ''}
              error={errorFor(name)}
            />
          </Grid.Col>
        ))}
        <Grid.Col span={{ base: 6, md: 2 }}>
          <NativeSelect
            name="minYearsExperience"
            label={t('search.experience')}
            data={[
              { value: '', label: t('search.anyExperience') },
              ...EXPERIENCE_YEARS.map((years) => ({ value: years, label: t('search.yearsPlus', { years }) })),
            ]}
            defaultValue={form.minYearsExperience ?? ''}
            error={errorFor('minYearsExperience')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <Button type="submit" fullWidth>
            {t('search.submit')}
          </Button>
        </Grid.Col>
        <Grid.Col span={12}>
          <LicensedField checked={form.licensed === '1' || form.licensed === 'true' || form.licensed === 'on'} error={errorFor('licensed')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <BabiesFilterField value={form.babies ?? ''} error={errorFor('babies')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <NightsFields form={form} errorFor={errorFor} today={today} />
        </Grid.Col>
      </Grid>
    </Form>
  )
}

// A plain checkbox sized as Mantine's, as the weekdays of NightsFields are: search loads no checkbox
// stylesheet before its first paint (docs/decisions/0037).
const licensedLabelStyle = { display: 'inline-flex', alignItems: 'center', gap: 'var(--mantine-spacing-sm)', fontSize: 'var(--mantine-font-size-sm)', cursor: 'pointer' } as const
const licensedBoxStyle = { width: 20, height: 20, margin: 0, accentColor: 'var(--mantine-primary-color-filled)', cursor: 'pointer' } as const

/** 'RN or LPN only' (docs/decisions/0064): a GET field, so it works before JavaScript and stays in the page links. */
function LicensedField({ checked, error }: { checked: boolean; error: string | null | undefined }) {
  const { t } = useTranslation('public')
  return (
    <div>
      <label style={licensedLabelStyle}>
        <input type="checkbox" name="licensed" value="1" defaultChecked={checked} style={licensedBoxStyle} aria-describedby="licensed-help" />
        {t('search.licensedOnly')}
      </label>
      <Text id="licensed-help" fz="xs" c="gray.7" mt={2}>
        {t('search.licensedHelp')}{' '}
        <Anchor component={Link} to="/how-we-verify" fz="xs" underline="always">
          {t('search.whatEachCheckCovers')}
        </Anchor>
      </Text>
      {error && (
        <Text fz="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </div>
  )
}

/** Where choosing a city goes: its city page when it has one, else this search by it; the nights go along. */
function cityChoicePath(name: string, nightsQuery: string): string {
  const slug = cityPageSlugFor(name)
  if (slug) return localPath(nightsQuery ? `/night-nurse/${slug}?${nightsQuery}#nurses` : `/night-nurse/${slug}`)
  const params = [name && `city=${encodeURIComponent(name)}`, nightsQuery].filter(Boolean).join('&')
  return localPath(params ? `/search?${params}` : '/search')
}

/** 'All cities' or 'Night Nurses in {city}'; with JavaScript, choosing one goes straight there. */
function CityFilter({ cityName, cities, nights }: { cityName: string | null; cities: NurseCity[]; nights: WantedNights | undefined }) {
  const { t } = useTranslation('public')
  const navigate = useNavigate()
  const hydrated = useHydrated()
  // The nights searched for stay with the city chosen.
  const nightsParams = wantedNightsParams(nights)
  const nightsQuery = nightsParams.toString().replace(/%2C/g, ',')
  const chosenSlug = cityName ? citySlugFor(cityName) : undefined
  const chosen = (cityName && cities.find((city) => city.slug === chosenSlug)?.name) || cityName || ''
  return (
    <Form method="get" action={localPath('/search')} aria-label={t('search.cityFormLabel')}>
      {[...nightsParams].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <NativeSelect
          name="city"
          label={t('search.city')}
          data={[{ value: '', label: t('search.allCities') }, ...cities.map(({ name }) => ({ value: name, label: t('search.headingCity', { city: name }) }))]}
          defaultValue={chosen}
          style={{ flex: 1, maxWidth: 360 }}
          onChange={(event) => {
            navigate(cityChoicePath(event.currentTarget.value, nightsQuery), { replace: true })
          }}
        />
        {!hydrated && (
          <Button type="submit" variant="default">
            {t('search.go')}
          </Button>
        )}
      </Group>
    </Form>
  )
}

type LoadStatus = 'idle' | 'loading' | 'error'

function Results({
  initial,
  more,
  filters,
  page,
  form,
  nightsRequired,
}: {
  initial: NurseCardData[]
  /** Whether a page follows the first: the loader asked for one more nurse than a page. */
  more: boolean
  filters: NurseSearchFilters
  page: number
  form: Record<string, string>
  nightsRequired: number | null
}) {
  const { t } = useTranslation('public')
  const hydrated = useHydrated()
  const [items, setItems] = useState<NurseCardData[]>(initial)
  const [hasMore, setHasMore] = useState(more)
  const [status, setStatus] = useState<LoadStatus>('idle')
  const busy = useRef(false)
  const startOffset = offsetForPage(page)

  const loadMore = useCallback(async () => {
    if (busy.current) return
    busy.current = true
    setStatus('loading')
    try {
      // One more than a page, so the last page is known as the last.
      const response = await fetch(searchApiPath(filters, SEARCH_PAGE_SIZE + 1, startOffset + items.length), {
        headers: { Accept: 'application/json' },
      })
      if (!response.ok) throw new Error(`Search answered ${response.status}`)
      const body = (await response.json()) as { nurses: NurseCardData[] }
      setItems((previous) => {
        const seen = new Set(previous.map((nurse) => nurse.id))
        return [...previous, ...body.nurses.slice(0, SEARCH_PAGE_SIZE).filter((nurse) => !seen.has(nurse.id))]
      })
      setHasMore(hasMoreResults(body.nurses.length, SEARCH_PAGE_SIZE + 1))
      setStatus('idle')
    } catch {
      setStatus('error')
    } finally {
      busy.current = false
    }
  }, [filters, startOffset, items.length])

  // Another page loads when the visitor is within 1000 px of the bottom, while the last was full.
  useEffect(() => {
    if (!hydrated || !hasMore || status !== 'idle') return
    const check = () => {
      const view = {
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
        documentHeight: document.documentElement.scrollHeight,
      }
      if (isNearBottom(view)) void loadMore()
    }
    check()
    window.addEventListener('scroll', check, { passive: true })
    window.addEventListener('resize', check)
    return () => {
      window.removeEventListener('scroll', check)
      window.removeEventListener('resize', check)
    }
  }, [hydrated, hasMore, status, loadMore])

  const pageLink = (target: number) => {
    const params = new URLSearchParams(form)
    if (target > 1) params.set('page', String(target))
    const query = params.toString()
    return query ? `/search?${query}` : '/search'
  }

  if (items.length === 0) {
    if (page > 1) {
      return (
        <Stack align="center" py="xl" gap="sm">
          <Text fw={600}>{t('search.seenAll')}</Text>
          <Anchor component={Link} to={pageLink(1)}>
            {t('search.backToFirst')}
          </Anchor>
        </Stack>
      )
    }
    return (
      <Stack align="center" py={48} gap="xs" ta="center">
        <Title order={2} fz="xl">
          {t('search.noneFound')}
        </Title>
        <Text c="gray.7" maw={520}>
          {filters.nights ? t('search.noneOpen') : t('search.noneTry')}
        </Text>
        <Anchor component={Link} to="/night-nurse">
          {t('search.browseByCity')}
        </Anchor>
      </Stack>
    )
  }

  return (
    <Stack gap="lg">
      <NurseGrid>
        {items.map((nurse) => (
          <NurseCard key={nurse.id} nurse={nurse} headingLevel={2} wanted={filters.nights} nightsRequired={nightsRequired} />
        ))}
      </NurseGrid>
      {status === 'loading' && (
        <Group justify="center" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text c="gray.7">{t('search.loadingMore')}</Text>
        </Group>
      )}
      {status === 'error' && (
        <Alert color="red" variant="light" title={t('search.wrongTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text>{t('search.couldNotLoad')}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => setStatus('idle')}>
              {t('search.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      )}
      {!hasMore && (
        <Text ta="center" fw={600} c="night.8" py="md" role="status">
          {t('search.seenAll')}
        </Text>
      )}
      {/* Before JavaScript (or without it) plain links page through the results. */}
      {!hydrated && (hasMore || page > 1) && (
        <Group justify="center" gap="md" component="nav" aria-label={t('search.resultPages')}>
          {page > 1 && (
            <Button component={Link} to={pageLink(page - 1)} variant="default">
              {t('search.previousPage')}
            </Button>
          )}
          {hasMore && (
            <Button component={Link} to={pageLink(page + 1)} variant="default">
              {t('search.nextPage')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  )
}

export default function SearchPage() {
  const result = useLoaderData<typeof loader>()
  const { t } = useTranslation('public')
  const say = useServerMessage()
  const location = useLocation()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === localPath('/search')
  // The filters start again from each new address; the one that sent it keeps the focus.
  const filters = useRef<HTMLDivElement>(null)
  useFocusKept(location.search, filters)
  // The results too; a link of theirs (the result pages) went with them: the first result's heading.
  const results = useRef<HTMLDivElement>(null)
  useFocusKept(location.search, results, 'h2')

  return (
    <Container size="lg" py={{ base: 24, md: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} c="night.9">
            {result.heading}
          </Title>
          <Text c="gray.7">
            {t('search.intro')}
          </Text>
        </Stack>
        <Box p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }} key={location.search} ref={filters}>
          <Stack gap="md">
            <FilterForm form={result.form} field={result.field} message={result.message} today={result.today} />
            <CityFilter cityName={result.cityName} cities={result.cities} nights={result.filters.nights} />
          </Stack>
        </Box>
        {result.status === 'invalid' ? (
          <Alert color="red" variant="light" title={t('search.checkTitle')} role="alert">
            {say(result.message)}
          </Alert>
        ) : result.status === 'failed' ? (
          <Alert color="red" variant="light" title={t('search.wrongTitle')} role="alert">
            {t('search.couldNotLoad')}
          </Alert>
        ) : searching ? (
          <NurseCardSkeletonGrid count={SEARCH_PAGE_SIZE} label={t('search.searching')} />
        ) : (
          <Stack gap="md" ref={results}>
            {result.wantedLabel && (
              <Text fw={600} c="night.9">
                {t('search.openOnYourNights', { nights: result.wantedLabel })}
              </Text>
            )}
            <Results
              key={location.search}
              initial={result.nurses}
              more={result.more}
              filters={result.filters}
              page={result.page}
              form={result.form}
              nightsRequired={result.nightsRequired}
            />
          </Stack>
        )}
      </Stack>
    </Container>
  )
}
