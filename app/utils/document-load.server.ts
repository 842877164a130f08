// Whether a request is a browser opening a page: a navigation to the document itself, not a
// prefetch or prerender made ahead of a click, and not the page's data fetch (Remix's /path.data,
// which the browser sends as Sec-Fetch-Dest: empty). The browser sets these headers; a page's
// script cannot. A browser that sends none of them is not counted (decision 0051).
const PURPOSE_HEADERS = ['Sec-Purpose', 'Purpose', 'X-Purpose', 'X-Moz']

export function isDocumentLoad(request: Request): boolean {
  const { headers } = request
  if (request.method !== 'GET') return false
  if (headers.get('Sec-Fetch-Dest') !== 'document' || headers.get('Sec-Fetch-Mode') !== 'navigate') return false
  return !PURPOSE_HEADERS.some((name) => /prefetch|prerender|preview/i.test(headers.get(name) ?? ''))
}
