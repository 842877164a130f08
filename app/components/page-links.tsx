import { Button, Group, Text } from '@mantine/core'
import { Link } from './link'

/** Previous/Next links and 'Page X of Y' (spec 001 §2); an end's button is disabled, not a link. */
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
      {page > 1 ? (
        <Button component={Link} to={hrefFor(page - 1)} variant="default" size="xs" preventScrollReset>
          Previous
        </Button>
      ) : (
        <Button variant="default" size="xs" disabled>
          Previous
        </Button>
      )}
      <Text fz="sm" c="dimmed">
        Page {page} of {totalPages}
      </Text>
      {page < totalPages ? (
        <Button component={Link} to={hrefFor(page + 1)} variant="default" size="xs" preventScrollReset>
          Next
        </Button>
      ) : (
        <Button variant="default" size="xs" disabled>
          Next
        </Button>
      )}
    </Group>
  )
}
