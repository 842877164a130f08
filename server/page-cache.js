// A short-lived in-process cache of whole pages for anonymous visitors (issue 3 item 8), in front
// of Remix: a city page, a profile or a search answered once is served again for up to 30 seconds
// without rendering it. It behaves like a shared HTTP cache that honours our own headers:
// - only GET requests without a Cookie or Authorization header are looked up or stored, so a page
//   rendered for a signed-in visitor (or one carrying a toast) is never stored, and no signed-in
//   visitor is ever answered from here (the pages say `Vary: Cookie`);
// - only 200 answers whose Cache-Control says `public` (and not private/no-store/no-cache) and
//   that set no cookie are stored, for the smaller of their max-age and `ttlMs`;
// - the stored bytes are exactly what was sent (after compression), keyed by URL and the
//   request's Accept-Encoding;
// - one render at a time per page: while it runs, other visitors get the previous copy for up to
//   `staleMs` more (stale-while-revalidate), or wait for it when there is none.
// - an answer that held the request's Content-Security-Policy nonce (`nonceOf`) is sent again with
//   the new request's nonce in its headers and body (csp-nonce.js; docs/decisions/0047);
// Plain JavaScript so server.js can use it without a build step; covered by
// tests/unit/page-cache.test.ts. See docs/decisions/0004-public-page-caching.md.
import { reusableBody } from './csp-nonce.js'

// Files (scripts, styles, images) are served by express.static from disk already; only pages,
// calls and the two crawler files are worth keeping in memory.
const STATIC_FILE = /\.(?!xml$|txt$)[a-z0-9]+$/i

const SKIPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-page-cache'])

function maxAgeMs(cacheControl) {
  if (!/(^|,)\s*public\s*(,|$)/i.test(cacheControl) || /no-store|private|no-cache/i.test(cacheControl)) return 0
  const match = /(?:^|,)\s*(?:s-maxage|max-age)\s*=\s*(\d+)/i.exec(cacheControl)
  return match ? Number(match[1]) * 1000 : 0
}

/**
 * @param {{ttlMs?: number, staleMs?: number, maxEntries?: number, maxEntryBytes?: number, now?: () => number, nonceOf?: (res: import('express').Response) => string | undefined}} [options]
 * @returns {import('express').RequestHandler & {clear: () => void, size: () => number, purge: (paths: string[]) => void}}
 */
export function pageCache(options = {}) {
  const ttlMs = options.ttlMs ?? 30_000
  const staleMs = options.staleMs ?? 30_000
  const maxEntries = options.maxEntries ?? 500
  const maxEntryBytes = options.maxEntryBytes ?? 1_000_000
  const now = options.now ?? Date.now
  const nonceOf = options.nonceOf ?? (() => undefined)
  /**
   * `nonce`: the one the answer was rendered with; `reusable`: its body ready for another
   * (built at its first reuse; null when the body does not hold it).
   * @type {Map<string, {expiresAt: number, staleUntil: number, headers: [string, string | number | string[]][], body: Buffer, encoding?: string, nonce?: string, acceptEncoding: string, reusable?: ReturnType<typeof reusableBody>}>}
   */
  const entries = new Map()
  /** Pages being rendered now, by key: settled when the render's answer is complete. */
  const rendering = new Map()
  /** Keys whose last answer could not be stored: no waiting for them until then. */
  const passUntil = new Map()
  /** Keys purged while their render was under way: that render's answer is not stored. */
  const discard = new Set()

  function remember(key, entry) {
    if (entries.size >= maxEntries) {
      const time = now()
      for (const [k, e] of entries) if (e.staleUntil <= time) entries.delete(k)
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value)
    }
    entries.set(key, entry)
  }

  function send(res, entry, state) {
    res.statusCode = 200
    const nonce = entry.nonce && nonceOf(res)
    if (!nonce) {
      for (const [name, value] of entry.headers) res.setHeader(name, value)
      res.setHeader('X-Page-Cache', state)
      return res.end(entry.body)
    }
    // The policy and the scripts name this answer's nonce, never the one stored.
    const renamed = (value) => (typeof value === 'string' ? value.replaceAll(entry.nonce, nonce) : value)
    for (const [name, value] of entry.headers) res.setHeader(name, Array.isArray(value) ? value.map(renamed) : renamed(value))
    res.setHeader('X-Page-Cache', state)
    if (entry.reusable === undefined) entry.reusable = reusableBody(entry.body, entry.encoding, entry.nonce, entry.acceptEncoding)
    if (!entry.reusable) return res.end(entry.body)
    if (entry.reusable.encoding === 'identity') res.removeHeader('Content-Encoding')
    else res.setHeader('Content-Encoding', entry.reusable.encoding)
    res.end(entry.reusable.fill(nonce))
  }

  /** Lets the request through to Remix and keeps its answer if it may be shared. */
  function render(key, acceptEncoding, res, next) {
    let settle = () => {}
    const done = new Promise((resolve) => (settle = resolve))
    rendering.set(key, done)
    const finish = () => {
      if (rendering.get(key) === done) rendering.delete(key)
      settle()
    }
    res.once('finish', finish)
    res.once('close', finish)

    const chunks = []
    let size = 0
    let tooBig = false
    const collect = (chunk, encoding) => {
      if (tooBig || chunk == null || typeof chunk === 'function') return
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      size += buffer.length
      if (size > maxEntryBytes) tooBig = true
      else chunks.push(Buffer.from(buffer))
    }
    const write = res.write
    const end = res.end
    res.write = function (chunk, encoding, callback) {
      collect(chunk, encoding)
      return write.call(this, chunk, encoding, callback)
    }
    res.end = function (chunk, encoding, callback) {
      collect(chunk, encoding)
      const lifetime = Math.min(ttlMs, maxAgeMs(String(res.getHeader('cache-control') ?? '')))
      const purged = discard.delete(key)
      if (!purged && !tooBig && res.statusCode === 200 && lifetime > 0 && !res.getHeader('set-cookie')) {
        const time = now()
        const headers = Object.entries(res.getHeaders()).filter(([name]) => !SKIPPED_HEADERS.has(name))
        remember(key, {
          expiresAt: time + lifetime,
          staleUntil: time + lifetime + staleMs,
          headers,
          body: Buffer.concat(chunks),
          encoding: /** @type {string | undefined} */ (res.getHeader('content-encoding')),
          nonce: nonceOf(res),
          acceptEncoding,
        })
        passUntil.delete(key)
      } else {
        // Bounded like the entries: endless distinct URLs must not grow memory.
        if (passUntil.size >= maxEntries * 20) passUntil.clear()
        passUntil.set(key, now() + ttlMs)
      }
      return end.call(this, chunk, encoding, callback)
    }
    res.setHeader('X-Page-Cache', 'MISS')
    next()
  }

  /** @type {import('express').RequestHandler} */
  function middleware(req, res, next) {
    if (req.method !== 'GET' || req.headers.cookie || req.headers.authorization || STATIC_FILE.test(req.path)) {
      return next()
    }
    const acceptEncoding = req.headers['accept-encoding'] ?? ''
    const key = `${acceptEncoding}\n${req.originalUrl}`
    const time = now()
    const entry = entries.get(key)
    if (entry && entry.expiresAt > time) return send(res, entry, 'HIT')
    if (entry && entry.staleUntil <= time) entries.delete(key)
    const pass = passUntil.get(key)
    if (pass !== undefined && pass > time) return next()
    const inFlight = rendering.get(key)
    if (!inFlight) return render(key, acceptEncoding, res, next)
    const stale = entries.get(key)
    if (stale) return send(res, stale, 'STALE')
    // The first render of this page is running: wait for it rather than render it again.
    inFlight.then(() => {
      const fresh = entries.get(key)
      if (fresh && fresh.expiresAt > now()) send(res, fresh, 'HIT')
      else render(key, acceptEncoding, res, next)
    })
  }

  /**
   * Drops the stored pages at these paths at once, whatever their query or encoding; a page's
   * `.data` request goes with it, and a path ending in '/' stands for every path under it.
   * @param {string[]} paths
   */
  function purge(paths) {
    const matches = (key) => {
      const url = key.slice(key.indexOf('\n') + 1)
      let pathname = url.split('?')[0]
      if (pathname === '/_root.data') pathname = '/'
      else if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length)
      return paths.some((path) => (path.endsWith('/') && path !== '/' ? pathname.startsWith(path) : pathname === path))
    }
    for (const key of [...entries.keys()]) if (matches(key)) entries.delete(key)
    for (const key of [...passUntil.keys()]) if (matches(key)) passUntil.delete(key)
    // A render already under way may hold the old data: it is not kept.
    for (const key of rendering.keys()) if (matches(key)) discard.add(key)
  }

  return Object.assign(middleware, {
    purge,
    clear: () => {
      entries.clear()
      passUntil.clear()
    },
    size: () => entries.size,
  })
}
