// The PDFs in Spanish for a reader of Spanish (the request's language, withLanguage here): pdf-lib's
// standard Helvetica covers WinAnsi, so á é í ó ú ñ ü ¿ ¡ and º are drawn as they are, never as
// '?'. Read back with poppler's pdftotext, as a person's PDF reader would.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { withLanguage } from '~/utils/request-scope.server'
import { renderNightReportsPdf } from '~/domain/night-reports/night-report-pdf.server'
import type { NurseStatement } from '~/domain/payouts/nurse-payouts.server'
import { renderStatementPdf } from '~/domain/payouts/statement-files.server'
import { startLetterPdf } from '~/domain/platform/letter-pdf.server'

function pdftotext(bytes: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spanish-pdf-'))
  try {
    const file = path.join(dir, 'document.pdf')
    fs.writeFileSync(file, bytes)
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const statement: NurseStatement = {
  nurseName: 'Lucía Peña',
  timezone: 'America/Chicago',
  month: '2026-11',
  nights: [
    {
      occurrenceId: 11,
      bookingId: 7,
      date: '2026-11-02',
      nightStatus: 'completed',
      parentFirstName: 'Begoña',
      state: 'paid',
      payoutCents: 30000,
      payableAt: '2026-11-04T13:00:00.000Z',
      paidAt: '2026-11-05T15:00:00.000Z',
      transferId: 'tr_123',
      failure: null,
    },
    {
      occurrenceId: 12,
      bookingId: 7,
      date: '2026-11-03',
      nightStatus: 'completed',
      parentFirstName: 'Begoña',
      state: 'on_hold',
      payoutCents: 12575,
      payableAt: '2026-11-05T13:00:00.000Z',
      paidAt: null,
      transferId: null,
      failure: null,
    },
  ],
  totals: { month: '2026-11', nights: 2, paidCents: 30000, payableCents: 0, onHoldCents: 12575, upcomingCents: 0 },
  issuedAt: '2026-11-30T18:00:00.000Z',
}

describe('PDFs in Spanish', () => {
  test('the standard fonts draw every Spanish letter and sign', async () => {
    const pen = await startLetterPdf({ title: 'Prueba', subject: 'Prueba', createdAt: new Date('2026-11-28T00:00:00Z'), language: 'es-US' })
    const words = '¿Qué pasó? ¡Sí! Años, pingüino, canción, íntimo, último, Ñandú, n.º 7'
    expect(pen.clean(words)).toBe(words)
    pen.text(words, 54)
    expect(pdftotext(await pen.save())).toContain(words)
  })

  test('the payout statement', async () => {
    const text = pdftotext(await withLanguage('es', () => renderStatementPdf(statement)))
    for (const words of [
      'Estado de pagos',
      'Enfermeras de noche de confianza para familias nuevas',
      'noviembre de 2026',
      'Lucía Peña',
      'Begoña',
      '2 noches',
      'Estado del pago',
      'Pagado el',
      'lun, 2 nov 2026',
      'Retenido',
      '$125.75',
      'Las noches se pueden pagar 24 horas después de terminar',
    ]) {
      expect(text).toContain(words)
    }
    expect(text).toMatch(/Emitido: 30 nov 2026/)
    expect(text).not.toContain('Payout statement')
  })

  test('the night reports', async () => {
    const bytes = await withLanguage('es', () =>
      renderNightReportsPdf({
        bookingId: 42,
        nurseName: 'Lucía Peña',
        timezone: 'America/Chicago',
        createdAt: new Date('2026-11-28T12:00:00Z'),
        reports: [
          {
            id: 1,
            occurrenceId: 5,
            bookingId: 42,
            date: '2026-11-27',
            startTimeLocal: '21:00',
            endTimeLocal: '07:00',
            feeds: [
              { time: '23:00', kind: 'breast_milk', ounces: 3 },
              { time: '02:30', kind: 'formula', ounces: 2.5 },
            ],
            wetDiapers: 2,
            dirtyDiapers: 1,
            sleeps: [{ from: '23:30', to: '02:00' }],
            notes: 'Durmió muy bien después de la toma.',
            createdAt: new Date('2026-11-28T08:00:00Z'),
            updatedAt: new Date('2026-11-28T08:00:00Z'),
          },
        ],
      }),
    )
    const text = pdftotext(bytes)
    for (const words of [
      'Reportes de la noche · reserva #NN-000042',
      'Enfermera de noche: Lucía Peña. Los horarios están en la hora local de la enfermera (hora del Centro).',
      'vie, 27 nov 2026, 9:00 p.m. – 7:00 a.m.',
      '2 tomas (5.5 oz) · 3 pañales · sueño más largo 2 h 30 min',
      'Toma 11:00 p.m.: Leche materna, 3 oz',
      'Pañales: 2 mojados, 1 sucios',
      'Sueño 11:30 p.m. – 2:00 a.m. (2 h 30 min)',
      'Durmió muy bien después de la toma.',
    ]) {
      expect(text).toContain(words)
    }
  })
})
