// The long words of the public pages in Spanish (docs/i18n.md): every English file of
// app/content/pages/ and app/content/cities/ has its Spanish twin in es/, with the same shape (the
// same fields, sections, blocks, lists, links and questions), no empty text and no paragraph left
// in English; the pages and the city pages read the file of the language they are drawn in.
import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, test } from 'vitest'
import { setBrowserLanguage } from '~/i18n/current-language'
import { parseContentFile } from '~/domain/platform/content-files'
import { type PageBlock, PageContentSchema, SpanishPageContentSchema } from '~/domain/content/page-content'
import { inPageLanguage } from '~/domain/content/page-language'
import { cityFaqs } from '~/domain/content/structured-data'
import { CITY_PAGE_SLUGS, GENERIC_FAQS } from '~/domain/places/cities'
import { CITY_PAGES, getCityPage } from '~/domain/places/city-pages'
import { type CityContent, cityContentSchema, type cityFaqSchema, genericFaqsSchema } from '~/domain/places/city-content'
import type { z } from 'zod'

const PAGES = 'app/content/pages'
const CITIES = 'app/content/cities'

const jsonFiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.json')).sort()
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))

/** Every string of a file, with where it sits ('sections[2].blocks[0]'). */
function stringsOf(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${at}[${index}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringsOf(item, at ? `${at}.${key}` : key))
  return []
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']

/** 'November 21, 2026' → '21 de noviembre de 2026'. */
function spanishDate(english: string): string {
  const [, month, day, year] = /^(\w+) (\d{1,2}), (\d{4})$/.exec(english) ?? []
  return `${day} de ${MESES[MONTHS.indexOf(month)]} de ${year}`
}

/** What a block is, and what in it must be the same in both languages: links' targets, a list's length. */
function blockShape(block: PageBlock): unknown {
  if (typeof block === 'string') return 'paragraph'
  if (Array.isArray(block)) {
    return { links: block.flatMap((piece) => (typeof piece === 'string' ? [] : [{ ...piece, text: undefined }])) }
  }
  if ('subheading' in block) return 'subheading'
  return { list: block.list.length, ordered: block.ordered ?? false }
}

/** The pages whose Spanish file opens with a notice that the English version governs. */
const LEGAL_PAGES = ['privacy.json', 'terms.json']
const GOVERNING_NOTICE = /Si hay alguna diferencia entre esta versión en español y la versión en inglés, prevalece la versión en inglés\./

describe('text pages in Spanish (app/content/pages/es)', () => {
  const pages = jsonFiles(PAGES)
  const english = (file: string) => parseContentFile(PageContentSchema, `pages/${file}`, readJson(`${PAGES}/${file}`))
  const spanish = (file: string) => parseContentFile(SpanishPageContentSchema, `pages/es/${file}`, readJson(`${PAGES}/es/${file}`))

  test('every English page has its Spanish file, and there is no other', () => {
    expect(pages.length).toBeGreaterThan(0)
    expect(jsonFiles(`${PAGES}/es`)).toEqual(pages)
  })

  test.each(pages)('es/%s has the shape of a text page', (file) => {
    expect(() => spanish(file)).not.toThrow()
  })

  test.each(pages)('es/%s has the same fields, sections, blocks, lists and links as %s', (file) => {
    const en = english(file)
    const es = spanish(file)
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
    expect(es.lastUpdated).toBe(en.lastUpdated && spanishDate(en.lastUpdated))
    const intro = LEGAL_PAGES.includes(file) ? es.intro?.slice(1) : es.intro
    expect(intro?.map(blockShape)).toEqual(en.intro?.map(blockShape))
    expect(es.sections).toHaveLength(en.sections.length)
    es.sections.forEach((section, index) => {
      expect(section.blocks.map(blockShape), `sections[${index}]`).toEqual(en.sections[index].blocks.map(blockShape))
    })
  })

  test.each(LEGAL_PAGES)('es/%s opens by saying the English version governs', (file) => {
    expect(spanish(file).intro?.[0]).toMatch(GOVERNING_NOTICE)
  })

  test.each(pages)('es/%s has no empty text and no sentence left in English', (file) => {
    const en = new Set(stringsOf(english(file)).map(([, text]) => text))
    for (const [at, text] of stringsOf(readJson(`${PAGES}/es/${file}`))) {
      if (/(^|\.)(to|href)$/.test(at)) continue
      // A paragraph's pieces may be a single space between a link and the text.
      expect(text === ' ' || /\S/.test(text), at).toBe(true)
      if (text.length >= 20 && !/^support@/.test(text)) expect(en.has(text), `${at}: ${text}`).toBe(false)
    }
  })
})

describe('city page text in Spanish (app/content/cities/es)', () => {
  const files = jsonFiles(CITIES)
  const cityFile = (path: string): CityContent => parseContentFile(cityContentSchema, path.slice('app/content/'.length), readJson(path))
  type Faq = z.infer<typeof cityFaqSchema>
  const faqsFile = (path: string): Faq[] => parseContentFile(genericFaqsSchema, path.slice('app/content/'.length), readJson(path))

  test('every English file has its Spanish file, and there is no other', () => {
    expect(files).toEqual([...CITY_PAGE_SLUGS.map((slug) => `${slug}.json`), 'generic-faqs.json'].sort())
    expect(jsonFiles(`${CITIES}/es`)).toEqual(files)
  })

  test.each(CITY_PAGE_SLUGS)('es/%s.json has the shape of a city page text, with as many places and questions', (slug) => {
    const en = cityFile(`${CITIES}/${slug}.json`)
    const es = cityFile(`${CITIES}/es/${slug}.json`)
    expect(Object.keys(es)).toEqual(Object.keys(en))
    // Neighbourhoods and suburbs are names: the same in both languages.
    expect(es.neighborhoods).toEqual(en.neighborhoods)
    expect(es.nearbySuburbs).toEqual(en.nearbySuburbs)
    expect(es.landmarks).toHaveLength(en.landmarks.length)
    expect(es.localContext).toHaveLength(en.localContext.length)
    expect(es.faqs).toHaveLength(en.faqs.length)
    // The prose is Spanish: no paragraph, question or answer is the English one.
    const prose = (content: CityContent) => [...content.localContext, content.pricingContext, content.heroImageAlt, ...content.faqs.flatMap((faq) => [faq.question, faq.answer])]
    const english = new Set(prose(en))
    for (const text of prose(es)) expect(english.has(text), text).toBe(false)
    for (const faq of es.faqs) expect(faq.question).toMatch(/^¿.*\?$/)
  })

  test('es/generic-faqs.json holds as many questions, in Spanish, and states the refund rule', () => {
    const en = faqsFile(`${CITIES}/generic-faqs.json`)
    const es = faqsFile(`${CITIES}/es/generic-faqs.json`)
    expect(es).toHaveLength(en.length)
    es.forEach((faq, index) => {
      expect(faq.question).not.toBe(en[index].question)
      expect(faq.answer).not.toBe(en[index].answer)
      expect(faq.question).toMatch(/^¿.*\?$/)
      expect(faq.answer).not.toMatch(/\$\d/)
    })
    const cancellation = es.find((faq) => /cancelación/i.test(faq.question))
    expect(cancellation?.answer).toMatch(/más de 48 horas de anticipación al inicio de una noche, esa noche se reembolsa en su totalidad/)
    expect(cancellation?.answer).toMatch(/Dentro de las 48 horas .* se reembolsa el 50% de esa noche/)
    expect(es.some((faq) => /entre 4 y 6 semanas antes de tu fecha probable de parto/.test(faq.answer))).toBe(true)
  })

  test('no text in any Spanish city file is empty', () => {
    for (const file of files) {
      for (const [at, text] of stringsOf(readJson(`${CITIES}/es/${file}`))) expect(text.trim(), `es/${file} ${at}`).not.toBe('')
    }
  })
})

describe('the pages read the file of their language', () => {
  afterEach(() => setBrowserLanguage('en'))

  test('a text page shows its English file in English and its Spanish file in Spanish', () => {
    const files = { en: { title: 'About Nightlight' }, es: { title: 'Acerca de Nightlight' } }
    expect(inPageLanguage(files).title).toBe('About Nightlight')
    setBrowserLanguage('es')
    expect(inPageLanguage(files).title).toBe('Acerca de Nightlight')
  })

  test('a city page is its Spanish file in Spanish, and the English page is unchanged', () => {
    const en = getCityPage('boston', 'en')
    expect(en).toBe(CITY_PAGES.boston)
    expect(en?.genericFaqs).toBe(GENERIC_FAQS)
    const es = getCityPage('boston', 'es')
    const spanish = cityContentSchema.parse(readJson(`${CITIES}/es/boston.json`))
    expect(es?.cityName).toBe('Boston')
    expect(es?.localContext).toBe(spanish.localContext.join('\n\n'))
    expect(es?.faqs).toEqual(spanish.faqs)
    expect(es?.pricing).toEqual({ ...CITY_PAGES.boston.pricing, context: spanish.pricingContext })
    expect(es?.heroImage).toEqual({ ...CITY_PAGES.boston.heroImage, alt: spanish.heroImageAlt })
    expect(es?.genericFaqs).toEqual(genericFaqsSchema.parse(readJson(`${CITIES}/es/generic-faqs.json`)))
    // Its FAQ (and the FAQ's structured data) lists the Spanish questions.
    const questions = cityFaqs(es!, []).map((faq) => faq.question)
    expect(questions).toContain(spanish.faqs[0].question)
    expect(questions).toContain('¿Cuál es la política de cancelación?')
    expect(questions).not.toContain('What is the cancellation policy?')
    // The cost question is written for the city, in Spanish, with the same figures.
    const cost = cityFaqs(es!, [38000, 42500]).find((faq) => faq.question === '¿Cuánto cuesta una enfermera nocturna?')
    expect(cost?.answer).toMatch(/^En Boston, las enfermeras nocturnas suelen cobrar entre \$45 y \$70 por hora, alrededor de \$450–\$700 por una noche de 10 horas/)
    expect(cost?.answer).toContain('Las enfermeras de Nightlight de esta página cobran $380–$425 por noche.')
    expect(cityFaqs(en!, [38000, 42500]).find((faq) => faq.question === 'How much does a night nurse cost?')?.answer).toMatch(/^In Boston, night nurses typically charge \$45–\$70 an hour/)
    expect(questions.filter((question) => !question.startsWith('¿'))).toEqual([])
  })

  test('without a language asked, a city page is in the current one', () => {
    expect(getCityPage('austin')).toBe(CITY_PAGES.austin)
    setBrowserLanguage('es')
    expect(getCityPage('austin')?.faqs[0].question).toMatch(/^¿/)
  })
})
