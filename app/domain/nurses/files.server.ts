// Uploaded files (docs/security.md): checked by their bytes, never by their name; photos
// re-encoded (which also drops their metadata); identity and certification documents readable only
// by the nurse who owns them and by admins.
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { getDb, type DbOrTx } from '../../db/client.server'
import { files, nurseProfiles } from '../../db/schema'
import { fileSizeMessage, invalidFileTypeMessage, maxUploadBytes, UPLOAD_RULES, type UploadKind } from './onboarding'

const PHOTO_MAX_EDGE_PX = 800

export interface PreparedUpload {
  kind: UploadKind
  mediaType: string
  bytes: Uint8Array
}

export type PrepareResult = { ok: true; upload: PreparedUpload } | { ok: false; error: string }

/**
 * Validates an upload by its content and size, and re-encodes photos. Touches no database, so a
 * request with several files can check them all before storing any.
 */
export async function prepareUpload(kind: UploadKind, bytes: Uint8Array): Promise<PrepareResult> {
  const rules = UPLOAD_RULES[kind]
  if (bytes.byteLength > maxUploadBytes(kind)) return { ok: false, error: fileSizeMessage(rules.maxMb) }
  const detected = bytes.byteLength > 0 ? await fileTypeFromBuffer(bytes) : undefined
  if (!detected || !rules.mediaTypes.includes(detected.mime)) {
    return { ok: false, error: invalidFileTypeMessage(rules.extensions) }
  }
  if (kind !== 'photo') return { ok: true, upload: { kind, mediaType: detected.mime, bytes } }
  try {
    const encoded = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({
        width: PHOTO_MAX_EDGE_PX,
        height: PHOTO_MAX_EDGE_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
    return {
      ok: true,
      upload: { kind, mediaType: 'image/jpeg', bytes: new Uint8Array(encoded) },
    }
  } catch {
    // A header that says PNG over bytes that are not a picture.
    return { ok: false, error: invalidFileTypeMessage(rules.extensions) }
  }
}

/** Stores a prepared upload for its owner; answers the new file id. */
export async function insertUpload(tx: DbOrTx, ownerId: number, upload: PreparedUpload): Promise<number> {
  const [row] = await tx
    .insert(files)
    .values({
      ownerId,
      kind: upload.kind,
      mediaType: upload.mediaType,
      sizeBytes: upload.bytes.byteLength,
      sha256: createHash('sha256').update(upload.bytes).digest('hex'),
      bytes: upload.bytes,
    })
    .returning({ id: files.id })
  return row.id
}

/** Validates and stores one upload. The declared name and type are not trusted; the bytes decide. */
export async function storeUpload(input: {
  ownerId: number
  kind: UploadKind
  bytes: Uint8Array
  declaredName?: string
  declaredType?: string
}): Promise<{ ok: true; fileId: number; mediaType: string } | { ok: false; error: string }> {
  const prepared = await prepareUpload(input.kind, input.bytes)
  if (!prepared.ok) return prepared
  const fileId = await insertUpload(getDb(), input.ownerId, prepared.upload)
  return { ok: true, fileId, mediaType: prepared.upload.mediaType }
}

export interface ServedFile {
  id: number
  kind: UploadKind
  mediaType: string
  bytes: Uint8Array
  /** A photo anyone may see (its nurse is approved); everything else is private. */
  isPublic: boolean
}

export interface FileViewer {
  id: number
  role: 'parent' | 'nurse' | 'admin'
}

/**
 * The file if this viewer may read it, else null: an approved nurse's profile photo is public;
 * any other file only its owner and admins. Null alike for missing and forbidden files, so the
 * answer does not reveal that a private document exists.
 */
export async function getFileForViewer(input: {
  fileId: number
  viewer: FileViewer | null
}): Promise<ServedFile | null> {
  const [row] = await getDb()
    .select({
      id: files.id,
      ownerId: files.ownerId,
      kind: files.kind,
      mediaType: files.mediaType,
      bytes: files.bytes,
      approvedPhotoOf: nurseProfiles.id,
    })
    .from(files)
    .leftJoin(
      nurseProfiles,
      and(
        eq(nurseProfiles.photoFileId, files.id),
        eq(nurseProfiles.userId, files.ownerId),
        eq(nurseProfiles.verificationStatus, 'approved'),
      ),
    )
    .where(eq(files.id, input.fileId))
    .limit(1)
  if (!row) return null
  const isPublic = row.kind === 'photo' && row.approvedPhotoOf !== null
  const viewer = input.viewer
  const mayRead = isPublic || (viewer !== null && (viewer.role === 'admin' || viewer.id === row.ownerId))
  if (!mayRead) return null
  return { id: row.id, kind: row.kind, mediaType: row.mediaType, bytes: row.bytes, isPublic }
}
