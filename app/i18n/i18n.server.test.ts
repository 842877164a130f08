import { describe, expect, test } from 'vitest'
import { translateMessage, translator } from './i18n.server'

describe("the server's translators", () => {
  test('format ICU plurals in each language', () => {
    expect(translator('common', 'en')('header.messagesLabel', { unread: 0 })).toBe('Messages')
    expect(translator('common', 'en')('header.messagesLabel', { unread: 3 })).toBe('Messages (3)')
    expect(translator('common', 'es')('header.messagesLabel', { unread: 3 })).toBe('Mensajes (3)')
    expect(translator('common', 'es')('header.messagesName', { unread: 1 })).toBe('Mensajes, 1 sin leer')
  })

  test("read the server's sentences as plain text, and leave one they do not hold as written", () => {
    expect(translateMessage('Choose English or Spanish.', 'es')).toBe('Elige inglés o español.')
    expect(translateMessage('Choose English or Spanish.', 'en')).toBe('Choose English or Spanish.')
    expect(translateMessage('A sentence no catalogue holds {x}.', 'es')).toBe('A sentence no catalogue holds {x}.')
  })
})
