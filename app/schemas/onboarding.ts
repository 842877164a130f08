// The nurse application's inputs (spec 001 §5, §7): the four step forms of /night-nurse-onboard
// (shared by Conform in the browser and the page action) and the flexible /_api payload.
// Files are checked again on the server by their content (app/domain/files.server.ts).
import { z } from 'zod'
import {
  BIO_MAX_LENGTH,
  CREDENTIALS,
  fileSizeMessage,
  invalidFileTypeMessage,
  maxUploadBytes,
  ONBOARDING_MESSAGES as M,
  SPECIALTIES,
  UPLOAD_RULES,
  YEARS_EXPERIENCE_VALUES,
  type UploadKind,
} from '../domain/onboarding'
import { TIME_PATTERN } from '../domain/shift-times'

// Cents: a million dollars a night is past any real rate and far inside a Postgres integer.
const MAX_RATE_CENTS = 100_000_000

/** A file input: the browser's declared type and size give early answers; the server decides by content. */
function requiredUploadField(kind: UploadKind, missing: string) {
  const rules = UPLOAD_RULES[kind]
  return (
    z
      .instanceof(File, { error: missing })
      // A form posts an empty file part when nothing was chosen.
      .refine((file) => file instanceof File && file.size > 0, missing)
      .refine((file) => file.size <= maxUploadBytes(kind), fileSizeMessage(rules.maxMb))
      .refine(
        (file) => file.type === '' || rules.mediaTypes.includes(file.type),
        invalidFileTypeMessage(rules.extensions),
      )
  )
}

function uploadField(kind: UploadKind) {
  const rules = UPLOAD_RULES[kind]
  return z
    .instanceof(File)
    .refine((file) => file.size <= maxUploadBytes(kind), fileSizeMessage(rules.maxMb))
    .refine(
      (file) => file.type === '' || rules.mediaTypes.includes(file.type),
      invalidFileTypeMessage(rules.extensions),
    )
    .optional()
}

const phoneNumber = z
  .string({ error: M.phoneRequired })
  .trim()
  .min(1, M.phoneRequired)
  .max(30, 'A valid phone number is required')

export const OnboardingStep1Schema = z.object({
  intent: z.literal('step1'),
  fullName: z
    .string({ error: M.fullNameRequired })
    .trim()
    .min(1, M.fullNameRequired)
    .max(100, 'Full name must be at most 100 characters'),
  phoneNumber,
  yearsExperience: z
    .number({ error: M.yearsRequired })
    .refine((value) => YEARS_EXPERIENCE_VALUES.includes(value), M.yearsRequired),
  photo: uploadField('photo'),
})
export type OnboardingStep1 = z.infer<typeof OnboardingStep1Schema>

export const OnboardingStep2Schema = z.object({
  intent: z.literal('step2'),
  credentials: z.array(z.enum(CREDENTIALS)).default([]),
  specialties: z.array(z.enum(SPECIALTIES)).default([]),
  bio: z.string().trim().max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`).optional(),
  certificationDocument: uploadField('certification'),
})
export type OnboardingStep2 = z.infer<typeof OnboardingStep2Schema>

export const OnboardingStep3Schema = z.object({
  intent: z.literal('step3'),
  baseLocation: z.string({ error: M.baseLocationRequired }).trim().min(1, M.baseLocationRequired).max(200),
  serviceRadiusMiles: z.number({ error: 'Service radius must be a number' }).int().min(0).max(200),
  // Dollars per night (DESIGN.md §6 item 2), at least 1 (spec 001 §5).
  nightlyRate: z
    .number({ error: M.rateRequired })
    .min(1, M.rateRequired)
    .max(MAX_RATE_CENTS / 100, 'Rate is too large'),
  idDocument: uploadField('id_document'),
})
export type OnboardingStep3 = z.infer<typeof OnboardingStep3Schema>

/** Step 4 signed out: the nurse account, plus the files that could not wait in the draft (decision 0005). */
export const OnboardingAccountSchema = z.object({
  intent: z.literal('register'),
  displayName: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  email: z
    .string({ error: 'Invalid email' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Invalid email' })),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
  photo: uploadField('photo'),
  certificationDocument: uploadField('certification'),
  idDocument: requiredUploadField('id_document', M.idRequired),
})
export type OnboardingAccount = z.infer<typeof OnboardingAccountSchema>

/** The steps 1-3 answers an anonymous visitor has given so far (kept in the draft cookie). */
export const OnboardingDraftSchema = z.object({
  fullName: z.string().max(100).optional(),
  phoneNumber: z.string().max(30).optional(),
  yearsExperience: z.number().int().min(0).max(50).optional(),
  credentials: z.array(z.enum(CREDENTIALS)).optional(),
  specialties: z.array(z.enum(SPECIALTIES)).optional(),
  bio: z.string().max(BIO_MAX_LENGTH).optional(),
  baseLocation: z.string().max(200).optional(),
  serviceRadiusMiles: z.number().int().min(0).max(200).optional(),
  nightlyRateCents: z.number().int().min(0).max(MAX_RATE_CENTS).optional(),
})
export type OnboardingDraft = z.infer<typeof OnboardingDraftSchema>

// --- POST /_api/nurses/onboarding (spec 001 §7) -------------------------------------------------

/**
 * A file field of the flexible payload: a data URL is a new upload, null removes the file, and
 * any other URL (the '/files/{id}' the read call gave) keeps what is stored.
 */
const fileUrl = z
  .string()
  .max(15_000_000, 'File size exceeds 10MB limit')
  .refine((value) => value.startsWith('data:') || value.startsWith('/files/') || /^https?:\/\//.test(value), {
    error: 'Invalid URL',
  })
  .nullable()
  .optional()

const time = z.string({ error: 'Invalid time format' }).regex(TIME_PATTERN, 'Invalid time format')

export const OnboardingProfileDataSchema = z.object({
  headline: z.string().trim().min(1, M.fullNameRequired).max(100, 'Headline must be at most 100 characters').optional(),
  bio: z.string().trim().max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`).nullable().optional(),
  baseLocation: z.string().trim().max(200).optional(),
  serviceRadiusMiles: z.number().int().min(0).max(200).optional(),
  yearsExperience: z.number().int().min(0).max(50).optional(),
  credentials: z.array(z.enum(CREDENTIALS)).max(CREDENTIALS.length).optional(),
  specialties: z.array(z.enum(SPECIALTIES)).max(SPECIALTIES.length).optional(),
  languages: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
  nightlyRateCents: z.number().int().min(0, 'Nightly rate must be positive').max(MAX_RATE_CENTS).optional(),
  minHours: z.number().int().min(1).max(24).optional(),
  maxHours: z.number().int().min(1).max(24).optional(),
  instantBook: z.boolean().optional(),
  photoUrl: fileUrl,
  certificationDocumentUrl: fileUrl,
  idDocumentUrl: fileUrl,
})

export const OnboardingSaveSchema = z.object({
  type: z.literal('flexible', { error: "type must be 'flexible'" }),
  step: z.enum(['step1', 'step2', 'step3', 'step4'], {
    error: 'step must be step1 to step4',
  }),
  userData: z
    .object({
      phoneNumber: z.string().trim().max(30, 'A valid phone number is required').optional(),
    })
    .optional(),
  profileData: OnboardingProfileDataSchema.optional(),
  availability: z
    .array(
      z.object({
        dayOfWeek: z.number().int().min(0).max(6),
        startTimeLocal: time,
        endTimeLocal: time,
        active: z.boolean(),
      }),
    )
    .max(7)
    .optional(),
  submitForReview: z.boolean().default(false),
})
export type OnboardingSave = z.infer<typeof OnboardingSaveSchema>
