// Notifications on this device (Web Push, docs/decisions/0074): turned on and off here, with a
// switch per kind of news. They accompany the e-mails, which go out as before. Needs JavaScript
// and a browser that can push; the service worker that shows them is the nurse pages' (/sw.js).
import { Button, Group, Stack, Switch, Text } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import type { PushTopic } from '~/domain/notifications/push-rules'
import { SectionCard } from './section-card'

type Device = Record<PushTopic, boolean> & { endpoint: string }
type State = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on'

const SCOPE = '/nurse/'
const API = '/_api/push/subscriptions'

async function post(body: unknown): Promise<{ device: Device | null }> {
  const response = await fetch(API, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(((await response.json().catch(() => ({}))) as { error?: string }).error ?? 'The server did not answer.')
  return response.json()
}

/** The server's key for this app and, given this device's endpoint, what it keeps for the device. */
async function ask(endpoint?: string): Promise<{ publicKey: string; device: Device | null }> {
  const response = await fetch(endpoint ? `${API}?${new URLSearchParams({ endpoint })}` : API)
  if (!response.ok) throw new Error('The server did not answer.')
  return response.json()
}

/** The registration once its worker is active (`ready` waits only for a page in its scope). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: SCOPE })
  const worker = registration.installing ?? registration.waiting
  if (!registration.active && worker) {
    await new Promise<void>((resolve) => {
      const check = () => worker.state === 'activated' && resolve()
      worker.addEventListener('statechange', check)
      check()
    })
  }
  return registration
}

function canPush() {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext
}

export function PushSettings({ topics }: { topics: PushTopic[] }) {
  const { t } = useTranslation()
  const say = useServerMessage()
  const [state, setState] = useState<State>('checking')
  const [device, setDevice] = useState<Device | null>(null)
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState('')

  // A device that has never subscribed asks the server nothing until it is turned on: a dashboard
  // opened and left at once (signing out, say) sends no request that could meet a closed session.
  useEffect(() => {
    if (!canPush()) return setState('unsupported')
    if (Notification.permission === 'denied') return setState('blocked')
    let live = true
    void (async () => {
      const registration = await navigator.serviceWorker.getRegistration(SCOPE)
      const subscription = await registration?.pushManager.getSubscription()
      if (!subscription) return live && setState('off')
      const answer = await ask(subscription.endpoint)
      if (!live) return
      setDevice(answer.device)
      setState(answer.device ? 'on' : 'off')
    })().catch(() => live && setState('unsupported'))
    return () => {
      live = false
    }
  }, [])

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true)
    setNote('')
    try {
      await work()
    } catch (error) {
      setNote(error instanceof Error ? say(error.message) : t('push.failed'))
    } finally {
      setBusy(false)
    }
  }, [say, t])

  const turnOn = () =>
    run(async () => {
      if ((await Notification.requestPermission()) !== 'granted') return setState('blocked')
      const registration = await activeRegistration()
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: (await ask()).publicKey }))
      const json = subscription.toJSON()
      const answer = await post({ action: 'subscribe', subscription: { endpoint: json.endpoint, keys: json.keys } })
      setDevice(answer.device)
      setState('on')
      setNote(t('push.turnedOn'))
    })

  const turnOff = () =>
    run(async () => {
      const registration = await navigator.serviceWorker.getRegistration(SCOPE)
      const subscription = await registration?.pushManager.getSubscription()
      if (device) await post({ action: 'unsubscribe', endpoint: device.endpoint }).catch(() => undefined)
      await subscription?.unsubscribe()
      setDevice(null)
      setState('off')
      setNote(t('push.turnedOff'))
    })

  const toggle = (topic: PushTopic, on: boolean) =>
    run(async () => {
      if (!device) return
      const answer = await post({ action: 'topics', endpoint: device.endpoint, topics: { [topic]: on } })
      setDevice(answer.device)
    })

  return (
    <SectionCard id="push-settings" title={t('push.title')} titleMb="xs">
      <Stack gap="sm">
        <Text fz="sm" c="gray.7">
          {t('push.intro')}
        </Text>
        {state === 'unsupported' && <Text>{t('push.unsupported')}</Text>}
        {state === 'blocked' && <Text>{t('push.blocked')}</Text>}
        {state === 'off' && (
          <Group>
            <Button variant="light" onClick={turnOn} loading={busy}>
              {t('push.turnOn')}
            </Button>
          </Group>
        )}
        {state === 'on' && device && (
          <>
            {topics.map((topic) => (
              <Switch
                key={topic}
                label={t(`push.topic.${topic}`)}
                checked={device[topic]}
                disabled={busy}
                onChange={(event) => toggle(topic, event.currentTarget.checked)}
              />
            ))}
            <Group>
              <Button variant="subtle" onClick={turnOff} loading={busy}>
                {t('push.turnOff')}
              </Button>
            </Group>
          </>
        )}
        <Text role="status" fz="sm">
          {note}
        </Text>
      </Stack>
    </SectionCard>
  )
}
