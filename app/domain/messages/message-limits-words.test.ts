// The limits' refusals in the reader's language: the English catalogue writes exactly what the
// counting writes, the Spanish one Spanish, and a sentence that is not a limit's stays as it is.
import { describe, expect, test } from 'vitest'
import { translator } from '../../i18n/i18n.server'
import { limitRefusalIn, TOO_MANY_MESSAGES_NOW, tooManyInConversation, tooManyWithoutBooking } from './message-limits'

const english = translator('conversations', 'en')
const spanish = translator('conversations', 'es')

describe('a limit refusal in the reader language', () => {
  test('English: the same sentence as the counting writes', () => {
    expect(limitRefusalIn(TOO_MANY_MESSAGES_NOW, 30, english)).toBe(TOO_MANY_MESSAGES_NOW)
    for (const seconds of [20, 60, 61, 1800, 3600]) expect(limitRefusalIn(tooManyWithoutBooking(seconds), seconds, english)).toBe(tooManyWithoutBooking(seconds))
    for (const seconds of [30, 600, 5399, 5400, 7200, 80_000]) {
      expect(limitRefusalIn(tooManyInConversation(seconds), seconds, english)).toBe(tooManyInConversation(seconds))
    }
  })

  test('Spanish', () => {
    expect(limitRefusalIn(TOO_MANY_MESSAGES_NOW, 30, spanish)).toBe('Estás enviando mensajes demasiado rápido. Espera un minuto y vuelve a intentarlo.')
    expect(limitRefusalIn(tooManyWithoutBooking(60), 60, spanish)).toMatch(/Vuelve a intentarlo en 1 minuto\.$/)
    expect(limitRefusalIn(tooManyInConversation(7200), 7200, spanish)).toMatch(/^Hoy enviaste 200 mensajes .* 2 horas\.$/)
    expect(limitRefusalIn('This conversation could not be found.', 0, spanish)).toBe('This conversation could not be found.')
  })
})
