// What is sent to someone is in THEIR language (users.language), not the language of whoever caused
// it: an English-speaking family writing to or booking a Spanish-speaking nurse sends her Spanish,
// and her answer reaches the family in English; her calendar feed is Spanish whoever fetches it; a
// receipt PDF is in the language of the person downloading it.
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { outboxEmails, users } from '../../app/db/schema'
import { createCalendarFeed, renderCalendarFeed } from '../../app/domain/calendars/calendar-feed.server'
import { sendMessage, startConversation } from '../../app/domain/messages/messages.server'
import { confirmBookingPayment } from '../../app/domain/payments/booking-confirmation.server'
import type { Language } from '../../app/i18n/languages'
import * as receiptPdf from '../../app/routes/parent.receipts.$paymentId[.]pdf'
import { withLanguage } from '../../app/utils/request-scope.server'
import { createBooking, createNurse, createPayment, createUser, futureDates } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const speaks = (userId: number, language: Language) => getDb().update(users).set({ language }).where(eq(users.id, userId))
const mailTo = (address: string) => getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, address))

describe('e-mails in the reader’s language', () => {
  test('a message from an English-speaking family reaches a Spanish-speaking nurse in Spanish, and her answer reaches them in English', async () => {
    const nurse = await createNurse({ name: 'Lucía Noche' })
    await speaks(nurse.userId, 'es')
    const parent = await createUser({ displayName: 'Dana Family' })
    // The family writes from an English page: the nurse still reads Spanish.
    const started = await withLanguage('en', () => startConversation({ id: parent.id, role: 'parent' }, nurse.id, 'Hello! Are you free in March?'))
    if (!started.ok) throw new Error(started.error)
    const [toNurse] = await mailTo(nurse.email)
    expect(toNurse.subject).toBe('Nuevo mensaje de Dana')
    expect(toNurse.textBody).toContain('Hola, Lucía: Dana te envió un mensaje en Nightlight:')
    expect(toNurse.textBody).toContain('“Hello! Are you free in March?”')
    expect(toNurse.htmlBody).toContain('<html lang="es">')

    // She answers from a Spanish page: the family, who reads English, gets English.
    await withLanguage('es', () => sendMessage({ id: nurse.userId, role: 'nurse' }, started.conversationId, '¡Hola! Sí, tengo noches libres.'))
    const [toParent] = await mailTo(parent.email)
    expect(toParent.subject).toBe('New message from Lucía Noche')
    expect(toParent.textBody).toContain('Hi Dana, Lucía Noche sent you a message on Nightlight:')
    expect(toParent.htmlBody).toContain('<html lang="en">')
  })

  test('a booking confirmed for an English-speaking family: the family reads English, the Spanish-speaking nurse Spanish, each with their .ics', async () => {
    const nurse = await createNurse({ name: 'Lucía Noche' })
    await speaks(nurse.userId, 'es')
    const parent = await createUser({ displayName: 'Sky Family' })
    const booking = await createBooking({ nurse, parent, dates: futureDates(20, 21), status: 'pending' })
    const paymentId = await createPayment({ bookingId: booking.id, amountCents: booking.totalAmountCents, status: 'pending' })
    expect(await withLanguage('en', () => confirmBookingPayment({ bookingId: booking.id, paymentId }))).toEqual({ outcome: 'confirmed' })

    const [toNurse] = await mailTo(nurse.email)
    expect(toNurse.subject).toMatch(/^Nueva reserva: 2 noches con .+ \(#NN-\d{6}\)$/)
    expect(toNurse.textBody).toMatch(/Hola, Lucía Noche: .+ reservó y pagó 2 noches contigo\./)
    expect(toNurse.textBody).toMatch(/Noche 1: (lun|mar|mié|jue|vie|sáb|dom), \d+ [a-z]{3} \d{4}, 9:00 p\.m\. – 7:00 a\.m\. /)
    expect(toNurse.attachments[0].content).toMatch(/SUMMARY:Cuidado nocturno: familia de \S+/)

    const [toParent] = await mailTo(parent.email)
    expect(toParent.subject).toMatch(/^Booking confirmed: Lucía Noche, 2 nights \(#NN-\d{6}\)$/)
    expect(toParent.attachments[0].content).toContain('SUMMARY:Night nurse: Lucía Noche')
  })

  test('a Spanish-speaking family hears in Spanish of a night a nurse who reads English answers', async () => {
    const nurse = await createNurse({ name: 'Nora English' })
    const parent = await createUser({ displayName: 'Marisol Familia' })
    await speaks(parent.id, 'es')
    const started = await startConversation({ id: parent.id, role: 'parent' }, nurse.id, '¿Trabajas los fines de semana?')
    if (!started.ok) throw new Error(started.error)
    expect((await mailTo(nurse.email))[0].subject).toBe('New message from Marisol')
    await withLanguage('en', () => sendMessage({ id: nurse.userId, role: 'nurse' }, started.conversationId, 'Yes, I do.'))
    expect((await mailTo(parent.email))[0].subject).toBe('Nuevo mensaje de Nora English')
  })
})

describe('documents in their reader’s language', () => {
  test('a Spanish-speaking nurse’s calendar feed is Spanish', async () => {
    const nurse = await createNurse({ name: 'Lucía Noche' })
    await speaks(nurse.userId, 'es')
    const parent = await createUser({ displayName: 'Sky Family' })
    await createBooking({ nurse, parent, dates: futureDates(30) })
    const token = (await createCalendarFeed(nurse.userId)).split('/calendar/')[1].replace(/\.ics$/, '')
    const feed = (await withLanguage('en', () => renderCalendarFeed(token)))!
    expect(feed).toContain('X-WR-CALNAME:Nightlight: tus noches reservadas')
    expect(feed).toMatch(/SUMMARY:Cuidado nocturno: familia de \S+/)
    expect(feed).toMatch(/DESCRIPTION:De 9:00 p\.m\. a 7:00 a\.m\. \(reserva #NN-\d{6}\)\./)
    expect(feed).toContain('PRODID:-//Nightlight//calendar-feed//ES')
  })

  test('the receipt PDF in Spanish, for a family downloading it in Spanish, with its accents', async () => {
    const nurse = await createNurse({ name: 'Nora Nightingale', rateCents: 35_000 })
    const parent = await createUser({ displayName: 'Jordan Parent' })
    await speaks(parent.id, 'es')
    const booking = await createBooking({ nurse, parent, dates: futureDates(5, 6) })
    const paymentId = booking.chargeId!
    const cookie = await cookieFor(parent.id)
    const response = await withLanguage('es', () => call(receiptPdf.loader, makeRequest(`/parent/receipts/${paymentId}.pdf`, { cookie }), { paymentId: String(paymentId) }))
    expect(response.status).toBe(200)
    const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()))
    const { text } = await extractText(document, { mergePages: true })
    const invoice = String(paymentId).padStart(6, '0')
    for (const words of [
      'Recibo',
      `Factura n.º ${invoice}`,
      'Facturado a',
      'Enfermera de noche',
      'Tarifa por noche',
      'Tarifa de la plataforma (10 %)',
      'Total cobrado',
      'Pagado con tarjeta: $770.00',
      'Las fechas y horas de las noches están en la hora local de la enfermera.',
      'Programada',
      'Enfermeras de noche de confianza para familias nuevas',
    ]) {
      expect(text).toContain(words)
    }
    expect(text).toMatch(/(lun|mar|mié|jue|vie|sáb|dom), \d+ [a-z]{3} \d{4}/)
    expect(text).not.toContain('Billed to')
  })
})
