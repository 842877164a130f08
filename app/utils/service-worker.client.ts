// The nurse's pages offline (docs/decisions/0074): in a production build, a signed-in nurse's
// pages register the service worker (/sw.js, made by Workbox at build time: scripts/vite-service-worker.ts).
// Its scope is /nurse/, so a family's or an admin's pages are never its clients.
// Once it controls the page, the page and the night reports it links to are asked once through
// it, so they open without a connection later (it keeps only what passes through it).

export const SERVICE_WORKER_SCOPE = '/nurse/'
const REPORT_LINK = /^\/nurse\/reports\/\d+$/

export function registerNurseServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return
  const warm = () => {
    const here = `${location.pathname}${location.search}`
    if (!here.startsWith(SERVICE_WORKER_SCOPE)) return
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/nurse/reports/"]')]
      .map((link) => new URL(link.href).pathname)
      .filter((path) => REPORT_LINK.test(path))
    for (const path of new Set([here, ...links])) {
      void fetch(path, { credentials: 'same-origin', redirect: 'manual' }).catch(() => undefined)
    }
  }
  navigator.serviceWorker
    .register('/sw.js', { scope: SERVICE_WORKER_SCOPE })
    .then(() => {
      if (navigator.serviceWorker.controller) warm()
      else navigator.serviceWorker.addEventListener('controllerchange', warm, { once: true })
    })
    .catch(() => undefined)
}
