/**
 * The scripts a page's HTML makes the browser load: Remix's modulepreload links and the module
 * script's imports. The inline route manifest also names routes the page only links to; those are
 * not loaded, so they are not counted. A link's attributes are read in any order (React may write
 * one between `rel` and `href`).
 */
export function scriptsLoadedAtOnce(html: string): string[] {
  const preloaded = [...html.matchAll(/<link\b[^>]*>/g)]
    .filter(([tag]) => /\brel="modulepreload"/.test(tag))
    .map(([tag]) => /\bhref="([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined)
  const imported = [...html.matchAll(/import(?:\s*\*\s*as\s*\w+\s*from)?\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1],
  )
  return [...new Set([...preloaded, ...imported])]
}
