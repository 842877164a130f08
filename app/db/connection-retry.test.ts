import { describe, expect, test, vi } from 'vitest'
import { isConnectionError, mayRetryStatement, retryStatement, retryTransaction } from './connection-retry'

/** Errors as postgres.js and drizzle raise them. */
const serverError = (code: string) => Object.assign(new Error(`server said ${code}`), { name: 'PostgresError', code })
const driverError = (code: string) => Object.assign(new Error(`write ${code}`), { code, errno: code })
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause })

describe('which errors mean the connection broke', () => {
  test.each([
    ['an ended backend (57P01)', serverError('57P01')],
    ['a crashed server (57P02)', serverError('57P02')],
    ['a server starting up (57P03)', serverError('57P03')],
    ['a connection failure (08006)', serverError('08006')],
    ['a reset socket', driverError('ECONNRESET')],
    ['a refused connection', driverError('ECONNREFUSED')],
    ['a closed connection', driverError('CONNECTION_CLOSED')],
    ['a destroyed connection', driverError('CONNECTION_DESTROYED')],
    ['a connect timeout', driverError('CONNECT_TIMEOUT')],
    ['any of them wrapped by drizzle', wrapped(serverError('57P01'))],
  ])('%s', (_, error) => {
    expect(isConnectionError(error)).toBe(true)
  })

  test.each([
    ['a unique violation', serverError('23505')],
    ['an exclusion violation', serverError('23P01')],
    ['a deadlock', serverError('40P01')],
    ['a pool ended by the app itself', driverError('CONNECTION_ENDED')],
    ['a plain error', new Error('boom')],
    ['not an error at all', 'boom'],
  ])('not %s', (_, error) => {
    expect(isConnectionError(error)).toBe(false)
  })
})

describe('a statement outside a transaction', () => {
  test('a read runs again after any connection failure', () => {
    expect(mayRetryStatement('select "id" from "users"', driverError('CONNECTION_CLOSED'))).toBe(true)
    expect(mayRetryStatement('  SELECT 1', driverError('ECONNRESET'))).toBe(true)
  })

  test('a write runs again only when the server ended the session before it could commit', () => {
    const insert = 'insert into "sessions" ("token") values ($1)'
    expect(mayRetryStatement(insert, serverError('57P01'))).toBe(true)
    expect(mayRetryStatement(insert, driverError('CONNECTION_CLOSED'))).toBe(false)
    expect(mayRetryStatement(insert, driverError('ECONNRESET'))).toBe(false)
    expect(mayRetryStatement('with x as (delete from t returning *) select * from x', driverError('ECONNRESET'))).toBe(
      false,
    )
  })

  test('nothing runs again after an error of the statement itself', () => {
    expect(mayRetryStatement('select 1/0', serverError('22012'))).toBe(false)
  })

  test('runs once more on a fresh try, and only once', async () => {
    const run = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(driverError('CONNECTION_CLOSED'))
      .mockResolvedValueOnce('rows')
    const onRetry = vi.fn()
    expect(await retryStatement('select 1', run, onRetry)).toBe('rows')
    expect(run).toHaveBeenCalledTimes(2)
    expect(onRetry).toHaveBeenCalledTimes(1)

    const failing = vi.fn<() => Promise<string>>().mockRejectedValue(driverError('CONNECTION_CLOSED'))
    await expect(retryStatement('select 1', failing)).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' })
    expect(failing).toHaveBeenCalledTimes(2)
  })

  test('a write whose answer was lost is not sent again', async () => {
    const run = vi.fn<() => Promise<string>>().mockRejectedValue(driverError('ECONNRESET'))
    await expect(retryStatement('update "bookings" set "status" = $1', run)).rejects.toMatchObject({
      code: 'ECONNRESET',
    })
    expect(run).toHaveBeenCalledTimes(1)
  })
})

describe('a whole transaction', () => {
  /** A stand-in for drizzle's db.transaction: BEGIN, the body, then COMMIT, which may fail. */
  function fakeBegin(plan: { failCommit?: Error[] } = {}) {
    let attempt = 0
    return vi.fn(async (body: (tx: { attempt: number }) => Promise<string>) => {
      attempt++
      const result = await body({ attempt })
      const commitError = plan.failCommit?.[attempt - 1]
      if (commitError) throw commitError
      return result
    })
  }

  /** A transaction whose body always throws `error` fails with it; the answer is how often the body ran. */
  async function runsOfFailingBody(error: Error & { code: string }): Promise<number> {
    const body = vi.fn(async () => {
      throw error
    })
    await expect(retryTransaction(fakeBegin(), body)).rejects.toMatchObject({ code: error.code })
    return body.mock.calls.length
  }

  test('runs again from the start when its connection broke in the body', async () => {
    const begin = fakeBegin()
    const body = vi.fn(async (tx: { attempt: number }) => {
      if (tx.attempt === 1) throw wrapped(serverError('57P01'))
      return `done on attempt ${tx.attempt}`
    })
    expect(await retryTransaction(begin, body)).toBe('done on attempt 2')
    expect(body).toHaveBeenCalledTimes(2)
  })

  test('runs again at most once', async () => {
    expect(await runsOfFailingBody(driverError('CONNECTION_CLOSED'))).toBe(2)
  })

  test('a connection lost at COMMIT is not retried: it may have committed', async () => {
    const begin = fakeBegin({ failCommit: [driverError('CONNECTION_CLOSED')] })
    const body = vi.fn(async () => 'written')
    await expect(retryTransaction(begin, body)).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' })
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('an error of the body itself is not retried', async () => {
    expect(await runsOfFailingBody(serverError('23P01'))).toBe(1)
  })
})
