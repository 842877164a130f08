// The head of a public page (docs/architecture.md, pages for crawlers): title, description,
// canonical, social-card tags and JSON-LD, from the loader's data. Used by the routes' `meta`
// exports.
import type { MetaDescriptor } from '@remix-run/node'
import { SITE_NAME } from '~/domain/content/structured-data'

export const DEFAULT_SOCIAL_IMAGE = '/images/hero-og.png'

interface SeoInput {
  origin: string
  path: string
  title: string
  description: string
  image?: string
  type?: 'website' | 'profile' | 'article'
  noindex?: boolean
  jsonLd?: readonly object[]
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = `${input.origin}${input.path}`
  const image = new URL(input.image ?? DEFAULT_SOCIAL_IMAGE, input.origin).toString()
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
  ]
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex, follow' })
  for (const data of input.jsonLd ?? []) tags.push({ 'script:ld+json': data } as MetaDescriptor)
  return tags
}

/**
 * The `meta` export of a page whose head is the same for every visitor but for the site's origin,
 * which its loader returns as `appOrigin`; the JSON-LD is built from that origin.
 */
export function fixedPageMeta(
  head: Omit<SeoInput, 'origin' | 'jsonLd'> & { jsonLd?: (origin: string) => readonly object[] },
) {
  return ({ data }: { data?: { appOrigin: string } }): MetaDescriptor[] => {
    const origin = data?.appOrigin ?? ''
    return seoMeta({ ...head, origin, jsonLd: head.jsonLd?.(origin) })
  }
}

/**
 * The head of a public page as its loader wrote it, in the request's language (a `meta` export
 * cannot translate): title, description, JSON-LD and the path of the page in that language, whose
 * address is the canonical one.
 */
export interface LoaderHead {
  path: string
  title: string
  description: string
  type?: SeoInput['type']
  noindex?: boolean
  jsonLd?: readonly object[]
}

/** The `meta` export of a page whose loader returns `head` (a LoaderHead) and `appOrigin`. */
export function loaderHeadMeta({ data }: { data?: { appOrigin: string; head: LoaderHead } | null }): MetaDescriptor[] {
  if (!data) return []
  return seoMeta({ ...data.head, origin: data.appOrigin })
}
