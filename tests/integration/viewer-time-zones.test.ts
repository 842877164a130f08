// Times in one zone on the server and in the browser (issue 38 item 5, docs/decisions/0050): the
// messages pages say which zone their times are written in, and the browser writes them in that
// zone too. A zone the browser told in the `tz` cookie is honoured; a bad one is ignored, and the
// page falls back to the nurse's own zone (or New York's) and names it beside each time.
import { describe, expect, test } from 'vitest'
import { startConversation } from '../../app/domain/messages/messages.server'
import { formatMoment, type ViewerZone } from '../../app/domain/time/viewer-time'
import * as conversationPage from '../../app/routes/messages.$conversationId'
import * as messagesPage from '../../app/routes/messages._index'
import { createNurse, createUser } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

interface ConversationData {
  zone: ViewerZone
  conversation: { messages: Array<{ createdAt: string }> }
}
interface ListData {
  zone: ViewerZone
  conversations: Array<{ lastMessageAt: string }>
}

async function conversationOfDenver() {
  const nurse = await createNurse({ name: 'Tess Zone', baseLocation: 'Denver, CO 80202', timezone: 'America/Denver' })
  const parent = await createUser({ displayName: 'Flo Family' })
  const started = await startConversation({ id: parent.id, role: 'parent' }, nurse.id, 'Are you free in March?')
  if (!started.ok) throw new Error(started.error)
  return { nurse, parent, conversationId: started.conversationId }
}

async function openConversation(conversationId: number, cookie: string) {
  const answer = await call(conversationPage.loader, makeRequest(`/messages/${conversationId}`, { cookie }), { conversationId: String(conversationId) })
  expect(answer.status).toBe(200)
  return (await answer.json()) as ConversationData
}

async function openList(cookie: string) {
  const answer = await call(messagesPage.loader, makeRequest('/messages', { cookie }))
  expect(answer.status).toBe(200)
  return (await answer.json()) as ListData
}

describe('the zone of the messages pages', () => {
  test('is the one the browser told, so the server and the browser write each time alike', async () => {
    const { parent, conversationId } = await conversationOfDenver()
    const cookie = `${await cookieFor(parent.id)}; tz=America%2FLos_Angeles`
    const page = await openConversation(conversationId, cookie)
    expect(page.zone).toEqual({ timeZone: 'America/Los_Angeles', told: true })
    const written = page.conversation.messages[0].createdAt
    const inTheBrowser = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/Los_Angeles',
    }).format(new Date(written))
    expect(formatMoment(written, page.zone)).toBe(inTheBrowser)
    expect((await openList(cookie)).zone).toEqual({ timeZone: 'America/Los_Angeles', told: true })
  })

  test('is the nurse’s own, named, when the browser told none or told something that is not a zone', async () => {
    const { nurse, parent, conversationId } = await conversationOfDenver()
    const session = await cookieFor(parent.id)
    for (const cookie of [session, `${session}; tz=Mars%2FOlympus`, `${session}; tz=%3Cscript%3E`, `${session}; tz=%E0%A4%A`]) {
      const page = await openConversation(conversationId, cookie)
      expect(page.zone, cookie).toEqual({ timeZone: 'America/Denver', told: false })
      expect(formatMoment(page.conversation.messages[0].createdAt, page.zone)).toMatch(/ M[SD]T$/)
    }
    // The nurse's list is in her own zone; a family's, with no nurse of its own, in New York's.
    expect((await openList(await cookieFor(nurse.userId))).zone).toEqual({ timeZone: 'America/Denver', told: false })
    expect((await openList(`${session}; tz=Not/AZone`)).zone).toEqual({ timeZone: 'America/New_York', told: false })
  })
})
