// Web Push in the nurse's service worker (docs/decisions/0074; imported by /sw.js, which Workbox
// writes at build time). A push carries {title, body, url, tag}; tapping it opens (or focuses) the
// page it names, on this site only.
self.addEventListener('push', (event) => {
  let notice = {}
  try {
    notice = event.data ? event.data.json() : {}
  } catch {
    notice = { body: event.data ? event.data.text() : '' }
  }
  const title = typeof notice.title === 'string' ? notice.title : 'Nightlight'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof notice.body === 'string' ? notice.body : '',
      tag: typeof notice.tag === 'string' ? notice.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof notice.url === 'string' && notice.url.startsWith('/') ? notice.url : '/nurse/dashboard' },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/', self.location.origin)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url.href)
      return open ? open.focus() : self.clients.openWindow(url.href)
    }),
  )
})
