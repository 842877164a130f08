import { expect, test } from './fixtures'
import { spawnSync } from 'node:child_process'

test('the server refuses to start on bad configuration, naming each bad variable', () => {
  const result = spawnSync('node', ['server.js'], {
    env: { ...process.env, PORT: 'abc', DATABASE_URL: 'mysql://nope', PGLITE_DIR: './.data/bad-config/pglite' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain('PORT: PORT must be a whole number')
  expect(result.stderr).toContain('DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://')
})
