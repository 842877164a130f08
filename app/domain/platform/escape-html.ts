// The one escaper for text put into HTML or XML we write by hand: the e-mails (email-layout.ts),
// the sitemap (content/sitemap.ts) and the sign-in popup's last page (utils/oauth-popup.server.ts).
// Safe in element text and in quoted attribute values. Pure.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}
