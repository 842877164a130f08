// What every license registry is (docs/decisions/0062, 'Credentials with dates and the license
// lookup'): one question, a state board's license by its state, type and number, and one answer,
// its standing and its expiry. Its own module so the providers and license-lookup.server.ts, which
// picks one, both import it without importing each other.

export type LicenseLookupKind = 'RN' | 'LPN'

export interface LicenseLookupInput {
  kind: LicenseLookupKind
  /** The issuing state's two-letter code. */
  state: string
  number: string
  /** Her name as on her account: the registry may use it to match, never to find her. */
  name: string
  /** The expiry she typed; the built-in test provider keeps it. */
  expiresOn?: string | null
}

export type LicenseLookupOutcome = 'active' | 'expired' | 'encumbered' | 'not_found'

export interface LicenseLookupResult {
  outcome: LicenseLookupOutcome
  /** The expiry the registry holds, 'YYYY-MM-DD'; null when it has none (or does not know the license). */
  expiresOn: string | null
  /** Who answered: 'nursys' or 'test', stored with the credential. */
  source: string
}

/** The registry could not answer (unreachable, refused our key): the license waits, unchanged. */
export class LicenseLookupError extends Error {
  constructor(
    message: string,
    readonly code: string = 'lookup_error',
  ) {
    super(message)
  }
}

export interface LicenseLookupProvider {
  readonly name: 'nursys' | 'test'
  lookup(input: LicenseLookupInput, today: string): Promise<LicenseLookupResult>
}
