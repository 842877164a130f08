// Credentials with dates (docs/decisions/0062): which kinds need what when she lists one, and how
// a credential reads in plain words on her page and the admin's. Pure; the clock is passed in.
import { US_STATES } from '../places/locations'
import { MONTH_NAMES } from '~/i18n/calendar-words'
import { currentLanguage } from '~/i18n/current-language'
import type { Language } from '~/i18n/languages'
import type { Translate } from '~/i18n/translate'
import { CREDENTIAL_KIND_NAMES, EXPIRING_DAYS, daysUntil, isLicenseKind, type CredentialKind, type CredentialStatus } from './credential-life-cycle'

/** Kinds whose card or license always carries an expiry: listing one without it is refused. */
export const DATED_KINDS = ['RN', 'LPN', 'CNA', 'CPR'] as const satisfies readonly CredentialKind[]
export const needsExpiry = (kind: string) => (DATED_KINDS as readonly string[]).includes(kind)

/** A certificate no registry covers is confirmed by an admin from its document, so it needs one. */
export const needsDocument = (kind: string) => !isLicenseKind(kind)

export const CREDENTIAL_NUMBER_MAX = 40
export const CREDENTIAL_ISSUER_MAX = 100

/**
 * The most credentials one nurse keeps on record. Each license listed is a registry lookup (a paid
 * call with Nursys) and every valid one is read beside her profile: a script listing thousands
 * must stop early. Renewals over years stay well under it.
 */
export const MAX_CREDENTIALS_PER_NURSE = 40

export const CREDENTIAL_MESSAGES = {
  tooMany: `You have ${MAX_CREDENTIALS_PER_NURSE} credentials on record, the most we keep. Remove one no one has answered yet, or write to support.`,
  kind: 'Choose what you are listing.',
  number: 'Type the license number as it is printed on the license.',
  state: 'Choose the state that issued the license.',
  issuer: 'Type who issued it (for example, the American Red Cross).',
  expiry: 'Type the date it expires, as printed on it.',
  expiryDate: 'Type a real date, like 2027-10-31.',
  expiryPast: 'This one has expired already: list the renewed one.',
  document: 'Add a scan or photo of it: an admin checks it against the document.',
  noProfile: 'Start your application first: your credentials belong to your profile.',
  notFound: 'This credential was not found.',
  notWaiting: 'This credential is not waiting for a decision any more.',
  expiredWhileWaiting: 'Its expiry has passed while it waited: she must list the renewed one.',
  keptForHistory: 'A checked credential stays on record. List the renewed one: it takes this one’s place.',
  refuseReason: 'Tell her why (at least 5 characters): she reads it on her page.',
} as const

/** The state's name for a license, the body's name as typed for a certificate. */
export function issuerName(kind: string, issuer: string): string {
  return isLicenseKind(kind) ? (US_STATES[issuer] ?? issuer) : issuer
}

export function isUsStateCode(value: string): boolean {
  return Object.hasOwn(US_STATES, value)
}

/** What a credential shows: enough to say where it stands. */
export interface CredentialFacts {
  kind: CredentialKind
  issuer: string
  expiresOn: string | null
  status: CredentialStatus
  lookupOutcome: 'active' | 'expired' | 'encumbered' | 'not_found' | null
  /** ISO instant a registry answered or an admin decided. */
  checkedAt: string | null
  /** That instant's day ('YYYY-MM-DD') in her profile's zone: the day she and families read. */
  checkedOn: string | null
  /** An admin decided (not a registry). */
  byAdmin: boolean
  /** The admin's reason, when she refused it. */
  refusal: string | null
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** '12 March 2026' from 'YYYY-MM-DD'. */
export function longDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  return `${date} ${MONTHS[month - 1]} ${year}`
}

/** 'October 2027' from 'YYYY-MM-DD'. */
export function monthYear(value: string): string {
  const [year, month] = value.split('-').map(Number)
  return `${MONTHS[month - 1]} ${year}`
}

/** '12 March 2026' in the current language: '12 de marzo de 2026' in Spanish. */
export function longDateIn(day: string, language: Language = currentLanguage()): string {
  const [year, month, date] = day.split('-').map(Number)
  const name = MONTH_NAMES[language][month - 1]
  return language === 'es' ? `${date} de ${name} de ${year}` : `${date} ${name} ${year}`
}

export type Tone = 'good' | 'soon' | 'waiting' | 'bad'

export interface CredentialStanding {
  /** 'RN license · Massachusetts' */
  title: string
  /** 'active', 'Waiting for an admin', 'Expired', … */
  label: string
  /** The rest of the line: 'checked 12 March 2026 · expires October 2027'. */
  detail: string
  tone: Tone
}

/** Where a credential stands, in the words her page and the admin's use, on `today` ('YYYY-MM-DD'). */
export function credentialStanding(credential: CredentialFacts, today: string, t?: Translate): CredentialStanding {
  if (t) return credentialStandingIn(credential, today, t)
  const title = `${CREDENTIAL_KIND_NAMES[credential.kind]} · ${issuerName(credential.kind, credential.issuer)}`
  const license = isLicenseKind(credential.kind)
  const checked = credential.checkedOn ? `${credential.byAdmin ? 'confirmed' : 'checked'} ${longDate(credential.checkedOn)}` : null
  const expiry = credential.expiresOn
  const join = (...parts: Array<string | null | false>) => parts.filter(Boolean).join(' · ')
  switch (credential.status) {
    case 'submitted':
      return {
        title,
        label: license ? 'Waiting for the license registry' : 'Waiting for an admin',
        detail: join(expiry && `expires ${longDate(expiry)}`),
        tone: 'waiting',
      }
    case 'current':
    case 'expiring': {
      const days = expiry ? daysUntil(expiry, today) : null
      const soon = days !== null && days <= EXPIRING_DAYS
      const expires = expiry ? (soon ? `expires ${longDate(expiry)}: renew it soon` : `expires ${monthYear(expiry)}`) : 'no expiry'
      return { title, label: license ? 'active' : 'current', detail: join(checked, expires), tone: soon ? 'soon' : 'good' }
    }
    case 'expired':
      return {
        title,
        label: 'Expired',
        detail: join(expiry && `on ${longDate(expiry)}`, credential.lookupOutcome === 'expired' && 'the registry says it is no longer active', 'list the renewed one'),
        tone: 'bad',
      }
    case 'revoked':
      return {
        title,
        label: credential.byAdmin ? 'Withdrawn by an admin' : 'The registry reports a restriction on this license',
        detail: join(checked, 'families cannot book you on it; write to us if this is wrong'),
        tone: 'bad',
      }
    case 'rejected':
      if (!credential.byAdmin) return { title, label: 'Not found in the registry: check the number', detail: join(checked), tone: 'bad' }
      return { title, label: 'Refused by an admin', detail: join(credential.refusal, credential.checkedOn && `refused ${longDate(credential.checkedOn)}`), tone: 'bad' }
  }
}

/** The same standing in the reader's language, by `t` of the nurse namespace (her own page). */
function credentialStandingIn(credential: CredentialFacts, today: string, t: Translate): CredentialStanding {
  const long = (day: string) => {
    const [year, month, date] = day.split('-')
    return t('credential.longDate', { year, month: String(Number(month)), day: String(Number(date)) })
  }
  const monthOf = (day: string) => {
    const [year, month] = day.split('-')
    return t('credential.monthYear', { year, month: String(Number(month)) })
  }
  const title = `${t(`expiry.what.${credential.kind}`)} · ${issuerName(credential.kind, credential.issuer)}`
  const license = isLicenseKind(credential.kind)
  const checked = credential.checkedOn ? t(credential.byAdmin ? 'credential.confirmedOn' : 'credential.checkedOn', { date: long(credential.checkedOn) }) : null
  const expiry = credential.expiresOn
  const join = (...parts: Array<string | null | false>) => parts.filter(Boolean).join(' · ')
  switch (credential.status) {
    case 'submitted':
      return {
        title,
        label: t(license ? 'credential.waitingRegistry' : 'credential.waitingAdmin'),
        detail: join(expiry && t('credential.expiresOnDay', { date: long(expiry) })),
        tone: 'waiting',
      }
    case 'current':
    case 'expiring': {
      const days = expiry ? daysUntil(expiry, today) : null
      const soon = days !== null && days <= EXPIRING_DAYS
      const expires = expiry
        ? soon
          ? t('credential.expiresSoon', { date: long(expiry) })
          : t('credential.expiresOn', { date: monthOf(expiry) })
        : t('credential.noExpiry')
      return { title, label: t(license ? 'credential.active' : 'credential.current'), detail: join(checked, expires), tone: soon ? 'soon' : 'good' }
    }
    case 'expired':
      return {
        title,
        label: t('credential.expired'),
        detail: join(
          expiry && t('credential.expiredOn', { date: long(expiry) }),
          credential.lookupOutcome === 'expired' && t('credential.registryInactive'),
          t('credential.listRenewed'),
        ),
        tone: 'bad',
      }
    case 'revoked':
      return {
        title,
        label: t(credential.byAdmin ? 'credential.withdrawn' : 'credential.restricted'),
        detail: join(checked, t('credential.revokedDetail')),
        tone: 'bad',
      }
    case 'rejected':
      if (!credential.byAdmin) return { title, label: t('credential.notFound'), detail: join(checked), tone: 'bad' }
      return {
        title,
        label: t('credential.refused'),
        detail: join(credential.refusal, credential.checkedOn && t('credential.refusedOn', { date: long(credential.checkedOn) })),
        tone: 'bad',
      }
  }
}
