// The new-message e-mail (issue 16): who wrote, the start of the message (masked like the page
// until a booking is confirmed) and the link to answer. At most one an hour per conversation.
// Pure: the origin is passed in.
import { renderEmail, type EmailContent } from './email-layout'

export function newMessageEmail(input: {
  origin: string
  recipientName: string
  senderName: string
  preview: string
  conversationId: number
}): EmailContent {
  return renderEmail({
    subject: `New message from ${input.senderName}`,
    heading: `${input.senderName} wrote to you`,
    paragraphs: [`Hi ${input.recipientName}, ${input.senderName} sent you a message on Nightlight:`, `“${input.preview}”`],
    action: { label: 'Read and answer', url: `${input.origin.replace(/\/$/, '')}/messages/${input.conversationId}` },
    footer: 'You receive at most one e-mail an hour per conversation. You can turn message e-mails off in your notification settings.',
  })
}
