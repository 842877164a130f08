// What families may read of a nurse's credentials, as SQL for a select beside her profile or her
// card (docs/decisions/0064), in the way of currentCheckCompletedOn: each is a subquery on one
// nurse, so a profile is still one query, and a page of cards reads the credentials of the cards on
// the page only (the outer query's LIMIT comes first: decision 0026), with no second round trip.
// Only a valid credential (current or expiring) counts; never its number, never its document.
import { inArray, sql, type SQLWrapper } from 'drizzle-orm'
import { nurseCredentials } from '../../db/schema'
import { LICENSE_KINDS, VALID_CREDENTIAL_STATUSES } from './credential-life-cycle'
import type { LicenseKind, ShownCredential } from './shown-credentials'

const isValid = inArray(nurseCredentials.status, [...VALID_CREDENTIAL_STATUSES])
const isLicense = inArray(nurseCredentials.kind, [...LICENSE_KINDS])

/** A driver that hands json back as text (none we use today) still gives objects. */
const parsedJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value)

/**
 * Her valid credentials, licenses first (the kinds' order: RN, LPN, CNA, NCS, CPR, Doula, Other),
 * the latest expiry first within a kind; [] with none.
 */
export function shownCredentialsOf(nurseProfileId: SQLWrapper, timeZone: SQLWrapper) {
  return sql<ShownCredential[]>`(select coalesce(json_agg(json_build_object(
      'kind', ${nurseCredentials.kind},
      'issuer', ${nurseCredentials.issuer},
      'expiresOn', ${nurseCredentials.expiresOn},
      'checkedOn', to_char(${nurseCredentials.checkedAt} at time zone ${timeZone}, 'YYYY-MM-DD')
    ) order by ${nurseCredentials.kind}, ${nurseCredentials.expiresOn} desc nulls first, ${nurseCredentials.id}), '[]'::json)
    from ${nurseCredentials} where ${nurseCredentials.nurseProfileId} = ${nurseProfileId} and ${isValid})`.mapWith(parsedJson)
}

/** The license her card names ('RN license active'): RN before LPN; null without a valid one. */
export function shownLicenseOf(nurseProfileId: SQLWrapper) {
  return sql<LicenseKind | null>`(select ${nurseCredentials.kind} from ${nurseCredentials}
    where ${nurseCredentials.nurseProfileId} = ${nurseProfileId} and ${isLicense} and ${isValid}
    order by ${nurseCredentials.kind} limit 1)`
}

/**
 * The search's 'RN or LPN only': she holds a valid RN or LPN license. An EXISTS on the
 * (nurse_profile_id, kind, id) index, one probe per nurse the other filters keep.
 */
export function holdsValidLicense(nurseProfileId: SQLWrapper) {
  return sql`exists (select 1 from ${nurseCredentials}
    where ${nurseCredentials.nurseProfileId} = ${nurseProfileId} and ${isLicense} and ${isValid})`
}
