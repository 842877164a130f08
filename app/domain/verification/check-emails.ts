// The notices of an adverse action (docs/decisions/0061): the pre-adverse notice with the report's
// summary and her rights, then, after the wait, the final notice. Pure: the deadline comes in as an
// instant and her zone, written here. `t` (the `emails` catalogue) and the date formatter write
// them in the reader's language; the screenings' names and records stay as the agency wrote them.
import type { Translate } from '~/i18n/translate'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { formatDay } from '../time/viewer-time'
import type { CheckScreening } from '../../db/schema'

const AGENCY = 'Checkr, Inc., One Montgomery Street, Suite 2400, San Francisco, CA 94104, (844) 824-3257, checkr.com'
const RIGHTS_URL = 'https://www.consumerfinance.gov/rules-policy/regulations/1022/b/'

function screeningLines(screenings: CheckScreening[], t: Translate): Array<[string, string]> {
  return screenings.map((screening) => {
    const outcome = t(`adverse.outcome.${screening.outcome}`)
    return [screening.name, screening.record ? `${outcome}: ${screening.record}` : outcome]
  })
}

export function preAdverseNoticeEmail(
  input: {
    nurseName: string
    screenings: CheckScreening[]
    earliestFinalAt: Date
    timeZone: string
    disputeUrl: string
  },
  t: Translate,
): EmailContent {
  const earliestFinal = formatDay(input.earliestFinalAt, { timeZone: input.timeZone }, { weekday: true })
  return renderEmail({
    subject: t('preAdverse.subject'),
    heading: t('preAdverse.heading'),
    paragraphs: [
      t('preAdverse.hi', { name: input.nurseName }),
      t('preAdverse.summary'),
      t('preAdverse.copy', { agency: AGENCY, rightsUrl: RIGHTS_URL }),
      t('preAdverse.respond', { date: earliestFinal }),
    ],
    details: screeningLines(input.screenings, t),
    action: { label: t('preAdverse.action'), url: input.disputeUrl },
  }, t)
}

export function finalAdverseNoticeEmail(input: { nurseName: string }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('finalAdverse.subject'),
    heading: t('finalAdverse.heading'),
    paragraphs: [
      t('finalAdverse.hi', { name: input.nurseName }),
      t('finalAdverse.agency', { agency: AGENCY }),
      t('finalAdverse.rights', { rightsUrl: RIGHTS_URL }),
    ],
  }, t)
}
