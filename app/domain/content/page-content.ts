// The shape of the text pages' words in app/content/pages/ (about, privacy, support, terms,
// partner, disclaimer; see the README there), and of their Spanish files in es/. components/static-page.tsx takes its types from here
// with `import type`, so tsc checks every file the routes pass it; the zod schema adds what types
// cannot say (no empty text, no unknown keys, where links may point) and is run by the unit test
// on every file.
import { z } from 'zod'
import { contentParagraph } from '../platform/content-files'

/** `to`: a page of this site, shown through the router; `href`: an e-mail address or another site. */
const PageLinkSchema = z.union([
  z.strictObject({
    text: contentParagraph,
    to: z.string().regex(/^\/\S*$/, 'must be a path of this site, starting with /'),
    bold: z.boolean().optional(),
  }),
  z.strictObject({
    text: contentParagraph,
    href: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address'),
    bold: z.boolean().optional(),
  }),
])

/**
 * A paragraph: one string, or pieces shown one after another with nothing put between them
 * (text exactly as written, spaces included, and links).
 */
const PageParagraphSchema = z.union([
  contentParagraph,
  z.array(z.union([z.string().regex(/^[^\n]+$/, 'must be text on one line'), PageLinkSchema])).min(1),
])

const PageBlockSchema = z.union([
  PageParagraphSchema,
  z.strictObject({ list: z.array(contentParagraph).min(1), ordered: z.boolean().optional() }),
  /** A bold line above the paragraphs it introduces (a question on the support page). */
  z.strictObject({ subheading: contentParagraph }),
])

const DATE = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/
/** The same date in a Spanish file (es/<page>.json): '21 de noviembre de 2026'. */
const SPANISH_DATE = /^\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/

/** One page's file, app/content/pages/<page>.json. */
export const PageContentSchema = z.strictObject({
  meta: z.strictObject({
    title: contentParagraph.endsWith(' – Nightlight', "must end with ' – Nightlight'"),
    description: contentParagraph,
  }),
  title: contentParagraph,
  /** The larger, dimmed line under the title. */
  lead: contentParagraph.optional(),
  /** Shown under the title as 'Last updated <date>'. */
  lastUpdated: z.string().regex(DATE, "must be a date like 'November 21, 2026'").optional(),
  /** Paragraphs under the title, before the first section. */
  intro: z.array(PageParagraphSchema).min(1).optional(),
  sections: z.array(z.strictObject({ heading: contentParagraph, blocks: z.array(PageBlockSchema).min(1) })).min(1),
})

/** A page's Spanish file, app/content/pages/es/<page>.json: the same shape, its date written in Spanish. */
export const SpanishPageContentSchema = PageContentSchema.extend({
  lastUpdated: z.string().regex(SPANISH_DATE, "must be a date like '21 de noviembre de 2026'").optional(),
})

export type PageContent = z.infer<typeof PageContentSchema>
export type PageBlock = z.infer<typeof PageBlockSchema>
export type PageParagraph = z.infer<typeof PageParagraphSchema>
export type PageLink = z.infer<typeof PageLinkSchema>
