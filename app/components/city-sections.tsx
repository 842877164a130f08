import { Anchor, Badge, Box, Button, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from './link'
import type { ReactNode } from 'react'
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

export function CityHero({ page }: { page: CityPage }) {
  return (
    <Box component="section" bg="night.9" c="white" pt={{ base: 32, md: 56 }} pb={{ base: 24, md: 40 }}>
      <Container size="lg">
        <Stack gap="lg">
          <Stack gap="sm" maw={760}>
            <Text fz="sm" fw={600} c="yellow.3" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              Overnight newborn care in {page.cityName}, {page.stateAbbr}
            </Text>
            <Title order={1} c="white" fz={{ base: 30, md: 44 }} lh={1.15}>
              Night Nurses in {page.cityName}
            </Title>
            <Text fz={{ base: 'md', md: 'lg' }} c="gray.2">
              Verified night nurses and newborn care specialists who come to your home in {page.cityName} and the
              nearby suburbs, care for your baby through the night, and hand back a rested household in the morning.
            </Text>
            <Group gap="sm" mt="xs">
              <Button component="a" href="#nurses" color="yellow" c="dark" size="md" maw="100%" styles={WRAPPING_BUTTON}>
                Meet {page.cityName} night nurses
              </Button>
              <Button component="a" href="#cost" variant="outline" color="gray.0" size="md" maw="100%" styles={WRAPPING_BUTTON}>
                See {page.cityName} prices
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
  return (
    <CitySection id="local" title={`Newborn Care in ${page.cityName}`}>
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
  return (
    <CitySection id="cost" title={`How Much Does a Night Nurse Cost in ${page.cityName}?`} tinted>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Card>
          <Text fz="sm" c="gray.7">
            Typical hourly rate
          </Text>
          <Text fz={32} fw={800} c="night.9">
            ${min}–${max}
          </Text>
          <Text fz="sm" c="gray.7">
            per hour in {page.cityName}
          </Text>
        </Card>
        <Card>
          <Text fz="sm" c="gray.7">
            A {QUOTED_NIGHT_HOURS}-hour night
          </Text>
          <Text fz={32} fw={800} c="night.9">
            ${night.min.toLocaleString('en-US')}–${night.max.toLocaleString('en-US')}
          </Text>
          <Text fz="sm" c="gray.7">
            at that hourly rate, before the 10% platform fee
          </Text>
        </Card>
        <Card>
          <Text fz="sm" c="gray.7">
            On Nightlight
          </Text>
          {ours ? (
            <>
              <Text fz={32} fw={800} c="night.9">
                {rateRangeText(ours)}
              </Text>
              <Text fz="sm" c="gray.7">
                a night, the nurses on this page
              </Text>
            </>
          ) : (
            <Text fw={600} mt={6}>
              Each nurse sets a nightly rate.
            </Text>
          )}
          <Text fz="sm" c="gray.7" mt={6}>
            You see the nightly rate, the platform fee and the total before you pay.
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
  return (
    <CitySection
      id="areas"
      title={`Areas We Serve in and around ${page.cityName}`}
      intro={`Night nurses on Nightlight usually travel ${SERVICE_RADIUS_TEXT} from their base, so families across ${page.cityName} and the surrounding towns can find someone nearby.`}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <PlaceList title={`${page.cityName} neighborhoods`} items={page.neighborhoods} />
        <PlaceList title="Nearby suburbs" items={page.nearbySuburbs} />
        <Card>
          <Title order={3} fz="lg" mb="sm" c="night.9">
            Landmarks and hospitals nearby
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
        Service radius: {SERVICE_RADIUS_TEXT} from {page.cityName} ({page.coordinates.lat}, {page.coordinates.lng}).
      </Text>
    </CitySection>
  )
}

export function CityNearby({ page }: { page: CityPage }) {
  return (
    <CitySection id="nearby" title="Night Nurses in Nearby Cities" tinted>
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
            Night Nurses in {city.name}
          </Button>
        ))}
        <Anchor component={Link} to="/night-nurse" fw={500}>
          All cities
        </Anchor>
      </Group>
    </CitySection>
  )
}

export function CityCallToAction({ cityName }: { cityName: string }) {
  return (
    <Box component="section" aria-labelledby="list-services-title" py={{ base: 40, md: 56 }}>
      <Container size="lg">
        <Card bg="night.9" c="white" p={{ base: 'lg', md: 40 }} withBorder={false}>
          <Stack gap="sm" align="flex-start">
            <Title order={2} id="list-services-title" c="white">
              Are you a night nurse in {cityName}?
            </Title>
            <Text c="gray.2" maw={640}>
              Families near you are looking for experienced overnight care. Set your own nightly rate, publish the nights
              you want to work, and get paid for every booked night.
            </Text>
            <Button component={Link} to="/nurse/dashboard" color="yellow" c="dark" size="md" mt="xs">
              List Your Night Nurse Services
            </Button>
          </Stack>
        </Card>
      </Container>
    </Box>
  )
}
