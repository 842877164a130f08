import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from './link'

/** The home page's closing call to action, for families and for nurses; loaded on demand. */
export function HomeCallToAction() {
  const { t } = useTranslation('public')
  return (
    <Box component="section" aria-labelledby="cta-title" py={{ base: 48, md: 72 }}>
      <Container size="lg">
        <Title order={2} id="cta-title" c="night.9" mb="lg">
          {t('cta.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card bg="night.9" c="white" withBorder={false} p={{ base: 'lg', md: 'xl' }}>
            <Stack gap="sm" h="100%">
              <Title order={3} c="white">
                {t('cta.familiesTitle')}
              </Title>
              <Text c="gray.2">
                {t('cta.familiesText')}
              </Text>
              <Group mt="auto" pt="sm">
                <Button component={Link} to="/search" color="yellow" c="dark">
                  {t('cta.familiesButton')}
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card bg="yellow.1" withBorder={false} p={{ base: 'lg', md: 'xl' }}>
            <Stack gap="sm" h="100%">
              <Title order={3} c="night.9">
                {t('cta.nursesTitle')}
              </Title>
              <Text c="gray.8">
                {t('cta.nursesText')}
              </Text>
              <Group mt="auto" pt="sm">
                <Button component={Link} to="/night-nurse-onboard" variant="filled" color="night">
                  {t('cta.nursesButton')}
                </Button>
              </Group>
            </Stack>
          </Card>
        </SimpleGrid>
      </Container>
    </Box>
  )
}
