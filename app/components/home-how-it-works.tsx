import { Box, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

// Keys of the `public` catalogue.
const STEPS = [
  { title: 'howItWorks.step1Title', text: 'howItWorks.step1Text' },
  { title: 'howItWorks.step2Title', text: 'howItWorks.step2Text' },
  { title: 'howItWorks.step3Title', text: 'howItWorks.step3Text' },
  { title: 'howItWorks.step4Title', text: 'howItWorks.step4Text' },
]

/** 'How it works' on the home page; loaded on demand (see LazySection). */
export function HowItWorks() {
  const { t } = useTranslation('public')
  return (
    <Box component="section" aria-labelledby="how-it-works-title" bg="night.0" py={{ base: 48, md: 72 }}>
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap={6} maw={680}>
            <Title order={2} id="how-it-works-title" c="night.9">
              {t('howItWorks.title')}
            </Title>
            <Text c="gray.7">{t('howItWorks.intro')}</Text>
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
                  {t(step.title)}
                </Title>
                <Text c="gray.7" fz="sm" lh={1.6}>
                  {t(step.text)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  )
}
