// What every background-check provider is (docs/decisions/0061): candidates, invitations (the
// candidate's own consent and details, given in the provider's hosted flow), reports with their
// screenings, and adverse actions. Its own module so the providers and
// verification-provider.server.ts, which picks one, both import it without importing each other.
// Nothing here carries a social security number or a report's full contents: only ids, results,
// the screenings' names and outcomes, and dates.

/** The screenings' verdicts, as the provider gives them. */
export type ScreeningOutcome = 'clear' | 'consider' | 'pending' | 'suspended'

/** One screening of a report: its name, its outcome, and the record it found, named, if any. */
export interface ProviderScreening {
  name: string
  outcome: ScreeningOutcome
  /** 'Misdemeanor: disorderly conduct (2019)': the record's kind, never its file. */
  record?: string | null
}

export interface ProviderCandidate {
  id: string
}

export interface ProviderInvitation {
  id: string
  /** The provider's hosted flow, where she gives her own details and consent; null when there is none (the built-in test provider). */
  url: string | null
  status: 'pending' | 'completed' | 'expired'
  /** The report her completed invitation started, once there is one. */
  reportId: string | null
}

/** A report as the provider has it now: re-read on every event, never taken from the event's copy. */
export interface ProviderReport {
  id: string
  candidateId: string
  status: 'pending' | 'complete' | 'suspended' | 'canceled' | 'dispute'
  /** Set once the report is complete: clear, or consider when a screening found something. */
  result: 'clear' | 'consider' | null
  screenings: ProviderScreening[]
  /** ISO instant the report completed, when it has. */
  completedAt: string | null
}

export interface ProviderAdverseAction {
  id: string
  status: 'pending' | 'dispute' | 'canceled' | 'complete'
}

/** A provider refused a request (unknown report, bad key, …). */
export class VerificationProviderError extends Error {
  constructor(
    message: string,
    readonly code: string = 'provider_error',
  ) {
    super(message)
  }
}

export interface VerificationProvider {
  readonly name: 'checkr' | 'test'
  /** The person checked; the same key makes one candidate however often it is asked. */
  createCandidate(input: { firstName: string; lastName: string; email: string; idempotencyKey: string }): Promise<ProviderCandidate>
  /** Invites her into the provider's hosted flow (her consent and her details are given there). */
  createInvitation(input: { candidateId: string; workState: string | null; idempotencyKey: string }): Promise<ProviderInvitation>
  retrieveInvitation(invitationId: string): Promise<ProviderInvitation>
  retrieveReport(reportId: string): Promise<ProviderReport>
  /** Records at the provider that a pre-adverse notice went out for this report. */
  createAdverseAction(input: { reportId: string; idempotencyKey: string }): Promise<ProviderAdverseAction>
  /** Withdraws an adverse action (the admin approved after all, e.g. after her dispute). */
  cancelAdverseAction(adverseActionId: string): Promise<ProviderAdverseAction>
}
