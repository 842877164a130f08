// `npm run db:migrate`: applies the migrations in drizzle/ to the database the app would use
// (DATABASE_URL, else PGLITE_DIR), as the server does at start-up, under the same lock: the deploy
// step before starting several servers (README 'Deploy'). Never against the directory of a
// running PGlite app: the directory lock refuses it. The image runs `node server.js --migrate`.
import { migrateDatabase } from '../app/startup.server'

migrateDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: process.env.PGLITE_DIR ?? './.data/pglite',
})
  .then((message) => console.log(message))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
