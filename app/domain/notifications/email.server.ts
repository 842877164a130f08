// E-mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is
// kept in the outbox table, which admins can read, so nothing is lost offline.
// An e-mail is written in its reader's language (docs/i18n.md): a sender hands a builder
// `(t) => EmailContent`, which is run in the language of the account the address belongs to.
import { sql } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import { translator } from '~/i18n/i18n.server'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '~/i18n/languages'
import type { Translate } from '~/i18n/translate'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { outboxEmails, users } from '../../db/schema'
import { inReadersLanguage } from '../platform/reader-language.server'
import type { EmailContent } from './email-layout'

/** An e-mail already written, or one to write in its reader's language. */
export type EmailToWrite = EmailContent | ((t: Translate) => EmailContent)

/** The language of the account an address belongs to; English for an address with none. */
export async function languageOfAddress(address: string): Promise<Language> {
  const [row] = await getDb()
    .select({ language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${address})`)
    .limit(1)
  return row && isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE
}

/** The language of an account, by its id; English for an id with none. */
export async function languageOfUser(userId: number): Promise<Language> {
  const [row] = await getDb().select({ language: users.language }).from(users).where(sql`${users.id} = ${userId}`).limit(1)
  return row && isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE
}

/**
 * Writes `build` in `language`: its words (the `emails` catalogue) and the dates, times and
 * amounts it formats.
 */
export function writeEmailIn<T>(language: Language, build: (t: Translate) => T): T {
  return inReadersLanguage(language, () => build(translator('emails', language)))
}

/** The e-mail as the person at `to` reads it. */
export async function writeEmailFor(to: string, email: EmailToWrite): Promise<EmailContent> {
  if (typeof email !== 'function') return email
  return writeEmailIn(await languageOfAddress(to), email)
}

let transport: Transporter | null | undefined

function getTransport(): Transporter | null {
  if (transport === undefined) {
    const { SMTP_URL } = getConfig()
    transport = SMTP_URL ? nodemailer.createTransport(SMTP_URL) : null
  }
  return transport
}

export async function sendEmail(to: string, email: EmailToWrite): Promise<void> {
  const content = await writeEmailFor(to, email)
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
export async function sendEmailAfterTheFact(to: string, email: EmailToWrite, about: string): Promise<void> {
  let content: EmailContent | undefined
  try {
    content = await writeEmailFor(to, email)
    await sendEmail(to, content)
  } catch (error) {
    console.error(`${about}: the e-mail '${content?.subject ?? ''}' could not be sent:`, error)
  }
}

export function resetEmailTransportForTests() {
  transport = undefined
}
