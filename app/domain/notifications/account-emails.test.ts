import { describe, expect, test } from 'vitest'
import { passwordResetEmail } from './account-emails'

describe('the password reset e-mail', () => {
  test('carries the link, how long it works, and what to do if it was not asked for', () => {
    const mail = passwordResetEmail({
      displayName: 'Jordan Parent',
      resetUrl: 'https://nightlight.example/reset-password?token=abc_123',
      validMinutes: 60,
    })
    expect(mail.subject).toBe('Reset your Nightlight password')
    expect(mail.text).toContain('Hi Jordan Parent')
    expect(mail.text).toContain('Choose a new password: https://nightlight.example/reset-password?token=abc_123')
    expect(mail.text).toContain('for the next 60 minutes')
    expect(mail.text).toContain('you can ignore this e-mail')
    expect(mail.html).toContain('href="https://nightlight.example/reset-password?token=abc_123"')
  })
})
