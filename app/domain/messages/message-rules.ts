// Messages between a family and a nurse (issue 16). Pure: masking, the e-mail throttle, previews.
//
// Until the family has a confirmed booking with the nurse, phone numbers, e-mail addresses and
// links in messages are replaced with MASK when a message is shown (the message is stored as
// written; admins reading a reported conversation see it whole). What counts as a contact detail,
// and how disguises are seen through in linear time: contact-masking.ts (docs/decisions/0044).
import { maskTexts } from './contact-masking'

export const MASK = '[contact details hidden until booking is confirmed]'
export const MAX_MESSAGE_CHARS = 2000
/** At most one new-message e-mail per conversation and recipient in this long. */
export const MESSAGE_EMAIL_EVERY_MS = 60 * 60 * 1000

/** The message as the other side sees it before contact details unlock: contact details masked. */
export function maskContactDetails(text: string): string {
  return maskTexts([text], MASK)[0]
}

/**
 * Several messages of one sender, oldest first, masked as one text (docs/decisions/0044): a number
 * or an address split over them is hidden in each. Pass the messages shown and up to
 * CONTEXT_MESSAGES before them.
 */
export function maskMessagesOfOneSender(texts: string[]): string[] {
  return maskTexts(texts, MASK)
}

/** How many earlier messages of the same sender are read with a message when masking it. */
export const CONTEXT_MESSAGES = 4
/** A conversation is shown this many messages at a time, the newest first ('Earlier messages' for more). */
export const CONVERSATION_PAGE_SIZE = 50

/** Does the message hold anything that masking would hide? */
export function hasContactDetails(text: string): boolean {
  return maskContactDetails(text) !== text
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
