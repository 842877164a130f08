// "Forgot password?" and the new password it leads to (docs/decisions/0009). The password rule is
// registration's: at least 8 characters.
import { z } from 'zod'
import { email, text, withNewPasswordTwice } from './fields'

export const ForgotPasswordSchema = z.object({
  email: email('Email is required'),
})
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>

export const ResetPasswordSchema = withNewPasswordTwice({
  token: text(200, { error: 'This link is not valid.', tooLong: 'This link is not valid.' }).min(20, 'This link is not valid.'),
})
export type ResetPassword = z.infer<typeof ResetPasswordSchema>
