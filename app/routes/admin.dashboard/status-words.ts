// The statuses' words of the admin's tables in the admin's language: the shared status views
// (app/domain/statuses.ts) write English, so each label is read here by its English word.
import type { StatusView } from '~/domain/statuses'
import type { Translate } from '~/i18n/translate'

const KEYS: Record<string, (t: Translate) => string> = {
  Pending: (t) => t('status.pending'),
  Confirmed: (t) => t('status.confirmed'),
  Completed: (t) => t('status.completed'),
  Cancelled: (t) => t('status.cancelled'),
  Succeeded: (t) => t('status.succeeded'),
  Failed: (t) => t('status.failed'),
  Refunded: (t) => t('status.refunded'),
  Active: (t) => t('status.active'),
  Suspended: (t) => t('status.suspended'),
  Unknown: (t) => t('status.unknown'),
}

/** The status view with its label in the reader's language (one it does not know stays as written). */
export function statusIn(view: StatusView, t: Translate): StatusView {
  const word = KEYS[view.label]
  return word ? { ...view, label: word(t) } : view
}
