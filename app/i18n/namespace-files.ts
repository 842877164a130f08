// Which catalogue files make a namespace in a language: '<ns>.json', and for `messages` also each
// area's 'messages.<area>.json'. Shared by the server's bundle of all catalogues and the browser's
// loader of one page's namespaces (which must not import the server's bundle).
import type { Namespace } from './languages'

/** The files of a namespace in a language, from a glob's entries keyed by `${prefix}${language}/${name}`. */
export function namespaceFiles<T>(all: Record<string, T>, language: string, namespace: Namespace, prefix: string): T[] {
  return Object.entries(all)
    .filter(([file]) => {
      const name = file.slice(`${prefix}${language}/`.length)
      return file.startsWith(`${prefix}${language}/`) && (name === `${namespace}.json` || (namespace === 'messages' && /^messages\.[\w-]+\.json$/.test(name)))
    })
    .map(([, value]) => value)
}

