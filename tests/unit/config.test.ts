import { describe, expect, test } from 'vitest'
import { ConfigError, parseConfig } from '../../app/config.server'

const base = { PGLITE_DIR: '/tmp/nightlight-config-test/pglite', SESSION_SECRET: 'x'.repeat(40) }

function problems(env: Record<string, string>) {
  try {
    parseConfig({ ...base, ...env })
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.lines
    throw error
  }
}

describe('configuration', () => {
  test('nothing set gives the embedded default on port 3000 with test payments', () => {
    const config = parseConfig(base)
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.APP_ORIGIN).toBe('http://localhost:3000')
    expect(config.stripeEnabled).toBe(false)
    expect(config.googleEnabled).toBe(false)
  })

  test('each bad variable is named on its own line', () => {
    const lines = problems({ PORT: 'abc', DATABASE_URL: 'mysql://x', STRIPE_SECRET_KEY: 'pk_wrong' })
    expect(lines).toEqual([
      'PORT: PORT must be a whole number',
      'DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://',
      'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must start with sk_',
    ])
  })

  test('keys that only work in pairs are refused alone', () => {
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set together',
    ])
    expect(problems({ GOOGLE_CLIENT_SECRET: 'secret' })).toEqual([
      'GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together',
    ])
  })

  test('production with a database server needs a session secret', () => {
    const lines = problems({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app', SESSION_SECRET: '' })
    expect(lines).toEqual(['SESSION_SECRET: SESSION_SECRET is required in production with DATABASE_URL'])
  })

  test('a short session secret is refused', () => {
    expect(problems({ SESSION_SECRET: 'short' })).toEqual(['SESSION_SECRET: SESSION_SECRET must be at least 32 characters'])
  })

  test('empty variables count as unset', () => {
    expect(parseConfig({ ...base, DATABASE_URL: '', STRIPE_SECRET_KEY: '', PORT: '' }).DATABASE_URL).toBeUndefined()
  })

  test('without a secret, one is made once and kept beside the data', () => {
    const dir = `/tmp/nightlight-config-test-${Date.now()}/pglite`
    const first = parseConfig({ PGLITE_DIR: dir }).SESSION_SECRET
    expect(first).toHaveLength(64)
    expect(parseConfig({ PGLITE_DIR: dir }).SESSION_SECRET).toBe(first)
  })

  test('TRUST_PROXY takes hops or proxy addresses, never "trust everyone"', () => {
    expect(parseConfig(base).TRUST_PROXY).toBeUndefined()
    expect(parseConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(parseConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
    ])
    expect(parseConfig({ ...base, TRUST_PROXY: '::1,fd00::/8' }).TRUST_PROXY).toEqual(['::1', 'fd00::/8'])
    for (const bad of ['true', '*', '0', '11', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2']) {
      expect(problems({ TRUST_PROXY: bad }), bad).toEqual([
        'TRUST_PROXY: TRUST_PROXY must be a number of hops (like 1) or a comma list of proxy addresses or subnets',
      ])
    }
  })

  test('shutdown waits default to no delay and a ten-second deadline', () => {
    const config = parseConfig(base)
    expect(config.SHUTDOWN_DELAY_MS).toBe(0)
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(10_000)
    expect(problems({ SHUTDOWN_TIMEOUT_MS: '-1' })).toHaveLength(1)
  })
})
