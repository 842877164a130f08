import type { LoaderFunctionArgs } from '@remix-run/node'
import { renderCalendarFeed } from '~/domain/calendars/calendar-feed.server'
import { listFeedWindows } from '~/domain/reservations/reservations.server'

// GET /calendar/{token}.ics (issue 17): a private calendar subscription. The token is the only key:
// an unknown or revoked one is Not Found, the same answer either way.
export async function loader({ params }: LoaderFunctionArgs) {
  // A due-date reservation's start window is in the feed too, as a tentative all-day event.
  const feed = await renderCalendarFeed(params.token ?? '', new Date(), listFeedWindows)
  if (!feed) throw new Response('Calendar not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return new Response(feed, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="nightlight.ics"',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
