// The parent's Profile Settings ('Manage Your Account'): name and phone, and a
// password change that needs the current password. Messages as registration's.
import { z } from 'zod'
import { optionalPhoneNumber, text, withNewPasswordTwice } from './fields'
import { languageChoiceSchema } from './language'

export const ProfileSchema = z.object({
  displayName: text(100, { error: 'Name is required', label: 'Name' }).min(1, 'Name is required'),
  // Optional; when given it must be a phone number with ten digits at least.
  phoneNumber: optionalPhoneNumber('A valid phone number is required'),
})
export type ProfileInput = z.infer<typeof ProfileSchema>

export const ChangePasswordSchema = withNewPasswordTwice({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
})
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

/** The language the account reads its pages, e-mails and documents in (Profile Settings). */
export const ProfileLanguageSchema = languageChoiceSchema.pick({ language: true })
export type ProfileLanguageInput = z.infer<typeof ProfileLanguageSchema>
