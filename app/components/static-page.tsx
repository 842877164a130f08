// The site's text pages (/about, /privacy, /support, /terms, /partner, /disclaimer): one layout and
// one head for all of them. Their words are data, app/content/pages/<page>.json (how to edit them:
// the README there; their shape: ~/domain/content/page-content).
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import type { PageBlock, PageContent, PageLink, PageParagraph } from '~/domain/content/page-content'

/** A text page's `meta` export: its title and description. */
export function staticPageMeta(content: PageContent): MetaFunction {
  return () => [{ title: content.meta.title }, { name: 'description', content: content.meta.description }]
}

function ContentLink({ link }: { link: PageLink }) {
  const fw = link.bold ? 600 : undefined
  if ('to' in link) {
    return (
      <Anchor component={Link} to={link.to} fw={fw}>
        {link.text}
      </Anchor>
    )
  }
  return (
    <Anchor href={link.href} fw={fw}>
      {link.text}
    </Anchor>
  )
}

function Paragraph({ paragraph }: { paragraph: PageParagraph }) {
  if (typeof paragraph === 'string') return <Text>{paragraph}</Text>
  return (
    <Text>
      {paragraph.map((piece, index) => (typeof piece === 'string' ? piece : <ContentLink key={index} link={piece} />))}
    </Text>
  )
}

function Block({ block }: { block: PageBlock }) {
  if (typeof block === 'string' || Array.isArray(block)) return <Paragraph paragraph={block} />
  if ('subheading' in block) return <Text fw={600}>{block.subheading}</Text>
  return (
    <List spacing="xs" type={block.ordered ? 'ordered' : undefined}>
      {block.list.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  )
}

export function StaticPage({ content }: { content: PageContent }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{content.title}</Title>
          {content.lead ? (
            <Text size="lg" c="dimmed">
              {content.lead}
            </Text>
          ) : null}
          {content.lastUpdated ? (
            <Text size="sm" c="dimmed">
              {`Last updated ${content.lastUpdated}`}
            </Text>
          ) : null}
          {content.intro?.map((paragraph, index) => (
            <Paragraph key={index} paragraph={paragraph} />
          ))}
        </Stack>

        {content.sections.map((section) => (
          <Stack key={section.heading} gap="xs">
            <Title order={2}>{section.heading}</Title>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </Stack>
        ))}
      </Stack>
    </Container>
  )
}
