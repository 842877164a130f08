import { useLocation } from '@remix-run/react'
import { ButtonLabel, buttonLook } from '~/components/button-look'
import { Link } from '~/components/link'
import { PlainGroup, PlainText } from '~/components/plain-layout'
import { DASHBOARD_PAGE } from '~/schemas/parent-bookings'
import { dashboardHref } from './results'

/**
 * Below a list the dashboard shows a page at a time: how many of how many are shown, and a link
 * that shows the next page too (?bookings= or ?payments=), with or without JavaScript.
 */
export function ShowMore({ param, shown, total, noun }: { param: 'bookings' | 'payments'; shown: number; total: number; noun: string }) {
  const location = useLocation()
  if (total <= shown) return null
  return (
    <PlainGroup gap="sm">
      <Link {...buttonLook('default')} to={dashboardHref(location.search, { [param]: shown + DASHBOARD_PAGE })} preventScrollReset>
        <ButtonLabel>Show more {noun}</ButtonLabel>
      </Link>
      <PlainText size="sm" dimmed>
        Showing {shown} of {total}
      </PlainText>
    </PlainGroup>
  )
}
