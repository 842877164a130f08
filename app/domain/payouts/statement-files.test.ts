// The payout statement's CSV and PDF (issue 15), from statements built by hand: the CSV read line
// by line, the PDF with a PDF reader (unpdf), as the receipt PDF is tested.
import { PDFDocument } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, test } from 'vitest'
import type { NurseStatement, PayoutNight } from './nurse-payouts.server'
import { renderStatementPdf, statementCsv, STATEMENT_CSV_COLUMNS } from './statement-files.server'

function night(overrides: Partial<PayoutNight>): PayoutNight {
  return {
    occurrenceId: 1,
    bookingId: 7,
    date: '2026-11-02',
    nightStatus: 'completed',
    parentFirstName: 'Jordan',
    state: 'paid',
    payoutCents: 30000,
    payableAt: '2026-11-04T13:00:00.000Z',
    paidAt: '2026-11-05T15:00:00.000Z',
    transferId: 'tr_123',
    failure: null,
    ...overrides,
  }
}

const statement: NurseStatement = {
  nurseName: 'Nora Nightingale',
  timezone: 'America/Chicago',
  month: '2026-11',
  nights: [
    night({ occurrenceId: 11 }),
    night({
      occurrenceId: 12,
      bookingId: 1234,
      date: '2026-11-20',
      parentFirstName: 'Sam',
      state: 'payable',
      payoutCents: 32550,
      paidAt: null,
      transferId: null,
    }),
    night({
      occurrenceId: 13,
      bookingId: 1234,
      date: '2026-11-21',
      nightStatus: 'cancelled',
      parentFirstName: 'Sam',
      state: 'on_hold',
      payoutCents: 12575,
      paidAt: null,
      transferId: null,
    }),
    night({
      occurrenceId: 14,
      bookingId: 1234,
      date: '2026-11-29',
      nightStatus: 'scheduled',
      parentFirstName: 'Sam',
      state: 'upcoming',
      payoutCents: 32550,
      paidAt: null,
      transferId: null,
    }),
  ],
  totals: {
    month: '2026-11',
    nights: 4,
    paidCents: 30000,
    payableCents: 32550,
    onHoldCents: 12575,
    upcomingCents: 32550,
  },
  issuedAt: '2026-11-30T18:00:00.000Z',
}

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  // unpdf takes the buffer over, so give it a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes))
  const { text, totalPages } = await extractText(document, { mergePages: true })
  return { text, pages: totalPages }
}

describe('the statement CSV', () => {
  const lines = statementCsv(statement).split('\n')

  test('has the header, then a row per night with its payout in dollars', () => {
    expect(lines[0]).toBe('Night,Family,Night status,Payout status,Payout,Paid on,Transfer,Booking reference')
    expect(lines.slice(1, 5)).toEqual([
      '2026-11-02,Jordan,Completed,Paid,300.00,2026-11-05,tr_123,#NN-000007',
      '2026-11-20,Sam,Completed,Payable,325.50,,,#NN-001234',
      '2026-11-21,Sam,Cancelled,On hold,125.75,,,#NN-001234',
      '2026-11-29,Sam,Scheduled,Not due yet,325.50,,,#NN-001234',
    ])
  })

  test("ends with an empty row and the month's totals under Payout", () => {
    expect(STATEMENT_CSV_COLUMNS.indexOf('Payout')).toBe(4)
    expect(lines.slice(5)).toEqual([
      '',
      'Paid,,,,300.00',
      'Payable,,,,325.50',
      'On hold,,,,125.75',
      'Not due yet,,,,325.50',
      '',
    ])
  })

  test('a family name a spreadsheet would run as a formula is written as text', () => {
    const hostile = { ...statement, nights: [night({ parentFirstName: '=HYPERLINK("http://x","y")' })] }
    const [, row] = statementCsv(hostile).split('\n')
    expect(row).toBe(`2026-11-02,"'=HYPERLINK(""http://x"",""y"")",Completed,Paid,300.00,2026-11-05,tr_123,#NN-000007`)
  })

  test('a month with nothing paid yet shows a zero total', () => {
    const totals = { ...statement.totals, nights: 3, paidCents: 0 }
    const unpaid = { ...statement, nights: statement.nights.slice(1), totals }
    expect(statementCsv(unpaid).split('\n')).toContain('Paid,,,,0.00')
  })
})

describe('the statement PDF', () => {
  test("shows the nurse, the month, each night's amount and the totals on one page", async () => {
    const bytes = await renderStatementPdf(statement)
    const { text, pages } = await pdfText(bytes)
    expect(pages).toBe(1)
    expect(text).toContain('Payout statement')
    expect(text).toContain('Nora Nightingale')
    expect(text).toContain('November 2026')
    expect(text).toContain('Issued: Nov 30, 2026')
    expect(text).toContain('Mon, Nov 2, 2026')
    expect(text).toContain('Jordan')
    expect(text).toContain('$300.00')
    expect(text).toContain('$325.50')
    expect(text).toContain('$125.75')
    expect(text).toContain('Nov 5, 2026')
    for (const total of ['Paid $300.00', 'Payable $325.50', 'On hold $125.75', 'Not due yet $325.50']) {
      expect(text).toContain(total)
    }
    expect(text).toContain('Nights become payable 24 hours after they end, unless the family reported a problem.')
    expect(text).toContain('Amounts are what you receive; the platform fee is not deducted from them.')

    const doc = await PDFDocument.load(bytes)
    expect(doc.getTitle()).toBe('Nightlight payout statement November 2026')
    expect(doc.getAuthor()).toBe('Nightlight')
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-30T18:00:00.000Z')
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 })
  })

  test('60 nights run onto more than one page', async () => {
    const nights = Array.from({ length: 60 }, (_, i) => {
      const date = `2026-11-${String((i % 30) + 1).padStart(2, '0')}`
      return night({ occurrenceId: 100 + i, date, payoutCents: 10000 + i })
    })
    const { text, pages } = await pdfText(await renderStatementPdf({ ...statement, nights }))
    expect(pages).toBeGreaterThan(1)
    // Each page has the column headings.
    expect(text.match(/Night Family Payout status Amount Paid on/g)?.length).toBe(pages)
    expect(text).toContain('$100.00')
    expect(text).toContain('$100.59')
  })

  test('a name outside what the standard fonts can write does not fail the file', async () => {
    const foreign = {
      ...statement,
      nurseName: '李 Nora',
      nights: [night({ parentFirstName: '李' })],
    }
    const { text } = await pdfText(await renderStatementPdf(foreign))
    expect(text).toContain('? Nora')
  })
})
