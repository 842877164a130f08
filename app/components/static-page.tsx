// The site's text pages (/about, /privacy, /support, /terms, /partner, /disclaimer): one layout and
// one head for all of them. Their words are data, app/content/pages/<page>.json (how to edit them:
// the README there; their shape: ~/domain/content/page-content).
import type { MetaFunction } from '@remix-run/node'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from './link'
import type { PageBlock, PageContent, PageLink, PageParagraph } from '~/domain/content/page-content'
import classes from './static-page.module.css'

/** A text page's `meta` export: its title and description. */
export function staticPageMeta(content: PageContent): MetaFunction {
  return () => [{ title: content.meta.title }, { name: 'description', content: content.meta.description }]
}

function ContentLink({ link }: { link: PageLink }) {
  const className = `mantine-focus-auto ${classes.link}${link.bold ? ` ${classes.bold}` : ''}`
  if ('to' in link) {
    return (
      <Link to={link.to} className={className}>
        {link.text}
      </Link>
    )
  }
  return (
    <a href={link.href} className={className}>
      {link.text}
    </a>
  )
}

function Paragraph({ paragraph }: { paragraph: PageParagraph }) {
  if (typeof paragraph === 'string') return <p className={classes.text}>{paragraph}</p>
  return (
    <p className={classes.text}>
      {paragraph.map((piece, index) => (typeof piece === 'string' ? piece : <ContentLink key={index} link={piece} />))}
    </p>
  )
}

function Block({ block }: { block: PageBlock }) {
  if (typeof block === 'string' || Array.isArray(block)) return <Paragraph paragraph={block} />
  if ('subheading' in block) return <p className={`${classes.subheading}`}>{block.subheading}</p>
  const List = block.ordered ? 'ol' : 'ul'
  return (
    <List className={classes.list}>
      {block.list.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </List>
  )
}

/** A text page: plain elements and a CSS module (docs/decisions/0024); `children` follow its sections. */
export function StaticPage({ content, children }: { content: PageContent; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className={classes.page}>
      <div className={classes.section}>
        <h1 className={classes.title}>{content.title}</h1>
        {content.lead ? <p className={classes.lead}>{content.lead}</p> : null}
        {content.lastUpdated ? <p className={classes.updated}>{t('staticPage.lastUpdated', { date: content.lastUpdated })}</p> : null}
        {content.intro?.map((paragraph, index) => (
          <Paragraph key={index} paragraph={paragraph} />
        ))}
      </div>

      {content.sections.map((section) => (
        <section key={section.heading} className={classes.section}>
          <h2 className={classes.heading}>{section.heading}</h2>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
      {children}
    </div>
  )
}
