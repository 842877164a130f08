// The catalogues (docs/i18n.md): English and Spanish hold the same keys in every namespace, every
// value is a valid ICU message whose arguments are the same in both languages, and every key the
// code names with t('…') is in a catalogue, so no page shows a key instead of words.
import fs from 'node:fs'
import path from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, test } from 'vitest'
import { LANGUAGES, NAMESPACES } from '~/i18n/languages'

function catalogue(language: string, namespace: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(`app/locales/${language}/${namespace}.json`, 'utf8'))
}

/** The names of a message's arguments ('{count, plural, …}', '{name}'), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    if ('value' in element && typeof element.value === 'string') into.add(element.value)
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into)
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into)
  }
  return into
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('the catalogues', () => {
  test('every namespace has a file in each language', () => {
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) expect(fs.existsSync(`app/locales/${language}/${namespace}.json`)).toBe(true)
    }
  })

  test.each(NAMESPACES.filter((namespace) => namespace !== 'messages'))('%s: the same keys in English and Spanish', (namespace) => {
    const en = Object.keys(catalogue('en', namespace)).sort()
    const es = Object.keys(catalogue('es', namespace)).sort()
    expect({ missingInSpanish: en.filter((key) => !es.includes(key)), onlyInSpanish: es.filter((key) => !en.includes(key)) }).toEqual({
      missingInSpanish: [],
      onlyInSpanish: [],
    })
  })

  test.each(NAMESPACES.filter((namespace) => namespace !== 'messages'))('%s: valid ICU, the same arguments, no empty value', (namespace) => {
    const en = catalogue('en', namespace)
    const es = catalogue('es', namespace)
    const problems: string[] = []
    for (const [key, english] of Object.entries(en)) {
      const spanish = es[key]
      if (typeof english !== 'string' || !english.trim()) problems.push(`${key}: empty in English`)
      if (typeof spanish !== 'string' || !spanish.trim()) problems.push(`${key}: empty in Spanish`)
      if (typeof english !== 'string' || typeof spanish !== 'string') continue
      try {
        const a = [...argumentsOf(parse(english))].sort()
        const b = [...argumentsOf(parse(spanish))].sort()
        if (a.join() !== b.join()) problems.push(`${key}: arguments ${a} in English, ${b} in Spanish`)
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`)
      }
    }
    expect(problems).toEqual([])
  })

  // t(key, values) reads its values as i18next's options too: a value named `lng` switches the
  // language and the message comes out unformatted ('Service radius: {miles} miles…'). `count` is
  // the one option a message may name (its plural).
  test.each(NAMESPACES.filter((namespace) => namespace !== 'messages'))('%s names no argument after an i18next option', (namespace) => {
    const OPTIONS = ['lng', 'lngs', 'ns', 'context', 'defaultValue', 'ordinal', 'replace', 'returnObjects', 'returnDetails', 'joinArrays', 'postProcess', 'interpolation', 'fallbackLng', 'keyPrefix', 'skipInterpolation', 'nsSeparator', 'keySeparator']
    const named = Object.entries(catalogue('en', namespace)).flatMap(([key, value]) =>
      [...argumentsOf(parse(value))].filter((argument) => OPTIONS.includes(argument)).map((argument) => `${key}: {${argument}}`),
    )
    expect(named).toEqual([])
  })

  // <Trans> reads a value's tags as HTML: a void element's name ('<link>', '<br>') closes at once
  // and leaves its words outside the link it was meant to be: the link is drawn empty.
  test.each(NAMESPACES.filter((namespace) => namespace !== 'messages'))('%s names no tag after an HTML void element', (namespace) => {
    const VOID = /<\/?(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/
    for (const language of LANGUAGES) {
      expect(Object.entries(catalogue(language, namespace)).filter(([, value]) => VOID.test(value))).toEqual([])
    }
  })

  test('the Spanish sentences of the server are plain text, never empty', () => {
    const parts = fs.readdirSync('app/locales/es').filter((name) => /^messages(\.[\w-]+)?\.json$/.test(name))
    const messages: Record<string, string> = Object.assign({}, ...parts.map((name) => catalogue('es', name.slice(0, -'.json'.length))))
    expect(Object.entries(messages).filter(([english, spanish]) => !english.trim() || typeof spanish !== 'string' || !spanish.trim())).toEqual([])
    expect(catalogue('en', 'messages')).toEqual({})
  })

  test('a sentence of the server has one Spanish translation, whichever area holds it', () => {
    const parts = fs.readdirSync('app/locales/es').filter((name) => /^messages(\.[\w-]+)?\.json$/.test(name))
    const seen = new Map<string, string>()
    const differing: string[] = []
    for (const name of parts) {
      for (const [english, spanish] of Object.entries(catalogue('es', name.slice(0, -'.json'.length)))) {
        const before = seen.get(english)
        if (before !== undefined && before !== spanish) differing.push(`${english}: '${before}' and '${spanish}' (${name})`)
        seen.set(english, spanish)
      }
    }
    expect(differing).toEqual([])
  })

  test("every key the code names with t('…') is in a catalogue", () => {
    const known = new Set(NAMESPACES.flatMap((namespace) => Object.keys(catalogue('en', namespace))))
    const missing: string[] = []
    for (const file of sourceFiles('app')) {
      const text = fs.readFileSync(file, 'utf8')
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) {
        if (!known.has(match[1])) missing.push(`${file}: ${match[1]}`)
      }
    }
    expect(missing).toEqual([])
  })
})
