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
