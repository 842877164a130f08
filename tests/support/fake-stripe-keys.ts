// The describe blocks that run the app on Stripe: the real SDK against a local fake Stripe API,
// started before the block's tests with test keys (and any webhook secrets the block names),
// cleared after it, and emptied before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { resetConfigForTests } from '../../app/config.server'
import { startFakeStripe, type FakeStripe } from './fake-stripe'

/**
 * Call inside a describe block. The answer stands for the block's fake Stripe, started in its
 * beforeAll: read it only inside hooks and tests.
 */
export function runOnFakeStripe(extraEnv: Record<string, string> = {}): FakeStripe {
  let current: FakeStripe | undefined
  const env: Record<string, string> = { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', ...extraEnv }

  beforeAll(async () => {
    current = await startFakeStripe()
    Object.assign(process.env, env, { STRIPE_API_BASE: current.url })
    resetConfigForTests()
  })

  afterAll(async () => {
    for (const key of [...Object.keys(env), 'STRIPE_API_BASE']) delete process.env[key]
    resetConfigForTests()
    await current?.stop()
  })

  beforeEach(() => current?.reset())

  return new Proxy({} as FakeStripe, {
    get(_, key) {
      if (!current) throw new Error('The fake Stripe API starts in beforeAll: read it inside hooks and tests.')
      const value = Reflect.get(current, key, current)
      return typeof value === 'function' ? value.bind(current) : value
    },
  })
}
