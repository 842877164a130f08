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

// In the order of the form's fields: a page without scripts lists the errors in this order.
export const RegisterSchema = z.object({
  displayName: text(100, { error: 'Name is required', label: 'Name' }).min(1, 'Name is required'),
  email: email('Invalid email'),
  password: newPassword(),
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
