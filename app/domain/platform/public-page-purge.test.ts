import { describe, expect, test } from 'vitest'
import { publicPagesOf } from './public-page-purge'

describe('the pages a change to a nurse purges', () => {
  test('her profile and city page at both addresses, and every page that lists nurses', () => {
    const paths = publicPagesOf({ slugs: ['nora-1'], cities: ['austin'] })
    for (const path of ['/', '/search', '/night-nurse', '/nurse/nora-1', '/night-nurse/austin']) {
      expect(paths).toContain(path)
      expect(paths).toContain(path === '/' ? '/es' : `/es${path}`)
    }
    expect(paths).toContain('/_api/nurses/')
    expect(paths).not.toContain('/es/_api/nurses/')
  })

  test('every profile and city page when none is named', () => {
    expect(publicPagesOf({})).toEqual(expect.arrayContaining(['/nurse/', '/es/nurse/', '/night-nurse/', '/es/night-nurse/']))
  })
})
