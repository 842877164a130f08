import { Box, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { CityPicker } from './city-picker'

const PROMISES = ['hero.promiseChecked', 'hero.promisePrices', 'hero.promiseRefund']

/** The home page hero: the twelve-city selector and 'Find Night Nurse'. */
export function HomeHero() {
  const { t } = useTranslation('public')
  return (
    <Box component="section" bg="night.9" c="white" py={{ base: 40, md: 80 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Title order={1} c="white" fz={{ base: 34, md: 52 }} lh={1.1}>
              {t('hero.title')}
            </Title>
            <Text fz={{ base: 'md', md: 'xl' }} c="gray.2">
              {t('hero.text')}
            </Text>
            <Box maw={520}>
              <CityPicker id="home-city" label={t('hero.cityLabel')} buttonLabel={t('hero.cityButton')} variant="dark" />
            </Box>
            <Group gap="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {PROMISES.map((promise) => (
                <Text key={promise} component="li" fz="sm" c="gray.2">
                  <Text span c="yellow.3" fw={700} aria-hidden="true">
                    ✓{' '}
                  </Text>
                  {t(promise)}
                </Text>
              ))}
            </Group>
          </Stack>
          <Image
            src="/images/hero-home.svg"
            alt={t('hero.imageAlt')}
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
