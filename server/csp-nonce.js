// A nonce for every answer's Content-Security-Policy (issue 33, docs/decisions/0047): script-src
// names it instead of 'unsafe-inline', and the app writes it on each inline script it renders. A
// page from the page cache (decision 0004) must carry a new one too, in its body and its header;
// its stored bytes are compressed, so `reusableBody` rebuilds them around the nonce without
// compressing the page again. Plain JavaScript for server.js; tests/unit/csp-nonce.test.ts.
import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'

/** Sets `res.locals.cspNonce`: 16 random bytes, base64. */
export function cspNonces() {
  /** @type {import('express').RequestHandler} */
  return (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    next()
  }
}

function decode(body, encoding) {
  if (!encoding || encoding === 'identity') return body
  if (encoding === 'br') return zlib.brotliDecompressSync(body)
  if (encoding === 'gzip') return zlib.gunzipSync(body)
  if (encoding === 'deflate') return zlib.inflateSync(body)
  return null
}

function split(buffer, needle) {
  const parts = []
  let from = 0
  for (let at = buffer.indexOf(needle, from); at >= 0; at = buffer.indexOf(needle, from)) {
    parts.push(buffer.subarray(from, at))
    from = at + needle.length
  }
  parts.push(buffer.subarray(from))
  return parts
}

// A gzip member: the fixed header (no name, no time, unknown system), then raw deflate blocks,
// then the CRC-32 and the length of what they hold (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/** A stored (uncompressed) deflate block that is not the last, starting on a byte boundary (RFC 1951 §3.2.4). */
function storedBlock(bytes) {
  const head = Buffer.alloc(5)
  head.writeUInt16LE(bytes.length, 1)
  head.writeUInt16LE(~bytes.length & 0xffff, 3)
  return [head, bytes]
}

const acceptsGzip = (acceptEncoding) => /(^|,)\s*gzip\s*(,|;(?!\s*q=0(\.0*)?\s*(,|$))|$)/i.test(acceptEncoding)

/**
 * A stored answer that held `nonce`, made ready to be sent with another one: the pieces between
 * its occurrences are compressed once, each as a deflate stream of its own that ends on a byte
 * boundary (so nothing after refers back into it), and each answer gets the nonce as a stored
 * block between them, in one gzip member. Brotli has no such seam: a client that accepts gzip gets
 * gzip, any other the plain bytes. Null when the body does not hold the nonce (JSON, `.data`):
 * its bytes can be sent as they are.
 * @param {Buffer} body the bytes as sent, encoded by `contentEncoding`
 * @param {string | undefined} contentEncoding
 * @param {string} nonce the nonce the body was rendered with
 * @param {string} acceptEncoding the request's, which chose the stored encoding
 * @returns {{encoding: 'gzip' | 'identity', fill: (nonce: string) => Buffer} | null}
 */
export function reusableBody(body, contentEncoding, nonce, acceptEncoding) {
  const plain = decode(body, contentEncoding)
  const needle = Buffer.from(nonce)
  if (!plain || plain.indexOf(needle) < 0) return null
  const pieces = split(Buffer.from(plain), needle)
  if (!contentEncoding || contentEncoding === 'identity' || !acceptsGzip(acceptEncoding)) {
    return {
      encoding: 'identity',
      fill: (fresh) => Buffer.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : [Buffer.from(fresh), piece]))),
    }
  }
  const last = pieces.length - 1
  const deflated = pieces.map((piece, i) =>
    zlib.deflateRawSync(piece, i === last ? {} : { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  )
  const plainLength = pieces.reduce((sum, piece) => sum + piece.length, 0)
  return {
    encoding: 'gzip',
    fill(fresh) {
      const value = Buffer.from(fresh)
      let crc = zlib.crc32(pieces[0])
      const parts = [GZIP_HEADER, deflated[0]]
      for (let i = 1; i <= last; i++) {
        crc = zlib.crc32(pieces[i], zlib.crc32(value, crc))
        parts.push(...storedBlock(value), deflated[i])
      }
      const trailer = Buffer.alloc(8)
      trailer.writeUInt32LE(crc >>> 0, 0)
      trailer.writeUInt32LE((plainLength + last * value.length) % 2 ** 32, 4)
      parts.push(trailer)
      return Buffer.concat(parts)
    },
  }
}
