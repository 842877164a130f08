// `npm start`'s database step, run by scripts/start.mjs while the app builds: creates, migrates and
// seeds the embedded database as the server would at start-up (docs/decisions/0049), so the server
// then finds it ready. Does nothing with DATABASE_URL: app servers prepare PostgreSQL themselves.
import { ConfigError } from '../app/config.server'
import { DirectoryInUseError } from '../app/db/pglite-lock.server'
import { prepareEmbeddedDatabase } from '../app/startup.server'

prepareEmbeddedDatabase().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error('Invalid configuration:')
    for (const line of error.lines) console.error(`  ${line}`)
  } else if (error instanceof DirectoryInUseError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exitCode = 1
})
