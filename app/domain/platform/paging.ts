// One page of a long list, numbered from 1, twenty rows a page: the admins' outbox, payments,
// nurses, reviews and queues (checks, credentials, profile changes) read their pages this way,
// and so do a nurse's reviews. The admins' bookings, which grow to millions,
// find a page's rows from position marks and cursors instead, with the same size and counting.

/** Rows on one page of a list. */
export const PAGE_SIZE = 20

export interface Paged<T> {
  page: number
  totalPages: number
  totalRows: number
  rows: T[]
}

/** At least one page, so 'Page 1 of 1' reads right over an empty table. */
export function countPages(totalRows: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalRows / pageSize))
}

export function pageOffset(page: number, pageSize = PAGE_SIZE): number {
  return (Math.max(1, page) - 1) * pageSize
}

/**
 * One page of a list, its rows read beside their count. A page past the end (a typed `page=9`, or
 * a link kept while rows went away) shows the last page, so a list never says 'Page 9 of 2' over
 * nothing.
 */
export async function readPage<Row>(
  page: number,
  readRows: (offset: number, limit: number) => PromiseLike<Row[]>,
  countRows: () => PromiseLike<number>,
): Promise<Paged<Row>> {
  const [rows, totalRows] = await Promise.all([readRows(pageOffset(page), PAGE_SIZE), countRows()])
  const totalPages = countPages(totalRows)
  if (page <= totalPages) return { page, totalPages, totalRows, rows }
  return { page: totalPages, totalPages, totalRows, rows: await readRows(pageOffset(totalPages), PAGE_SIZE) }
}

/** The number a `select count() as value` answered. */
export const countOf = (rows: PromiseLike<{ value: number }[]>) => rows.then(([row]) => row.value)
