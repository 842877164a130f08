// A refused /_api call names what was wrong, within a bound (issue 33, docs/decisions/0043).
import { expect, test } from 'vitest'
import { z } from 'zod'
import { invalidInput, MAX_ANSWERED_ISSUES } from './api.server'

test('an answer names at most 50 issues however many the input had', async () => {
  const parsed = z.object({ dates: z.array(z.string()) }).safeParse({ dates: Array.from({ length: 100_000 }, () => 0) })
  expect(parsed.success).toBe(false)
  const answer = invalidInput(parsed.error!)
  const text = await answer.text()
  expect(answer.status).toBe(400)
  expect(Object.keys(JSON.parse(text).issues)).toHaveLength(MAX_ANSWERED_ISSUES)
  expect(text.length).toBeLessThan(5_000)
})
