// Messages between a family and a nurse (issue 16). Pure: masking, the e-mail throttle, previews.
//
// Until the family has a confirmed booking with the nurse, phone numbers, e-mail addresses and
// links in messages are replaced with MASK when a message is shown (the message is stored as
// written; admins reading a reported conversation see it whole). The masks catch the common
// disguises: digits split by spaces, dots, dashes or brackets, digits written as words ('five
// five five …'), 'name at gmail dot com' and '(at)'/'[dot]', bare domains and www. addresses.

export const MASK = '[contact details hidden until booking is confirmed]'
export const MAX_MESSAGE_CHARS = 2000
/** At most one new-message e-mail per conversation and recipient in this long. */
export const MESSAGE_EMAIL_EVERY_MS = 60 * 60 * 1000

const DIGIT_WORDS = 'zero|oh|one|two|three|four|five|six|seven|eight|nine'
// A run of 7 or more digits (or digit words), allowing separators between them: '555 123 4567',
// '(555) 123-4567', '+1.555.123.4567', 'five five five one two three four five six seven'.
const DIGIT = `(?:\\d|\\b(?:${DIGIT_WORDS})\\b)`
const SEPARATOR = '[\\s().\\-+_/\\\\]{0,3}'
const PHONE = new RegExp(`\\+?${DIGIT}(?:${SEPARATOR}${DIGIT}){6,}`, 'gi')

const AT = '(?:@|\\s*[([{<]\\s*at\\s*[)\\]}>]\\s*|\\s+at\\s+)'
const DOT = '(?:\\.|\\s*[([{<]\\s*dot\\s*[)\\]}>]\\s*|\\s+dot\\s+)'
const EMAIL = new RegExp(`[a-z0-9][a-z0-9._%+-]*${AT}[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}[a-z]{2,}`, 'gi')

const TLDS = 'com|net|org|io|co|us|me|info|biz|app|ly|gg|tv|page|site|online|link'
const URL = new RegExp(
  `(?:https?:\\/\\/|www\\.)\\S+|\\b[a-z0-9][a-z0-9-]*(?:(?:\\.|\\s*[([{<]\\s*dot\\s*[)\\]}>]\\s*|\\s+dot\\s+)[a-z0-9-]+)*(?:\\.|\\s*[([{<]\\s*dot\\s*[)\\]}>]\\s*|\\s+dot\\s+)(?:${TLDS})\\b(?:\\/\\S*)?`,
  'gi',
)

/** The message as the other side sees it before a confirmed booking: contact details masked. */
export function maskContactDetails(text: string): string {
  return text.replace(EMAIL, MASK).replace(URL, MASK).replace(PHONE, MASK).replace(/(?:\[contact details hidden until booking is confirmed\][\s,;]*){2,}/g, `${MASK} `).trim()
}

/** Does the message hold anything that masking would hide? */
export function hasContactDetails(text: string): boolean {
  return maskContactDetails(text) !== text.trim()
}

/** May this side be e-mailed about a new message now? At most once an hour per conversation. */
export function mayEmailAboutMessage(lastEmailedAt: Date | null, now: Date): boolean {
  return lastEmailedAt === null || now.getTime() - lastEmailedAt.getTime() >= MESSAGE_EMAIL_EVERY_MS
}

/** A one-line preview for lists: the first 120 characters, on one line. */
export function messagePreview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 120 ? `${line.slice(0, 117)}…` : line
}
