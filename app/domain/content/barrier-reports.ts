// A barrier reported on /accessibility: the e-mail the admins read. Pure.
import { renderEmail, type EmailContent } from '../notifications/email-layout'

export const BARRIER_REPORTED_MESSAGE = 'Thank you. Your report reached our team, and we will answer within two business days if you left an address.'

export interface BarrierReportFacts {
  description: string
  page: string | null
  /** The address to answer: the one typed, else the signed-in account's; null when neither. */
  replyTo: string | null
  /** Who was signed in, when someone was: 'Dana Whitfield (parent)'. */
  account: string | null
  at: string
}

export function barrierReportEmail(report: BarrierReportFacts): EmailContent {
  return renderEmail({
    subject: 'Accessibility barrier reported',
    heading: 'Someone reported an accessibility barrier',
    paragraphs: [
      report.description,
      report.replyTo
        ? 'Please answer within two business days, and tell them how we will fix it or another way to do what they needed.'
        : 'They left no address to answer. Please look into it and note the fix in the accessibility statement if it affects others.',
    ],
    details: [
      ['Page', report.page || 'Not given'],
      ['Answer to', report.replyTo ?? 'No address given'],
      ['Signed in as', report.account ?? 'Not signed in'],
      ['Reported', report.at],
    ],
  })
}
