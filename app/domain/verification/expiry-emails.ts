// The e-mails of expiry and re-checks (docs/decisions/0062): reminders to the nurse before a
// credential or her background check expires, the re-check ordered, and her lapse out of search
// and back, told to her, to the families with nights booked with her, and to the admins. Pure:
// dates come in raw and are written here, links whole. `t` (the `emails` catalogue) and the date
// formatter write them in the reader's language.
import type { Translate } from '~/i18n/translate'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { formatDay } from '../time/viewer-time'
import { CREDENTIAL_KIND_NAMES, DEPENDED_ON_KINDS, type CredentialKind } from './credential-life-cycle'
import { reasonInSentence } from './expiry'

/** 'March 3, 2027' / '3 de marzo de 2027' from '2027-03-03', in the reader's language. */
const longDay = (day: string) => formatDay(`${day}T12:00:00Z`, { timeZone: 'UTC' })

/** 'RN license' / 'licencia de RN'. */
const kindName = (kind: CredentialKind, t: Translate) => t(`credentialKind.${kind}`)

/**
 * A lapse's reason inside a sentence, in the reader's language: each part lapseReasonOf wrote
 * ('Background check expired; RN license revoked') named by the catalogue; a part it does not
 * know stays as written.
 */
function reasonIn(reason: string, t: Translate): string {
  const parts = reason.split('; ').map((part) => {
    const capital = part.charAt(0).toUpperCase() + part.slice(1)
    if (capital === 'Background check expired') return t('lapseReason.check')
    for (const kind of DEPENDED_ON_KINDS) {
      for (const words of ['expired', 'revoked'] as const) {
        if (capital === `${CREDENTIAL_KIND_NAMES[kind]} ${words}`) return t(`lapseReason.${kind}.${words}`)
      }
    }
    return part
  })
  return reasonInSentence(parts.join('; '))
}

export function credentialReminderEmail(
  input: { nurseName: string; kind: CredentialKind; expiresOn: string; daysLeft: number; url: string; dependedOn: boolean },
  t: Translate,
): EmailContent {
  const what = kindName(input.kind, t)
  const today = input.daysLeft <= 0
  return renderEmail({
    subject: today ? t('credReminder.subjectToday', { what }) : t('credReminder.subject', { what, days: input.daysLeft }),
    heading: t('credReminder.heading', { what }),
    paragraphs: [
      today
        ? t('credReminder.hiToday', { name: input.nurseName, what })
        : t('credReminder.hi', { name: input.nurseName, what, days: input.daysLeft, on: longDay(input.expiresOn) }),
      input.dependedOn ? t('credReminder.dependedOn') : t('credReminder.shown'),
    ],
    action: { label: t('credReminder.action'), url: input.url },
  }, t)
}

export function credentialExpiredEmail(
  input: { nurseName: string; kind: CredentialKind; expiresOn: string; url: string; dependedOn: boolean },
  t: Translate,
): EmailContent {
  const what = kindName(input.kind, t)
  return renderEmail({
    subject: t('credExpired.subject', { what }),
    heading: t('credExpired.heading', { what }),
    paragraphs: [
      t('credExpired.hi', { name: input.nurseName, what, on: longDay(input.expiresOn) }),
      input.dependedOn ? t('credExpired.dependedOn') : t('credExpired.shown'),
    ],
    action: { label: t('credReminder.action'), url: input.url },
  }, t)
}

export function checkReminderEmail(
  input: { nurseName: string; expiresAt: Date; timeZone: string; daysLeft: number; recheckUnderWay: boolean; url: string },
  t: Translate,
): EmailContent {
  return renderEmail({
    subject: t('checkReminder.subject', { days: input.daysLeft }),
    heading: t('checkReminder.heading'),
    paragraphs: [
      t('checkReminder.hi', { name: input.nurseName, on: formatDay(input.expiresAt, { timeZone: input.timeZone }) }),
      input.recheckUnderWay ? t('checkReminder.underWay') : t('checkReminder.authorize'),
    ],
    action: { label: t('checkReminder.action'), url: input.url },
  }, t)
}

export function recheckOrderedEmail(
  input: { nurseName: string; expiresAt: Date; timeZone: string; invitationUrl: string | null; url: string },
  t: Translate,
): EmailContent {
  return renderEmail({
    subject: t('recheck.subject'),
    heading: t('recheck.heading'),
    paragraphs: [
      t('recheck.hi', { name: input.nurseName, on: formatDay(input.expiresAt, { timeZone: input.timeZone }) }),
      input.invitationUrl ? t('recheck.form') : t('recheck.nothingToDo'),
    ],
    action: input.invitationUrl ? { label: t('recheck.formAction'), url: input.invitationUrl } : { label: t('checkReminder.action'), url: input.url },
  }, t)
}

export function lapsedNurseEmail(input: { nurseName: string; reason: string; url: string }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('lapsedNurse.subject'),
    heading: t('lapsedNurse.heading'),
    paragraphs: [t('lapsedNurse.hi', { name: input.nurseName, reason: reasonIn(input.reason, t) }), t('lapsedNurse.keep')],
    action: { label: t('lapsedNurse.action'), url: input.url },
  }, t)
}

export function relistedNurseEmail(input: { nurseName: string; url: string }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('relisted.subject'),
    heading: t('relisted.heading'),
    paragraphs: [t('relisted.hi', { name: input.nurseName })],
    action: { label: t('relisted.action'), url: input.url },
  }, t)
}

export function lapsedFamilyEmail(input: { parentName: string; nurseName: string; nextNight: string; nights: number; url: string }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('lapsedFamily.subject', { nurse: input.nurseName }),
    heading: t('lapsedFamily.heading'),
    paragraphs: [
      t('lapsedFamily.hi', { name: input.parentName, nurse: input.nurseName }),
      t('lapsedFamily.nights', { count: input.nights, next: longDay(input.nextNight) }),
    ],
    action: { label: t('lapsedFamily.action'), url: input.url },
  }, t)
}

export function lapsedAdminEmail(input: { nurseName: string; reason: string; bookedNights: number; url: string }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('lapsedAdmin.subject', { nurse: input.nurseName }),
    heading: t('lapsedAdmin.heading', { nurse: input.nurseName }),
    paragraphs: [
      t('lapsedAdmin.left', { nurse: input.nurseName, reason: reasonIn(input.reason, t) }),
      input.bookedNights > 0 ? t('lapsedAdmin.booked', { count: input.bookedNights }) : t('lapsedAdmin.noneBooked'),
    ],
    action: { label: t('lapsedAdmin.action'), url: input.url },
  }, t)
}
