// Nursys e-Notify's nurse lookup behind the LicenseLookupProvider interface (docs/decisions/0062),
// with plain `fetch`. The lookup is two calls, as e-Notify's is: submit a request naming the
// license (its number, its jurisdiction, its type: RN, or PN for an LPN/LVN) and get a transaction
// id, then retrieve the transaction, whose response lists the licenses found with their status,
// expiration date and whether discipline is on record. NURSYS_API_BASE (tests) points it at a local
// fake of the API (tests/support/fake-nursys.ts).
import { LicenseLookupError, type LicenseLookupInput, type LicenseLookupOutcome, type LicenseLookupProvider } from './license-types'

export const NURSYS_API_KEY_HEADER = 'X-Api-Key'
export const NURSYS_LOOKUP_PATH = '/api/v1/nurselookup'

/** Nursys calls a practical nurse's license PN (LPN and LVN alike). */
export const nursysLicenseType = (kind: LicenseLookupInput['kind']) => (kind === 'LPN' ? 'PN' : 'RN')

export interface NursysLicense {
  LicenseNumber?: string
  JurisdictionAbbreviation?: string
  LicenseType?: string
  LicenseStatus?: string
  LicenseExpirationDate?: string | null
  DisciplineAgainstLicense?: string
}

// A status that means she may not practise on it now, without discipline.
const LAPSED = new Set(['expired', 'inactive', 'lapsed', 'retired', 'null and void', 'void'])
// A status that says a board acted on it.
const ENCUMBERED = new Set(['encumbered', 'suspended', 'revoked', 'probation', 'surrendered', 'restricted'])

/** 'MM/DD/YYYY' (as Nursys prints dates) or 'YYYY-MM-DD[T…]' to 'YYYY-MM-DD'; null otherwise. */
export function nursysDate(value: string | null | undefined): string | null {
  if (!value) return null
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim())
  if (us) return `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim())
  return iso ? iso[1] : null
}

/** What a license Nursys returned says, on `today`. */
export function outcomeOfNursysLicense(license: NursysLicense | undefined, today: string): LicenseLookupOutcome {
  if (!license) return 'not_found'
  const status = (license.LicenseStatus ?? '').trim().toLowerCase()
  if (ENCUMBERED.has(status) || (license.DisciplineAgainstLicense ?? '').trim().toLowerCase() === 'yes') return 'encumbered'
  if (LAPSED.has(status)) return 'expired'
  if (status !== 'active') return 'expired'
  const expiresOn = nursysDate(license.LicenseExpirationDate)
  return expiresOn !== null && expiresOn < today ? 'expired' : 'active'
}

const norm = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '').toUpperCase()

export function getNursysProvider(options: { apiKey: string; apiBase: string; pollIntervalMs?: number; maxPolls?: number }): LicenseLookupProvider {
  const base = options.apiBase.replace(/\/$/, '')
  const pollIntervalMs = options.pollIntervalMs ?? 500
  const maxPolls = options.maxPolls ?? 10

  async function call(method: 'GET' | 'POST', path: string, body?: object) {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          [NURSYS_API_KEY_HEADER]: options.apiKey,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      })
    } catch (error) {
      throw new LicenseLookupError(`Nursys could not be reached: ${(error as Error).message}`, 'unreachable')
    }
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (!response.ok) throw new LicenseLookupError(`Nursys answered ${response.status}`, response.status === 401 ? 'unauthorized' : 'provider_error')
    return json
  }

  return {
    name: 'nursys',
    async lookup(input, today) {
      const recordId = '1'
      const submitted = await call('POST', NURSYS_LOOKUP_PATH, {
        NurseLookupRequests: [
          {
            RecordId: recordId,
            LicenseNumber: input.number.trim(),
            JurisdictionAbbreviation: input.state.toUpperCase(),
            LicenseType: nursysLicenseType(input.kind),
            LastName: input.name.trim().split(/\s+/).at(-1) ?? '',
          },
        ],
      })
      const transactionId = typeof submitted.TransactionId === 'string' ? submitted.TransactionId : null
      if (!transactionId || submitted.TransactionSuccessFlag === false) throw new LicenseLookupError('Nursys refused the lookup', 'provider_error')
      for (let poll = 0; poll < maxPolls; poll++) {
        const retrieved = await call('GET', `${NURSYS_LOOKUP_PATH}?transactionId=${encodeURIComponent(transactionId)}`)
        if (retrieved.TransactionComplete === true) {
          const responses = (retrieved.NurseLookupResponses ?? []) as Array<{ RecordId?: string; NurseLookupLicenses?: NursysLicense[] }>
          const found = responses.find((response) => response.RecordId === recordId)?.NurseLookupLicenses ?? []
          // The license asked about, by its number, state and type, among any others she holds.
          const license = found.find(
            (item) =>
              norm(item.LicenseNumber) === norm(input.number) &&
              norm(item.JurisdictionAbbreviation) === norm(input.state) &&
              norm(item.LicenseType) === nursysLicenseType(input.kind),
          )
          const outcome = outcomeOfNursysLicense(license, today)
          return { outcome, expiresOn: license ? nursysDate(license.LicenseExpirationDate) : null, source: 'nursys' }
        }
        await new Promise((resolve) => setTimeout(resolve, pollIntervalMs))
      }
      throw new LicenseLookupError('Nursys has not answered the lookup yet', 'pending')
    },
  }
}
