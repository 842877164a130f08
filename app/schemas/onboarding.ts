// The nurse application's inputs: the four step forms of /night-nurse-onboard (shared by Conform in
// the browser and the page action) and the flexible /_api payload. Files are checked again on the
// server by their content (app/domain/files.server.ts).
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
} from '../domain/nurses/onboarding'
import { MAX_NIGHTLY_RATE_CENTS } from '../domain/bookings/pricing'
import { TIME_PATTERN } from '../domain/time/shift-times'
import { MAX_SERVICE_RADIUS_MILES } from '../domain/places/geo'
import {
  babyCount,
  email,
  extraBabyCents,
  extraBabyDollars,
  MAX_BABIES_MESSAGE,
  multilineText,
  newPassword,
  nightlyRateCents,
  nightlyRateDollars,
  phoneNumber as phoneText,
  text,
} from './fields'

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

const PHONE_MESSAGE = 'A valid phone number is required'
const phoneNumber = phoneText(PHONE_MESSAGE, { required: M.phoneRequired })

export const OnboardingStep1Schema = z.object({
  intent: z.literal('step1'),
  fullName: text(100, { error: M.fullNameRequired, label: 'Full name' }).min(1, M.fullNameRequired),
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
  bio: multilineText(BIO_MAX_LENGTH, { label: 'Bio' }).optional(),
  certificationDocument: uploadField('certification'),
})
export type OnboardingStep2 = z.infer<typeof OnboardingStep2Schema>

export const OnboardingStep3Schema = z.object({
  intent: z.literal('step3'),
  baseLocation: text(200, { error: M.baseLocationRequired, label: 'Base location' }).min(1, M.baseLocationRequired),
  serviceRadiusMiles: z.number({ error: 'Service radius must be a number' }).int().min(0).max(MAX_SERVICE_RADIUS_MILES),
  // Dollars per night (the nightly rate, stored in cents), at least 1, whole cents (decision 0045).
  nightlyRate: nightlyRateDollars(M.rateRequired),
  // Twins and triplets (issue 36): the same fields as the dashboard's profile (TwinsFields).
  maxBabies: babyCount(MAX_BABIES_MESSAGE).optional(),
  extraBaby: extraBabyDollars(),
  idDocument: uploadField('id_document'),
})
export type OnboardingStep3 = z.infer<typeof OnboardingStep3Schema>

/** Step 4 signed out: the nurse account, plus the files that could not wait in the draft (decision 0005). */
export const OnboardingAccountSchema = z.object({
  intent: z.literal('register'),
  displayName: text(100, { error: 'Name is required', label: 'Name' }).min(1, 'Name is required'),
  email: email('Invalid email'),
  password: newPassword(),
  photo: uploadField('photo'),
  certificationDocument: uploadField('certification'),
  idDocument: requiredUploadField('id_document', M.idRequired),
})
export type OnboardingAccount = z.infer<typeof OnboardingAccountSchema>

/** The steps 1-3 answers an anonymous visitor has given so far (kept in the draft cookie). */
export const OnboardingDraftSchema = z.object({
  fullName: text(100).optional(),
  phoneNumber: text(30).optional(),
  yearsExperience: z.number().int().min(0).max(50).optional(),
  credentials: z.array(z.enum(CREDENTIALS)).optional(),
  specialties: z.array(z.enum(SPECIALTIES)).optional(),
  bio: multilineText(BIO_MAX_LENGTH).optional(),
  baseLocation: text(200).optional(),
  serviceRadiusMiles: z.number().int().min(0).max(200).optional(),
  nightlyRateCents: z.number().int().min(0).max(MAX_NIGHTLY_RATE_CENTS).optional(),
  maxBabies: babyCount(MAX_BABIES_MESSAGE).optional(),
  extraBabyCents: extraBabyCents().optional(),
})
export type OnboardingDraft = z.infer<typeof OnboardingDraftSchema>

// --- POST /_api/nurses/onboarding (docs/product-texts.md) ---------------------------------------

/**
 * A file field of the flexible payload: a data URL is a new upload, null removes the file, and
 * any other URL (the '/files/{id}' the read call gave) keeps what is stored.
 */
const fileUrl = text(15_000_000, { tooLong: 'File size exceeds 10MB limit' })
  .refine((value) => value.startsWith('data:') || value.startsWith('/files/') || /^https?:\/\//.test(value), {
    error: 'Invalid URL',
  })
  .nullable()
  .optional()

const time = z.string({ error: 'Invalid time format' }).regex(TIME_PATTERN, 'Invalid time format')

export const OnboardingProfileDataSchema = z.object({
  headline: text(100, { label: 'Headline' }).min(1, M.fullNameRequired).optional(),
  bio: multilineText(BIO_MAX_LENGTH, { label: 'Bio' }).nullable().optional(),
  baseLocation: text(200, { label: 'Base location' }).optional(),
  serviceRadiusMiles: z.number().int().min(0).max(200).optional(),
  yearsExperience: z.number().int().min(0).max(50).optional(),
  credentials: z.array(z.enum(CREDENTIALS)).max(CREDENTIALS.length).optional(),
  specialties: z.array(z.enum(SPECIALTIES)).max(SPECIALTIES.length).optional(),
  languages: z.array(text(40).min(1)).max(20).optional(),
  nightlyRateCents: nightlyRateCents('Nightly rate must be positive').optional(),
  // Twins and triplets (issue 36), as POST /_api/nurses/profile takes them.
  maxBabies: babyCount(MAX_BABIES_MESSAGE).optional(),
  extraBabyCents: extraBabyCents().optional(),
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
      // Sent only when she has typed one (an empty draft's is left out), so one sent is checked.
      phoneNumber: phoneText(PHONE_MESSAGE).optional(),
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
