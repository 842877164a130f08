import { Button, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from './link'

/** Previous/Next links and 'Page X of Y'; an end's button is disabled, not a link. */
export function PageLinks({
  page,
  totalPages,
  hrefFor,
  label,
}: {
  page: number
  totalPages: number
  hrefFor: (page: number) => string
  label: string
}) {
  const { t } = useTranslation()
  return (
    <Group component="nav" aria-label={t('pages.navLabel', { label })} justify="space-between" mt="sm">
      <PageLink to={page > 1 ? hrefFor(page - 1) : null}>{t('pages.previous')}</PageLink>
      <Text fz="sm" c="dimmed">
        {t('pages.pageOf', { page, totalPages })}
      </Text>
      <PageLink to={page < totalPages ? hrefFor(page + 1) : null}>{t('pages.next')}</PageLink>
    </Group>
  )
}

function PageLink({ to, children }: { to: string | null; children: string }) {
  if (to === null) {
    return (
      <Button variant="default" size="xs" disabled>
        {children}
      </Button>
    )
  }
  return (
    <Button component={Link} variant="default" size="xs" to={to} preventScrollReset>
      {children}
    </Button>
  )
}

/**
 * The query string of the same address at another page of one of its lists: `parameter` set to
 * `page` (left out for the first page), every other parameter kept but those in `drop`.
 * '?dates=…&reviews=2' at page 3 is '?dates=…&reviews=3'; at page 1, '?dates=…'.
 */
export function searchAtPage(search: string, parameter: string, page: number, drop: readonly string[] = []): string {
  const params = new URLSearchParams(search)
  for (const name of [parameter, ...drop]) params.delete(name)
  if (page > 1) params.set(parameter, String(page))
  const query = params.toString()
  return query ? `?${query}` : ''
}
