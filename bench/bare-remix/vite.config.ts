// The bench's reference (issue 13): a bare Remix v2 app, one page with no UI library, built and
// served the way the real app is (Express, compression), so its CPU time per request shows what
// the framework alone costs on the machine the bench runs on. `bench/bare-remix.ts` builds it.
import path from 'node:path'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    remix({
      appDirectory: path.join(import.meta.dirname, 'app'),
      buildDirectory: path.join(import.meta.dirname, 'build'),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
})
