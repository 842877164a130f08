// E-mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is
// kept in the outbox table, which admins can read, so nothing is lost offline.
import nodemailer, { type Transporter } from 'nodemailer'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { outboxEmails } from '../../db/schema'
import type { EmailContent } from './email-layout'

let transport: Transporter | null | undefined

function getTransport(): Transporter | null {
  if (transport === undefined) {
    const { SMTP_URL } = getConfig()
    transport = SMTP_URL ? nodemailer.createTransport(SMTP_URL) : null
  }
  return transport
}

export async function sendEmail(to: string, content: EmailContent): Promise<void> {
  const smtp = getTransport()
  if (smtp) {
    await smtp.sendMail({
      from: getConfig().MAIL_FROM,
      to,
      subject: content.subject,
      text: content.text,
      html: content.html,
      attachments: content.attachments?.map(({ filename, contentType, content: body }) => ({ filename, contentType, content: body })),
    })
    return
  }
  await getDb().insert(outboxEmails).values({
    toAddress: to,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    attachments: content.attachments ?? [],
  })
}

/**
 * An e-mail about something already done (a reservation made, an interview agreed): a mail server
 * that fails is logged, and never turns what was done into an error the person reads, who would
 * then try again and be refused because it was done.
 */
export async function sendEmailAfterTheFact(to: string, content: EmailContent, about: string): Promise<void> {
  try {
    await sendEmail(to, content)
  } catch (error) {
    console.error(`${about}: the e-mail '${content.subject}' could not be sent:`, error)
  }
}

export function resetEmailTransportForTests() {
  transport = undefined
}
