// Uploaded files (docs/security.md): checked by content and size, served only to those allowed.
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { files, nurseProfiles } from '../../app/db/schema'
import { storeUpload } from '../../app/domain/nurses/files.server'
import { saveOnboardingStep } from '../../app/domain/nurses/onboarding.server'
import * as fileRoute from '../../app/routes/files.$fileId'
import { createUser } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'
import { pdfBytes, pngBytes } from '../support/upload-fixtures'

const NOW = new Date('2026-11-21T12:00:00Z')

async function fetchFile(fileId: number, cookie?: string) {
  return call(fileRoute.loader, makeRequest(`/files/${fileId}`, { cookie }), {
    fileId: String(fileId),
  })
}

describe('storing uploads', () => {
  test('a photo is re-encoded as a JPEG no larger than 800 px', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const result = await storeUpload({
      ownerId: nurse.id,
      kind: 'photo',
      bytes: await pngBytes(1600, 1200),
    })
    expect(result).toMatchObject({ ok: true, mediaType: 'image/jpeg' })
    if (!result.ok) return
    const [row] = await getDb().select().from(files).where(eq(files.id, result.fileId))
    const meta = await sharp(row.bytes).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.width).toBe(800)
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  test('a PNG named .pdf is stored as the PNG it is, and a text file declared as image/png is refused', async () => {
    const nurse = await createUser({ role: 'nurse' })
    // Named and declared as a PDF, but the bytes are a PNG: stored as what it is.
    const png = await storeUpload({
      ownerId: nurse.id,
      kind: 'id_document',
      bytes: await pngBytes(),
      declaredName: 'passport.pdf',
      declaredType: 'application/pdf',
    })
    expect(png).toMatchObject({ ok: true, mediaType: 'image/png' })
    // A text file declared as image/png is refused by its content.
    const text = await storeUpload({
      ownerId: nurse.id,
      kind: 'photo',
      bytes: new TextEncoder().encode('hello, I am not a picture'),
      declaredName: 'me.png',
      declaredType: 'image/png',
    })
    expect(text).toEqual({
      ok: false,
      error: 'Invalid file type. Accepted: .jpg, .jpeg, .png',
    })
  })

  test('a PDF renamed .png is refused as a photo', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const result = await storeUpload({
      ownerId: nurse.id,
      kind: 'photo',
      bytes: await pdfBytes(),
      declaredName: 'me.png',
      declaredType: 'image/png',
    })
    expect(result).toEqual({
      ok: false,
      error: 'Invalid file type. Accepted: .jpg, .jpeg, .png',
    })
  })

  test('a 6 MB photo is refused and nothing is stored', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const big = new Uint8Array(6 * 1024 * 1024)
    big.set(await pngBytes())
    const result = await storeUpload({
      ownerId: nurse.id,
      kind: 'photo',
      bytes: big,
    })
    expect(result).toEqual({ ok: false, error: 'File size exceeds 5MB limit' })
    expect(await getDb().select({ id: files.id }).from(files).where(eq(files.ownerId, nurse.id))).toHaveLength(0)
  })
})

describe('serving files', () => {
  async function applicantWithFiles() {
    const nurse = await createUser({ role: 'nurse' })
    const saved = await saveOnboardingStep({
      user: nurse,
      changes: {
        phoneNumber: '512-555-0100',
        baseLocation: 'Austin, TX',
        nightlyRateCents: 30000,
      },
      uploads: { photo: await pngBytes(), id_document: await pdfBytes() },
      submitForReview: true,
      now: NOW,
    })
    if (!saved.ok) throw new Error(saved.error)
    const idFileId = Number(saved.profile.idDocumentUrl!.split('/').pop())
    const photoFileId = Number(saved.profile.photoUrl!.split('/').pop())
    return { nurse, idFileId, photoFileId, profileId: saved.profile.id! }
  }

  test('an ID document is served to its nurse and to admins, and is a 404 for anyone else', async () => {
    const { nurse, idFileId } = await applicantWithFiles()
    const admin = await createUser({ role: 'admin' })
    const otherNurse = await createUser({ role: 'nurse' })
    const parent = await createUser({ role: 'parent' })

    const own = await fetchFile(idFileId, await cookieFor(nurse.id))
    expect(own.status).toBe(200)
    expect(own.headers.get('Content-Type')).toBe('application/pdf')
    expect(own.headers.get('X-Content-Type-Options')).toBe('nosniff')
    // Downloaded, not shown: browsers will not run their PDF viewer in the sandbox documents get.
    expect(own.headers.get('Content-Disposition')).toBe(`attachment; filename="id-document-${idFileId}.pdf"`)
    expect(own.headers.get('Cache-Control')).toBe('private, no-store')
    expect(own.headers.get('Content-Security-Policy')).toMatch(/^sandbox/)
    expect(new TextDecoder().decode((await own.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

    expect((await fetchFile(idFileId, await cookieFor(admin.id))).status).toBe(200)
    expect((await fetchFile(idFileId, await cookieFor(otherNurse.id))).status).toBe(404)
    expect((await fetchFile(idFileId, await cookieFor(parent.id))).status).toBe(404)
    expect((await fetchFile(idFileId)).status).toBe(404)
    // The same answer as a file that does not exist.
    expect((await fetchFile(idFileId + 1000)).status).toBe(404)
  })

  test('a photo is public once its nurse is approved, and private before', async () => {
    const { photoFileId, profileId } = await applicantWithFiles()
    expect((await fetchFile(photoFileId)).status).toBe(404)

    await getDb().update(nurseProfiles).set({ verificationStatus: 'approved' }).where(eq(nurseProfiles.id, profileId))
    const response = await fetchFile(photoFileId)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    expect(response.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+/)
    expect(response.headers.get('Content-Security-Policy')).toBeNull()
  })
})
