// Form posts that carry files (the nurse application, DESIGN.md §6 item 3), read as a stream with
// busboy: each file part goes to a temporary file as it arrives and is refused the moment it is
// over its own limit, so a large body never sits in memory (decision 0014). Reading stops at the
// first refusal; server.js drains what the client still sends.
import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import busboy from 'busboy'

export interface FormRules {
  /** The file fields the form has, each with the most bytes it may carry. Any other file is refused. */
  files: Record<string, number>
  /** How many text fields, and how long each may be (bytes). */
  maxFields: number
  maxFieldBytes: number
}

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

/**
 * Reads a multipart (or urlencoded) form under `rules`, runs `handle` with it, and removes the
 * temporary files afterwards. Files are disk-backed File objects: their size and declared type
 * are known at once; their bytes are read only when `handle` asks for them.
 */
export async function withForm<T>(
  request: Request,
  rules: FormRules,
  handle: (form: FormData) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nightlight-upload-'))
  try {
    const form = await readForm(request, rules, dir)
    return await handle(form)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

class PartTooLarge extends Error {}

async function readForm(request: Request, rules: FormRules, dir: string): Promise<FormData> {
  const received = new FormData()
  const refuse = (refusal: FormRefusal) => new FormRefused(refusal, received)
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
  let failure: FormRefused | undefined
  let signalFailure = () => {}
  const failed = new Promise<void>((resolve) => (signalFailure = resolve))
  const fail = (error: FormRefused) => {
    failure ??= error
    signalFailure()
  }

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
        if (size > maxBytes) return done(new PartTooLarge())
        done(null, chunk)
      },
    })
    spooled.push(
      pipeline(stream, counter, createWriteStream(target)).then(
        async () => {
          if (size === 0 && !info.filename) return
          const blob = await openAsBlob(target, { type: info.mimeType })
          received.append(name, new File([blob], fileName, { type: info.mimeType }))
        },
        (error) => {
          fail(
            error instanceof PartTooLarge
              ? refuse({ reason: 'file-too-large', field: name, maxBytes })
              : refuse({ reason: 'unreadable' }),
          )
        },
      ),
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
