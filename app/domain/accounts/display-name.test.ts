import { expect, test } from 'vitest'
import { firstName } from './display-name'

test('a display name is called by its first name, whatever the spaces around it', () => {
  expect(firstName('  Jordan  Smith ')).toBe('Jordan')
})
