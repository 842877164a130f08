// Form posts that carry files (the nurse application, docs/security.md), read as a stream with
// busboy: each file part goes to a temporary file as it arrives and is refused the moment it is
// over its own limit, so a large body never sits in memory (decision 0014). Reading stops at the
// first refusal; server.js drains what the client still sends. A form's plain fields can be judged
// before any file is kept, and the bytes on disk are capped per request and for the whole server
// together (decision 0046).
import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import busboy from 'busboy'
import { getConfig } from '../config.server'

export interface FormRules {
  /** The file fields the form has, each with the most bytes it may carry. Any other file is refused. */
  files: Record<string, number>
  /** How many text fields, and how long each may be (bytes). */
  maxFields: number
  maxFieldBytes: number
  /** The most file bytes one request may carry together (default: the files' limits added up). */
  maxFileBytes?: number
}

/**
 * What a form's plain fields decide before any of its files is kept (decision 0046). Asked when
 * the first file part starts (a browser sends the fields above the file inputs first), and at the
 * end of the body when it has not answered yet.
 * - `incomplete`: the fields so far cannot be judged yet; files go to disk meanwhile, and the
 *   question is asked again at the end (`complete: true`, when `incomplete` means `accepted`).
 * - `accepted`: these file fields may be kept; any other file is refused as unexpected.
 * - `answered`: reading stops and `withForm` answers this without calling its handler.
 */
export type FieldsVerdict<T> =
  | { verdict: 'incomplete' }
  | { verdict: 'accepted'; files: readonly string[] }
  | { verdict: 'answered'; answer: T }

export type FieldsCheck<T> = (fields: FormData, state: { complete: boolean }) => Promise<FieldsVerdict<T>>

export type FormRefusal =
  | { reason: 'file-too-large'; field: string; maxBytes: number }
  | { reason: 'too-many-files'; field: string }
  | { reason: 'unexpected-file'; field: string }
  | { reason: 'form-too-large' }
  | { reason: 'unreadable' }

/** Thrown when a form breaks its rules; `received` holds the text fields read before it. */
export class FormRefused extends Error {
  constructor(readonly refusal: FormRefusal, readonly received: FormData) {
    super(`The form was refused: ${refusal.reason}`)
  }
}

const MAX_HEADER_PAIRS = 20

export const UPLOADS_BUSY = 'The server is receiving many uploads right now. Please try again in a minute.'

// The file bytes every request of this server holds at once (on disk while they arrive, then in
// memory while a handler reads them): the global in-flight cap of decision 0046.
let inFlightBytes = 0
let inFlightCapForTests: number | undefined

function inFlightCap() {
  return inFlightCapForTests ?? getConfig().UPLOAD_IN_FLIGHT_MB * 1024 * 1024
}

/** Sets the server's in-flight cap for a test (undefined: the configured one again). */
export function setUploadCapForTests(bytes: number | undefined) {
  inFlightCapForTests = bytes
}

/** The file bytes held by requests being read or handled now. */
export function uploadBytesInFlight() {
  return inFlightBytes
}

/** One request's share of the in-flight bytes; given back whole when the request is done. */
class UploadShare {
  held = 0
  /** Takes `bytes` more, or answers false when the server is at its cap. */
  take(bytes: number) {
    if (inFlightBytes + bytes > inFlightCap()) return false
    inFlightBytes += bytes
    this.held += bytes
    return true
  }
  giveBack() {
    inFlightBytes -= this.held
    this.held = 0
  }
}

/** The 503 answer when the server holds as many upload bytes as it may. */
function uploadsBusy() {
  return new Response(UPLOADS_BUSY, {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' },
  })
}

/** Stops reading with the answer of a fields check; caught by withForm. */
class FormAnswered<T> {
  constructor(readonly answer: T) {}
}

/**
 * Reads a multipart (or urlencoded) form under `rules`, runs `handle` with it, and removes the
 * temporary files afterwards. Files are disk-backed File objects: their size and declared type
 * are known at once; their bytes are read only when `handle` asks for them. With `checkFields`,
 * the plain fields are judged before any file is kept (see FieldsVerdict). When the server holds
 * its cap of upload bytes, a 503 Response is thrown.
 */
export async function withForm<T, A = never>(
  request: Request,
  rules: FormRules,
  handle: (form: FormData) => Promise<T>,
  checkFields?: FieldsCheck<A>,
): Promise<T | A> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nightlight-upload-'))
  const share = new UploadShare()
  try {
    const form = await readForm(request, rules, dir, share, checkFields)
    return await handle(form)
  } catch (error) {
    if (error instanceof FormAnswered) return error.answer as A
    throw error
  } finally {
    share.giveBack()
    await rm(dir, { recursive: true, force: true })
  }
}

class PartTooLarge extends Error {}
class UploadsBusy extends Error {}

async function readForm<T>(
  request: Request,
  rules: FormRules,
  dir: string,
  share: UploadShare,
  checkFields: FieldsCheck<T> | undefined,
): Promise<FormData> {
  const received = new FormData()
  const refuse = (refusal: FormRefusal) => new FormRefused(refusal, received)
  const maxFileBytes = rules.maxFileBytes ?? Object.values(rules.files).reduce((sum, bytes) => sum + bytes, 0)
  let fileBytes = 0
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('Content-Type') ?? '' },
      limits: {
        fields: rules.maxFields,
        fieldSize: rules.maxFieldBytes,
        files: Object.keys(rules.files).length,
        headerPairs: MAX_HEADER_PAIRS,
      },
    })
  } catch {
    // Not a form at all (a JSON body, no boundary).
    throw refuse({ reason: 'unreadable' })
  }

  const seenFiles = new Set<string>()
  const spooled: Promise<void>[] = []
  let failure: FormRefused | FormAnswered<T> | Response | undefined
  let signalFailure = () => {}
  const failed = new Promise<void>((resolve) => (signalFailure = resolve))
  const fail = (error: FormRefused | FormAnswered<T> | Response) => {
    failure ??= error
    signalFailure()
  }

  // The fields' verdict: asked once when the first file part starts, again at the end if need be.
  let accepted: ReadonlySet<string> | undefined
  let firstAsk: Promise<void> | undefined
  const ask = async (complete: boolean) => {
    if (!checkFields || accepted) return
    const verdict = await checkFields(received, { complete })
    if (verdict.verdict === 'answered') return fail(new FormAnswered(verdict.answer))
    if (verdict.verdict === 'accepted') accepted = new Set(verdict.files)
    else if (complete) accepted = new Set(Object.keys(rules.files))
  }
  const askBeforeFiles = () =>
    (firstAsk ??= ask(false).catch((error: unknown) => {
      fail(error instanceof Response ? error : refuse({ reason: 'unreadable' }))
    }))

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) return fail(refuse({ reason: 'form-too-large' }))
    received.append(name, value)
  })
  parser.on('file', (name, stream, info) => {
    const maxBytes = rules.files[name]
    // Stopped mid-form, busboy ends its file streams with an error; pipeline() handles the others.
    stream.on('error', () => {})
    if (maxBytes === undefined) {
      stream.resume()
      return fail(refuse({ reason: 'unexpected-file', field: name }))
    }
    if (seenFiles.has(name)) {
      stream.resume()
      return fail(refuse({ reason: 'too-many-files', field: name }))
    }
    seenFiles.add(name)
    // A file input left empty still sends a part, with no name and no bytes.
    const fileName = path.basename(info.filename ?? '') || 'upload'
    const target = path.join(dir, `${seenFiles.size}`)
    let size = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.byteLength
        fileBytes += chunk.byteLength
        if (size > maxBytes) return done(new PartTooLarge())
        if (fileBytes > maxFileBytes) return done(refuse({ reason: 'form-too-large' }))
        if (!share.take(chunk.byteLength)) return done(new UploadsBusy())
        done(null, chunk)
      },
    })
    // The file waits (busboy holds the body meanwhile) until the fields have had their say.
    const spool = askBeforeFiles().then(async () => {
      if (failure) return void stream.resume()
      if (accepted && !accepted.has(name)) {
        stream.resume()
        return fail(refuse({ reason: 'unexpected-file', field: name }))
      }
      await pipeline(stream, counter, createWriteStream(target))
      if (size === 0 && !info.filename) return
      const blob = await openAsBlob(target, { type: info.mimeType })
      received.append(name, new File([blob], fileName, { type: info.mimeType }))
    })
    spooled.push(
      spool.catch((error: unknown) => {
        fail(
          error instanceof PartTooLarge
            ? refuse({ reason: 'file-too-large', field: name, maxBytes })
            : error instanceof FormRefused
              ? error
              : error instanceof UploadsBusy
                ? uploadsBusy()
                : refuse({ reason: 'unreadable' }),
        )
      }),
    )
  })
  for (const event of ['fieldsLimit', 'filesLimit', 'partsLimit'] as const) {
    parser.on(event, () => fail(refuse({ reason: 'form-too-large' })))
  }
  const finished = new Promise<void>((resolve) => {
    parser.once('close', resolve)
    // Also the error busboy reports when it is stopped mid-form (destroy below).
    parser.on('error', () => {
      fail(refuse({ reason: 'unreadable' }))
      resolve()
    })
  })

  // The body is pulled chunk by chunk and stops at the first refusal. The stream is released,
  // not cancelled: cancelling would destroy the connection before the answer is sent.
  const reader = request.body?.getReader()
  if (!reader) throw refuse({ reason: 'unreadable' })
  try {
    while (!failure) {
      const { done, value } = await reader.read()
      if (done) break
      // Busboy waits while a file is being written; a refused file is never written to the end.
      if (!parser.write(value))
        await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), failed, finished])
    }
    if (!failure) {
      parser.end()
      await Promise.race([finished, failed])
    }
    await Promise.all(spooled)
    if (!failure) {
      // No file part asked (or the fields were incomplete then): the fields are judged now, and
      // a file kept before the verdict that the verdict does not take is refused.
      await firstAsk
      await ask(true)
      const unexpected = accepted && [...seenFiles].find((name) => !accepted!.has(name) && received.has(name))
      if (!failure && unexpected) fail(refuse({ reason: 'unexpected-file', field: unexpected }))
    }
  } catch {
    // The client went away mid-body.
    fail(refuse({ reason: 'unreadable' }))
  } finally {
    reader.releaseLock()
    if (failure) parser.destroy()
  }
  if (failure) throw failure
  return received
}
