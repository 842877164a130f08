// The e-mail behind "Forgot password?" (docs/decisions/0009). Pure: the link comes in built.
import { renderEmail, type EmailContent } from './email-layout'

export function passwordResetEmail(input: { displayName: string; resetUrl: string; validMinutes: number }): EmailContent {
  return renderEmail({
    subject: 'Reset your Nightlight password',
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${input.displayName}, someone (we hope you) asked to reset the password of your Nightlight account.`,
      `The link below works once, for the next ${input.validMinutes} minutes. Using it signs you out everywhere else.`,
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: input.resetUrl },
  })
}
