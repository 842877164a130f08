import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from './link'

/** The home page's closing call to action, for families and for nurses; loaded on demand. */
export function HomeCallToAction() {
  return (
    <Box component="section" aria-labelledby="cta-title" py={{ base: 48, md: 72 }}>
      <Container size="lg">
        <Title order={2} id="cta-title" c="night.9" mb="lg">
          Ready for a better night?
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card bg="night.9" c="white" withBorder={false} p={{ base: 'lg', md: 'xl' }}>
            <Stack gap="sm" h="100%">
              <Title order={3} c="white">
                For families
              </Title>
              <Text c="gray.2">
                Book 4-6 weeks before your due date: experienced nurses fill their calendars early, and you can always move
                nights if your baby arrives early or late.
              </Text>
              <Group mt="auto" pt="sm">
                <Button component={Link} to="/search" color="yellow" c="dark">
                  Browse night nurses
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card bg="yellow.1" withBorder={false} p={{ base: 'lg', md: 'xl' }}>
            <Stack gap="sm" h="100%">
              <Title order={3} c="night.9">
                For night nurses
              </Title>
              <Text c="gray.8">
                Set your own nightly rate, publish the nights you want to work and get paid for every booked night. Families
                find you through your city page and search.
              </Text>
              <Group mt="auto" pt="sm">
                <Button component={Link} to="/night-nurse-onboard" variant="filled" color="night">
                  Apply as a night nurse
                </Button>
              </Group>
            </Stack>
          </Card>
        </SimpleGrid>
      </Container>
    </Box>
  )
}
