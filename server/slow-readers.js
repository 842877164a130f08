// A long download read slowly (the CSV export of every booking). Remix copies a streamed body into
// the Node response without waiting when the response's buffer is full, so a body that is produced
// faster than the client reads would pile up in the server's memory. The app's streams ask this
// before they produce more. Plain JavaScript for server.js; covered by tests/http/slow-reader.test.ts.

/**
 * Resolves once `res` can take more bytes without buffering them: at once while its buffer has
 * room, otherwise when it drains, or when the connection has gone (the stream then ends on its own).
 * @param {import('node:http').ServerResponse} res
 * @returns {Promise<void>}
 */
export function roomToWrite(res) {
  if (!res.writableNeedDrain || res.destroyed || res.writableEnded) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}
