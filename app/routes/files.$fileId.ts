import type { LoaderFunctionArgs } from '@remix-run/node'
import { getFileForViewer } from '~/domain/nurses/files.server'
import { parseIdParam } from '~/schemas/fields'
import { getUser } from '~/utils/session.server'

// GET /files/{id}: an uploaded photo or document (docs/security.md). Missing and forbidden
// answer the same 404, so a private document's existence is not revealed.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const fileId = parseIdParam(params.fileId)
  const notFound = () =>
    new Response('Not Found', {
      status: 404,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      },
    })
  if (fileId === null) return notFound()
  const user = await getUser(request)
  const file = await getFileForViewer({
    fileId,
    viewer: user ? { id: user.id, role: user.role } : null,
  })
  if (!file) return notFound()
  // A private PDF is downloaded rather than shown: browsers refuse to run their PDF viewer in the
  // sandbox below, and a download never runs anything in our origin.
  const download = !file.isPublic && file.mediaType === 'application/pdf'
  const headers = new Headers({
    'Content-Type': file.mediaType,
    'Content-Length': String(file.bytes.byteLength),
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': download ? `attachment; filename="${file.kind.replace(/_/g, '-')}-${file.id}.pdf"` : 'inline',
    // Public photos may be cached anywhere; documents must not outlive the viewer's session.
    'Cache-Control': file.isPublic ? 'public, max-age=86400' : 'private, no-store',
  })
  // A private image is shown as itself, never run: no scripts, no same-origin access.
  if (!file.isPublic)
    headers.set('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
  return new Response(new Uint8Array(file.bytes), { status: 200, headers })
}
