// The app's build with Mantine's drawn components as bare elements (bench/mantine-floor/mantine-floor.tsx),
// for the server only: `BUILD_DIR=build-floor npx remix vite:build --config bench/mantine-floor/vite.config.ts`.
// Every import of '@mantine/core' in the app's server code gets the floor module; the floor module's
// own import of it stays Mantine's package, so the provider and the hooks are the ones the rest use.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin, UserConfig } from 'vite'
import app from '../../vite.config'

const FLOOR = fileURLToPath(new URL('./mantine-floor.tsx', import.meta.url))
const ROOT = path.resolve(path.dirname(FLOOR), '../..')

const mantineFloor: Plugin = {
  name: 'mantine-floor',
  enforce: 'pre',
  resolveId(source, importer, options) {
    if (source !== '@mantine/core' || !options?.ssr) return null
    if (importer === FLOOR) return { id: '@mantine/core', external: true }
    return FLOOR
  },
}

const config = app as UserConfig
export default { ...config, root: ROOT, plugins: [mantineFloor, ...(config.plugins ?? [])] } satisfies UserConfig
