import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { isTimeZone, TIME_ZONE_COOKIE, type ViewerZone } from '~/domain/time/viewer-time'

const YEAR_SECONDS = 365 * 24 * 60 * 60

function cookieZone(): string | null {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${TIME_ZONE_COOKIE}=`))
  return pair ? decodeURIComponent(pair.slice(TIME_ZONE_COOKIE.length + 1)) : null
}

function writeCookie(value: string, maxAgeSeconds: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`
}

/** Tells the browser's zone in the cookie; answers the zone once the cookie holds it, else null. */
function tellTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  if (!isTimeZone(zone)) return null
  if (cookieZone() !== zone) writeCookie(zone, YEAR_SECONDS)
  return cookieZone() === zone ? zone : null
}

/**
 * A signed-in visitor's browser tells the server its zone in the `tz` cookie, so the next page
 * writes its moments there (docs/decisions/0050). A signed-out visitor's browser keeps no such
 * cookie: a request with any cookie skips the page cache (docs/decisions/0004), so a left-over
 * one is removed.
 */
export function useTellTimeZone(signedIn: boolean) {
  useEffect(() => {
    if (signedIn) tellTimeZone()
    else if (cookieZone() !== null) writeCookie('', 0)
  }, [signedIn])
}

/**
 * A page whose moments were written in a zone the browser had not told (its first signed-in page
 * load): it is written so by the server and by the browser's first render (hydration matches);
 * then, once the browser has told its zone, the page's data is asked again, once, and its times
 * follow in the viewer's own zone.
 */
export function useMomentsInToldZone(zone: ViewerZone) {
  const revalidator = useRevalidator()
  const asked = useRef(false)
  useEffect(() => {
    if (zone.told || asked.current || !tellTimeZone()) return
    asked.current = true
    revalidator.revalidate()
  }, [zone.told, revalidator])
}
