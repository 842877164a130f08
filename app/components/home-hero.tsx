import { Box, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { CityPicker } from './city-picker'

const PROMISES = ['ID and credentials checked', 'Prices shown up front', 'Cancel ahead for a full refund']

/** The home page hero: the twelve-city selector and 'Find Night Nurse'. */
export function HomeHero() {
  return (
    <Box component="section" bg="night.9" c="white" py={{ base: 40, md: 80 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Title order={1} c="white" fz={{ base: 34, md: 52 }} lh={1.1}>
              Sleep tonight. Your newborn is in caring hands.
            </Title>
            <Text fz={{ base: 'md', md: 'xl' }} c="gray.2">
              Nightlight connects families with verified night nurses and newborn care specialists who look after your
              baby through the night, so you can rest, heal and wake up ready for the day.
            </Text>
            <Box maw={520}>
              <CityPicker id="home-city" label="Where do you live?" buttonLabel="Find Night Nurse" variant="dark" />
            </Box>
            <Group gap="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {PROMISES.map((promise) => (
                <Text key={promise} component="li" fz="sm" c="gray.2">
                  <Text span c="yellow.3" fw={700} aria-hidden="true">
                    ✓{' '}
                  </Text>
                  {promise}
                </Text>
              ))}
            </Group>
          </Stack>
          <Image
            src="/images/hero-home.svg"
            alt="A house at night under a crescent moon; in the lit nursery window a night nurse rocks a sleeping baby"
            width={800}
            height={600}
            w="100%"
            h="auto"
            radius="lg"
            fetchPriority="high"
            style={{ aspectRatio: '4 / 3' }}
            visibleFrom="sm"
          />
        </SimpleGrid>
      </Container>
    </Box>
  )
}
