// Edits after approval (docs/decisions/0063): once an admin has approved a nurse, her name, photo,
// documents and credentials are what families trust, so a new value of one of them waits in her one
// pending change until an admin reviews it; everything else she edits goes live at once. Pure: the
// database side is profile-changes.server.ts.
import type { Translate } from '~/i18n/translate'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import type { VerificationStatus } from './nurse-profile'

/** The fields an approved nurse cannot change on her own, in the order they are named. */
export const REVIEWED_FIELDS = ['displayName', 'photoFileId', 'certificationFileId', 'idDocumentFileId', 'credentials'] as const
export type ReviewedField = (typeof REVIEWED_FIELDS)[number]

/** The approved values of the reviewed fields, as the profile holds them. */
export interface ReviewedValues {
  displayName: string
  photoFileId: number | null
  certificationFileId: number | null
  idDocumentFileId: number | null
  credentials: string[]
}

/** New values asked for (an edit) or waiting (a pending change): a field left out does not change. */
export interface ProposedValues {
  displayName?: string
  photoFileId?: number
  certificationFileId?: number
  idDocumentFileId?: number
  credentials?: string[]
}

/** How the nurse, the e-mails and the admin name each field. */
export const FIELD_LABELS: Record<ReviewedField, string> = {
  displayName: 'name',
  photoFileId: 'photo',
  certificationFileId: 'certification document',
  idDocumentFileId: 'ID document',
  credentials: 'credentials',
}

export const PROFILE_CHANGE_MESSAGES = {
  notFound: 'Profile change not found',
  alreadyDecided: 'This change has already been decided.',
  documentRemoval: 'Your approved documents stay on file while you are approved: upload a new one to replace it.',
  approved: 'The change is approved and now on her public profile.',
  refused: 'The change is refused; her profile keeps the approved version.',
} as const

/** Only an approved nurse's edits wait: an application is reviewed as a whole anyway. */
export function editsNeedReview(status: VerificationStatus): boolean {
  return status === 'approved'
}

/** Credentials are a set: the order the boxes were ticked in is no change. */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  const sorted = (list: readonly string[]) => [...list].sort().join('\u0000')
  return sorted(a) === sorted(b)
}

function sameValue(field: ReviewedField, a: unknown, b: unknown): boolean {
  if (field === 'credentials') return sameList(a as string[], b as string[])
  return a === b
}

/**
 * The pending change after an edit: each field asked for replaces what waited, and a field edited
 * back to its approved value no longer waits. Fields the edit leaves out keep waiting. An empty
 * answer means nothing waits any more (the row goes).
 */
export function mergeProposal(approved: ReviewedValues, pending: ProposedValues, proposed: ProposedValues): ProposedValues {
  const merged: ProposedValues = { ...pending }
  for (const field of REVIEWED_FIELDS) {
    const value = proposed[field]
    if (value === undefined) continue
    if (sameValue(field, approved[field], value)) delete merged[field]
    else (merged as Record<ReviewedField, unknown>)[field] = value
  }
  return merged
}

/** The fields that wait, in their fixed order. */
export function waitingFields(pending: ProposedValues): ReviewedField[] {
  return REVIEWED_FIELDS.filter((field) => pending[field] !== undefined)
}

/** 'name', 'name and photo', 'name, photo and credentials'. */
/** 'name, photo and credentials'; with `t` (the nurse namespace) in the reader's language. */
export function nameFields(fields: readonly ReviewedField[], t?: Translate): string {
  const labels = fields.map((field) => (t ? t(`changes.field.${field}`) : FIELD_LABELS[field]))
  if (labels.length <= 1) return labels.join('')
  const last = labels[labels.length - 1]
  return t ? t('changes.list', { first: labels.slice(0, -1).join(', '), last }) : `${labels.slice(0, -1).join(', ')} and ${last}`
}

/** The nurse's notice: 'Waiting for review: your name, photo and credentials'. */
export function waitingMessage(fields: readonly ReviewedField[], t?: Translate): string {
  if (t) return t('changes.waiting', { fields: nameFields(fields, t) })
  return `Waiting for review: your ${nameFields(fields)}`
}

/** Said after a save that left something waiting (the toast, the /_api message). */
export function waitingNote(fields: readonly ReviewedField[], t?: Translate): string {
  const verb = fields.length === 1 && fields[0] !== 'credentials' ? 'waits' : 'wait'
  if (t) return t('changes.waitingNote', { fields: nameFields(fields, t), count: verb === 'waits' ? 1 : 2 })
  return `Your new ${nameFields(fields)} ${verb} for an admin's review; families see the approved version until then.`
}


/** A row of nurse_profile_changes as its nullable columns hold it: null is 'no change'. */
export interface ProfileChangeColumns {
  displayName: string | null
  photoFileId: number | null
  certificationFileId: number | null
  idDocumentFileId: number | null
  credentials: string[] | null
}

export function fromColumns(row: ProfileChangeColumns): ProposedValues {
  const values: ProposedValues = {}
  for (const field of REVIEWED_FIELDS) {
    const value = row[field]
    if (value !== null) (values as Record<ReviewedField, unknown>)[field] = value
  }
  return values
}

export function toColumns(values: ProposedValues): ProfileChangeColumns {
  return {
    displayName: values.displayName ?? null,
    photoFileId: values.photoFileId ?? null,
    certificationFileId: values.certificationFileId ?? null,
    idDocumentFileId: values.idDocumentFileId ?? null,
    credentials: values.credentials ?? null,
  }
}

/** The reviewed fields named in an e-mail, by the `emails` catalogue's `t`. */
function fieldsInEmail(fields: readonly ReviewedField[], t: Translate): string {
  const labels = fields.map((field) => t(`profileChange.field.${field}`))
  if (labels.length <= 1) return labels.join('')
  return t('profileChange.list', { first: labels.slice(0, -1).join(', '), last: labels[labels.length - 1] })
}

export function profileChangeApprovedEmail(input: { nurseName: string; fields: readonly ReviewedField[]; profileUrl: string }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('profileChange.approved.subject'),
    heading: t('profileChange.approved.subject'),
    paragraphs: [t('profileChange.approved.hi', { name: input.nurseName, fields: fieldsInEmail(input.fields, t) })],
    action: { label: t('profileChange.approved.action'), url: input.profileUrl },
  }, t)
}

export function profileChangeRefusedEmail(
  input: {
    nurseName: string
    fields: readonly ReviewedField[]
    reason: string
    dashboardUrl: string
  },
  t: Translate,
): EmailContent {
  return renderEmail({
    subject: t('profileChange.refused.subject'),
    heading: t('profileChange.refused.subject'),
    paragraphs: [
      t('profileChange.refused.hi', { name: input.nurseName, fields: fieldsInEmail(input.fields, t) }),
      t('profileChange.refused.reason', { reason: input.reason }),
      t('profileChange.refused.again'),
    ],
    action: { label: t('profileChange.refused.action'), url: input.dashboardUrl },
  }, t)
}
