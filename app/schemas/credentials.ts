// A dated credential (docs/decisions/0062): the nurse's form to list one at /nurse/credentials,
// and an admin's decision at /admin/credentials. The rules by kind (a license's number and state,
// the expiry of a dated card, a certificate's document) are in the schema, so the browser and the
// server say the same; the server adds that the expiry is not already past (its own today).
import { z } from 'zod'
import { fileSizeMessage, invalidFileTypeMessage, maxUploadBytes, UPLOAD_RULES } from '../domain/nurses/onboarding'
import { CREDENTIAL_KINDS, isLicenseKind } from '../domain/verification/credential-life-cycle'
import {
  CREDENTIAL_ISSUER_MAX,
  CREDENTIAL_MESSAGES as M,
  CREDENTIAL_NUMBER_MAX,
  isUsStateCode,
  needsDocument,
  needsExpiry,
} from '../domain/verification/credentials'
import { calendarDate, multilineText, positiveId, text } from './fields'

const rules = UPLOAD_RULES.certification

/** The document: the browser's type and size answer early; the server decides by the bytes. */
const documentField = z
  .instanceof(File)
  .refine((file) => file.size <= maxUploadBytes('certification'), fileSizeMessage(rules.maxMb))
  .refine((file) => file.type === '' || rules.mediaTypes.includes(file.type), invalidFileTypeMessage(rules.extensions))
  .optional()

const hasFile = (file: File | undefined) => file instanceof File && file.size > 0

export const CredentialListingSchema = z
  .object({
    intent: z.literal('add'),
    kind: z.enum(CREDENTIAL_KINDS, { error: M.kind }),
    number: text(CREDENTIAL_NUMBER_MAX, { label: 'The number' }).optional(),
    state: text(2, { error: M.state, tooLong: M.state }).toUpperCase().optional(),
    issuer: text(CREDENTIAL_ISSUER_MAX, { label: 'Who issued it' }).optional(),
    expiresOn: calendarDate(M.expiryDate).optional(),
    document: documentField,
    // A document she sent with a try the form refused: kept, so she need not choose it again.
    keptDocumentId: positiveId('Choose the document again.').optional(),
  })
  .superRefine((value, ctx) => {
    const license = isLicenseKind(value.kind)
    if (license && !value.number) ctx.addIssue({ code: 'custom', path: ['number'], message: M.number })
    if (license && !(value.state && isUsStateCode(value.state))) ctx.addIssue({ code: 'custom', path: ['state'], message: M.state })
    if (!license && !value.issuer) ctx.addIssue({ code: 'custom', path: ['issuer'], message: M.issuer })
    if (needsExpiry(value.kind) && !value.expiresOn) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: M.expiry })
    if (needsDocument(value.kind) && !hasFile(value.document) && value.keptDocumentId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['document'], message: M.document })
    }
  })
export type CredentialListing = z.infer<typeof CredentialListingSchema>

/** The same form on the server, on its own `today` ('YYYY-MM-DD'): an expiry already past is refused. */
export function credentialListingSchemaOn(today: string) {
  return CredentialListingSchema.superRefine((value, ctx) => {
    if (value.expiresOn && value.expiresOn < today) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: M.expiryPast })
  })
}

/** Her own credential, removed while no one has answered it yet. */
export const CredentialRemovalSchema = z.object({
  intent: z.literal('remove'),
  credentialId: positiveId('Choose a credential.'),
})

export const CredentialPageIntentSchema = z.object({ intent: z.enum(['add', 'remove']) })

export const CredentialDecisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('confirm'), credentialId: positiveId('Choose a credential.') }),
  z.object({ intent: z.literal('lookup'), credentialId: positiveId('Choose a credential.') }),
  z.object({
    intent: z.literal('refuse'),
    credentialId: positiveId('Choose a credential.'),
    reason: multilineText(500, { error: M.refuseReason, label: 'The reason' }).pipe(z.string({ error: M.refuseReason }).min(5, M.refuseReason)),
  }),
])
export type CredentialDecision = z.infer<typeof CredentialDecisionSchema>
