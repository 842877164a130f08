// The parent's Profile Settings ('Manage Your Account'): name and phone, and a
// password change that needs the current password. Messages as registration's.
import { z } from 'zod'
import { text, withNewPasswordTwice } from './fields'
import { languageChoiceSchema } from './language'

export const ProfileSchema = z.object({
  displayName: text(100, { error: 'Name is required', label: 'Name' }).min(1, 'Name is required'),
  // Optional; when given it must look like a phone number: at least 10 characters.
  phoneNumber: text(30, { tooLong: 'A valid phone number is required' })
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || (value.length >= 10 && /^[\d\s()+.-]+$/.test(value)), {
      error: 'A valid phone number is required',
    }),
})
export type ProfileInput = z.infer<typeof ProfileSchema>

export const ChangePasswordSchema = withNewPasswordTwice({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
})
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

/** The language the account reads its pages, e-mails and documents in (Profile Settings). */
export const ProfileLanguageSchema = languageChoiceSchema.pick({ language: true })
export type ProfileLanguageInput = z.infer<typeof ProfileLanguageSchema>
