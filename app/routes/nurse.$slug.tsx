// /nurse/{slug}: an approved nurse's public profile: who they are, their open nights
// on a calendar, the cost of the picked nights and Book. Before JavaScript the open nights are a
// checkbox form that this loader turns into the same /book link. Any other nurse answers 404.
import '~/styles/routes/nurse.$slug.css'
import { Anchor, Badge, Box, Button, Card, Container, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { isRouteErrorResponse, useLoaderData, useLocation, useNavigate, useNavigation, useRouteError } from '@remix-run/react'
import { Link } from '~/components/link'
import { lazy, Suspense, useState } from 'react'
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
import { listNurseReviews } from '~/domain/reviews/reviews.server'
import { ownHeadline, shownHeadline, verificationNote } from '~/domain/nurses/nurse-profile'
import { whatWeCheckedLines } from '~/domain/verification/shown-credentials'
import { CheckMark } from '~/components/check-mark'
import { twinPriceLines } from '~/domain/bookings/babies'
import { formatNightlyRate } from '~/domain/bookings/pricing'
import { formatNightDate, localToday } from '~/domain/time/shift-times'
import { breadcrumbJsonLd, nurseProfileJsonLd } from '~/domain/content/structured-data'
import { NurseSlugParamsSchema, searchQueryInput, WantedNightsQuerySchema } from '~/schemas/nurses'
import { pageCacheHeaders, publicPageHeaders } from '~/utils/http-cache.server'
import { seoMeta } from '~/utils/seo'
import { getUser } from '~/utils/session.server'
import { useHydrated } from '~/components/use-hydrated'

import { StarRating } from '~/components/star-rating'
import type { PageScriptsHandle } from '~/utils/page-scripts'
export const headers = publicPageHeaders
// Whole without JavaScript: a signed-out visitor gets it without scripts (docs/decisions/0059).
export const handle: PageScriptsHandle = { hydrate: false }

// The calendar shows only once hydrated: its chunk (@mantine/dates and its stylesheet) loads then,
// off the first paint (decision 0023).
const AvailabilityCalendar = lazy(() =>
  import('~/components/availability-date-picker').then((module) => ({ default: module.AvailabilityCalendar })),
)

const reviewMonth = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso))

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request)
  const cached = !user
  // A slug no nurse could have (control characters, too long) is simply not found.
  const slug = NurseSlugParamsSchema.safeParse({ slug: params.slug })
  const profile = slug.success ? await getPublicProfile(slug.data.slug, { cached }) : null
  if (!profile) throw data({ message: 'Nurse not found' }, { status: 404 })
  const now = new Date()
  // Out of search by a lapsed credential (docs/decisions/0062): her page shows, with no nights to book.
  const [openNights, reviews] = await Promise.all([
    profile.takingBookings ? listOpenNightsToBook(profile, now, { cached, parentId: user?.id }) : [],
    listNurseReviews(profile.nurseId),
  ])

  // The no-JavaScript checklist: ?book=1&date=…&date=… goes on to the booking flow.
  const url = new URL(request.url)
  let bookError: string | null = null
  if (url.searchParams.has('book') && profile.takingBookings) {
    const requested = url.searchParams.getAll('date')
    const open = bookableDates(requested, openNights.map((night) => night.date))
    if (requested.length === 0) {
      bookError = 'Choose at least one night to book.'
    } else if (open.length !== new Set(requested).size) {
      bookError = 'Some of the nights you picked are no longer open. Please choose again.'
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
        label: describeWanted(nights),
        bookPath: dates.length > 0 ? bookingPath({ nurseId: profile.nurseId, slug: profile.slug, dates }) : null,
      }
    }
  }
  return data(
    { profile, openNights, reviews, wanted, today: localToday(profile.timezone, now), bookError, appOrigin: getConfig().APP_ORIGIN },
    { headers: pageCacheHeaders(user) },
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => {
  if (!loaderData) return [{ title: 'Could Not Load Profile – Nightlight' }, { name: 'robots', content: 'noindex' }]
  const { profile, appOrigin } = loaderData
  const city = profile.baseLocation.split(',')[0].trim()
  const years = profile.yearsExperience > 0 ? ` with ${profile.yearsExperience} years of experience` : ''
  // The description names her place already: only a headline of her own adds to it.
  const headline = ownHeadline(profile.headline, profile.displayName)
  return seoMeta({
    origin: appOrigin,
    path: `/nurse/${profile.slug}`,
    title: `${profile.displayName} – Night Nurse in ${city} | Nightlight`,
    description: `${profile.displayName}${headline ? `, ${headline},` : ''} offers overnight newborn care in ${profile.baseLocation}${years}. ${formatNightlyRate(profile.nightlyRateCents)} a night. ${profile.takingBookings ? 'See open nights and book online.' : 'Not taking new bookings right now.'}`,
    type: 'profile',
    noindex: Boolean(loaderData.bookError),
    jsonLd: [
      nurseProfileJsonLd(profile, appOrigin),
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Night Nurse', path: '/night-nurse' },
          { name: profile.displayName, path: `/nurse/${profile.slug}` },
        ],
        appOrigin,
      ),
    ],
  })
}

const CREDENTIAL_NAMES: Record<string, string> = {
  RN: 'Registered Nurse (RN)',
  LPN: 'Licensed Practical Nurse (LPN)',
  CNA: 'Certified Nursing Assistant (CNA)',
  NCS: 'Newborn Care Specialist (NCS)',
  Doula: 'Doula',
  Other: 'Other newborn care training',
}

function ProfileSkeleton() {
  return (
    <Container size="lg" py={{ base: 24, md: 40 }} aria-busy="true" role="status" aria-label="Loading profile">
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
  if (items.length === 0) return <Text c="gray.7">{empty}</Text>
  return (
    <Group gap="xs">
      {items.map((item) => (
        <Badge key={item} variant="light" color="night" size="lg" radius="sm" tt="none" fw={500}>
          {names?.[item] ?? item}
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
  return (
    <Stack gap="sm" component="section" aria-labelledby="checked-title">
      <Title order={2} id="checked-title" c="night.9">
        What we checked
      </Title>
      {lines.length === 0 ? (
        <Text c="gray.7">We have no current check of {firstName}&apos;s to show yet.</Text>
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
        What each check covers
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
  const hydrated = useHydrated()
  const open = wanted.dates.length
  return (
    <Box p="sm" bg={open >= wanted.required ? 'green.0' : 'orange.0'} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Text fz="sm" fw={600}>
        {open === 0
          ? `${firstName} is not open on your nights (${wanted.label}).`
          : open >= wanted.required
            ? `${firstName} is open on all ${wanted.required === 1 ? 'your night' : `${wanted.required} of your nights`} (${wanted.label}). ${open === 1 ? 'It is' : 'They are'} picked below.`
            : `${firstName} is open on ${open} of your ${wanted.required} nights (${wanted.label}). ${open === 1 ? 'It is' : 'They are'} picked below.`}
      </Text>
      {!hydrated && wanted.bookPath && (
        <Anchor component={Link} to={wanted.bookPath} fz="sm" fw={600} underline="always">
          Book {open === 1 ? 'this night' : `these ${open} nights`}
        </Anchor>
      )}
    </Box>
  )
}

function Profile() {
  const { profile, openNights, reviews, wanted, today, bookError } = useLoaderData<typeof loader>()
  const headline = shownHeadline(profile)
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [picked, setPicked] = useState<string[]>(wanted?.dates ?? [])
  const bookable = bookableDates(picked, openNights.map((night) => night.date))

  return (
    <Container size="lg" py={{ base: 24, md: 40 }}>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Card component="aside" aria-label={`About ${profile.displayName} and booking`}>
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
                    {profile.yearsExperience} {profile.yearsExperience === 1 ? 'year' : 'years'} of experience
                  </Badge>
                  <Badge variant="light" color="night" tt="none" size="lg" radius="sm">
                    {formatNightlyRate(profile.nightlyRateCents)} / night
                  </Badge>
                </Group>
                {twinPriceLines(profile.maxBabies, profile.extraBabyCents).map((line) => (
                  <Text key={line} fz="sm" c="gray.8">
                    {line}
                  </Text>
                ))}
                {profile.languages.length > 0 && (
                  <Text fz="sm" c="gray.8">
                    Speaks {profile.languages.join(', ')}
                  </Text>
                )}
              </Stack>
              <Divider />
              <Stack gap="sm">
                <Title order={2} fz="lg" c="night.9">
                  Availability
                </Title>
                {wanted && <WantedNightsNote wanted={wanted} firstName={profile.displayName.split(' ')[0]} />}
                {!profile.takingBookings ? (
                  <Text c="gray.7">
                    {profile.displayName.split(' ')[0]} is not taking new bookings right now.{' '}
                    <Anchor component={Link} to="/search" underline="always">
                      Find other nurses
                    </Anchor>
                    .
                  </Text>
                ) : openNights.length === 0 ? (
                  <Text c="gray.7">
                    {profile.displayName.split(' ')[0]} has no open nights right now. Check back soon, or{' '}
                    <Anchor component={Link} to="/search" underline="always">
                      find other nurses
                    </Anchor>
                    .
                  </Text>
                ) : hydrated ? (
                  <>
                    <Text fz="sm" c="gray.7">
                      Pick the nights you need. Open nights are highlighted; click a night again to remove it.
                    </Text>
                    <Box style={{ display: 'flex', justifyContent: 'center' }}>
                      <Suspense fallback={<Skeleton height={316} width={316} aria-hidden="true" />}>
                        <AvailabilityCalendar openNights={openNights} today={today} value={bookable} onChange={setPicked} />
                      </Suspense>
                    </Box>
                    <Text fz="sm" role="status" aria-live="polite">
                      {bookable.length === 0
                        ? 'No nights picked yet.'
                        : `${bookable.length} ${bookable.length === 1 ? 'night' : 'nights'} picked: ${bookable.map(formatNightDate).join('; ')}`}
                    </Text>
                  </>
                ) : (
                  <OpenNightsChecklist action={`/nurse/${profile.slug}`} openNights={openNights} error={bookError} checked={wanted?.dates} />
                )}
              </Stack>
              <Divider />
              {hydrated ? (
                <CostPreview nightlyRateCents={profile.nightlyRateCents} nights={bookable.length} />
              ) : (
                // Before JavaScript nothing is picked yet: show what one night costs.
                <Stack gap={6}>
                  <Text fz="sm" fw={600}>
                    Cost of one night
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
                  Book
                </Button>
              )}
              <Button component={Link} to={`/messages/new?nurse=${encodeURIComponent(profile.slug)}`} variant="default" fullWidth>
                Ask a question
              </Button>
              {/* A plain link (issue 36): a signed-out visitor is sent to log in and back. */}
              {profile.takingBookings && (
                <Button component={Link} to={`/interviews/new?nurse=${encodeURIComponent(profile.slug)}`} variant="default" fullWidth>
                  Ask for an interview
                </Button>
              )}
              {profile.takingBookings && (
                <Button component={Link} to={`/reserve?nurse=${encodeURIComponent(profile.slug)}`} variant="default" fullWidth>
                  Starting when our baby comes home
                </Button>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="xl">
            <Stack gap="sm" component="section" aria-labelledby="about-title">
              <Title order={2} id="about-title" c="night.9">
                About Me
              </Title>
              {profile.bio ? (
                profile.bio.split(/\n\s*\n/).map((paragraph) => (
                  <Text key={paragraph.slice(0, 40)} lh={1.7}>
                    {paragraph}
                  </Text>
                ))
              ) : (
                <Text c="gray.7">{profile.displayName} hasn&apos;t written an introduction yet.</Text>
              )}
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby="specialties-title">
              <Title order={2} id="specialties-title" c="night.9">
                Specialties
              </Title>
              <BadgeList items={profile.specialties} empty="No specialties listed yet." />
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby="credentials-title">
              <Title order={2} id="credentials-title" c="night.9">
                Credentials
              </Title>
              <BadgeList items={profile.credentials} empty="No credentials listed yet." names={CREDENTIAL_NAMES} />
              <Text fz="sm" c="gray.7">
                {verificationNote(profile.displayName, profile.credentials)}
              </Text>
            </Stack>
            <WhatWeChecked lines={whatWeCheckedLines(profile)} firstName={profile.displayName.split(' ')[0]} />
            <Stack gap="sm" component="section" aria-labelledby="reviews-title">
              <Title order={2} id="reviews-title" c="night.9">
                Reviews
              </Title>
              {profile.reviewCount > 0 && profile.reviewAverage != null ? (
                <Text fw={700}>
                  <span aria-hidden="true">{starText(profile.reviewAverage)} </span>
                  {formatAverage(profile.reviewAverage)} out of 5 from {reviewCountLabel(profile.reviewCount)} by families who booked{' '}
                  {profile.displayName.split(' ')[0]}
                </Text>
              ) : (
                <Text c="gray.7">No reviews yet. Families who book {profile.displayName.split(' ')[0]} can review her after their first night.</Text>
              )}
              {reviews.map((review) => (
                <Box component="article" key={review.id} aria-label={`Review by ${review.reviewer}`} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
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
                        {profile.displayName.split(' ')[0]} answered
                      </Text>
                      <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                        {review.reply}
                      </Text>
                    </Box>
                  )}
                </Box>
              ))}
            </Stack>
            <Card bg="night.0" withBorder={false}>
              <Title order={2} fz="lg" c="night.9" mb="xs">
                How booking works
              </Title>
              <Text fz="sm" lh={1.7}>
                Pick the nights you need, confirm the start and end times, add your address, and pay by card. You see the
                nightly rate, the 10% platform fee and the total before you pay. Nights cancelled more than 48 hours ahead
                are refunded in full; within 48 hours, half of that night is refunded.
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
  if (next && next.startsWith('/nurse/') && next !== location.pathname) return <ProfileSkeleton />
  return <Profile key={profile.slug} />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Could Not Load Profile</Title>
        <Text c="gray.7">
          {notFound
            ? 'Nurse not found. This profile does not exist or is not taking bookings right now.'
            : 'Something went wrong while loading this profile. Please try again in a moment.'}
        </Text>
        <Button component={Link} to="/search">
          Find other nurses
        </Button>
      </Stack>
    </Container>
  )
}

