// One keep-alive HTTP connection to a test server, as a browser holds one: each request waits for
// the one before and goes out on the same socket when the server left it open.
import http from 'node:http'

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
  /** The request went out on the socket of an earlier one. */
  reusedSocket: boolean
  /** With `sendFirst`: the answer came before the rest of the body was sent. */
  answeredEarly: boolean
}

export interface RawRequest {
  method?: string
  headers?: Record<string, string>
  body?: Uint8Array | string
  /** Send only this many bytes of the body, and the rest once the answer came (or after `waitMs`). */
  sendFirst?: number
  waitMs?: number
}

export function keepAliveConnection(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

  function request(path: string, options: RawRequest = {}): Promise<RawResponse> {
    const body =
      typeof options.body === 'string' ? Buffer.from(options.body) : Buffer.from(options.body ?? new Uint8Array())
    const { method = 'POST', headers = {}, sendFirst, waitMs = 10_000 } = options
    return new Promise((resolve, reject) => {
      let answeredEarly = false
      let restSent = sendFirst === undefined
      const sendRest = () => {
        if (restSent) return
        restSent = true
        req.end(body.subarray(sendFirst))
      }
      const req = http.request(new URL(path, base), {
        method,
        agent,
        headers: { ...headers, 'Content-Length': String(body.byteLength) },
      })
      const timer = setTimeout(sendRest, waitMs)
      const giveUp = setTimeout(() => req.destroy(new Error(`No answer to ${method} ${path}`)), waitMs + 30_000)
      let answered = false
      // Done when the answer is read and the body sent (then the socket is free again), or could
      // not be sent because the server closed the connection after answering.
      const sent = new Promise<void>((done) => {
        req.on('finish', done)
        req.on('error', () => done())
      })
      req.on('error', (error) => {
        if (answered) return
        clearTimeout(timer)
        clearTimeout(giveUp)
        reject(error)
      })
      req.on('response', (res) => {
        answered = true
        answeredEarly = !restSent
        clearTimeout(timer)
        sendRest()
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        const ended = new Promise((done) => res.on('end', done))
        void Promise.all([ended, sent]).then(() => {
          clearTimeout(giveUp)
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            reusedSocket: req.reusedSocket,
            answeredEarly,
          })
        })
      })
      if (sendFirst === undefined) req.end(body)
      else req.write(body.subarray(0, sendFirst))
    })
  }

  return { request, close: () => agent.destroy() }
}

/** A multipart body as a browser sends it, with its Content-Type. */
export async function multipartBody(fields: Record<string, string | File>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const request = new Request('http://localhost/', {
    method: 'POST',
    body: form,
  })
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    contentType: request.headers.get('Content-Type')!,
  }
}
