// `npm start`: builds the app and, at the same time, prepares the embedded database (creating,
// migrating and seeding PGlite is mostly one core's work, and so is most of the build: on two
// cores they take the time of the longer one), then serves the build in this process
// (docs/decisions/0049). With DATABASE_URL the server prepares its database itself.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'

process.env.NODE_ENV = 'production'
const require = createRequire(import.meta.url)

/** Runs a Node script to its end; its output goes to ours, each line marked with `label`. */
function run(label, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = ''
      from.setEncoding('utf8')
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n')
        rest = lines.pop()
        for (const line of lines) to.write(`[${label}] ${line}\n`)
      })
      from.on('end', () => rest && to.write(`[${label}] ${rest}\n`))
    }
    child.on('error', (error) => {
      console.error(`[${label}] ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const started = performance.now()
const [built, prepared] = await Promise.all([
  run('build', [require.resolve('@remix-run/dev/dist/cli.js'), 'vite:build']),
  process.env.DATABASE_URL ? 0 : run('database', ['--import', 'tsx', 'scripts/prepare-database.ts']),
])
if (built !== 0 || prepared !== 0) {
  console.error(built !== 0 ? 'The build failed (above).' : 'The database could not be prepared (above).')
  process.exit(1)
}
console.log(`Built and prepared in ${((performance.now() - started) / 1000).toFixed(1)} s; starting the server…`)
await import('../server.js')
