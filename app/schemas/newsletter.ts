import { z } from 'zod'

export const NewsletterSchema = z.object({
  email: z.string({ error: 'Invalid email' }).trim().toLowerCase().pipe(z.email({ error: 'Invalid email' })),
})
