// "Forgot password?" and the new password it leads to (docs/decisions/0009). The password rule is
// registration's (spec 000 §5: at least 8 characters).
import { z } from 'zod'

export const ForgotPasswordSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email({ error: 'Email is required' })),
})
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: 'This link is not valid.' }).min(20, 'This link is not valid.').max(200, 'This link is not valid.'),
    newPassword: z
      .string({ error: 'Password must be at least 8 characters' })
      .min(8, 'Password must be at least 8 characters')
      .max(200, 'Password must be at most 200 characters'),
    confirmPassword: z.string({ error: 'Please confirm the new password' }).min(1, 'Please confirm the new password'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Passwords do not match',
  })
export type ResetPassword = z.infer<typeof ResetPasswordSchema>
