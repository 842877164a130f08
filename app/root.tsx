import './styles/mantine.css'
import './styles/mantine-theme.css'
import './styles/global.css'
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
} from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useChangeLanguage } from 'remix-i18next/react'
import { AuthenticatingOverlay } from './components/authenticating-overlay'
import { RouteErrorBoundary } from './components/error-boundary'
import { SiteFooter } from './components/site-footer'
import { SiteHeader } from './components/site-header'
import { usePageArrivalFocus } from './components/use-heading-focus'
import { useTellTimeZone } from './components/use-told-time-zone'
import { getConfig } from './config.server'
import { currentLanguage, setBrowserLanguage } from './i18n/current-language'
import { languageCookie } from './i18n/language-cookie.server'
import { LANGUAGE_TAGS, type Language } from './i18n/languages'
import { isLocalizedPath, pathInLanguage, unprefixedPath } from './i18n/localized-paths'
import { useServerMessage } from './i18n/messages'
import { chosenLanguage } from './i18n/request-language'
import { answerInLanguage } from './utils/request-scope.server'
import { errorTitles } from './utils/error-title'
import { translator } from './i18n/i18n.server'
import { theme } from './theme'
import { useCspNonce } from './utils/csp-nonce'
import { pageShipsScripts } from './utils/page-scripts'
import { useRootData } from './utils/root-data'
import { countUnreadMessages } from '~/domain/messages/messages.server'
import { getUser } from './utils/session.server'
import { registerNurseServiceWorker } from './utils/service-worker.client'
import { readToast } from './utils/toast.server'

// Every page's words: the header, the footer and what many pages share, and the server's sentences.
export const handle = { i18n: ['common', 'messages'] }

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The installable app (docs/decisions/0074): a link, no script, so the pages without scripts keep none.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const [signedIn, { toast, clearHeader }] = await Promise.all([getUser(request), readToast(request)])
  // The header's unread messages for families and nurses (issue 16).
  const user = signedIn && { ...signedIn, unreadMessages: signedIn.role === 'admin' ? 0 : await countUnreadMessages(signedIn) }
  const config = getConfig()
  const headers = new Headers({ Vary: 'Cookie' })
  if (clearHeader) headers.append('Set-Cookie', clearHeader)
  // A signed-in person reads their account's language on a device that has no choice of its own
  // yet: it learns it here (a public page keeps the language of its address). A device's own
  // choice, made with the switcher, is also saved on the account.
  if (user && chosenLanguage(request.headers.get('Cookie')) === null) {
    headers.append('Set-Cookie', languageCookie(user.language))
    if (!isLocalizedPath(unprefixedPath(new URL(request.url).pathname))) answerInLanguage(user.language)
  }
  return data(
    {
      user,
      toast,
      language: currentLanguage(),
      // A page that answers an error is titled in its language (app/utils/error-title.ts).
      errorTitles: errorTitles(translator('common')),
      // Shown on the error page, so a family can quote it to support (server.js sets it).
      requestId: request.headers.get('x-request-id'),
      publicEnv: {
        appOrigin: config.APP_ORIGIN,
        googleEnabled: config.googleEnabled,
        stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      },
    },
    { headers },
  )
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>['data']

/**
 * `<html data-hydrated>` once React has hydrated the page. Until then the page is the server's
 * HTML, whose links and forms work without JavaScript; the browser tests wait for this before they
 * try what needs JavaScript.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
}

/**
 * Whether this render writes Remix's scripts (app/utils/page-scripts.ts). In the browser always:
 * code running there came from a page that had them, and hydration must find what the server wrote.
 */
function useWithScripts(): boolean {
  const matches = useMatches()
  const rootData = useRootData()
  if (typeof document !== 'undefined') return true
  // No root data: the root's loader failed, and the error page keeps Remix's usual document.
  if (!rootData) return true
  return pageShipsScripts({
    handles: matches.map((match) => match.handle),
    signedIn: Boolean(rootData.user),
    toast: Boolean(rootData.toast),
  })
}

/**
 * A public page's addresses in each language, for crawlers and for browsers offering the other
 * language (`hreflang`); English is the default for anyone else.
 */
function LanguageAlternates({ origin }: { origin: string }) {
  const { pathname, search } = useLocation()
  const bare = unprefixedPath(pathname)
  if (!isLocalizedPath(bare)) return null
  const query = search.startsWith('?page=') ? search : ''
  const href = (language: Language) => `${origin}${pathInLanguage(bare, language)}${query}`
  return (
    <>
      <link rel="alternate" hrefLang="en-US" href={href('en')} />
      <link rel="alternate" hrefLang="es-US" href={href('es')} />
      <link rel="alternate" hrefLang="x-default" href={href('en')} />
    </>
  )
}

/** The page's language: the server's, then the browser's after a change. */
function usePageLanguage(): Language {
  const rootData = useRootData()
  const language = rootData?.language ?? currentLanguage()
  useChangeLanguage(language)
  if (typeof document !== 'undefined') setBrowserLanguage(language)
  return language
}

export function Layout({ children }: { children: ReactNode }) {
  useHydratedMark()
  const nonce = useCspNonce()
  const withScripts = useWithScripts()
  const language = usePageLanguage()
  const origin = useRootData()?.publicEnv.appOrigin ?? ''
  return (
    <html lang={LANGUAGE_TAGS[language]} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#24338b" />
        <Meta />
        <LanguageAlternates origin={origin} />
        <Links />
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
      </head>
      <body>
        {/* The theme's CSS variables and Mantine's global classes are a stylesheet, not a <style> in every page (styles/mantine-theme-css.tsx). */}
        <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
          <Notifications position="top-right" className="site-toasts" aria-live="polite" />
          {children}
        </MantineProvider>
        {withScripts && <ScrollRestoration nonce={nonce} />}
        {withScripts && <Scripts nonce={nonce} />}
      </body>
    </html>
  )
}

function useToast(toast: RootLoaderData['toast'] | undefined) {
  // The server writes a toast in English; it is shown in the page's language.
  const say = useServerMessage()
  useEffect(() => {
    if (!toast) return
    notifications.show({
      title: toast.title ? say(toast.title) : toast.title,
      message: say(toast.message),
      color: toast.type === 'error' ? 'red' : toast.type === 'success' ? 'teal' : 'night',
    })
    // A toast is shown once, as it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toast])
}

/**
 * A toast never hides what the keyboard reaches (WCAG 2.2, 2.4.11): when focus lands on an
 * element a toast overlaps, the toasts close. Their message was announced already (aria-live).
 */
function useToastsStepAside() {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target
      if (!(target instanceof Element) || target.closest('.site-toasts')) return
      const focused = target.getBoundingClientRect()
      const covered = [...document.querySelectorAll('.site-toasts .mantine-Notification-root')].some((toast) => {
        const box = toast.getBoundingClientRect()
        return box.left < focused.right && focused.left < box.right && box.top < focused.bottom && focused.top < box.bottom
      })
      if (covered) notifications.clean()
    }
    document.addEventListener('focusin', onFocus)
    return () => document.removeEventListener('focusin', onFocus)
  }, [])
}

/** A signed-in nurse's pages work offline once visited (docs/decisions/0074). */
function useNurseServiceWorker(nurse: boolean) {
  useEffect(() => {
    if (nurse) registerNurseServiceWorker()
  }, [nurse])
}

// The page scrolls smoothly to the element named by the hash when it changes.
function useHashScroll() {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    target?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' })
  }, [hash])
}

export default function App() {
  const rootData = useRootData()
  const navigation = useNavigation()
  const location = useLocation()
  const main = useRef<HTMLElement>(null)
  useToast(rootData?.toast)
  useToastsStepAside()
  useHashScroll()
  usePageArrivalFocus(main)
  useTellTimeZone(Boolean(rootData?.user))
  useNurseServiceWorker(rootData?.user?.role === 'nurse')
  return (
    <>
      <SiteHeader user={rootData?.user ?? null} />
      <main id="main" ref={main}>
        {navigation.state === 'loading' && navigation.location.pathname !== location.pathname && (
          <AuthenticatingOverlay to={navigation.location.pathname} />
        )}
        <Outlet />
      </main>
      <SiteFooter />
    </>
  )
}

export function ErrorBoundary() {
  // An error no page catches (a page's data answered by something other than the app, the root's
  // own data failed) shows this in place of the page; reached in the browser, its heading takes
  // the focus (decision 0072).
  const main = useRef<HTMLElement>(null)
  usePageArrivalFocus(main)
  return (
    <>
      <SiteHeader user={null} />
      <main id="main" ref={main}>
        <RouteErrorBoundary />
      </main>
      <SiteFooter />
    </>
  )
}
