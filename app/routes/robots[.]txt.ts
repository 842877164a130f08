// /robots.txt: crawlers read the public pages, never the dashboards, the booking flow or /_api.
import { getConfig } from '~/config.server'
import { toRobotsTxt } from '~/domain/content/sitemap'

export function loader() {
  return new Response(toRobotsTxt(getConfig().APP_ORIGIN), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
