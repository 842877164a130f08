import { describe, expect, test } from 'vitest'
import { isDocumentLoad } from './document-load.server'

const opened = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' }
const request = (headers: Record<string, string>, method = 'GET') => new Request('https://nightlight.example/messages/1', { method, headers })

describe('a document load', () => {
  test('is the browser opening the page', () => {
    expect(isDocumentLoad(request(opened))).toBe(true)
  })

  test('is not a prefetch, a prerender, the data fetch, a frame, a post or a request without the headers', () => {
    for (const [name, value] of [['Sec-Purpose', 'prefetch'], ['Sec-Purpose', 'prefetch;prerender'], ['Purpose', 'prefetch'], ['X-Purpose', 'preview'], ['X-Moz', 'prefetch']]) {
      expect(isDocumentLoad(request({ ...opened, [name]: value }))).toBe(false)
    }
    expect(isDocumentLoad(request({ 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors' }))).toBe(false)
    expect(isDocumentLoad(request({ 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Mode': 'navigate' }))).toBe(false)
    expect(isDocumentLoad(request(opened, 'POST'))).toBe(false)
    expect(isDocumentLoad(request({}))).toBe(false)
  })
})
