// Every e-mail builder writes Spanish for a reader who reads Spanish: the subject, its sentences,
// its labels and the dates and times (the sender builds it with withLanguage and the `emails`
// catalogue's Spanish `t`, as email.server.ts does). English is covered by each builder's own tests.
import { describe, expect, test } from 'vitest'
import { translator } from '~/i18n/i18n.server'
import { withLanguage } from '~/utils/request-scope.server'
import { expectEmail } from '../support/emails'
import type { EmailContent } from '~/domain/notifications/email-layout'
import { passwordResetEmail } from '~/domain/notifications/account-emails'
import { newMessageEmail } from '~/domain/notifications/message-emails'
import { cancellationNoticeEmail, nurseCancellationNoticeEmail, platformCancellationEmail, reminderEmail } from '~/domain/bookings/parent-emails'
import { bookingConfirmationEmail, latePaymentRefundEmail } from '~/domain/payments/booking-emails'
import { weekChargedEmail, weekChargeFailedEmail, weekReleasedEmail } from '~/domain/payments/weekly-charge-emails'
import { moveChargeRefundedEmail, nightMovedEmail, nurseNightMovedEmail } from '~/domain/payments/move-emails'
import { dueDateReminderEmail, reservationCancelledEmail, reservationRequestedEmail, type EmailReservation } from '~/domain/reservations/reservation-emails'
import { interviewAcceptedEmail, interviewRequestEmail, toInterviewIcs, type ScheduledFacts } from '~/domain/interviews/interview-emails'
import { nightReportEmail, nightReportReminderEmail } from '~/domain/night-reports/night-report-emails'
import { nightHeldEmail, payoutFailedEmail, problemResolvedEmail } from '~/domain/payouts/payout-emails'

const es = translator('emails', 'es')
/** Built as the sender builds it for a reader of Spanish. */
const inSpanish = <T>(build: () => T): T => withLanguage('es', build)

const ORIGIN = 'https://nightlight.example'
// Tuesday January 15 2030, 10 PM to 6 AM in Chicago (CST).
const NIGHT = { date: '2030-01-15', startTimeLocal: '22:00', endTimeLocal: '06:00', startsAt: new Date('2030-01-16T04:00:00Z'), timezone: 'America/Chicago' }
const NIGHT_2 = { ...NIGHT, date: '2030-01-17', startsAt: new Date('2030-01-18T04:00:00Z') }

function expectSpanishPage(mail: EmailContent) {
  expect(mail.html).toContain('<html lang="es">')
  expect(mail.text).not.toMatch(/\b(Hi|your|the)\b/)
}

describe('the e-mails in Spanish', () => {
  test('the layout: <html lang="es"> and the Spanish footer', () => {
    const mail = inSpanish(() => passwordResetEmail({ displayName: 'Lucía', resetUrl: `${ORIGIN}/reset`, validMinutes: 60 }, es))
    expectEmail(mail, {
      subject: 'Restablece tu contraseña de Nightlight',
      text: ['Hola, Lucía: alguien (esperamos que tú) pidió restablecer la contraseña', 'durante los próximos 60 minutos', 'Elige una contraseña nueva: https://nightlight.example/reset', 'Nightlight · Enfermeras de noche de confianza para familias nuevas'],
    })
    expectSpanishPage(mail)
  })

  test('a new message', () => {
    const mail = inSpanish(() => newMessageEmail({ origin: ORIGIN, recipientName: 'Nora', senderName: 'Jordan', preview: 'Hi Nora!', conversationId: 9 }, es))
    expectEmail(mail, {
      subject: 'Nuevo mensaje de Jordan',
      text: ['Hola, Nora: Jordan te envió un mensaje en Nightlight:', '“Hi Nora!”', 'Leer y responder: https://nightlight.example/messages/9', 'Recibes como máximo un correo por hora'],
    })
  })

  test('cancellation notices and the reminder: Spanish dates, times and amounts', () => {
    const parent = inSpanish(() =>
      cancellationNoticeEmail({ origin: ORIGIN, parentName: 'Jordan', nurseName: 'Nora', night: NIGHT, refundCents: 17_500, policy: 'half', bookingCancelled: true }, es),
    )
    expectEmail(parent, {
      subject: 'Noche cancelada: mar, 15 ene 2030 con Nora',
      text: [
        'Hola, Jordan: tu noche con Nora del mar, 15 ene 2030 está cancelada.',
        'Te reembolsaremos $175.00 a tu tarjeta (el 50 % de la noche',
        'Era la última noche de esta reserva',
        'Horario: 10:00 p.m. – 6:00 a.m. CST',
        'Reembolso: $175.00',
      ],
    })
    expectSpanishPage(parent)
    expectEmail(
      inSpanish(() => nurseCancellationNoticeEmail({ origin: ORIGIN, nurseName: 'Nora', parentName: 'Jordan', night: NIGHT }, es)),
      { subject: 'Se canceló una noche: mar, 15 ene 2030', text: ['Familia: Jordan', 'Abrir tu panel'] },
    )
    expectEmail(inSpanish(() => reminderEmail({ origin: ORIGIN, parentName: 'Jordan', nurseName: 'Nora', night: NIGHT, addressText: '1 Main St' }, es)), {
      subject: 'Recordatorio: Nora estará contigo el mar, 15 ene 2030',
      text: ['Nora cuidará a tu bebé el mar, 15 ene 2030, 10:00 p.m. – 6:00 a.m. CST.', 'Dirección: 1 Main St'],
    })
    expectEmail(
      inSpanish(() => platformCancellationEmail({ origin: ORIGIN, parentName: 'Jordan', nurseName: 'Nora', reference: '#NN-000042', nights: [NIGHT], refundCents: 35_000 }, es)),
      { subject: 'Se canceló la reserva #NN-000042 con Nora', text: ['Te reembolsaremos $350.00 completos', 'Noche cancelada: mar, 15 ene 2030, 10:00 p.m. – 6:00 a.m. CST'] },
    )
  })

  test('the booking confirmation, to each side, with plurals', () => {
    const common = {
      bookingId: 42,
      parentName: 'Jordan',
      nurseName: 'Nora',
      timeZone: 'America/Chicago',
      nights: [NIGHT, NIGHT_2],
      addressText: '1 Main St',
      subtotalCents: 70_000,
      platformFeeCents: 7_000,
      totalAmountCents: 77_000,
      nursePayoutCents: 70_000,
      babies: 2,
      extraBabyCents: 8_000,
    }
    const parent = inSpanish(() => bookingConfirmationEmail({ ...common, recipient: 'parent', dashboardUrl: `${ORIGIN}/parent/dashboard` }, es))
    expectEmail(parent, {
      subject: 'Reserva confirmada: Nora, 2 noches (#NN-000042)',
      text: ['¡Reserva confirmada!', 'Nora está reservada para 2 noches.', 'Noche 1: mar, 15 ene 2030, 10:00 p.m. – 6:00 a.m. CST', 'Tarifa de la plataforma (10 %): $70.00', 'Bebés: Gemelos · +$80 por noche', 'Total: $770.00', 'Ir a mi panel'],
    })
    const nurse = inSpanish(() => bookingConfirmationEmail({ ...common, nights: [NIGHT], recipient: 'nurse', dashboardUrl: `${ORIGIN}/nurse/dashboard` }, es))
    expectEmail(nurse, { subject: 'Nueva reserva: 1 noche con Jordan (#NN-000042)', text: ['Jordan reservó y pagó 1 noche contigo.', 'Tu pago: $700.00'] })
    expectEmail(inSpanish(() => latePaymentRefundEmail({ ...common, refundCents: 77_000, bookUrl: `${ORIGIN}/nurses/nora` }, es)), {
      subject: 'Te reembolsamos tu pago completo (#NN-000042)',
      text: ['Te reembolsamos los $770.00 completos a tu tarjeta', 'Elegir otras noches'],
    })
  })

  test('a series paid week by week', () => {
    const week = { origin: ORIGIN, parentName: 'Jordan', nurseName: 'Nora', bookingId: 42, week: 2, nightDates: ['2030-01-15', '2030-01-17'], amountCents: 70_000 }
    const failed = inSpanish(() => weekChargeFailedEmail({ ...week, reason: 'Fondos insuficientes.', deadline: new Date('2030-01-10T22:00:00Z'), timeZone: 'America/Chicago' }, es))
    expectEmail(failed, { subject: 'Pago pendiente: semana 2 con Nora', text: ['intentamos cobrar $700.00 a tu tarjeta guardada por la semana 2', 'Noches: mar, 15 ene 2030 al jue, 17 ene 2030', 'Pagar $700.00'] })
    expect(failed.text).toMatch(/Te guardamos las noches de esa semana hasta el jue, 10 de ene, 4:00 p\.\s?m\. CST/)
    expectEmail(inSpanish(() => weekChargedEmail({ ...week, cardLabel: 'Visa 4242' }, es)), { subject: 'Semana 2 pagada: $700.00 por tus noches con Nora', text: ['Tarjeta: Visa 4242'] })
    expectEmail(inSpanish(() => weekReleasedEmail({ origin: ORIGIN, recipient: 'nurse', name: 'Nora', otherName: 'Jordan', week: 2, nightDates: ['2030-01-15'], bookingCancelled: false }, es)), {
      subject: 'Noches libres de nuevo: mar, 15 ene 2030',
      text: ['así que se liberó su noche (mar, 15 ene 2030). No se te pagará, y queda abierta'],
    })
  })

  test('a moved night', () => {
    const moved = { origin: ORIGIN, parentName: 'Jordan', nurseName: 'Nora', bookingId: 42, from: NIGHT, to: NIGHT_2 }
    expectEmail(inSpanish(() => nightMovedEmail({ ...moved, differenceCents: 5_000, charged: true }, es)), {
      subject: 'Noche cambiada: el mar, 15 ene 2030 ahora es el jue, 17 ene 2030 con Nora',
      text: ['La nueva noche cuesta $50.00 más, que se cobraron a tu tarjeta guardada.', 'Antes: mar, 15 ene 2030, 10:00 p.m. – 6:00 a.m. CST'],
    })
    expectEmail(inSpanish(() => nurseNightMovedEmail(moved, es)), { subject: 'Una noche cambió: el mar, 15 ene 2030 ahora es el jue, 17 ene 2030', text: ['Jordan cambió su noche'] })
    expectEmail(inSpanish(() => moveChargeRefundedEmail({ ...moved, amountCents: 5_000 }, es)), { subject: 'Te reembolsamos los $50.00 del cambio de noche', text: ['Reembolsado: $50.00'] })
  })

  test('a due-date reservation: plan, weekdays and deposit', () => {
    const reservation: EmailReservation = {
      id: 7,
      dueDate: '2027-03-15',
      windowBeforeDays: 14,
      windowAfterDays: 21,
      weeks: 4,
      nightsPerWeek: 3,
      weekdays: [1, 3, 5],
      startTimeLocal: '21:00',
      endTimeLocal: '07:00',
      babies: 1,
      respondBy: new Date('2027-01-03T12:00:00Z'),
      timezone: 'America/New_York',
      depositCents: 105_600,
    }
    const requested = inSpanish(() => reservationRequestedEmail({ origin: ORIGIN, nurseName: 'Nora', parentName: 'Jordan', reservation }, es))
    expectEmail(requested, {
      subject: 'Solicitud de reservación de Jordan',
      text: [
        'Pagaron un depósito de $1,056.00, su primera semana.',
        'Fecha probable de parto: lun, 15 mar 2027',
        'Plan: lunes, miércoles y viernes durante 4 semanas',
        'Turno: 9:00 p.m. – 7:00 a.m.',
      ],
    })
    expect(requested.text).toMatch(/Acepta o rechaza a más tardar el 3 ene 2027, 7:00 a\.\s?m\.; si no respondes/)
    expectEmail(inSpanish(() => reservationCancelledEmail({ origin: ORIGIN, toName: 'Jordan', byName: 'Nora', to: 'parent', reservation }, es)), {
      subject: 'Nora canceló la reservación',
      text: ['Te reembolsamos por completo tu depósito de $1,056.00 a tu tarjeta.'],
    })
    expectEmail(inSpanish(() => dueDateReminderEmail({ origin: ORIGIN, parentName: 'Jordan', nurseName: 'Nora', weeksBefore: 1, reservation }, es)), {
      subject: '¿Tu fecha probable de parto sigue siendo el lun, 15 mar 2027?',
      text: ['Faltan una semana para tu fecha probable de parto'],
    })
  })

  test('interviews and their invitation', () => {
    const facts: ScheduledFacts = {
      id: 42,
      origin: ORIGIN,
      medium: 'video',
      parentName: 'Jordan Rivera',
      nurseName: 'Nora Bennett',
      nurseTimeZone: 'America/Chicago',
      scheduledAt: new Date('2026-12-03T20:20:00Z'),
      contact: 'https://meet.example.com/nora',
      createdAt: new Date('2026-11-28T10:00:00Z'),
      updatedAt: new Date('2026-11-28T12:00:00Z'),
      organizerEmail: 'hello@nightlight.example',
    }
    expectEmail(inSpanish(() => interviewRequestEmail({ ...facts, times: [facts.scheduledAt], note: null }, es)), {
      subject: 'Jordan Rivera te pide una entrevista de 20 minutos',
      text: ['Hola, Nora: Jordan Rivera te pide una videollamada gratuita de 20 minutos antes de reservar.', 'Horario 1: 3 dic, 2:20 p.m. CST'],
    })
    expectEmail(inSpanish(() => interviewAcceptedEmail(facts, 'parent', es)), {
      subject: 'Entrevista con Nora Bennett: 3 dic, 2:20 p.m. CST',
      text: ['Tu entrevista está confirmada', 'Enlace: Únete en https://meet.example.com/nora'],
    })
    const ics = inSpanish(() => toInterviewIcs(facts, { side: 'nurse', email: 'nora@example.com', name: 'Nora Bennett' }, 'request', es))
    expect(ics.content).toContain('SUMMARY:Entrevista con Jordan Rivera (Nightlight)')
    expect(ics.content).toContain('Una videollamada de 20 minutos')
  })

  test('the night report and its reminder', () => {
    const report = {
      feeds: [{ time: '23:00', kind: 'formula' as const, ounces: 3 }],
      wetDiapers: 2,
      dirtyDiapers: 1,
      sleeps: [{ from: '23:30', to: '02:00' }],
      notes: '',
    }
    expectEmail(inSpanish(() => nightReportEmail({ origin: ORIGIN, parentName: 'Jordan', nurseName: 'Nora', bookingId: 42, night: NIGHT, report }, es)), {
      subject: 'Reporte de la noche: mar, 15 ene 2030 con Nora',
      text: ['1 toma (3 oz) · 3 pañales · sueño más largo 2 h 30 min', 'Toma 1: 11:00 p.m.: Fórmula, 3 oz', 'Pañales: 2 mojados, 1 sucios', 'Sueño 1: 11:30 p.m. – 2:00 a.m. (2 h 30 min)'],
    })
    expectEmail(inSpanish(() => nightReportReminderEmail({ origin: ORIGIN, nurseName: 'Nora', parentFirstName: 'Jordan', night: NIGHT, occurrenceId: 5 }, es)), {
      subject: 'Reporte de la noche pendiente: mar, 15 ene 2030',
      text: ['la familia de Jordan todavía no recibe el reporte'],
    })
  })

  test('payout notices', () => {
    expectEmail(inSpanish(() => nightHeldEmail({ origin: ORIGIN, nurseName: 'Nora', parentFirstName: 'Jordan', night: NIGHT, payoutCents: 35_000 }, es)), {
      subject: 'Pago retenido: mar, 15 ene 2030',
      text: ['Tu pago de $350.00 por esta noche está retenido'],
    })
    expectEmail(
      inSpanish(() =>
        problemResolvedEmail({ origin: ORIGIN, recipient: 'parent', name: 'Jordan', otherName: 'Nora', night: NIGHT, decision: 'refund', refundCents: 35_000, payoutCents: 0 }, es),
      ),
      { subject: 'Reembolso de tu noche del mar, 15 ene 2030', text: ['Te reembolsaremos $350.00 a tu tarjeta.'] },
    )
    expectEmail(inSpanish(() => payoutFailedEmail({ origin: ORIGIN, nurseName: 'Nora', amountCents: 35_000, night: null, reason: 'Account closed' }, es)), {
      subject: 'No se pudo enviar tu pago de $350.00',
      text: ['El motivo que dio el banco o el proveedor de pagos: Account closed.'],
    })
  })
})
