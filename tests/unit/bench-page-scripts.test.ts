import { describe, expect, it } from 'vitest'
import { scriptsLoadedAtOnce } from '../../bench/page-scripts'

// What Remix writes at the end of a page's <head> and <body> (some links with an attribute between
// `rel` and `href`, as React may write them).
const HEAD = [
  '<link rel="stylesheet" href="/assets/root-a1.css"/>',
  '<link rel="modulepreload" fetchpriority="low" href="/assets/manifest-1b2c.js"/>',
  '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-9f.js"/>',
  '<link rel="modulepreload" fetchpriority="low" href="/assets/components-3d.js"/>',
  '<link rel="modulepreload" href="/assets/root-77.js"/>',
  '<link href="/assets/city-5e.js" rel="modulepreload"/>',
  '<link rel="preload" as="image" href="/photos/ava.webp"/>',
].join('')
const BODY = [
  '<script>window.__remixManifest={"routes":{"routes/login":{"module":"/assets/login-00.js"}}};</script>',
  '<script type="module" async="">import "/assets/manifest-1b2c.js";',
  'import * as route0 from "/assets/root-77.js";',
  'import * as route1 from "/assets/city-5e.js";',
  'import("/assets/entry.client-9f.js");</script>',
].join('')

describe('the scripts the bench weighs for a page', () => {
  it('counts every modulepreload link, whatever the order of its attributes, and each once', () => {
    expect(scriptsLoadedAtOnce(HEAD + BODY).sort()).toEqual([
      '/assets/city-5e.js',
      '/assets/components-3d.js',
      '/assets/entry.client-9f.js',
      '/assets/manifest-1b2c.js',
      '/assets/root-77.js',
    ])
  })

  it('leaves out stylesheets, images and the routes the manifest only names', () => {
    const files = scriptsLoadedAtOnce(HEAD + BODY)
    expect(files).not.toContain('/assets/login-00.js')
    expect(files.some((file) => !file.endsWith('.js'))).toBe(false)
  })
})
