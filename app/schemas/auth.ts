// One schema per input, shared by the forms, the page actions and the /_api calls (STYLE.md).
// Messages are the spec's (000 §5).
import { z } from 'zod'

export const LoginSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email({ error: 'Email is required' })),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  redirectTo: z.string().optional(),
})
export type Login = z.infer<typeof LoginSchema>

export const RegisterSchema = z.object({
  email: z.string({ error: 'Invalid email' }).trim().toLowerCase().pipe(z.email({ error: 'Invalid email' })),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
  displayName: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  // Registration never grants admin (DESIGN.md §9).
  role: z.enum(['nurse', 'parent'], { error: 'Please select either Nurse or Parent' }),
  redirectTo: z.string().optional(),
})
export type Register = z.infer<typeof RegisterSchema>

export const EstablishSessionSchema = z.object({
  tempToken: z.string({ error: 'Temporary token is required' }).trim().min(1, 'Temporary token is required'),
})
