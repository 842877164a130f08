import { execFileSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { getI18n } from 'react-i18next'
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

  test('a component rendered without a provider speaks English', () => {
    expect(getI18n().language).toBe('en')
  })

  // `npm start` prepares and seeds the embedded database with tsx, without Vite: the seed writes
  // e-mails, so the translators load there too (their catalogues read from disk).
  test('load without Vite, as the start script\'s database step runs them', () => {
    const script = "const { translator } = await import('./app/i18n/i18n.server.ts'); process.stdout.write(translator('common', 'es')('header.messagesLabel', { unread: 2 }))"
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' })
    expect(output).toBe('Mensajes (2)')
  })
})
