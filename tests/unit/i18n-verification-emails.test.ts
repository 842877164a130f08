// The verification e-mails (expiry, re-checks, lapses, the adverse-action notices) in Spanish for a
// reader of Spanish: subject, key sentence, the credential's name, the lapse's reason and the dates
// written in Spanish inside the builder (the sender builds them with withLanguage and the `emails`
// catalogue's Spanish `t`, as email.server.ts does); and English as it always was.
import { describe, expect, test } from 'vitest'
import { translator } from '~/i18n/i18n.server'
import { withLanguage } from '~/utils/request-scope.server'
import { expectEmail } from '../support/emails'
import type { EmailContent } from '~/domain/notifications/email-layout'
import {
  checkReminderEmail,
  credentialExpiredEmail,
  credentialReminderEmail,
  lapsedAdminEmail,
  lapsedFamilyEmail,
  lapsedNurseEmail,
  recheckOrderedEmail,
  relistedNurseEmail,
} from '~/domain/verification/expiry-emails'
import { finalAdverseNoticeEmail, preAdverseNoticeEmail } from '~/domain/verification/check-emails'
import { verificationDecisionEmail } from '~/domain/admin/admin'
import { profileChangeApprovedEmail, profileChangeRefusedEmail } from '~/domain/nurses/profile-changes'
import { barrierReportEmail } from '~/domain/content/barrier-reports'

const es = translator('emails', 'es')
const en = translator('emails', 'en')
const inSpanish = <T>(build: () => T): T => withLanguage('es', build)
const inEnglish = <T>(build: () => T): T => withLanguage('en', build)

const url = 'https://nightlight.example/nurse/credentials'
// Friday April 9 2027, 10 PM in Chicago (Saturday 03:00 UTC): her day is the 9th.
const CHECK_ENDS = { expiresAt: new Date('2027-04-10T03:00:00Z'), timeZone: 'America/Chicago' }
const SCREENINGS = [
  { name: 'County criminal search', outcome: 'consider' as const, record: 'Misdemeanor, 2019' },
  { name: 'SSN trace', outcome: 'clear' as const, record: null },
]

function expectSpanishPage(mail: EmailContent, { quotesEnglishTitle = false } = {}) {
  expect(mail.html).toContain('<html lang="es">')
  // The notices give the federal summary's English title next to its Spanish one.
  const text = quotesEnglishTitle ? mail.text.replaceAll('("A Summary of Your Rights Under the Fair Credit Reporting Act")', '') : mail.text
  expect(text).not.toMatch(/\b(Hi|your|the|expires|expired)\b/)
  expect(mail.text).toContain('Nightlight · Enfermeras de noche de confianza para familias nuevas')
}

describe('credential reminders in Spanish', () => {
  test('a reminder days before: the name, the plural and the date in Spanish', () => {
    const mail = inSpanish(() => credentialReminderEmail({ nurseName: 'Ana', kind: 'CPR', expiresOn: '2027-03-17', daysLeft: 7, url, dependedOn: true }, es))
    expectEmail(mail, {
      subject: 'Tu tarjeta de RCP infantil / NRP vence en 7 días',
      text: ['Hola, Ana: tu tarjeta de RCP infantil / NRP vence en 7 días, el 17 de marzo de 2027.', 'tu perfil saldrá de la búsqueda', 'Agregar tu renovación: ' + url],
    })
    expectSpanishPage(mail)
    expectEmail(inSpanish(() => credentialReminderEmail({ nurseName: 'Ana', kind: 'RN', expiresOn: '2027-03-11', daysLeft: 1, url, dependedOn: false }, es)), {
      subject: 'Tu licencia de RN vence en 1 día',
      text: ['vence en 1 día, el 11 de marzo de 2027.', 'Agrega la renovación para que las familias la sigan viendo'],
    })
    expectEmail(inSpanish(() => credentialReminderEmail({ nurseName: 'Ana', kind: 'Doula', expiresOn: '2027-03-10', daysLeft: 0, url, dependedOn: false }, es)), {
      subject: 'Tu certificado de doula vence hoy',
      text: ['Hola, Ana: tu certificado de doula vence hoy.'],
    })
  })

  test('an expired credential', () => {
    const mail = inSpanish(() => credentialExpiredEmail({ nurseName: 'Ana', kind: 'LPN', expiresOn: '2027-03-01', url, dependedOn: true }, es))
    expectEmail(mail, {
      subject: 'Tu licencia de LPN venció',
      text: ['Hola, Ana: tu licencia de LPN venció el 1 de marzo de 2027.', 'tu perfil está fuera de la búsqueda'],
    })
    expectSpanishPage(mail)
  })
})

describe('the background check reminders in Spanish', () => {
  test('the reminder and the re-check: her day in her zone, in Spanish', () => {
    const reminder = inSpanish(() => checkReminderEmail({ nurseName: 'Ana', ...CHECK_ENDS, daysLeft: 30, recheckUnderWay: false, url }, es))
    expectEmail(reminder, {
      subject: 'Tu verificación de antecedentes vence en 30 días',
      text: ['Hola, Ana: tu verificación de antecedentes es válida hasta el 9 de abril de 2027: cada verificación dura doce meses.', 'Autoriza una nueva verificación desde tu panel'],
    })
    expectSpanishPage(reminder)
    const recheck = inSpanish(() => recheckOrderedEmail({ nurseName: 'Ana', ...CHECK_ENDS, invitationUrl: 'https://checkr.test/i', url }, es))
    expectEmail(recheck, {
      subject: 'Comenzó tu nueva verificación de antecedentes anual',
      text: ['es válida hasta el 9 de abril de 2027. Como decía el aviso que firmaste', 'Llenar el formulario del proveedor: https://checkr.test/i'],
    })
    expectSpanishPage(recheck)
  })
})

describe('a lapse in Spanish', () => {
  test('her reason, the families’ nights and the admins’ count', () => {
    const nurse = inSpanish(() => lapsedNurseEmail({ nurseName: 'Ana', reason: 'Background check expired; RN license revoked', url }, es))
    expectEmail(nurse, {
      subject: 'Tu perfil está fuera de la búsqueda hasta que renueves',
      text: ['no pueden reservar noches nuevas contigo: verificación de antecedentes vencida; licencia de RN revocada.'],
    })
    expectSpanishPage(nurse)
    const family = inSpanish(() => lapsedFamilyEmail({ parentName: 'Pat', nurseName: 'Ana Lee', nextNight: '2027-03-20', nights: 2, url }, es))
    expectEmail(family, {
      subject: 'Ana Lee: tus noches reservadas siguen reservadas',
      text: ['una de las credenciales de Ana Lee tiene que renovarse', 'Sus noches contigo siguen reservadas: 2 noches, la próxima el 20 de marzo de 2027.'],
    })
    expectSpanishPage(family)
    const admin = inSpanish(() => lapsedAdminEmail({ nurseName: 'Ana Lee', reason: 'Infant CPR / NRP card expired', bookedNights: 1, url }, es))
    expectEmail(admin, {
      subject: 'Fuera de la búsqueda: Ana Lee',
      text: ['Ana Lee salió de la búsqueda y de las reservas nuevas: tarjeta de RCP infantil / NRP vencida.', 'Tiene 1 noche reservada por delante'],
    })
    expectEmail(inSpanish(() => relistedNurseEmail({ nurseName: 'Ana', url }, es)), { subject: 'Tu perfil volvió a la búsqueda', text: ['Hola, Ana: gracias por renovar.'] })
  })
})

describe('the adverse-action notices in Spanish', () => {
  test('the pre-adverse notice: every part of it, the deadline with its weekday', () => {
    const mail = inSpanish(() => preAdverseNoticeEmail({ nurseName: 'Ana', screenings: SCREENINGS, earliestFinalAt: CHECK_ENDS.expiresAt, timeZone: CHECK_ENDS.timeZone, disputeUrl: url }, es))
    expectEmail(mail, {
      subject: 'Aviso previo a una acción adversa: tu verificación de antecedentes de Nightlight',
      text: [
        'con base total o parcial en tu verificación de antecedentes, Nightlight está considerando no aprobarte',
        'Todavía no se ha tomado ninguna decisión.',
        'Este es el resumen del informe que recibimos de la agencia de informes del consumidor:',
        'Puedes obtener una copia gratuita del informe completo de la agencia: Checkr, Inc., One Montgomery Street',
        '"Un resumen de sus derechos bajo la Ley de Informe Justo de Crédito"',
        'https://www.consumerfinance.gov/rules-policy/regulations/1022/b/',
        'avísanos antes del viernes, 9 de abril de 2027',
        'No decidiremos antes de esa fecha.',
        'County criminal search: requiere revisión: Misdemeanor, 2019',
        'SSN trace: sin hallazgos',
        'Responder a este aviso',
      ],
    })
    expectSpanishPage(mail, { quotesEnglishTitle: true })
  })

  test('the final notice', () => {
    const mail = inSpanish(() => finalAdverseNoticeEmail({ nurseName: 'Ana' }, es))
    expectEmail(mail, {
      subject: 'Aviso de acción adversa: tu solicitud en Nightlight',
      text: [
        'Nightlight decidió no aprobarte para ofrecer tus servicios a las familias',
        'La agencia fue Checkr, Inc.',
        'La agencia no tomó esta decisión y no puede decirte por qué se tomó.',
        'si la pides dentro de los 60 días',
        'disputar con la agencia la exactitud o la integridad',
      ],
    })
    expectSpanishPage(mail, { quotesEnglishTitle: true })
  })
})

describe('what admins decide and read, in Spanish', () => {
  test('the verification decision', () => {
    const rejected = inSpanish(() => verificationDecisionEmail({ nurseName: 'Ana', decision: 'rejected', reason: null, dashboardUrl: url }, es))
    expectEmail(rejected, {
      subject: 'Tu solicitud en Nightlight necesita cambios',
      text: ['Hola, Ana: nuestro equipo revisó tu solicitud y todavía no pudo aprobarla.', 'Motivo: No se indicó un motivo', 'Ir a tu panel'],
    })
    expectSpanishPage(rejected)
    expectEmail(inSpanish(() => verificationDecisionEmail({ nurseName: 'Ana', decision: 'approved', dashboardUrl: url }, es)), {
      subject: 'Tu perfil de Nightlight está aprobado',
      text: ['¡Ya estás verificada!', 'Ahora las familias pueden encontrarte en la búsqueda'],
    })
  })

  test('a profile change approved or refused names the fields in Spanish', () => {
    const approved = inSpanish(() => profileChangeApprovedEmail({ nurseName: 'Ana', fields: ['displayName', 'photoFileId', 'credentials'], profileUrl: url }, es))
    expectEmail(approved, { subject: 'Tu cambio de perfil está aprobado', text: ['Hola, Ana: un administrador aprobó tu cambio de nombre, foto y credenciales.'] })
    expectSpanishPage(approved)
    expectEmail(inSpanish(() => profileChangeRefusedEmail({ nurseName: 'Ana', fields: ['idDocumentFileId'], reason: 'La foto está borrosa.', dashboardUrl: url }, es)), {
      subject: 'Tu cambio de perfil no fue aprobado',
      text: ['no aprobó tu cambio de documento de identidad.', 'El motivo: La foto está borrosa.', 'Abrir tu panel'],
    })
  })

  test('a barrier report to an admin who reads Spanish keeps what was reported as written', () => {
    const mail = inSpanish(() => barrierReportEmail({ description: 'The date picker traps focus.', page: null, replyTo: null, account: { name: 'Dana Whitfield', role: 'parent' }, at: '2027-03-10T14:05:00.000Z' }, es))
    expectEmail(mail, {
      subject: 'Se reportó una barrera de accesibilidad',
      text: ['The date picker traps focus.', 'No dejó una dirección para responderle.', 'Página: No se indicó', 'Responder a: No se dio una dirección', 'Sesión iniciada como: Dana Whitfield (familia)', 'Reportado: 10 mar, 2:05 p.m. UTC'],
    })
    expect(mail.html).toContain('<html lang="es">')
  })
})

describe('English stays as it was', () => {
  test('the same builders for a reader of English', () => {
    expectEmail(inEnglish(() => credentialReminderEmail({ nurseName: 'Ana', kind: 'RN', expiresOn: '2027-03-11', daysLeft: 1, url, dependedOn: true }, en)), {
      subject: 'Your RN license expires in 1 day',
      text: ['Hi Ana, your RN license expires in 1 day, on March 11, 2027.', 'Add your renewal: ' + url, 'Nightlight · Trusted night nurses for new families'],
    })
    expectEmail(inEnglish(() => checkReminderEmail({ nurseName: 'Ana', ...CHECK_ENDS, daysLeft: 7, recheckUnderWay: true, url }, en)), {
      subject: 'Your background check expires in 7 days',
      text: ['Hi Ana, your background check is good until April 9, 2027: a check lasts twelve months.'],
    })
    expectEmail(inEnglish(() => lapsedNurseEmail({ nurseName: 'Ana', reason: 'Background check expired; RN license revoked', url }, en)), {
      subject: 'Your profile is out of search until you renew',
      text: ['families cannot book new nights with you: background check expired; RN license revoked.'],
    })
    expectEmail(inEnglish(() => lapsedAdminEmail({ nurseName: 'Ana Lee', reason: 'RN license expired', bookedNights: 3, url }, en)), {
      subject: 'Out of search: Ana Lee',
      text: ['She has 3 booked nights ahead; they stay booked and the families were told.'],
    })
    const pre = inEnglish(() => preAdverseNoticeEmail({ nurseName: 'Ana', screenings: SCREENINGS, earliestFinalAt: CHECK_ENDS.expiresAt, timeZone: CHECK_ENDS.timeZone, disputeUrl: url }, en))
    expectEmail(pre, {
      subject: 'Pre-adverse action notice: your Nightlight background check',
      text: ['tell us before Friday, April 9, 2027: you can write to us', 'County criminal search: consider: Misdemeanor, 2019', 'SSN trace: clear'],
    })
    expect(pre.html).toContain('<html lang="en">')
    expectEmail(inEnglish(() => finalAdverseNoticeEmail({ nurseName: 'Ana' }, en)), {
      subject: 'Adverse action notice: your Nightlight application',
      text: ['It did not make this decision and cannot tell you why it was made.'],
    })
    expectEmail(inEnglish(() => profileChangeApprovedEmail({ nurseName: 'Ana', fields: ['displayName', 'photoFileId', 'credentials'], profileUrl: url }, en)), {
      subject: 'Your profile change is approved',
      text: ['Hi Ana, an admin approved the change to your name, photo and credentials. Families now see it on your profile.'],
    })
    expectEmail(inEnglish(() => barrierReportEmail({ description: 'x', page: '/book', replyTo: 'a@b.test', account: { name: 'Dana', role: 'parent' }, at: '2027-03-10T14:05:00.000Z' }, en)), {
      subject: 'Accessibility barrier reported',
      text: ['Please answer within two business days', 'Page: /book', 'Answer to: a@b.test', 'Signed in as: Dana (family)', 'Reported: Mar 10, 2:05 PM UTC'],
    })
  })
})
