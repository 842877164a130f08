// What the app does when a PostgreSQL connection breaks under a statement (issue 9,
// docs/decisions/0010-database-driver-and-faults.md): the driver drops the broken connection and
// opens a fresh one; the statement or transaction that was on it is run once more, when doing so
// cannot apply it twice. client.server.ts installs these around every query and transaction.

/** Server codes that end the session rather than the statement (class 57P: operator intervention; class 08: connection exception). */
const SERVER_CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006'])
/** Codes of the socket and the driver (postgres.js) when the connection itself fails. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
])
// The server answers these before it runs a statement, or instead of finishing it: a statement
// outside a transaction that got one of them did not commit.
const STATEMENT_NEVER_RAN_CODES = new Set(['57P01', '57P02', '57P03'])

/** The codes on an error and its causes (drizzle wraps the driver's error in `cause`). */
function codesOf(error: unknown): string[] {
  const codes: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
    current = (current as { cause?: unknown }).cause
  }
  return codes
}

/** True when the connection failed, not the statement: worth one more try on a fresh connection. */
export function isConnectionError(error: unknown): boolean {
  return codesOf(error).some((code) => SERVER_CONNECTION_CODES.has(code) || SOCKET_CODES.has(code))
}

// An open connection that was lost (rather than one that could not be made): the server ended its
// session, or its socket closed. When the server ends every backend at once (a failover, an
// operator's pg_terminate_backend, a restart), the pool's other connections are lost with it,
// though the driver may not have read their goodbye yet.
const LOST_SESSION_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'EPIPE', 'CONNECTION_CLOSED', 'CONNECTION_DESTROYED'])

/** True when an open connection was lost: the pool's other connections may be lost too (client.server.ts renews it). */
export function isLostSession(error: unknown): boolean {
  return codesOf(error).some((code) => LOST_SESSION_CODES.has(code))
}

/** A statement that only reads (drizzle writes its SQL in lower case; `with` may hide a write). */
export function isReadOnlyStatement(text: string): boolean {
  return /^\s*select\b/i.test(text)
}

/**
 * A write that may be applied twice: the rate limits' counters (rate-limit.server.ts), whose
 * upsert counts one attempt twice at worst. Without it, a booking or a sign-in whose counter's
 * answer was lost with its connection answered 500 (decision 0047).
 */
export function isRepeatableWrite(text: string): boolean {
  return /^\s*insert into "rate_limits"/i.test(text)
}

/**
 * Whether a statement sent outside any transaction may run again after `error`: a read, whenever
 * its connection failed; a write only when the server said it ended the session before the
 * statement could commit (an answer lost with the socket might have been a commit), or when
 * applying it twice does no harm.
 */
export function mayRetryStatement(text: string, error: unknown): boolean {
  if (!isConnectionError(error)) return false
  return isReadOnlyStatement(text) || isRepeatableWrite(text) || codesOf(error).some((code) => STATEMENT_NEVER_RAN_CODES.has(code))
}

/** Called with the failure before the one retry, which waits for it (client.server.ts renews the pool there). */
export type RetryNotice = (error: unknown) => void | Promise<void>

let inFlight = 0

/** Statements and transactions on PostgreSQL this process is waiting on (a metric of pool use). */
export function statementsInFlight(): number {
  return inFlight
}

/** Runs a statement outside a transaction, once more when `mayRetryStatement` allows it. */
export async function retryStatement<T>(text: string, run: () => PromiseLike<T>, onRetry?: RetryNotice): Promise<T> {
  inFlight += 1
  try {
    return await run()
  } catch (error) {
    if (!mayRetryStatement(text, error)) throw error
    await onRetry?.(error)
    return await run()
  } finally {
    inFlight -= 1
  }
}

/**
 * Runs a whole transaction through `begin` (BEGIN, the body, COMMIT), and once more from the start
 * on a fresh connection when the connection failed before the body finished: nothing of it can
 * have committed. A failure once the body is done came from COMMIT, which may have committed on
 * the server: that one is never retried.
 */
export async function retryTransaction<Tx, T>(
  begin: (body: (tx: Tx) => Promise<T>) => PromiseLike<T>,
  body: (tx: Tx) => Promise<T>,
  onRetry?: RetryNotice,
): Promise<T> {
  let bodyDone = false
  const attempt = () =>
    begin(async (tx) => {
      bodyDone = false
      const result = await body(tx)
      bodyDone = true
      return result
    })
  inFlight += 1
  try {
    return await attempt()
  } catch (error) {
    if (bodyDone || !isConnectionError(error)) throw error
    await onRetry?.(error)
    return await attempt()
  } finally {
    inFlight -= 1
  }
}
