// One schema per input, shared by the forms, the page actions and the /_api calls.
// Its messages are the product's own (docs/product-texts.md).
import { z } from 'zod'
import { email, newPassword, text } from './fields'

export const LoginSchema = z.object({
  email: email('Email is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is required'),
  redirectTo: z.string().optional(),
})
export type Login = z.infer<typeof LoginSchema>

export const RegisterSchema = z.object({
  email: email('Invalid email'),
  password: newPassword(),
  displayName: text(100, { error: 'Name is required', label: 'Name' }).min(1, 'Name is required'),
  // Registration never grants admin (docs/security.md).
  role: z.enum(['nurse', 'parent'], { error: 'Please select either Nurse or Parent' }),
  redirectTo: z.string().optional(),
})
export type Register = z.infer<typeof RegisterSchema>

export const EstablishSessionSchema = z.object({
  tempToken: text(200, { error: 'Temporary token is required', tooLong: 'Temporary token is required' }).min(
    1,
    'Temporary token is required',
  ),
})
