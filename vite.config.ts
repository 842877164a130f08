import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { LOCALIZED_ROUTES, SPANISH_PREFIX } from './app/i18n/localized-paths'
import { nurseServiceWorker } from './scripts/vite-service-worker'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  plugins: [
    remix({
      // BUILD_DIR lets a second build (a test run) live beside the usual one.
      buildDirectory: process.env.BUILD_DIR ?? 'build',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
      // The public pages' Spanish addresses (docs/i18n.md): '/es/search' is routes/search.tsx
      // again, under a route id of its own; the page speaks the address's language.
      routes: (defineRoutes) =>
        defineRoutes((route) => {
          for (const { file, path } of LOCALIZED_ROUTES) {
            route(`${SPANISH_PREFIX.slice(1)}/${path}`.replace(/\/$/, ''), file, { id: `es/${file.replace(/\.tsx$/, '')}` })
          }
        }),
    }),
    tsconfigPaths(),
    nurseServiceWorker(),
  ],
  // Server-only packages with native or WASM builds must not be pre-bundled for the browser
  // (Vite's dep scan reaches @node-rs/argon2's browser build: docs/architecture.md).
  optimizeDeps: {
    exclude: ['@node-rs/argon2', '@electric-sql/pglite', 'postgres', 'nodemailer', 'stripe', 'pdf-lib'],
  },
  ssr: {
    external: ['@node-rs/argon2', '@electric-sql/pglite'],
  },
})
