import { Anchor, Badge, Box, Button, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from './link'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  cityNightRange,
  nurseRateRange,
  QUOTED_NIGHT_HOURS,
  rateRangeText,
  SERVICE_RADIUS_TEXT,
  type CityPage,
} from '~/domain/places/cities'

const LANDMARKS_STYLE = {
  margin: 0,
  padding: 0,
  paddingInlineStart: 'var(--mantine-spacing-lg)',
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height-md)',
} as const

/** Long city names ('Washington DC') must wrap inside a button on a phone, not overflow. */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 42, paddingBlock: 8 },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const, lineHeight: 1.3 },
}

/** A titled band of the city page; `id` makes it linkable and names it for assistive technology. */
export function CitySection({
  id,
  title,
  children,
  tinted = false,
  intro,
}: {
  id: string
  title: string
  children: ReactNode
  tinted?: boolean
  intro?: ReactNode
}) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} id={id} py={{ base: 40, md: 56 }} bg={tinted ? 'night.0' : undefined}>
      <Container size="lg">
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={2} id={`${id}-title`} c="night.9">
              {title}
            </Title>
            {intro && (
              <Text c="gray.7" maw={720}>
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  )
}

// How far nurses usually travel, in miles ('25-30'): the catalogue writes the unit.
const SERVICE_RADIUS_MILES = SERVICE_RADIUS_TEXT.replace(/ miles$/, '')

export function CityHero({ page }: { page: CityPage }) {
  const { t } = useTranslation('public')
  const city = page.cityName
  return (
    <Box component="section" bg="night.9" c="white" pt={{ base: 32, md: 56 }} pb={{ base: 24, md: 40 }}>
      <Container size="lg">
        <Stack gap="lg">
          <Stack gap="sm" maw={760}>
            <Text fz="sm" fw={600} c="yellow.3" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              {t('city.eyebrow', { city, state: page.stateAbbr })}
            </Text>
            <Title order={1} c="white" fz={{ base: 30, md: 44 }} lh={1.15}>
              {t('city.title', { city })}
            </Title>
            <Text fz={{ base: 'md', md: 'lg' }} c="gray.2">
              {t('city.heroText', { city })}
            </Text>
            <Group gap="sm" mt="xs">
              <Button component="a" href="#nurses" color="yellow" c="dark" size="md" maw="100%" styles={WRAPPING_BUTTON}>
                {t('city.meetNurses', { city })}
              </Button>
              <Button component="a" href="#cost" variant="outline" color="gray.0" size="md" maw="100%" styles={WRAPPING_BUTTON}>
                {t('city.seePrices', { city })}
              </Button>
            </Group>
          </Stack>
          <Image
            src={page.heroImage.src}
            alt={page.heroImage.alt}
            width={page.heroImage.width}
            height={page.heroImage.height}
            radius="md"
            w="100%"
            h="auto"
            fetchPriority="high"
            style={{ aspectRatio: `${page.heroImage.width} / ${page.heroImage.height}` }}
          />
        </Stack>
      </Container>
    </Box>
  )
}

export function CityLocalContext({ page }: { page: CityPage }) {
  const { t } = useTranslation('public')
  return (
    <CitySection id="local" title={t('city.localTitle', { city: page.cityName })}>
      <Stack gap="md" maw={780}>
        {page.localContext.split(/\n\s*\n/).map((paragraph) => (
          <Text key={paragraph.slice(0, 32)} fz="md" lh={1.7}>
            {paragraph}
          </Text>
        ))}
      </Stack>
    </CitySection>
  )
}

export function CityCost({ page, nurseRatesCents }: { page: CityPage; nurseRatesCents: readonly number[] }) {
  const { min, max, context } = page.pricing
  const night = cityNightRange(page)
  const ours = nurseRateRange(nurseRatesCents)
  const { t } = useTranslation('public')
  return (
    <CitySection id="cost" title={t('city.costTitle', { city: page.cityName })} tinted>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Card>
          <Text fz="sm" c="gray.7">
            {t('city.typicalHourly')}
          </Text>
          <Text fz={32} fw={800} c="night.9">
            ${min}–${max}
          </Text>
          <Text fz="sm" c="gray.7">
            {t('city.perHourIn', { city: page.cityName })}
          </Text>
        </Card>
        <Card>
          <Text fz="sm" c="gray.7">
            {t('city.hourNight', { hours: QUOTED_NIGHT_HOURS })}
          </Text>
          <Text fz={32} fw={800} c="night.9">
            ${night.min.toLocaleString('en-US')}–${night.max.toLocaleString('en-US')}
          </Text>
          <Text fz="sm" c="gray.7">
            {t('city.atThatRate')}
          </Text>
        </Card>
        <Card>
          <Text fz="sm" c="gray.7">
            {t('city.onNightlight')}
          </Text>
          {ours ? (
            <>
              <Text fz={32} fw={800} c="night.9">
                {rateRangeText(ours)}
              </Text>
              <Text fz="sm" c="gray.7">
                {t('city.aNightHere')}
              </Text>
            </>
          ) : (
            <Text fw={600} mt={6}>
              {t('city.eachSetsRate')}
            </Text>
          )}
          <Text fz="sm" c="gray.7" mt={6}>
            {t('city.youSeeBeforePay')}
          </Text>
        </Card>
      </SimpleGrid>
      <Text maw={780} lh={1.7}>
        {context}
      </Text>
    </CitySection>
  )
}

function PlaceList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Card>
      <Title order={3} fz="lg" mb="sm" c="night.9">
        {title}
      </Title>
      <Group gap={8}>
        {items.map((item) => (
          <Badge key={item} variant="light" color="night" tt="none" fw={500} size="lg" radius="sm" style={{ whiteSpace: 'normal', height: 'auto', paddingBlock: 4 }}>
            {item}
          </Badge>
        ))}
      </Group>
    </Card>
  )
}

export function CityAreasServed({ page }: { page: CityPage }) {
  const { t } = useTranslation('public')
  const city = page.cityName
  return (
    <CitySection
      id="areas"
      title={t('city.areasTitle', { city })}
      intro={t('city.areasIntro', { city, miles: SERVICE_RADIUS_MILES })}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <PlaceList title={t('city.neighborhoods', { city })} items={page.neighborhoods} />
        <PlaceList title={t('city.suburbs')} items={page.nearbySuburbs} />
        <Card>
          <Title order={3} fz="lg" mb="sm" c="night.9">
            {t('city.landmarks')}
          </Title>
          {/* A plain list, as Mantine's List at fz="sm" and spacing 6: the city pages load no list stylesheet (docs/decisions/0037). */}
          <ul style={LANDMARKS_STYLE}>
            {page.landmarks.map((landmark, index) => (
              <li key={landmark} style={index ? { marginTop: 6 } : undefined}>
                {landmark}
              </li>
            ))}
          </ul>
        </Card>
      </SimpleGrid>
      <Text fz="sm" c="gray.7">
        {t('city.serviceRadius', { miles: SERVICE_RADIUS_MILES, city, latitude: String(page.coordinates.lat), longitude: String(page.coordinates.lng) })}
      </Text>
    </CitySection>
  )
}

export function CityNearby({ page }: { page: CityPage }) {
  const { t } = useTranslation('public')
  return (
    <CitySection id="nearby" title={t('city.nearbyTitle')} tinted>
      <Group gap="md">
        {page.nearbyCities.map((city) => (
          <Button
            key={city.slug}
            component={Link}
            to={`/night-nurse/${city.slug}`}
            variant="white"
            size="md"
            maw="100%"
            styles={WRAPPING_BUTTON}
            style={{ border: '1px solid var(--mantine-color-night-2)' }}
          >
            {t('city.title', { city: city.name })}
          </Button>
        ))}
        <Anchor component={Link} to="/night-nurse" fw={500}>
          {t('city.allCities')}
        </Anchor>
      </Group>
    </CitySection>
  )
}

export function CityCallToAction({ cityName }: { cityName: string }) {
  const { t } = useTranslation('public')
  return (
    <Box component="section" aria-labelledby="list-services-title" py={{ base: 40, md: 56 }}>
      <Container size="lg">
        <Card bg="night.9" c="white" p={{ base: 'lg', md: 40 }} withBorder={false}>
          <Stack gap="sm" align="flex-start">
            <Title order={2} id="list-services-title" c="white">
              {t('city.ctaTitle', { city: cityName })}
            </Title>
            <Text c="gray.2" maw={640}>
              {t('city.ctaText')}
            </Text>
            <Button component={Link} to="/nurse/dashboard" color="yellow" c="dark" size="md" mt="xs">
              {t('city.ctaButton')}
            </Button>
          </Stack>
        </Card>
      </Container>
    </Box>
  )
}
