// /nurse/{slug}: an approved nurse's public profile: who they are, their open nights
// on a calendar, the cost of the picked nights and Book. Before JavaScript the open nights are a
// checkbox form that this loader turns into the same /book link. Any other nurse answers 404.
import '~/styles/routes/nurse.$slug.css'
import { Anchor, Badge, Box, Button, Card, Container, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { isRouteErrorResponse, useLoaderData, useLocation, useNavigate, useNavigation, useRouteError } from '@remix-run/react'
import { Link, localPath } from '~/components/link'
import { lazy, Suspense, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { currentLanguage } from '~/i18n/current-language'
import { translator } from '~/i18n/i18n.server'
import { pathInLanguage, unprefixedPath } from '~/i18n/localized-paths'
import { OpenNightsChecklist } from '~/components/availability-calendar'
import { CostPreview } from '~/components/cost-preview'
import { PinIcon } from '~/components/nurse-card'
import { UserAvatar } from '~/components/user-avatar'
import { getConfig } from '~/config.server'
import { bookableDates, bookingPath } from '~/domain/nurses/nurse-search'
import { chooseWantedNights, getPublicProfile } from '~/domain/nurses/nurses.server'
import { listOpenNightsToBook } from '~/domain/reservations/reservations.server'
import { describeWanted, planNights } from '~/domain/nurses/night-search'
import { formatAverage, reviewCountLabel, starText } from '~/domain/reviews/review-rules'
import { pageOfNurseReviews } from '~/domain/reviews/reviews.server'
import { ownHeadline, shownHeadline, verificationNote } from '~/domain/nurses/nurse-profile'
import { whatWeCheckedLines } from '~/domain/verification/shown-credentials'
import { CheckMark } from '~/components/check-mark'
import { twinPriceLines } from '~/domain/bookings/babies'
import { formatNightlyRate } from '~/domain/bookings/pricing'
import { formatMonthYear, formatNightDate, localToday } from '~/domain/time/shift-times'
import { breadcrumbJsonLd, nurseProfileJsonLd } from '~/domain/content/structured-data'
import { NurseSlugParamsSchema, searchQueryInput, WantedNightsQuerySchema } from '~/schemas/nurses'
import { pageCacheHeaders, publicPageHeaders } from '~/utils/http-cache.server'
import { loaderHeadMeta, type LoaderHead } from '~/utils/seo'
import { getUser } from '~/utils/session.server'
import { useHydrated } from '~/components/use-hydrated'

import { StarRating } from '~/components/star-rating'
import { PageLinks, searchAtPage } from '~/components/page-links'
import { pageOfAddress } from '~/schemas/fields'
import type { PageScriptsHandle } from '~/utils/page-scripts'
import { withErrorTitle } from '~/utils/error-title'
export const headers = publicPageHeaders
// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle & { i18n: string[] } = { hydrate: false, i18n: ['public'] }

// The calendar shows only once hydrated: its chunk (@mantine/dates and its stylesheet) loads then,
// off the first paint (decision 0023).
const AvailabilityCalendar = lazy(() =>
  import('~/components/availability-date-picker').then((module) => ({ default: module.AvailabilityCalendar })),
)

// 'November 2026', 'noviembre de 2026': the review's month as UTC has it.
const reviewMonth = (iso: string) => formatMonthYear(new Date(iso).toISOString().slice(0, 10))

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request)
  const cached = !user
  // A slug no nurse could have (control characters, too long) is simply not found.
  const slug = NurseSlugParamsSchema.safeParse({ slug: params.slug })
  const profile = slug.success ? await getPublicProfile(slug.data.slug, { cached }) : null
  if (!profile) throw data({ message: 'Nurse not found' }, { status: 404 })
  const t = translator('public')
  const common = translator('common')
  const now = new Date()
  // Out of search by a lapsed credential (docs/decisions/0062): her page shows, with no nights to book.
  // Her reviews twenty at a time, older ones at ?reviews=2 and on (links that work without scripts).
  const reviewsPage = pageOfAddress(request, 'reviews')
  const [openNights, reviews] = await Promise.all([
    profile.takingBookings ? listOpenNightsToBook(profile, now, { cached, parentId: user?.id }) : [],
    pageOfNurseReviews(profile, reviewsPage),
  ])

  // The no-JavaScript checklist: ?book=1&date=…&date=… goes on to the booking flow.
  const url = new URL(request.url)
  let bookError: string | null = null
  if (url.searchParams.has('book') && profile.takingBookings) {
    const requested = url.searchParams.getAll('date')
    const open = bookableDates(requested, openNights.map((night) => night.date))
    if (requested.length === 0) {
      bookError = t('profile.chooseOneNight')
    } else if (open.length !== new Set(requested).size) {
      bookError = t('profile.nightsGone')
    } else {
      throw redirect(bookingPath({ nurseId: profile.nurseId, slug: profile.slug, dates: open }))
    }
  }
  // The nights a family searched for (issue 17): those she has open are picked, ready to book.
  // Nights the page cannot read are simply not picked: the profile still shows.
  const nightsQuery = WantedNightsQuerySchema.safeParse(searchQueryInput(url.searchParams))
  const nights = nightsQuery.success ? nightsQuery.data.nights : undefined
  let wanted = null
  if (nights && profile.takingBookings) {
    const plan = planNights(nights)
    // Her weekly room is one more read: should it fail, the profile shows, nothing picked.
    const dates = await chooseWantedNights(profile, openNights, plan).catch((error: unknown) => {
      console.error('Picking the searched nights failed:', error)
      return null
    })
    if (dates) {
      wanted = {
        dates,
        required: plan.required,
        label: describeWanted(nights, common),
        bookPath: dates.length > 0 ? bookingPath({ nurseId: profile.nurseId, slug: profile.slug, dates }) : null,
      }
    }
  }
  const appOrigin = getConfig().APP_ORIGIN
  const language = currentLanguage()
  const city = profile.baseLocation.split(',')[0].trim()
  // The description names her place already: only a headline of her own adds to it.
  const headline = ownHeadline(profile.headline, profile.displayName)
  const description = [
    headline
      ? t('profile.metaOffersWithHeadline', { name: profile.displayName, headline, place: profile.baseLocation, years: profile.yearsExperience })
      : t('profile.metaOffers', { name: profile.displayName, place: profile.baseLocation, years: profile.yearsExperience }),
    t('profile.metaRate', { rate: formatNightlyRate(profile.nightlyRateCents) }),
    profile.takingBookings ? t('profile.metaSeeNights') : t('profile.metaNotTaking'),
  ].join(' ')
  const head: LoaderHead = {
    path: pathInLanguage(`/nurse/${profile.slug}`, language),
    title: t('profile.metaTitle', { name: profile.displayName, city }),
    description,
    type: 'profile',
    // Her older reviews' pages are the same profile to a search engine: only the first is indexed.
    noindex: Boolean(bookError) || reviewsPage > 1,
    jsonLd: [
      nurseProfileJsonLd(profile, appOrigin, language === 'en' ? undefined : { t: common, path: pathInLanguage(`/nurse/${profile.slug}`, language) }),
      breadcrumbJsonLd(
        [
          { name: t('breadcrumb.home'), path: pathInLanguage('/', language) },
          { name: t('breadcrumb.nightNurse'), path: pathInLanguage('/night-nurse', language) },
          { name: profile.displayName, path: pathInLanguage(`/nurse/${profile.slug}`, language) },
        ],
        appOrigin,
      ),
    ],
  }
  return data(
    { profile, openNights, reviews, wanted, today: localToday(profile.timezone, now), bookError, appOrigin, head },
    { headers: pageCacheHeaders(user) },
  )
}

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => {
  if (!loaderData) return [{ title: 'Could Not Load Profile – Nightlight' }, { name: 'robots', content: 'noindex' }]
  return loaderHeadMeta({ data: loaderData })
})

// The words of a fixed list in the page's language (keys of `public`); anything else as written.
const SPECIALTY_KEYS: Record<string, string> = {
  'Newborn Care': 'profile.specialty.newbornCare',
  'Twin/Multiple Care': 'profile.specialty.multiples',
  'Special Needs': 'profile.specialty.specialNeeds',
  'Sleep Training': 'profile.specialty.sleepTraining',
  'Postpartum Support': 'profile.specialty.postpartum',
  'Breastfeeding Support': 'profile.specialty.breastfeeding',
}

const LANGUAGE_KEYS: Record<string, string> = {
  English: 'profile.language.english',
  Spanish: 'profile.language.spanish',
  Mandarin: 'profile.language.mandarin',
  Cantonese: 'profile.language.cantonese',
  Vietnamese: 'profile.language.vietnamese',
  Tagalog: 'profile.language.tagalog',
  French: 'profile.language.french',
  Hindi: 'profile.language.hindi',
  Arabic: 'profile.language.arabic',
  Portuguese: 'profile.language.portuguese',
  Russian: 'profile.language.russian',
  Korean: 'profile.language.korean',
  'Haitian Creole': 'profile.language.haitianCreole',
  'American Sign Language': 'profile.language.asl',
}

const CREDENTIAL_NAMES: Record<string, string> = {
  RN: 'profile.credential.RN',
  LPN: 'profile.credential.LPN',
  CNA: 'profile.credential.CNA',
  NCS: 'profile.credential.NCS',
  Doula: 'profile.credential.Doula',
  Other: 'profile.credential.Other',
}

function ProfileSkeleton() {
  const { t } = useTranslation('public')
  return (
    <Container size="lg" py={{ base: 24, md: 40 }} aria-busy="true" role="status" aria-label={t('profile.loading')}>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card>
            <Stack align="center" gap="sm">
              <Skeleton circle height={128} />
              <Skeleton height={22} width="70%" />
              <Skeleton height={14} width="85%" />
              <Skeleton height={14} width="50%" />
              <Skeleton height={260} mt="md" />
              <Skeleton height={36} />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Skeleton height={26} width="30%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
            <Skeleton height={26} width="30%" mt="lg" />
            <Group gap="xs">
              <Skeleton height={26} width={120} />
              <Skeleton height={26} width={140} />
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  )
}

function BadgeList({ items, empty, names }: { items: readonly string[]; empty: string; names?: Record<string, string> }) {
  const { t } = useTranslation('public')
  if (items.length === 0) return <Text c="gray.7">{empty}</Text>
  return (
    <Group gap="xs">
      {items.map((item) => (
        <Badge key={item} variant="light" color="night" size="lg" radius="sm" tt="none" fw={500}>
          {names?.[item] ? t(names[item]) : item}
        </Badge>
      ))}
    </Group>
  )
}

/**
 * Her background check and her valid credentials with their dates (docs/decisions/0064), each after
 * a tick, and the page that says what each check covers. Plain server HTML: no script needed.
 */
function WhatWeChecked({ lines, firstName }: { lines: string[]; firstName: string }) {
  const { t } = useTranslation('public')
  return (
    <Stack gap="sm" component="section" aria-labelledby="checked-title">
      <Title order={2} id="checked-title" c="night.9">
        {t('profile.whatWeChecked')}
      </Title>
      {lines.length === 0 ? (
        <Text c="gray.7">{t('profile.noCheckYet', { name: firstName })}</Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <Group component="li" key={line} gap="xs" wrap="nowrap" align="flex-start">
              <Box c="green.9" mt={4} style={{ flex: 'none', display: 'flex' }}>
                <CheckMark size={16} strokeWidth={2.2} />
              </Box>
              <Text fw={500}>{line}</Text>
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to="/how-we-verify" fz="sm" fw={600}>
        {t('profile.whatEachCheckCovers')}
      </Anchor>
    </Stack>
  )
}

/** What the search asked for and how much of it she has open; without JavaScript, a link to book it. */
function WantedNightsNote({
  wanted,
  firstName,
}: {
  wanted: { dates: string[]; required: number; label: string; bookPath: string | null }
  firstName: string
}) {
  const { t } = useTranslation('public')
  const hydrated = useHydrated()
  const open = wanted.dates.length
  const values = { name: firstName, nights: wanted.label, open, required: wanted.required }
  return (
    <Box p="sm" bg={open >= wanted.required ? 'green.0' : 'orange.0'} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Text fz="sm" fw={600}>
        {open === 0
          ? t('profile.wantedNone', values)
          : `${open >= wanted.required ? t('profile.wantedAll', values) : t('profile.wantedSome', values)} ${t('profile.wantedPicked', values)}`}
      </Text>
      {!hydrated && wanted.bookPath && (
        <Anchor component={Link} to={wanted.bookPath} fz="sm" fw={600} underline="always">
          {t('profile.bookThese', { count: open })}
        </Anchor>
      )}
    </Box>
  )
}

function Profile() {
  const { profile, openNights, reviews, wanted, today, bookError } = useLoaderData<typeof loader>()
  const location = useLocation()
  const { t } = useTranslation('public')
  const { t: tc } = useTranslation()
  const firstName = profile.displayName.split(' ')[0]
  const headline = shownHeadline(profile, tc)
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [picked, setPicked] = useState<string[]>(wanted?.dates ?? [])
  const bookable = bookableDates(picked, openNights.map((night) => night.date))

  return (
    <Container size="lg" py={{ base: 24, md: 40 }}>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Card component="aside" aria-label={t('profile.asideLabel', { name: profile.displayName })}>
            <Stack gap="md">
              <Stack align="center" gap={6} ta="center">
                <UserAvatar
                  name={profile.displayName}
                  src={profile.photoUrl ?? profile.avatarUrl}
                  size={128}
                  radius={128}
                  // The page's largest paint on a phone: fetched ahead of the scripts (issue 13).
                  imageProps={{ width: 128, height: 128, fetchPriority: 'high' }}
                />
                <Title order={1} fz={26} c="night.9" mt="xs">
                  {profile.displayName}
                </Title>
                <Text c="gray.7">{headline}</Text>
                <Text fz="sm" c="gray.8">
                  <PinIcon />
                  {profile.baseLocation}
                </Text>
                <Group gap={6} justify="center">
                  <Badge variant="outline" color="night" tt="none" size="lg" radius="sm">
                    {tc('card.yearsExperience', { count: profile.yearsExperience })}
                  </Badge>
                  <Badge variant="light" color="night" tt="none" size="lg" radius="sm">
                    {tc('card.perNight', { rate: formatNightlyRate(profile.nightlyRateCents) })}
                  </Badge>
                </Group>
                {twinPriceLines(profile.maxBabies, profile.extraBabyCents, tc).map((line) => (
                  <Text key={line} fz="sm" c="gray.8">
                    {line}
                  </Text>
                ))}
                {profile.languages.length > 0 && (
                  <Text fz="sm" c="gray.8">
                    {t('profile.speaks', { languages: profile.languages.map((name) => (LANGUAGE_KEYS[name] ? t(LANGUAGE_KEYS[name]) : name)).join(', ') })}
                  </Text>
                )}
              </Stack>
              <Divider />
              <Stack gap="sm">
                <Title order={2} fz="lg" c="night.9">
                  {t('profile.availability')}
                </Title>
                {wanted && <WantedNightsNote wanted={wanted} firstName={firstName} />}
                {!profile.takingBookings ? (
                  <Text c="gray.7">
                    <Trans
                      t={t}
                      i18nKey="profile.notTaking"
                      values={{ name: firstName }}
                      components={{ anchor: <Anchor component={Link} to="/search" underline="always" /> }}
                    />
                  </Text>
                ) : openNights.length === 0 ? (
                  <Text c="gray.7">
                    <Trans
                      t={t}
                      i18nKey="profile.noOpenNights"
                      values={{ name: firstName }}
                      components={{ anchor: <Anchor component={Link} to="/search" underline="always" /> }}
                    />
                  </Text>
                ) : hydrated ? (
                  <>
                    <Text fz="sm" c="gray.7">
                      {t('profile.pickNights')}
                    </Text>
                    <Box style={{ display: 'flex', justifyContent: 'center' }}>
                      <Suspense fallback={<Skeleton height={316} width={316} aria-hidden="true" />}>
                        <AvailabilityCalendar openNights={openNights} today={today} value={bookable} onChange={setPicked} />
                      </Suspense>
                    </Box>
                    <Text fz="sm" role="status" aria-live="polite">
                      {bookable.length === 0
                        ? t('profile.nonePicked')
                        : t('profile.picked', { count: bookable.length, dates: bookable.map(formatNightDate).join('; ') })}
                    </Text>
                  </>
                ) : (
                  <OpenNightsChecklist action={localPath(`/nurse/${profile.slug}`)} openNights={openNights} error={bookError} checked={wanted?.dates} />
                )}
              </Stack>
              <Divider />
              {hydrated ? (
                <CostPreview nightlyRateCents={profile.nightlyRateCents} nights={bookable.length} />
              ) : (
                // Before JavaScript nothing is picked yet: show what one night costs.
                <Stack gap={6}>
                  <Text fz="sm" fw={600}>
                    {t('profile.costOfOneNight')}
                  </Text>
                  <CostPreview nightlyRateCents={profile.nightlyRateCents} nights={1} />
                </Stack>
              )}
              {hydrated && openNights.length > 0 && (
                <Button
                  size="md"
                  fullWidth
                  disabled={bookable.length === 0}
                  onClick={() => navigate(bookingPath({ nurseId: profile.nurseId, slug: profile.slug, dates: bookable }))}
                >
                  {t('profile.book')}
                </Button>
              )}
              <Button component={Link} to={`/messages/new?nurse=${encodeURIComponent(profile.slug)}`} variant="default" fullWidth>
                {t('profile.askQuestion')}
              </Button>
              {/* A plain link (issue 36): a signed-out visitor is sent to log in and back. */}
              {profile.takingBookings && (
                <Button component={Link} to={`/interviews/new?nurse=${encodeURIComponent(profile.slug)}`} variant="default" fullWidth>
                  {t('profile.askInterview')}
                </Button>
              )}
              {profile.takingBookings && (
                <Button component={Link} to={`/reserve?nurse=${encodeURIComponent(profile.slug)}`} variant="default" fullWidth>
                  {t('profile.whenBabyComesHome')}
                </Button>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="xl">
            <Stack gap="sm" component="section" aria-labelledby="about-title">
              <Title order={2} id="about-title" c="night.9">
                {t('profile.aboutMe')}
              </Title>
              {profile.bio ? (
                profile.bio.split(/\n\s*\n/).map((paragraph) => (
                  <Text key={paragraph.slice(0, 40)} lh={1.7}>
                    {paragraph}
                  </Text>
                ))
              ) : (
                <Text c="gray.7">{t('profile.noBio', { name: profile.displayName })}</Text>
              )}
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby="specialties-title">
              <Title order={2} id="specialties-title" c="night.9">
                {t('profile.specialties')}
              </Title>
              <BadgeList items={profile.specialties} empty={t('profile.noSpecialties')} names={SPECIALTY_KEYS} />
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby="credentials-title">
              <Title order={2} id="credentials-title" c="night.9">
                {t('profile.credentials')}
              </Title>
              <BadgeList items={profile.credentials} empty={t('profile.noCredentials')} names={CREDENTIAL_NAMES} />
              <Text fz="sm" c="gray.7">
                {verificationNote(profile.displayName, profile.credentials, tc)}
              </Text>
            </Stack>
            <WhatWeChecked lines={whatWeCheckedLines(profile, tc)} firstName={firstName} />
            <Stack gap="sm" component="section" aria-labelledby="reviews-title">
              <Title order={2} id="reviews-title" c="night.9">
                {t('profile.reviews')}
              </Title>
              {profile.reviewCount > 0 && profile.reviewAverage != null ? (
                <Text fw={700}>
                  <span aria-hidden="true">{starText(profile.reviewAverage)} </span>
                  {t('profile.reviewSummary', { average: formatAverage(profile.reviewAverage), reviews: reviewCountLabel(profile.reviewCount, tc), name: firstName })}
                </Text>
              ) : (
                <Text c="gray.7">{t('profile.noReviews', { name: firstName })}</Text>
              )}
              {reviews.rows.map((review) => (
                <Box component="article" key={review.id} aria-label={t('profile.reviewBy', { name: review.reviewer })} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                  <StarRating rating={review.rating} />
                  <Text lh={1.6} style={{ whiteSpace: 'pre-line' }}>
                    {review.body}
                  </Text>
                  <Text fz="sm" c="gray.7">
                    {review.reviewer}, {reviewMonth(review.createdAt)}
                  </Text>
                  {review.reply && (
                    <Box pl="md" mt={6} style={{ borderLeft: '3px solid var(--mantine-color-night-2)' }}>
                      <Text fz="sm" fw={600}>
                        {t('profile.answered', { name: firstName })}
                      </Text>
                      <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                        {review.reply}
                      </Text>
                    </Box>
                  )}
                </Box>
              ))}
              {reviews.totalPages > 1 && (
                <PageLinks
                  page={reviews.page}
                  totalPages={reviews.totalPages}
                  // The nights a family searched for stay picked; the no-JavaScript booking's own fields do not travel.
                  hrefFor={(page) => `${localPath(`/nurse/${profile.slug}`)}${searchAtPage(location.search, 'reviews', page, ['book', 'date'])}#reviews-title`}
                  label={t('profile.reviews')}
                />
              )}
            </Stack>
            <Card bg="night.0" withBorder={false}>
              <Title order={2} fz="lg" c="night.9" mb="xs">
                {t('profile.howBookingWorks')}
              </Title>
              <Text fz="sm" lh={1.7}>
                {t('profile.howBookingWorksText')}
              </Text>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  )
}

export default function NurseProfilePage() {
  const { profile } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const location = useLocation()
  // Going from one profile to another shows the skeleton while the next one loads.
  const next = navigation.state === 'loading' ? navigation.location.pathname : null
  if (next && unprefixedPath(next).startsWith('/nurse/') && next !== location.pathname) return <ProfileSkeleton />
  return <Profile key={profile.slug} />
}

export function ErrorBoundary() {
  const { t } = useTranslation('public')
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('profile.errorTitle')}</Title>
        <Text c="gray.7">{notFound ? t('profile.errorNotFound') : t('profile.errorOther')}</Text>
        <Button component={Link} to="/search">
          {t('profile.findOthers')}
        </Button>
      </Stack>
    </Container>
  )
}

