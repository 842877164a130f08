// /nurse/background-check/disclosure (docs/decisions/0061): the FCRA disclosure in a document of
// its own, as the law asks: nothing on this page but the disclosure.
import '~/styles/routes/nurse.background-check_.disclosure.css'
import { Container, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { DISCLOSURE_PARAGRAPHS, DISCLOSURE_TITLE } from '~/domain/verification/background-checks'

export const meta: MetaFunction = () => [{ title: `${DISCLOSURE_TITLE} – Nightlight` }, { name: 'robots', content: 'noindex' }]

export default function BackgroundCheckDisclosure() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{DISCLOSURE_TITLE}</Title>
        {DISCLOSURE_PARAGRAPHS.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
      </Stack>
    </Container>
  )
}
