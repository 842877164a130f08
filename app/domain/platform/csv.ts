/**
 * A text cell for the CSV export that a spreadsheet shows as text: a value starting with =, +, -,
 * @, a tab or a carriage return would otherwise be run as a formula (OWASP's CSV injection advice),
 * so it gets a leading apostrophe.
 */
export function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}
