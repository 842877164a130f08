// Small real files for upload tests: a PNG made by sharp and a one-page PDF made by pdf-lib.
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'

export async function pngBytes(width = 40, height = 30) {
  return new Uint8Array(
    await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: 200, g: 120, b: 80 },
      },
    })
      .png()
      .toBuffer(),
  )
}

export async function pdfBytes(text = 'Government ID') {
  const doc = await PDFDocument.create()
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.addPage([200, 100]).drawText(text, { x: 10, y: 50, size: 12 })
  return doc.save()
}
