import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/integration-setup.ts'],
          // One database per worker, migrated once and emptied between tests (docs/architecture.md).
          isolate: false,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          // The production build (build-e2e) as child processes, over real HTTP: tests/fault breaks
          // things around it (database connections cut, SIGKILL mid-payment, a second process on
          // one PGlite directory); tests/http checks what every route answers (headers, hostile
          // input, keep-alive).
          name: 'server',
          include: ['tests/fault/**/*.test.ts', 'tests/http/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          // `npm run scale:test` (issue 14): three servers of the production build behind nginx on
          // one PostgreSQL database; the tests run in order and print what they checked.
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          sequence: { concurrent: false },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
