// Stripe.js cannot load here (no internet), so the browser tests of the Stripe path serve this
// stand-in at js.stripe.com through Playwright's page.route. It implements what
// @stripe/react-stripe-js and our payment forms call: Stripe(key), elements({clientSecret}) or
// elements({mode}), create('payment') → an element that mounts a labelled card-number box,
// createPaymentMethod (paying as you book), and confirmPayment (and confirmSetup, for saving a
// card), which confirms the PaymentIntent (SetupIntent) at api.stripe.com (routed to the fake
// Stripe API) and, like the real one, either answers the card's error or navigates to return_url
// with the intent's ids.
import type { Page } from '@playwright/test'

const FAKE_STRIPE_JS = String.raw`
(function () {
  function Stripe(publishableKey) {
    var clientSecret = null
    var cardInput = null
    var handlers = {}
    function emit(event, payload) {
      ;(handlers[event] || []).forEach(function (handler) { handler(payload) })
    }
    var element = {
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target
        node.innerHTML =
          '<label style="display:block;font-size:14px">Card number ' +
          '<input name="fake-stripe-card" autocomplete="cc-number" inputmode="numeric" ' +
          'style="display:block;width:100%;padding:8px;margin-top:4px;font-size:16px" /></label>'
        cardInput = node.querySelector('input')
        setTimeout(function () { emit('ready', { elementType: 'payment' }) })
      },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) { return h !== handler })
        return element
      },
      update: function () {}, destroy: function () {}, unmount: function () {},
      focus: function () {}, blur: function () {}, clear: function () {}, collapse: function () {},
    }
    var elements = {
      create: function () { return element },
      getElement: function () { return element },
      update: function () {},
      submit: function () { return Promise.resolve({}) },
      fetchUpdates: function () { return Promise.resolve({}) },
    }
    function cardToPaymentMethod(number) {
      if (number === '4242424242424242') return 'pm_card_visa'
      if (number === '4000000000000002') return 'pm_card_chargeDeclined'
      return null
    }
    return {
      elements: function (options) { clientSecret = options && options.clientSecret; return elements },
      createToken: function () {}, confirmCardPayment: function () {},
      // Deferred intents (paying as you book): the card becomes a PaymentMethod the page posts.
      createPaymentMethod: function () {
        var paymentMethod = cardToPaymentMethod((cardInput && cardInput.value || '').replace(/\s+/g, ''))
        if (!paymentMethod) {
          return Promise.resolve({ error: { type: 'validation_error', message: 'Your card number is invalid.' } })
        }
        return Promise.resolve({ paymentMethod: { id: paymentMethod, object: 'payment_method', type: 'card' } })
      },
      _registerWrapper: function () {}, registerAppInfo: function () {},
      confirmSetup: function (args) {
        var paymentMethod = cardToPaymentMethod((cardInput && cardInput.value || '').replace(/\s+/g, ''))
        if (!paymentMethod) {
          return Promise.resolve({ error: { type: 'validation_error', message: 'Your card number is invalid.' } })
        }
        var setupId = clientSecret.split('_secret_')[0]
        return fetch('https://api.stripe.com/v1/setup_intents/' + setupId + '/confirm', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ key: publishableKey, client_secret: clientSecret, payment_method: paymentMethod }).toString(),
        })
          .then(function (response) { return response.json() })
          .then(function (body) {
            if (body.error) return { error: body.error }
            var url = new URL(args.confirmParams.return_url)
            url.searchParams.set('setup_intent', setupId)
            url.searchParams.set('setup_intent_client_secret', clientSecret)
            url.searchParams.set('redirect_status', 'succeeded')
            window.location.assign(url.toString())
            return new Promise(function () {})
          })
      },
      confirmPayment: function (args) {
        var paymentMethod = cardToPaymentMethod((cardInput && cardInput.value || '').replace(/\s+/g, ''))
        if (!paymentMethod) {
          return Promise.resolve({ error: { type: 'validation_error', message: 'Your card number is invalid.' } })
        }
        var intentId = clientSecret.split('_secret_')[0]
        return fetch('https://api.stripe.com/v1/payment_intents/' + intentId + '/confirm', {
          method: 'POST',
          // A simple request, as Stripe.js makes it (the key in the body): no CORS preflight.
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ key: publishableKey, client_secret: clientSecret, payment_method: paymentMethod }).toString(),
        })
          .then(function (response) { return response.json() })
          .then(function (body) {
            if (body.error) return { error: body.error }
            var url = new URL(args.confirmParams.return_url)
            url.searchParams.set('payment_intent', intentId)
            url.searchParams.set('payment_intent_client_secret', clientSecret)
            url.searchParams.set('redirect_status', 'succeeded')
            window.location.assign(url.toString())
            return new Promise(function () {})
          })
      },
    }
  }
  Stripe.version = 'endive'
  window.Stripe = Stripe
})()
`

/** Serves the stand-in Stripe.js and forwards the browser's Stripe API calls to the fake. */
export async function stubStripe(page: Page, fakeStripeUrl: string) {
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  )
  await page.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    const response = await fetch(`${fakeStripeUrl}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: { 'content-type': request.headers()['content-type'] ?? 'application/x-www-form-urlencoded' },
      body: request.method() === 'GET' ? undefined : request.postData() ?? undefined,
    })
    await route.fulfill({
      status: response.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await response.text(),
    })
  })
}
