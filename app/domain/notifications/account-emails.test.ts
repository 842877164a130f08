import { describe, test } from 'vitest'
import { passwordResetEmail } from './account-emails'
import { expectEmail } from '../../../tests/support/emails'
import { translator } from '~/i18n/i18n.server'

const en = translator('emails', 'en')

describe('the password reset e-mail', () => {
  test('carries the link, how long it works, and what to do if it was not asked for', () => {
    const mail = passwordResetEmail({
      displayName: 'Jordan Parent',
      resetUrl: 'https://nightlight.example/reset-password?token=abc_123',
      validMinutes: 60,
    }, en)
    expectEmail(mail, {
      subject: 'Reset your Nightlight password',
      text: [
        'Hi Jordan Parent',
        'Choose a new password: https://nightlight.example/reset-password?token=abc_123',
        'for the next 60 minutes',
        'you can ignore this e-mail',
      ],
      html: ['href="https://nightlight.example/reset-password?token=abc_123"'],
    })
  })
})
