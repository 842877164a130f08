// Readable HTML e-mail with a plain-text twin. Pure: templates build on this.
import { currentLanguage } from '~/i18n/current-language'
import type { Translate } from '~/i18n/translate'
import { escapeHtml } from '../platform/escape-html'

export interface EmailAttachment {
  filename: string
  contentType: string
  content: string
}

export interface EmailContent {
  subject: string
  text: string
  html: string
  /** Files sent with the message (the booking confirmation's .ics, issue 17). */
  attachments?: EmailAttachment[]
}

export interface EmailParts {
  subject: string
  heading: string
  paragraphs: string[]
  /** Label/value rows, e.g. nights and amounts. */
  details?: Array<[string, string]>
  action?: { label: string; url: string }
  footer?: string
}

/**
 * The e-mail in its reader's language: `t` (the `emails` catalogue) writes the default footer, and
 * `<html lang>` is the language the sender builds it in (withLanguage). Without `t`, English.
 */
export function renderEmail(parts: EmailParts, t?: Translate): EmailContent {
  const footer = parts.footer ?? (t ? t('layout.footer') : 'Nightlight · Trusted night nurses for new families')
  const textLines = [
    parts.heading,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.details ?? []).map(([label, value]) => `${label}: ${value}`),
    ...(parts.details?.length ? [''] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    '--',
    footer,
  ]
  const details = parts.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0;width:100%">${parts.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;color:#555;vertical-align:top">${escapeHtml(label)}</td><td style="padding:6px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
  const action = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#3745af;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(parts.action.label)}</a></p>`
    : ''
  const html = `<!doctype html><html lang="${currentLanguage()}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;background:#f4f5fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1d1f2c">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#fff;border-radius:12px;padding:28px">
<p style="margin:0 0 16px;font-weight:800;color:#24338b;font-size:18px">Nightlight</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${details}${action}
</div>
<p style="color:#777;font-size:12px;text-align:center;margin-top:16px">${escapeHtml(footer)}</p>
</div></body></html>`
  return { subject: parts.subject, text: textLines.join('\n'), html }
}
