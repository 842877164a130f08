// The parent's Profile Settings (spec 000 §2 'Manage Your Account'): name and phone, and a
// password change that needs the current password. Messages follow spec 000 §5.
import { z } from 'zod'

export const ProfileSchema = z.object({
  displayName: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  // Optional; when given it must look like a phone number (spec 000 §5: at least 10 characters).
  phoneNumber: z
    .string()
    .trim()
    .max(30, 'A valid phone number is required')
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || (value.length >= 10 && /^[\d\s()+.-]+$/.test(value)), {
      error: 'A valid phone number is required',
    }),
})
export type ProfileInput = z.infer<typeof ProfileSchema>

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
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
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>
