// "Forgot password?" and the new password it leads to (docs/decisions/0009). The password rule is
// registration's (spec 000 §5: at least 8 characters).
import { z } from 'zod'
import { email, newPassword, text } from './fields'

export const ForgotPasswordSchema = z.object({
  email: email('Email is required'),
})
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>

export const ResetPasswordSchema = z
  .object({
    token: text(200, { error: 'This link is not valid.', tooLong: 'This link is not valid.' }).min(20, 'This link is not valid.'),
    newPassword: newPassword(),
    confirmPassword: z.string({ error: 'Please confirm the new password' }).min(1, 'Please confirm the new password'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Passwords do not match',
  })
export type ResetPassword = z.infer<typeof ResetPasswordSchema>
