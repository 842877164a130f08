import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { languageOfAcceptHeader, languageOfTag } from './languages'
import { isLocalizedPath, LOCALIZED_ROUTES, NURSE_OWN_PAGES, pathInLanguage, unprefixedPath } from './localized-paths'
import { answersByBrowserLanguage, chosenLanguage, languageOfRequest, languageRedirect } from './request-language'

describe('the browser language', () => {
  test.each([
    ['es-US,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,es;q=0.5', 'es'],
    ['en;q=0.2,es-MX;q=0.8', 'es'],
    ['es;q=0, en', 'en'],
    ['fr, de', null],
    ['', null],
    ['ES', 'es'],
  ])('%s → %s', (header, language) => {
    expect(languageOfAcceptHeader(header)).toBe(language)
  })

  test('a tag names its language by its first part', () => {
    expect(languageOfTag('es-US')).toBe('es')
    expect(languageOfTag('en_GB')).toBe('en')
    expect(languageOfTag('pt-BR')).toBeNull()
  })
})

describe('public pages have an address in each language', () => {
  test.each([
    ['/', true],
    ['/search', true],
    ['/search/', true],
    ['/night-nurse', true],
    ['/night-nurse/austin', true],
    ['/nurse/nora-nightingale-1', true],
    ['/nurse/dashboard', false],
    ['/nurse/reports', false],
    ['/parent/dashboard', false],
    ['/messages', false],
    ['/login', true],
    ['/admin/dashboard', false],
  ])('%s localized: %s', (path, localized) => {
    expect(isLocalizedPath(path)).toBe(localized)
  })

  test('a path in Spanish and back', () => {
    expect(pathInLanguage('/search?city=austin#top', 'es')).toBe('/es/search?city=austin#top')
    expect(pathInLanguage('/', 'es')).toBe('/es')
    expect(pathInLanguage('/es/search?page=2', 'en')).toBe('/search?page=2')
    expect(pathInLanguage('/es', 'en')).toBe('/')
    expect(pathInLanguage('/es/nurse/ana', 'es')).toBe('/es/nurse/ana')
    expect(pathInLanguage('/parent/dashboard', 'es')).toBe('/parent/dashboard')
    expect(unprefixedPath('/estate')).toBe('/estate')
  })

  test('every Spanish route is a route file, and every nurse page of her own is listed', () => {
    const files = fs.readdirSync('app/routes')
    for (const { file } of LOCALIZED_ROUTES) expect(files).toContain(file.replace('routes/', ''))
    const own = new Set(
      files
        .filter((name) => name.startsWith('nurse.') && !name.startsWith('nurse.$'))
        .map((name) => name.split('.')[1].replace(/_$/, '').replace(/\[$/, '')),
    )
    expect([...own].sort()).toEqual([...NURSE_OWN_PAGES].sort())
  })
})

describe('the language a request is answered in', () => {
  test('a public page speaks its address', () => {
    expect(languageOfRequest({ path: '/es/search', cookie: 'lang=en', acceptLanguage: 'en' })).toBe('es')
    expect(languageOfRequest({ path: '/search', cookie: 'lang=es', acceptLanguage: 'es' })).toBe('en')
    expect(languageOfRequest({ path: '/es/search.data' })).toBe('es')
    expect(languageOfRequest({ path: '/es/_root.data' })).toBe('es')
  })

  test('another page speaks the choice, else the browser, else English', () => {
    expect(languageOfRequest({ path: '/parent/dashboard', cookie: 'a=1; lang=es', acceptLanguage: 'en' })).toBe('es')
    expect(languageOfRequest({ path: '/parent/dashboard', cookie: null, acceptLanguage: 'es-MX' })).toBe('es')
    expect(languageOfRequest({ path: '/parent/dashboard', cookie: 'lang=en', acceptLanguage: 'es-MX' })).toBe('en')
    expect(languageOfRequest({ path: '/parent/dashboard' })).toBe('en')
    expect(languageOfRequest({ path: '/parent/dashboard', cookie: 'lang=fr' })).toBe('en')
  })

  test('the cookie is read exactly', () => {
    expect(chosenLanguage('xlang=es')).toBeNull()
    expect(chosenLanguage('lang=es; other=1')).toBe('es')
  })
})

describe('a first visit in Spanish is sent to the Spanish address', () => {
  const visit = { method: 'GET', search: '', cookie: null as string | null, acceptLanguage: 'es-US,es;q=0.9' }

  test('by the browser, or the choice', () => {
    expect(languageRedirect({ ...visit, path: '/' })).toBe('/es')
    expect(languageRedirect({ ...visit, path: '/search', search: '?city=austin' })).toBe('/es/search?city=austin')
    expect(languageRedirect({ ...visit, path: '/search', acceptLanguage: 'en', cookie: 'lang=es' })).toBe('/es/search')
  })

  test('never a chooser of English, a page of an account, a post or a page\'s data', () => {
    expect(languageRedirect({ ...visit, path: '/', cookie: 'lang=en' })).toBeNull()
    expect(languageRedirect({ ...visit, path: '/parent/dashboard' })).toBeNull()
    expect(languageRedirect({ ...visit, path: '/login', method: 'POST' })).toBeNull()
    expect(languageRedirect({ ...visit, path: '/search.data' })).toBeNull()
    expect(languageRedirect({ ...visit, path: '/es/search' })).toBeNull()
    expect(languageRedirect({ ...visit, path: '/', acceptLanguage: null })).toBeNull()
  })

  test('the English address of a public page varies with the browser language', () => {
    expect(answersByBrowserLanguage('/search')).toBe(true)
    expect(answersByBrowserLanguage('/es/search')).toBe(false)
    expect(answersByBrowserLanguage('/parent/dashboard')).toBe(false)
  })
})
