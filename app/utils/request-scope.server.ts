// What one HTTP request keeps for itself while Remix runs its action and loaders
// (docs/decisions/0053). server.js runs the Remix handler inside `inRequestScope`, so every loader
// of a request finds the same store, whichever copy of the Request Remix hands it.
import { AsyncLocalStorage } from 'node:async_hooks'

const scopes = new AsyncLocalStorage<Map<string, unknown>>()

/** Runs one request's handling with a store of its own. */
export function inRequestScope<T>(handle: () => T): T {
  return scopes.run(new Map(), handle)
}

/**
 * The value made the first time this request asks for `key`, and given again to every later ask.
 * Outside a request scope (a loader called by a test) it is made on every ask.
 */
export function oncePerRequest<T>(key: string, make: () => T): T {
  const store = scopes.getStore()
  if (!store) return make()
  if (!store.has(key)) store.set(key, make())
  return store.get(key) as T
}
