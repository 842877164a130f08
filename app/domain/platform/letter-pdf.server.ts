// What every PDF the app writes shares (receipts, payout statements, night reports): a US Letter
// document in Helvetica with the house colours, text made safe for the standard fonts, and one pen
// that writes line by line down the page and starts a new page when the next line does not fit.
// pdf-lib.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'
import { currentLocale } from '~/i18n/current-language'

export const PAGE = { width: 612, height: 792 }
export const MARGIN = 54
export const INK = rgb(0.11, 0.12, 0.17)
export const MUTED = rgb(0.36, 0.38, 0.45)
export const BRAND = rgb(0.14, 0.2, 0.545)
export const RULE = rgb(0.85, 0.86, 0.9)

export type TextOptions = { font?: PDFFont; size?: number; color?: RGB }

/**
 * Writes a letter from the top of its first page down: `y` is the baseline of the next line, `down`
 * moves it, and `ensureRoom` starts a new page (and calls `onNewPage`, e.g. to repeat a table's
 * headings) when what comes next would run into the bottom margin.
 */
export class LetterPen {
  y = PAGE.height - MARGIN
  readonly xRight = PAGE.width - MARGIN
  private page: PDFPage

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    /** The text as the standard fonts can write it: any character they lack becomes '?'. */
    readonly clean: (text: string) => string,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height])
  }

  down(points: number) {
    this.y -= points
  }

  ensureRoom(needed: number, onNewPage?: () => void) {
    if (this.y - needed >= MARGIN) return
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - MARGIN
    onNewPage?.()
  }

  text(value: string, x: number, options: TextOptions = {}) {
    const { font = this.regular, size = 10, color = INK } = options
    this.page.drawText(this.clean(value), { x, y: this.y, font, size, color })
  }

  /** Text that ends at `xRight` (amounts, dates in a right-hand column). */
  right(value: string, xRight: number, options: TextOptions = {}) {
    const { font = this.regular, size = 10 } = options
    this.text(value, xRight - font.widthOfTextAtSize(this.clean(value), size), { ...options, font, size })
  }

  /** The value shortened with '...' to fit the width, so a long name does not run into the next column. */
  fit(value: string, width: number, font = this.regular, size = 10): string {
    const cleaned = this.clean(value)
    if (font.widthOfTextAtSize(cleaned, size) <= width) return cleaned
    let cut = cleaned
    while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1)
    return `${cut}...`
  }

  /** A thin line across the page, `raise` points above the current baseline. */
  rule(raise = 0) {
    const y = this.y + raise
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: this.xRight, y }, thickness: 0.75, color: RULE })
  }

  /** The lines a text wraps into, word by word, within `width` at this font and size. */
  wrap(value: string, width: number, font = this.regular, size = 10): string[] {
    const lines: string[] = []
    let current = ''
    for (const word of this.clean(value).split(/\s+/)) {
      const longer = current ? `${current} ${word}` : word
      if (current && font.widthOfTextAtSize(longer, size) > width) {
        lines.push(current)
        current = word
      } else current = longer
    }
    if (current) lines.push(current)
    return lines
  }

  /** A paragraph wrapped at the right margin, each line `size + gap` below the last. */
  paragraph(value: string, options: TextOptions & { indent?: number; gap?: number } = {}) {
    const { font = this.regular, size = 10, indent = 0, gap = 4 } = options
    for (const line of this.wrap(value, this.xRight - MARGIN - indent, font, size)) {
      this.ensureRoom(size + gap)
      this.text(line, MARGIN + indent, { ...options, font, size })
      this.down(size + gap)
    }
  }

  /** The letterhead of a receipt or a statement: the name and tagline, its title and two lines on the right. */
  letterhead(title: string, reference: string, date: string, tagline = 'Trusted night nurses for new families') {
    this.text('Nightlight', MARGIN, { font: this.bold, size: 20, color: BRAND })
    this.right(title, this.xRight, { font: this.bold, size: 18 })
    this.down(22)
    this.text(tagline, MARGIN, { size: 9, color: MUTED })
    this.right(reference, this.xRight, { size: 10 })
    this.down(14)
    this.right(date, this.xRight, { size: 10, color: MUTED })
    this.down(26)
    this.rule()
    this.down(20)
  }

  save(): Promise<Uint8Array> {
    return this.doc.save()
  }
}

const paymentDateFormatters = new Map<string, Intl.DateTimeFormat>()

/** 'Nov 28, 2026' (or '28 nov 2026') for an instant, in the given time zone and the current language. */
export function paymentDate(value: Date | string, timeZone: string): string {
  const locale = currentLocale()
  const key = `${locale} ${timeZone}`
  let formatter = paymentDateFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone })
    paymentDateFormatters.set(key, formatter)
  }
  return formatter.format(new Date(value))
}

/** A new document with its metadata and its two fonts, and the pen that writes it. */
export async function startLetterPdf(meta: { title: string; subject: string; createdAt: Date; language?: string }): Promise<LetterPen> {
  const doc = await PDFDocument.create()
  if (meta.language) doc.setLanguage(meta.language)
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
  return new LetterPen(doc, regular, bold, clean)
}
