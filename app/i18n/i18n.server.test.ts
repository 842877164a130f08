import { execFileSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { createInstance } from 'i18next'
import ICU from 'i18next-icu'
import { getI18n } from 'react-i18next'
import { catalogues } from './catalogues.server'
import { keepingPlainTranslations, translateMessage, translator } from './i18n.server'
import { LANGUAGES, NAMESPACES } from './languages'
import { i18nOptions } from './options'

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

describe('plain words kept by the server', () => {
  function rawInstance(language: 'en' | 'es') {
    const instance = createInstance()
    void instance.use(ICU).init({ ...i18nOptions, lng: language, ns: [...NAMESPACES], resources: catalogues, initImmediate: false })
    return instance
  }

  test('read every key of every catalogue as i18next does, twice, in both languages', () => {
    for (const language of LANGUAGES) {
      const raw = rawInstance(language)
      const kept = keepingPlainTranslations(rawInstance(language), language)
      for (const namespace of NAMESPACES) {
        // English's `messages` is empty: its keys are the English sentences, which Spanish holds.
        const keys = [...new Set(LANGUAGES.flatMap((each) => Object.keys(catalogues[each][namespace] ?? {})))]
        expect(keys.length, namespace).toBeGreaterThan(0)
        const fromRaw = raw.getFixedT(language, namespace)
        const fromKept = kept.getFixedT(language, namespace)
        for (const key of keys) {
          const expected = fromRaw(key)
          expect(fromKept(key), `${language} ${namespace} ${key}`).toBe(expected)
          expect(fromKept(key), `${language} ${namespace} ${key}, again`).toBe(expected)
        }
      }
    }
  })

  test('ask i18next once for a plain word, and every time for words with values or a default', () => {
    const instance = rawInstance('es')
    const asked: unknown[] = []
    const original = instance.t.bind(instance)
    instance.t = ((...args: Parameters<typeof original>) => {
      asked.push(args[0])
      return original(...args)
    }) as typeof instance.t
    const t = keepingPlainTranslations(instance, 'es').getFixedT('es', 'common')
    expect(t('header.logIn')).toBe(t('header.logIn'))
    expect(asked.filter((key) => key === 'header.logIn')).toHaveLength(1)
    expect(t('header.messagesLabel', { unread: 2 })).toBe('Mensajes (2)')
    expect(t('header.messagesLabel', { unread: 3 })).toBe('Mensajes (3)')
    expect(t('no.such.key', { defaultValue: 'Escrito' })).toBe('Escrito')
    expect(t('no.such.key', { defaultValue: 'Otro' })).toBe('Otro')
    expect(asked.filter((key) => key === 'header.messagesLabel')).toHaveLength(2)
    // Another language than the instance's is not kept under its words.
    expect(instance.getFixedT('en', 'common')('header.logIn')).toBe(rawInstance('en').getFixedT('en', 'common')('header.logIn'))
  })

  test('the same key of two namespaces is two words', () => {
    const instance = keepingPlainTranslations(rawInstance('es'), 'es')
    const common = instance.getFixedT('es', 'common')
    const nurse = instance.getFixedT('es', 'nurse')
    const spanish = catalogues.es as Record<string, Record<string, string>>
    const shared = Object.keys(spanish.common).find((key) => key in spanish.nurse && spanish.common[key] !== spanish.nurse[key])
    if (shared) expect(common(shared)).not.toBe(nurse(shared))
    expect(common('header.logIn')).not.toBe(nurse('header.logIn'))
  })
})
