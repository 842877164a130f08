import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { Link, useFetcher } from '@remix-run/react'
import { CITY_PAGES, type CityPageSlug } from '~/domain/places/cities'
import { Logo } from './logo'

const COLUMNS: Array<{ title: string; links: Array<{ label: string; to: string }> }> = [
  {
    title: 'For Families',
    links: [
      { label: 'Hire a Night Nurse', to: '/night-nurse' },
      { label: 'Browse All Nurses', to: '/search' },
      { label: 'Your Bookings', to: '/parent/dashboard' },
      { label: 'Help & Support', to: '/support' },
    ],
  },
  {
    title: 'Night Nurses',
    links: [
      { label: 'Apply as a Night Nurse', to: '/night-nurse-onboard' },
      { label: 'Nurse Dashboard', to: '/nurse/dashboard' },
      { label: 'Partner With Us', to: '/partner' },
    ],
  },
]

// Spec 000 §1's Top Cities. New York City has no city page of its own yet: it leads to the search.
const TOP_CITIES: Array<{ label: string; to: string }> = [
  ...(['baltimore', 'boston', 'chicago', 'dallas', 'denver', 'houston', 'los-angeles'] as CityPageSlug[]).map(cityLink),
  { label: 'New York City', to: '/search?location=New%20York%2C%20NY' },
  ...(['san-diego', 'san-francisco', 'seattle', 'washington-dc'] as CityPageSlug[]).map(cityLink),
]

function cityLink(slug: CityPageSlug) {
  return { label: CITY_PAGES[slug].cityName, to: `/night-nurse/${slug}` }
}

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} c="gray.3" fz="sm" underline="hover">
      {children}
    </Anchor>
  )
}

function JoinOurList() {
  const fetcher = useFetcher<{ ok: boolean; message: string }>()
  const result = fetcher.data
  return (
    <fetcher.Form method="post" action="/newsletter" aria-labelledby="join-list-title">
      <Stack gap="xs">
        <Title order={2} fz="md" c="white" id="join-list-title">
          Join Our List
        </Title>
        <Text fz="sm" c="gray.4">
          Sleep tips for new parents and news about nurses in your city. No spam.
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            name="email"
            type="email"
            required
            placeholder="you@example.com"
            aria-label="Email address"
            autoComplete="email"
            error={result && !result.ok ? result.message : undefined}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={fetcher.state !== 'idle'} color="yellow" c="dark">
            Join
          </Button>
        </Group>
        {result?.ok && (
          <Text fz="sm" c="teal.2" role="status">
            {result.message}
          </Text>
        )}
      </Stack>
    </fetcher.Form>
  )
}

export function SiteFooter() {
  return (
    <Box component="footer" bg="night.9" c="gray.3" py={48} mt={64}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="xl">
          <Stack gap="sm">
            <Box bg="white" p={6} style={{ borderRadius: 8, width: 'fit-content' }}>
              <Logo />
            </Box>
            <JoinOurList />
          </Stack>
          {COLUMNS.map((column) => (
            <Stack key={column.title} gap={6} component="nav" aria-label={column.title}>
              <Title order={2} fz="md" c="white">
                {column.title}
              </Title>
              {column.links.map((link) => (
                <FooterLink key={link.to} to={link.to}>
                  {link.label}
                </FooterLink>
              ))}
            </Stack>
          ))}
          <Stack gap={6} component="nav" aria-label="Top Cities">
            <Title order={2} fz="md" c="white">
              Top Cities
            </Title>
            {TOP_CITIES.map((city) => (
              <FooterLink key={city.to} to={city.to}>
                {city.label}
              </FooterLink>
            ))}
          </Stack>
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={2} fz="md" c="white">
                Contact
              </Title>
              <Anchor href="mailto:support@nightlight.example" c="gray.3" fz="sm">
                support@nightlight.example
              </Anchor>
              <FooterLink to="/support">Help & Support</FooterLink>
              <FooterLink to="/about">About Us</FooterLink>
            </Stack>
            <Stack gap={6} component="nav" aria-label="Legal">
              <Title order={2} fz="md" c="white">
                Legal
              </Title>
              <FooterLink to="/terms">Terms of Service</FooterLink>
              <FooterLink to="/privacy">Privacy Policy</FooterLink>
              <FooterLink to="/disclaimer">Disclaimer</FooterLink>
            </Stack>
          </Stack>
        </SimpleGrid>
        <Text fz="xs" c="gray.5" mt="xl">
          © 2026 Nightlight. Nurses on Nightlight are independent professionals, not employees of Nightlight.
        </Text>
      </Container>
    </Box>
  )
}
