// The new-message e-mail (issue 16): who wrote, the start of the message (masked like the page
// until a booking is confirmed) and the link to answer. At most one an hour per conversation.
// Pure: the origin is passed in, and `t` (the `emails` catalogue) writes it in the reader's language.
import type { Translate } from '~/i18n/translate'
import { renderEmail, type EmailContent } from './email-layout'

export function newMessageEmail(
  input: {
    origin: string
    recipientName: string
    senderName: string
    preview: string
    conversationId: number
  },
  t: Translate,
): EmailContent {
  return renderEmail(
    {
      subject: t('message.subject', { sender: input.senderName }),
      heading: t('message.heading', { sender: input.senderName }),
      paragraphs: [t('message.hi', { name: input.recipientName, sender: input.senderName }), `“${input.preview}”`],
      action: { label: t('message.action'), url: `${input.origin.replace(/\/$/, '')}/messages/${input.conversationId}` },
      footer: t('message.footer'),
    },
    t,
  )
}
