// Writes the service worker of the nurse's pages (docs/decisions/0074) with Workbox's generateSW,
// once Remix's browser build is written: `<build>/client/sw.js`, served at /sw.js. What it keeps:
//  - the build's scripts and stylesheets, the icons and the manifest (precached: the pages need
//    them to start without a connection);
//  - the nurse's dashboard and her night report pages, documents and their data, network first
//    with the copy of the last visit when the network fails or is slower than 4 s.
// Its pushes are shown by public/push-sw.js, which it imports.
// Nothing else: not a family's or an admin's page (they are outside its scope, /nurse/), not /_api.
// The matchers run inside the worker, so each is written out whole (no outside names).
import path from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'
import { generateSW } from 'workbox-build'

export function nurseServiceWorker(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'nightlight-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    async closeBundle() {
      if (config.build.ssr) return
      const outDir = path.resolve(config.root, config.build.outDir)
      const { count, size, warnings } = await generateSW({
        swDest: path.join(outDir, 'sw.js'),
        globDirectory: outDir,
        globPatterns: ['assets/**/*.{js,css}', 'icons/*.png', 'favicon.svg', 'manifest.webmanifest'],
        // Hashed names need no revision of their own.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        mode: 'production',
        sourcemap: false,
        inlineWorkboxRuntime: true,
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        cacheId: 'nightlight',
        // Web Push's handlers (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        runtimeCaching: [
          {
            // Her dashboard and night report pages (any tab: the query is not part of the match).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/nurse\/(?:dashboard|reports\/\d+)\/?$/.test(url.pathname),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'nightlight-nurse-pages',
              networkTimeoutSeconds: 4,
              matchOptions: { ignoreSearch: true, ignoreVary: true },
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 40, maxAgeSeconds: 14 * 24 * 60 * 60 },
            },
          },
          {
            // The same pages' data for a navigation inside the app, and the route list it asks for.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && (/^\/nurse\/(?:dashboard|reports\/\d+)\.data$/.test(url.pathname) || url.pathname === '/__manifest'),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'nightlight-nurse-data',
              networkTimeoutSeconds: 4,
              matchOptions: { ignoreVary: true },
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 80, maxAgeSeconds: 14 * 24 * 60 * 60 },
            },
          },
        ],
      })
      for (const warning of warnings) config.logger.warn(`service worker: ${warning}`)
      config.logger.info(`service worker: ${count} files precached (${Math.round(size / 1024)} KB)`)
    },
  }
}
