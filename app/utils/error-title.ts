// A page that answers an error (its loader refused: 404, 403, or it failed) shows the error page,
// and its title must say so in the page's language, not the page's English fallback title. The
// root's loader data carries the three titles in the visitor's language; `withErrorTitle` wraps a
// route's meta so that, when the route has an error, its title is the error's.
import type { MetaDescriptor } from '@remix-run/node'
import { isRouteErrorResponse } from '@remix-run/react'
import type { TFunction } from 'i18next'

export interface ErrorTitles {
  notFound: string
  accessDenied: string
  failed: string
}

const SITE = 'Nightlight'

/** The error page's titles, as the root's loader gives them. */
export function errorTitles(t: TFunction): ErrorTitles {
  return {
    notFound: `${t('error.notFoundTitle')} – ${SITE}`,
    accessDenied: `${t('error.accessDeniedTitle')} – ${SITE}`,
    failed: `${t('error.somethingWrongTitle')} – ${SITE}`,
  }
}

/** The title an error's page takes: not found, access denied, or something went wrong. */
export function errorTitleOf(error: unknown, titles: ErrorTitles): string {
  if (isRouteErrorResponse(error) && error.status === 404) return titles.notFound
  if (isRouteErrorResponse(error) && error.status === 403) return titles.accessDenied
  return titles.failed
}

interface MetaArgsLike {
  error?: unknown
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>
}

/** A route's meta, with the error's title in the page's language when the route has an error. */
export function withErrorTitle<Args>(meta: (args: Args) => MetaDescriptor[]): (args: Args & MetaArgsLike) => MetaDescriptor[] {
  return (args) => {
    const descriptors = meta(args)
    if (!args.error) return descriptors
    const titles = (args.matches.find((match) => match?.id === 'root')?.data as { errorTitles?: ErrorTitles } | undefined)?.errorTitles
    if (!titles) return descriptors
    return [{ title: errorTitleOf(args.error, titles) }, ...descriptors.filter((descriptor) => !('title' in descriptor))]
  }
}
