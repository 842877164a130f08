import { Box, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'

const STEPS = [
  {
    title: 'Choose your nurse',
    text: 'Browse verified night nurses in your city. Read about their experience, credentials and languages, and compare nightly rates.',
  },
  {
    title: 'Pick your nights',
    text: 'Choose open nights on the nurse’s calendar, one night or the same nights every week, and confirm the start and end times.',
  },
  {
    title: 'Book and pay securely',
    text: 'Pay by card with the nightly rate, the 10% platform fee and the total shown before you confirm. Receipts are in your dashboard.',
  },
  {
    title: 'Sleep while they care',
    text: 'Your nurse arrives in the evening, looks after feeds, changes and settling through the night, and tells you how it went in the morning.',
  },
]

/** 'How it works' on the home page; loaded on demand (see LazySection). */
export function HowItWorks() {
  return (
    <Box component="section" aria-labelledby="how-it-works-title" bg="night.0" py={{ base: 48, md: 72 }}>
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap={6} maw={680}>
            <Title order={2} id="how-it-works-title" c="night.9">
              How it works
            </Title>
            <Text c="gray.7">From the first search to your first full night of sleep in four simple steps.</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {STEPS.map((step, index) => (
              <Stack key={step.title} gap="xs" component="li">
                <ThemeIcon size={44} radius="xl" color="night" aria-hidden="true">
                  <Text fw={800} c="white">
                    {index + 1}
                  </Text>
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {step.title}
                </Title>
                <Text c="gray.7" fz="sm" lh={1.6}>
                  {step.text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  )
}
