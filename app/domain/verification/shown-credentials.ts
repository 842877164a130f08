// What families read of a nurse's credentials (docs/decisions/0064): only a valid one (current or
// expiring) is shown, by its kind, where it counts (a license's state) and its dates; never its
// number or its document. Pure: the lines on her profile and card, and its JSON-LD. Dates are
// calendar days, formatted as written: an expiry is the day on the card, a check's day is the day
// it was made in her profile's zone (as for the background check), so no reader's zone moves them.
import { US_STATES } from '../places/locations'
import { publicCheckLabel } from './background-checks'
import type { CredentialKind } from './credential-life-cycle'
import { formatMonthYear } from '../time/shift-times'
import { MONTH_NAMES } from '~/i18n/calendar-words'
import { currentLanguage } from '~/i18n/current-language'
import type { Translate } from '~/i18n/translate'

/** A valid credential as the public pages read it. */
export interface ShownCredential {
  kind: CredentialKind
  /** A state's code for a license ('MA'); the body's name for a certificate. */
  issuer: string
  /** 'YYYY-MM-DD', or null for a certificate that does not expire. */
  expiresOn: string | null
  /** 'YYYY-MM-DD' in her zone: the day a registry or an admin last confirmed it; null when unknown. */
  checkedOn: string | null
}

/** The license kinds the search's 'RN or LPN only' keeps. */
export type LicenseKind = 'RN' | 'LPN'

// credential-life-cycle.ts's isLicenseKind, without its import of dayjs: the public pages' cards
// and profile import this file, and no page a visitor sees may reach dayjs (import-graph.test.ts).
const isLicenseKind = (kind: CredentialKind): kind is LicenseKind => kind === 'RN' || kind === 'LPN'

const NAMES: Record<Exclude<CredentialKind, LicenseKind>, string> = {
  CNA: 'CNA certification',
  NCS: 'Newborn Care Specialist',
  CPR: 'Infant CPR',
  Doula: 'Doula certificate',
  Other: 'Certificate',
}

const calendarDay = (day: string) => new Date(`${day}T12:00:00Z`)
const monthYear = (day: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(calendarDay(day))
const fullDate = (day: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(calendarDay(day))

/** 'MA' → 'Massachusetts'; anything else as written. */
export function issuerName(issuer: string): string {
  return US_STATES[issuer.toUpperCase()] ?? issuer
}

/**
 * One line of 'What we checked': 'RN license active in Massachusetts · checked 12 March 2026 ·
 * expires October 2027', 'Infant CPR until June 2027', 'Newborn Care Specialist · confirmed March 2026'.
 */
export function credentialLine(credential: ShownCredential, t?: Translate): string {
  const { kind, issuer, expiresOn, checkedOn } = credential
  if (t) return translatedCredentialLine(credential, t)
  if (isLicenseKind(kind)) {
    return [
      `${kind} license active in ${issuerName(issuer)}`,
      checkedOn && `checked ${fullDate(checkedOn)}`,
      expiresOn && `expires ${monthYear(expiresOn)}`,
    ]
      .filter(Boolean)
      .join(' · ')
  }
  if (kind === 'CPR' && expiresOn) return `Infant CPR until ${monthYear(expiresOn)}`
  const name = kind === 'Other' ? `Certificate from ${issuer}` : NAMES[kind]
  return [name, checkedOn && `confirmed ${monthYear(checkedOn)}`, expiresOn && `until ${monthYear(expiresOn)}`].filter(Boolean).join(' · ')
}

/** credentialLine in the language of `t` (of `common`); a state keeps its own name. */
function translatedCredentialLine({ kind, issuer, expiresOn, checkedOn }: ShownCredential, t: Translate): string {
  const month = (day: string) => formatMonthYear(day)
  // '12 March 2026', '12 de marzo de 2026'.
  const fullDay = (day: string) => {
    if (currentLanguage() !== 'es') return fullDate(day)
    const date = calendarDay(day)
    return `${date.getUTCDate()} de ${MONTH_NAMES.es[date.getUTCMonth()]} de ${date.getUTCFullYear()}`
  }
  if (isLicenseKind(kind)) {
    return [
      t('credential.licenseActiveIn', { kind, state: issuerName(issuer) }),
      checkedOn && t('credential.checkedOn', { date: fullDay(checkedOn) }),
      expiresOn && t('credential.expires', { month: month(expiresOn) }),
    ]
      .filter(Boolean)
      .join(' · ')
  }
  if (kind === 'CPR' && expiresOn) return t('credential.cprUntil', { month: month(expiresOn) })
  const name = kind === 'Other' ? t('credential.certificateFrom', { issuer }) : t(`credential.name.${kind}`)
  return [name, checkedOn && t('credential.confirmed', { month: month(checkedOn) }), expiresOn && t('credential.until', { month: month(expiresOn) })]
    .filter(Boolean)
    .join(' · ')
}

/** The profile's 'What we checked': her background check's line first, then one line a credential. */
export function whatWeCheckedLines(
  profile: { backgroundCheckOn: string | null; shownCredentials: readonly ShownCredential[] },
  t?: Translate,
): string[] {
  return [
    ...(profile.backgroundCheckOn ? [publicCheckLabel(profile.backgroundCheckOn, t)] : []),
    ...profile.shownCredentials.map((credential) => credentialLine(credential, t)),
  ]
}

/** The card's short line: 'RN license active'; with `t` (of `common`), in its language. */
export function cardLicenseLabel(kind: LicenseKind, t?: Translate): string {
  if (t) return t('credential.cardLicense', { kind })
  return `${kind} license active`
}

const FULL_NAMES: Record<CredentialKind, string> = {
  RN: 'Registered Nurse (RN) license',
  LPN: 'Licensed Practical Nurse (LPN) license',
  CNA: 'Certified Nursing Assistant (CNA) certification',
  NCS: 'Newborn Care Specialist certificate',
  CPR: 'Infant CPR certification',
  Doula: 'Doula certificate',
  Other: 'Newborn care certificate',
}

/**
 * A valid credential as schema.org's EducationalOccupationalCredential, for the profile's
 * `hasCredential`: a license is recognized by its state's board of nursing and valid in that state;
 * a certificate by the body that issued it.
 */
export function credentialJsonLd(credential: ShownCredential) {
  const license = isLicenseKind(credential.kind)
  const state = issuerName(credential.issuer)
  return {
    '@type': 'EducationalOccupationalCredential',
    name: license ? `${FULL_NAMES[credential.kind]}, ${state}` : FULL_NAMES[credential.kind],
    credentialCategory: license ? 'license' : 'certificate',
    recognizedBy: { '@type': 'Organization', name: license ? `${state} Board of Nursing` : credential.issuer },
    ...(license ? { validIn: { '@type': 'State', name: state } } : {}),
    ...(credential.expiresOn ? { expires: credential.expiresOn } : {}),
  }
}
