// A barrier reported on /accessibility: the e-mail the admins read, each in their own language. Pure.
import type { Translate } from '~/i18n/translate'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { formatMoment } from '../time/viewer-time'

export const BARRIER_REPORTED_MESSAGE = 'Thank you. Your report reached our team, and we will answer within two business days if you left an address.'

export interface BarrierReportFacts {
  description: string
  page: string | null
  /** The address to answer: the one typed, else the signed-in account's; null when neither. */
  replyTo: string | null
  /** Who was signed in, when someone was. */
  account: { name: string; role: 'parent' | 'nurse' | 'admin' } | null
  /** When it was reported (an ISO instant), written in UTC: an admin's zone is not known. */
  at: string
}

/** `t` (the `emails` catalogue) in the admin's language; what was reported stays as written. */
export function barrierReportEmail(report: BarrierReportFacts, t: Translate): EmailContent {
  return renderEmail({
    subject: t('barrier.subject'),
    heading: t('barrier.heading'),
    paragraphs: [report.description, report.replyTo ? t('barrier.answer') : t('barrier.noAddress')],
    details: [
      [t('barrier.labelPage'), report.page || t('barrier.notGiven')],
      [t('barrier.labelAnswerTo'), report.replyTo ?? t('barrier.noAddressGiven')],
      [t('barrier.labelSignedInAs'), report.account ? t('barrier.account', report.account) : t('barrier.notSignedIn')],
      [t('barrier.labelReported'), formatMoment(report.at, { timeZone: 'UTC', told: false })],
    ],
  }, t)
}
