// What every PDF the app writes shares (receipts, payout statements): a US Letter document in
// Helvetica with the house colours, and text made safe for the standard fonts. pdf-lib.
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'

export const PAGE = { width: 612, height: 792 }
export const MARGIN = 54
export const INK = rgb(0.11, 0.12, 0.17)
export const MUTED = rgb(0.36, 0.38, 0.45)
export const BRAND = rgb(0.14, 0.2, 0.545)
export const RULE = rgb(0.85, 0.86, 0.9)

/** A new document with its metadata, its two fonts and `clean` for any text drawn with them. */
export async function startLetterPdf(meta: { title: string; subject: string; createdAt: Date }) {
  const doc = await PDFDocument.create()
  doc.setTitle(meta.title)
  doc.setAuthor('Nightlight')
  doc.setSubject(meta.subject)
  doc.setCreationDate(meta.createdAt)
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  // The standard fonts cover WinAnsi only; any other character (a name in another script) is
  // written as '?' rather than failing the download.
  const supported = new Set(regular.getCharacterSet())
  const clean = (text: string) =>
    Array.from(text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"'))
      .map((char) => (supported.has(char.codePointAt(0)!) ? char : '?'))
      .join('')
  return { doc, regular, bold, clean }
}
