/**
 * The scripts a page's HTML makes the browser load: the modulepreload links the module script adds
 * after the first paint (decision 0042: a JSON list of paths in that script), or, from HTML
 * written before that change or by the dev server, Remix's own modulepreload links and the
 * entry's import statements. The inline route manifest also names routes the page only links to;
 * those are not loaded, so they are not counted.
 *
 * A link's attributes are read in any order: React writes `fetchPriority` between `rel` and `href`
 * (docs/decisions/0037), and a pattern that wanted `href` right after `rel` counted none of them.
 */
export function scriptsLoadedAtOnce(html: string): string[] {
  const deferred = [...html.matchAll(/(\[[^\]]*\])\.forEach\(function \(href\)/g)].flatMap(([, list]) => JSON.parse(list) as string[])
  const preloaded = [...html.matchAll(/<link\b[^>]*>/g)]
    .filter(([tag]) => /\brel="modulepreload"/.test(tag))
    .map(([tag]) => /\bhref="([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined)
  const imported = [...html.matchAll(/import(?:\s*\*\s*as\s*\w+\s*from)?\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1],
  )
  return [...new Set([...deferred, ...preloaded, ...imported])]
}
