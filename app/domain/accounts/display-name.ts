// What a person is called in a line written to someone else: an e-mail to a nurse names the parent
// by her first name, a calendar entry the other side's. Any account's display name, any area.

/** 'Jordan Smith' → 'Jordan' */
export function firstName(displayName: string): string {
  return displayName.trim().split(/\s+/)[0] ?? ''
}
