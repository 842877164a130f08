import type { SubmissionResult } from '@conform-to/react'
import type { Translate } from '~/i18n/translate'

/** What the dashboard's action answers when a change is refused (a success redirects with a toast). */
export interface AdminActionFailure {
  intent: 'update-status' | 'update-verification' | 'send-reminders' | 'resolve-problem' | 'retry-payout' | null
  ok: false
  error: string
  /** The row the failed form belongs to, so its error shows beside it. */
  entityId?: number
  result?: SubmissionResult<string[]>
}

/** The fallback toast titles of a refused action (docs/product-texts.md). */
export function failureTitle(intent: AdminActionFailure['intent'], t?: Translate): string {
  if (t) return t(`failure.${intent ?? 'unknown'}`)
  if (intent === 'update-status') return 'Failed to update booking status'
  if (intent === 'update-verification') return 'Failed to update nurse verification'
  if (intent === 'send-reminders') return 'Failed to send reminders'
  if (intent === 'resolve-problem') return 'Failed to resolve the problem report'
  if (intent === 'retry-payout') return 'Failed to retry the payout'
  return 'Something went wrong'
}
