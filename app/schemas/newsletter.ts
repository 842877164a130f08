import { z } from 'zod'
import { email } from './fields'

export const NewsletterSchema = z.object({
  email: email('Invalid email'),
})
