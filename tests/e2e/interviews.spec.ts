// Interviews (issue 36), in the browser: a family of the test's own asks a nurse of the test's own
// for a video interview from her profile; the nurse, without JavaScript, accepts the first time
// with her meeting link; the family then sees the time and the link. When none of her times
// suit, the family proposes others in turn.
import { DEMO_PASSWORD, expect, expectAccessible, login, newApprovedNurse, signUpParent, test } from './fixtures'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const LINK = 'https://meet.example.com/ines-room'

test('a family proposes times from a profile, the nurse accepts one with her link, and the family sees the time and the link', async ({ page, browser }) => {
  const nurse = await newApprovedNurse('Ines Interview')
  await signUpParent(page, 'Parker Meets')
  const day = isoDate(Date.now() + 3 * DAY_MS)

  await page.goto(`/nurse/${nurse.slug}`)
  await page.getByRole('link', { name: 'Ask for an interview' }).click()
  await expect(page.getByRole('heading', { name: 'Ask Ines for an interview' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('radio', { name: 'Video call' }).check()
  await page.getByLabel('Time 1').fill(`${day}T10:00`)
  await page.getByLabel('Time 2 (optional)').fill(`${day}T15:00`)
  await page.getByRole('textbox', { name: 'A note for her (optional)' }).fill('Our baby is due in March.')
  await page.getByRole('button', { name: 'Send the request' }).click()
  await expect(page.getByRole('heading', { name: 'Interview with Ines Interview' })).toBeVisible()
  await expect(page.getByText('Waiting for Ines Interview to pick one of the times you proposed:')).toBeVisible()
  const interviewUrl = page.url()

  // The nurse answers without JavaScript: a plain form post.
  const nurseContext = await browser.newContext({ javaScriptEnabled: false })
  const nursePage = await nurseContext.newPage()
  await login(nursePage, nurse.email, DEMO_PASSWORD)
  await nursePage.goto('/interviews')
  await nursePage.getByRole('link', { name: 'Open the interview with Parker Meets' }).click()
  await expect(nursePage.getByRole('heading', { name: 'Interview with Parker Meets' })).toBeVisible()
  await expect(nursePage.getByText('Note from the family: “Our baby is due in March.”')).toBeVisible()
  // The family's first time is picked already; she gives her link.
  const accept = nursePage.getByRole('region', { name: 'Accept a time' })
  await expect(accept.getByRole('radio').first()).toBeChecked()
  await accept.getByRole('textbox', { name: 'Your meeting link' }).fill(LINK)
  await accept.getByRole('button', { name: 'Accept this time' }).click()
  await expect(nursePage.getByText('Agreed', { exact: true })).toBeVisible()
  await expect(nursePage.getByText(`Meeting link: ${LINK}`)).toBeVisible()
  await nurseContext.close()

  // The family sees the agreed time and can join by the link.
  await page.goto(interviewUrl)
  await expect(page.getByText(/^When: .*10:00 AM/)).toBeVisible()
  await expect(page.getByRole('link', { name: LINK })).toHaveAttribute('href', LINK)
  await expectAccessible(page)
  await page.goto('/interviews')
  await expect(page.getByRole('heading', { name: 'Ines Interview' })).toBeVisible()
  await expectAccessible(page)
})

test("none of the nurse's times suit: the family, without JavaScript, proposes others, and the nurse accepts one with her link kept", async ({ page, browser }) => {
  const nurse = await newApprovedNurse('Vera Counter')
  await signUpParent(page, 'Quinn Turns')
  const day = isoDate(Date.now() + 3 * DAY_MS)
  const later = isoDate(Date.now() + 5 * DAY_MS)

  await page.goto(`/nurse/${nurse.slug}`)
  await page.getByRole('link', { name: 'Ask for an interview' }).click()
  await page.getByLabel('Time 1').fill(`${day}T10:00`)
  await page.getByRole('button', { name: 'Send the request' }).click()
  await expect(page.getByRole('heading', { name: 'Interview with Vera Counter' })).toBeVisible()
  const interviewUrl = page.url()

  const nurseContext = await browser.newContext()
  const nursePage = await nurseContext.newPage()
  await login(nursePage, nurse.email, DEMO_PASSWORD)
  await nursePage.goto(interviewUrl)
  const counter = nursePage.getByRole('region', { name: 'Propose other times' })
  await counter.getByLabel('Time 1').fill(`${day}T18:00`)
  await counter.getByRole('textbox', { name: 'Your meeting link' }).fill(LINK)
  await counter.getByRole('button', { name: 'Send these times' }).click()
  await expect(nursePage.getByText('Waiting for Quinn Turns to pick one of the times you proposed:')).toBeVisible()

  // The family answers without JavaScript: a plain form post with two times of its own.
  const familyContext = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
  const familyPage = await familyContext.newPage()
  await familyPage.goto(interviewUrl)
  const mine = familyPage.getByRole('region', { name: 'None of these suit? Propose other times' })
  await expect(mine.getByRole('textbox', { name: 'Your meeting link' })).toHaveCount(0)
  await mine.getByLabel('Time 1').fill(`${later}T09:00`)
  await mine.getByLabel('Time 2 (optional)').fill(`${later}T11:00`)
  await mine.getByRole('button', { name: 'Send these times' }).click()
  await expect(familyPage.getByText('Waiting for Vera Counter to pick one of the times you proposed:')).toBeVisible()
  await familyContext.close()

  // Back to the nurse: the family's times, her link already in the field.
  await nursePage.goto(interviewUrl)
  const accept = nursePage.getByRole('region', { name: 'Accept a time' })
  await expect(accept.getByRole('radio')).toHaveCount(2)
  await expect(accept.getByRole('textbox', { name: 'Your meeting link' })).toHaveValue(LINK)
  await accept.getByRole('radio').nth(1).check()
  await accept.getByRole('button', { name: 'Accept this time' }).click()
  await expect(nursePage.getByText('Agreed', { exact: true })).toBeVisible()
  await nurseContext.close()

  await page.goto(interviewUrl)
  await expect(page.getByText(/^When: .*11:00 AM/)).toBeVisible()
  await expectAccessible(page)
})
