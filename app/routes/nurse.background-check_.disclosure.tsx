// /nurse/background-check/disclosure (docs/decisions/0061): the FCRA disclosure in a document of
// its own, as the law asks: nothing on this page but the disclosure. In Spanish, a faithful
// translation of the same paragraphs.
import '~/styles/routes/nurse.background-check_.disclosure.css'
import { Container, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DISCLOSURE_PARAGRAPHS, DISCLOSURE_TITLE } from '~/domain/verification/background-checks'
import { currentLanguage } from '~/i18n/current-language'
import { translator } from '~/i18n/i18n.server'
import { withErrorTitle } from '~/utils/error-title'

export const handle = { i18n: ['nurse'] }

/** The disclosure's keys in the nurse namespace, paragraph by paragraph as DISCLOSURE_PARAGRAPHS. */
const PARAGRAPH_KEYS = ['disclosure.p1', 'disclosure.p2', 'disclosure.p3', 'disclosure.p4', 'disclosure.p5'] as const

export function loader() {
  // English is the domain's own text, word for word; Spanish its translation.
  if (currentLanguage() === 'en') return { title: DISCLOSURE_TITLE, paragraphs: DISCLOSURE_PARAGRAPHS }
  const t = translator('nurse')
  return { title: t('disclosure.title'), paragraphs: PARAGRAPH_KEYS.map((key) => t(key)) }
}

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: `${data?.title ?? DISCLOSURE_TITLE} – Nightlight` },
  { name: 'robots', content: 'noindex' },
])

export default function BackgroundCheckDisclosure() {
  const { title, paragraphs } = useLoaderData<typeof loader>()
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {paragraphs.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
      </Stack>
    </Container>
  )
}
