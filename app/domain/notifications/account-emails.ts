// The e-mail behind "Forgot password?" (docs/decisions/0009). Pure: the link comes in built, and
// `t` (the `emails` catalogue) writes it in the reader's language.
import type { Translate } from '~/i18n/translate'
import { renderEmail, type EmailContent } from './email-layout'

export function passwordResetEmail(input: { displayName: string; resetUrl: string; validMinutes: number }, t: Translate): EmailContent {
  return renderEmail(
    {
      subject: t('reset.subject'),
      heading: t('reset.heading'),
      paragraphs: [t('reset.hi', { name: input.displayName }), t('reset.once', { minutes: input.validMinutes }), t('reset.ignore')],
      action: { label: t('reset.action'), url: input.resetUrl },
    },
    t,
  )
}
