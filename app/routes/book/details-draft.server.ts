// What a parent typed at /book step 2, kept when they go Back to the dates (issue 11), so the
// form is as they left it when they return: a signed, httpOnly cookie for one nurse's booking,
// like the nurse application's draft (decision 0005). Cleared once the booking exists.
import { z } from 'zod'
import { multilineText, text } from '~/schemas/fields'
import { signedCookie } from '~/utils/cookies.server'
import type { DetailsDefaults } from './details-step'

const DRAFT_MAX_AGE_S = 2 * 60 * 60

// Each field on its own: one the database could not hold is dropped, the others are kept.
const DetailsDraftSchema = z.object({
  nurseId: z.number().int().positive(),
  fullName: text(100).catch(''),
  phone: text(30).catch(''),
  address: text(300).catch(''),
  notes: multilineText(1000).catch(''),
  acceptTerms: z.boolean().catch(false),
})
type DetailsDraft = z.infer<typeof DetailsDraftSchema>

// '/' and not /book: Remix's data requests go to /book.data (cookies.server.ts).
const getDraftCookie = signedCookie('__booking_details', DRAFT_MAX_AGE_S)

/** The details kept for this nurse's booking, or null. */
export async function readDetailsDraft(request: Request, nurseId: number): Promise<DetailsDefaults | null> {
  const value = await getDraftCookie().parse(request.headers.get('Cookie'))
  const parsed = DetailsDraftSchema.safeParse(value)
  if (!parsed.success || parsed.data.nurseId !== nurseId) return null
  const { nurseId: _nurse, ...details } = parsed.data
  return details
}

/** The Set-Cookie header keeping the form's fields as typed (valid or not) for this nurse. */
export function detailsDraftHeader(nurseId: number, formData: FormData): Promise<string> {
  const field = (name: string) => {
    const value = formData.get(name)
    return typeof value === 'string' ? value : ''
  }
  const draft: DetailsDraft = DetailsDraftSchema.parse({
    nurseId,
    fullName: field('fullName'),
    phone: field('phone'),
    address: field('address'),
    notes: field('notes'),
    acceptTerms: field('acceptTerms') === 'on',
  })
  return getDraftCookie().serialize(draft)
}

export function clearDetailsDraftHeader(): Promise<string> {
  return getDraftCookie().serialize('', { maxAge: 0 })
}
