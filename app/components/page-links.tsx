import { Button, Group, Text } from '@mantine/core'
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
  return (
    <Group component="nav" aria-label={`${label} pages`} justify="space-between" mt="sm">
      <PageLink to={page > 1 ? hrefFor(page - 1) : null}>Previous</PageLink>
      <Text fz="sm" c="dimmed">
        Page {page} of {totalPages}
      </Text>
      <PageLink to={page < totalPages ? hrefFor(page + 1) : null}>Next</PageLink>
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
