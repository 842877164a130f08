import { describe, expect, test } from 'vitest'
import { countPages, pageOffset, readPage } from './paging'

describe('paging', () => {
  test('an empty table still has one page', () => {
    expect(countPages(0)).toBe(1)
  })

  test('pages hold twenty rows', () => {
    expect(countPages(20)).toBe(1)
    expect(countPages(21)).toBe(2)
    expect(countPages(45)).toBe(3)
  })

  test('page 1 starts at the first row, page 2 at the twenty-first', () => {
    expect(pageOffset(1)).toBe(0)
    expect(pageOffset(2)).toBe(20)
    expect(pageOffset(0)).toBe(0)
  })

  const table = Array.from({ length: 45 }, (_, index) => index + 1)
  const read = (offset: number, limit: number) => Promise.resolve(table.slice(offset, offset + limit))
  const count = () => Promise.resolve(table.length)

  test('a page reads its twenty rows and says how many pages there are', async () => {
    expect(await readPage(2, read, count)).toEqual({ page: 2, totalPages: 3, totalRows: 45, rows: table.slice(20, 40) })
  })

  test('a page past the end shows the last page', async () => {
    expect(await readPage(9, read, count)).toEqual({ page: 3, totalPages: 3, totalRows: 45, rows: table.slice(40) })
  })
})
