// The notices of an adverse action (docs/decisions/0061): the pre-adverse notice with the report's
// summary and her rights, then, after the wait, the final notice. Pure: dates come in written.
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import type { CheckScreening } from '../../db/schema'

const AGENCY = 'Checkr, Inc., One Montgomery Street, Suite 2400, San Francisco, CA 94104, (844) 824-3257, checkr.com'
const RIGHTS_URL = 'https://www.consumerfinance.gov/rules-policy/regulations/1022/b/'

function screeningLines(screenings: CheckScreening[]): Array<[string, string]> {
  return screenings.map((screening) => [screening.name, screening.record ? `${screening.outcome}: ${screening.record}` : screening.outcome])
}

export function preAdverseNoticeEmail(input: {
  nurseName: string
  screenings: CheckScreening[]
  earliestFinal: string
  disputeUrl: string
}): EmailContent {
  return renderEmail({
    subject: 'Pre-adverse action notice: your Nightlight background check',
    heading: 'Pre-adverse action notice',
    paragraphs: [
      `Hi ${input.nurseName}, based in whole or in part on your background check, Nightlight is considering not approving you to offer your services to families. No decision has been made yet.`,
      'This is the summary of the report we received from the consumer reporting agency:',
      `You can get a free copy of the full report from the agency: ${AGENCY}. Enclosed by reference is "A Summary of Your Rights Under the Fair Credit Reporting Act" (${RIGHTS_URL}).`,
      `If anything in the report is wrong or incomplete, or there is something you want us to consider, tell us before ${input.earliestFinal}: you can write to us from your dashboard, and dispute the report with the agency directly. We will not decide before then.`,
    ],
    details: screeningLines(input.screenings),
    action: { label: 'Respond to this notice', url: input.disputeUrl },
  })
}

export function finalAdverseNoticeEmail(input: { nurseName: string }): EmailContent {
  return renderEmail({
    subject: 'Adverse action notice: your Nightlight application',
    heading: 'Adverse action notice',
    paragraphs: [
      `Hi ${input.nurseName}, after the waiting period that followed our pre-adverse notice, Nightlight has decided not to approve you to offer your services to families, based in whole or in part on the background check we received from the consumer reporting agency.`,
      `The agency was ${AGENCY}. It did not make this decision and cannot tell you why it was made.`,
      `You have the right to a free copy of your report from the agency if you ask within 60 days, and to dispute with the agency the accuracy or completeness of anything in it. Your rights are summarized in "A Summary of Your Rights Under the Fair Credit Reporting Act" (${RIGHTS_URL}).`,
    ],
  })
}
