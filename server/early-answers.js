// Answers sent before the request body was read (decision 0014): a 401 to an unread JSON post, a
// refused upload part. Plain JavaScript for server.js; covered by tests/http/keep-alive.test.ts.

/**
 * Express middleware, first in line: once an answer has gone out while the request body is still
 * arriving, the rest of the body is read and thrown away, so the connection is ready for the
 * client's next request. Bodies reach a route only when their Content-Length is within the path's
 * limit (bodySizeProblem), so at most that much is drained; a refusal of the length itself
 * (413, 411) says `Connection: close` and Node closes the connection instead.
 * @returns {(req: import('express').Request, res: import('express').Response, next: () => void) => void}
 */
export function drainEarlyAnswers() {
  return (req, res, next) => {
    res.once('finish', () => {
      if (req.complete || res.getHeader('Connection') === 'close') return
      // Remix reads the body through a stream fed by 'data' events and paused when its queue is
      // full: unhooked, the bytes flow straight on and are dropped as they arrive.
      req.removeAllListeners('data')
      req.resume()
    })
    next()
  }
}
