import { ButtonLabel, buttonLook, PlainButton } from './button-look'
import { Link } from './link'
import { PlainGroup, PlainText } from './plain-layout'

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
    <PlainGroup component="nav" aria-label={`${label} pages`} justify="space-between" mt="sm">
      <PageLink to={page > 1 ? hrefFor(page - 1) : null}>Previous</PageLink>
      <PlainText size="sm" dimmed>
        Page {page} of {totalPages}
      </PlainText>
      <PageLink to={page < totalPages ? hrefFor(page + 1) : null}>Next</PageLink>
    </PlainGroup>
  )
}

/** Mantine's `<Button variant="default" size="xs">`: a link, or disabled at an end. */
function PageLink({ to, children }: { to: string | null; children: string }) {
  if (to === null) {
    return (
      <PlainButton variant="default" size="xs" disabled>
        {children}
      </PlainButton>
    )
  }
  return (
    <Link {...buttonLook('default', 'xs')} to={to} preventScrollReset>
      <ButtonLabel>{children}</ButtonLabel>
    </Link>
  )
}
