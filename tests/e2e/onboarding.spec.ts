// The nurse application, in the browser.
import { type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { DEMO, expect, expectAccessible, fieldMessage, login, test } from './fixtures'

const SHOTS = process.env.E2E_SCREENSHOTS ?? 'test-results/onboarding-screens'

async function pngFile(name = 'photo.png') {
  const buffer = await sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
    },
  })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

async function pdfFile(name = 'government-id.pdf') {
  const doc = await PDFDocument.create()
  doc.addPage([300, 200]).drawText('Driver license', { x: 20, y: 100, size: 14 })
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(await doc.save()),
  }
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const main = (page: Page) => page.getByRole('main')

async function fillSteps1to3(page: Page, fullName: string) {
  await main(page).getByRole('textbox', { name: 'Full name' }).fill(fullName)
  await main(page).getByRole('textbox', { name: 'Phone number' }).fill('512-555-0142')
  await main(page).getByRole('combobox', { name: 'Years of experience' }).selectOption({ label: '6-10 years' })
  await main(page).getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/step=2/)

  await main(page).getByRole('checkbox', { name: 'RN', exact: true }).check()
  await main(page).getByRole('checkbox', { name: 'Newborn Care' }).check()
  await main(page)
    .getByRole('textbox', { name: 'Bio (optional)' })
    .fill('Twelve years of calm nights with newborns and twins.')
  await main(page).getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/step=3/)

  await main(page).getByRole('textbox', { name: 'Base location' }).fill('Austin, TX')
  await main(page).getByRole('combobox', { name: 'Service radius' }).selectOption({ label: '25 miles' })
  await main(page).getByRole('spinbutton', { name: 'Nightly Rate ($)' }).fill('320')
  await main(page).getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/step=4/)
}

test.describe('a visitor applies with JavaScript', () => {
  test('steps 1-3, then a nurse account on step 4, lands on the dashboard as Pending Review', async ({ page }) => {
    await page.goto('/night-nurse-onboard')
    await expect(page).toHaveTitle('Provider Application – Nightlight')
    await expect(page).toHaveURL(/#step1$/)
    await expect(page.getByRole('listitem').filter({ hasText: 'Basic Details' })).toHaveAttribute(
      'aria-current',
      'step',
    )
    await expectAccessible(page)

    // The messages for an empty step 1 (docs/product-texts.md).
    await main(page).getByRole('button', { name: 'Next' }).click()
    await expect(fieldMessage(main(page), 'Full name is required')).toBeVisible()
    await expect(fieldMessage(main(page), 'Phone number is required')).toBeVisible()

    await fillSteps1to3(page, 'Harper Quinn')
    await expect(page).toHaveURL(/#step4$/)
    await expect(main(page).getByRole('heading', { name: 'Create Account' })).toBeVisible()
    await expect(main(page).getByText('Create your account to complete your application')).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'Continue with Google' })).toBeVisible()
    await expect(main(page).getByRole('textbox', { name: 'Full name' })).toHaveValue('Harper Quinn')
    await expectAccessible(page)

    // The drop area refuses what the server would refuse, with the same messages.
    const idDrop = main(page).locator('.mantine-Dropzone-root').first()
    await idDrop.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    })
    await expect(
      main(page).getByRole('alert').filter({
        hasText: 'Invalid file type. Accepted: .pdf, .jpg, .jpeg, .png',
      }),
    ).toBeVisible()
    await main(page).getByRole('button', { name: 'Clear error' }).click()
    const photoDrop = main(page).locator('.mantine-Dropzone-root').nth(1)
    await photoDrop.locator('input[type=file]').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(6 * 1024 * 1024),
    })
    await expect(main(page).getByRole('alert').filter({ hasText: 'File size exceeds 5MB limit' })).toBeVisible()
    await main(page).getByRole('button', { name: 'Clear error' }).click()

    // Submitting without the government ID is stopped before any account is made.
    await main(page).getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('harper'))
    await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill('night-shift-42')
    await main(page).getByRole('button', { name: 'Create Account & Submit' }).click()
    await expect(fieldMessage(main(page), 'A government ID is required.')).toBeVisible()

    await main(page)
      .locator('input[type=file][name=idDocument]')
      .setInputFiles(await pdfFile())
    await main(page)
      .locator('input[type=file][name=photo]')
      .setInputFiles(await pngFile())
    await expect(main(page).getByText('Selected: government-id.pdf')).toBeVisible()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({
      path: `${SHOTS}/step4-visitor-390.png`,
      fullPage: true,
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    await main(page).getByRole('button', { name: 'Create Account & Submit' }).click()

    await expect(page).toHaveURL('/nurse/dashboard')
    await expect(page.getByText('Pending Review').first()).toBeVisible()
  })

  test('a hash names the step, and Back goes to the one before', async ({ page }) => {
    await page.goto('/night-nurse-onboard#step3')
    await expect(page).toHaveURL(/step=3#step3$/)
    await expect(main(page).getByRole('heading', { name: 'Rates' })).toBeVisible()
    await expect(main(page).getByRole('spinbutton', { name: 'Nightly Rate ($)' })).toHaveAttribute('placeholder', '45')
    await expect(main(page).getByRole('textbox', { name: 'Base location' })).toHaveAttribute(
      'placeholder',
      'City or ZIP',
    )
    await main(page).getByRole('button', { name: 'Next' }).click()
    await expect(fieldMessage(main(page), 'Base location is required.')).toBeVisible()
    await expect(fieldMessage(main(page), 'Rate must be greater than 0.')).toBeVisible()
    await expectAccessible(page)
    await page.screenshot({
      path: `${SHOTS}/step3-errors-desktop.png`,
      fullPage: true,
    })
    await main(page).getByRole('link', { name: 'Back' }).click()
    await expect(page).toHaveURL(/step=2#step2$/)
    await expect(main(page).getByRole('heading', { name: 'Qualifications' })).toBeVisible()
    await expect(main(page).getByRole('textbox', { name: 'Bio (optional)' })).toHaveAttribute(
      'placeholder',
      'Tell families about your experience...',
    )
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${SHOTS}/step2-390.png`, fullPage: true })
  })

  test('a signed-in nurse uploads on each step and submits for review', async ({ page }) => {
    const email = uniqueEmail('signed-in')
    // Make the account through the application, then come back signed in.
    await page.goto('/night-nurse-onboard')
    await fillSteps1to3(page, 'Rowan Ellis')
    await main(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill('night-shift-42')
    await main(page)
      .locator('input[type=file][name=idDocument]')
      .setInputFiles(await pdfFile())
    await main(page).getByRole('button', { name: 'Create Account & Submit' }).click()
    await expect(page).toHaveURL('/nurse/dashboard')

    await page.goto('/night-nurse-onboard?step=1')
    await expect(main(page).getByRole('textbox', { name: 'Full name' })).toBeDisabled()
    await expect(main(page).getByRole('textbox', { name: 'Full name' })).toHaveValue('Rowan Ellis')
    await main(page)
      .locator('input[type=file][name=photo]')
      .setInputFiles(await pngFile())
    await expectAccessible(page)
    await page.screenshot({
      path: `${SHOTS}/step1-nurse-desktop.png`,
      fullPage: true,
    })
    await main(page).getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/step=2/)
    await page.goto('/night-nurse-onboard?step=1')
    await expect(main(page).getByText('✓ Uploaded')).toBeVisible()

    await page.goto('/night-nurse-onboard?step=3')
    await expect(main(page).getByText('✓ Uploaded')).toBeVisible()
    await main(page).getByRole('button', { name: 'Next' }).click()
    await expect(main(page).getByRole('heading', { name: 'Submit for Review' })).toBeVisible()
    await expect(main(page).getByText('Submit your profile for verification to start accepting bookings')).toBeVisible()
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({
      path: `${SHOTS}/step4-nurse-390.png`,
      fullPage: true,
    })
    await main(page).getByRole('button', { name: 'Submit for Review' }).click()
    await expect(page).toHaveURL('/nurse/dashboard')
    await expect(page.getByText('Pending Review').first()).toBeVisible()
  })

  test('Continue with Google on step 4 makes a nurse account that submits the draft', async ({ page }) => {
    await page.goto('/night-nurse-onboard')
    await fillSteps1to3(page, 'Gwen Google')
    const popupPromise = page.waitForEvent('popup')
    await main(page).getByRole('link', { name: 'Continue with Google' }).click()
    const popup = await popupPromise
    await popup.getByLabel('Email').fill(uniqueEmail('gwen'))
    await popup.getByLabel('Name').fill('Gwen Google')
    await popup.getByLabel('Subject').fill(`google-sub-${Date.now()}`)
    await popup.getByRole('button', { name: 'Continue' }).click()

    await expect(main(page).getByRole('heading', { name: 'Submit for Review' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/nurse/dashboard',
    )
    // The files could not wait in the draft: the ID is asked for here.
    await main(page)
      .locator('input[type=file][name=idDocument]')
      .setInputFiles(await pdfFile())
    await main(page).getByRole('button', { name: 'Submit for Review' }).click()
    await expect(page).toHaveURL('/nurse/dashboard')
    await expect(page.getByText('Pending Review').first()).toBeVisible()
  })

  test('a signed-in parent is told a parent account cannot apply', async ({ page }) => {
    await login(page, DEMO.parent)
    await page.goto('/night-nurse-onboard')
    await expect(main(page).getByText(/signed in with a parent account/)).toBeVisible()
    await expect(main(page).getByRole('button', { name: 'Next' })).toHaveCount(0)
    await expectAccessible(page)
  })
})

test.describe('a visitor applies without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('every step is a form that posts; the server refuses a text file posing as a PDF', async ({ page }) => {
    await page.goto('/night-nurse-onboard')
    await main(page).getByRole('button', { name: 'Next' }).click()
    await expect(fieldMessage(main(page), 'Full name is required')).toBeVisible()
    await expect(main(page).getByText('Please select your years of experience.')).toHaveCount(0)

    await fillSteps1to3(page, 'Sam Okafor')
    await expect(main(page).getByRole('heading', { name: 'Create Account' })).toBeVisible()
    await main(page).getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('nojs'))
    await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill('night-shift-42')
    await main(page)
      .locator('input[type=file][name=idDocument]')
      .setInputFiles({
        name: 'id.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('just some text, not a PDF'),
      })
    await main(page).getByRole('button', { name: 'Create Account & Submit' }).click()
    await expect(fieldMessage(main(page), 'Invalid file type. Accepted: .pdf, .jpg, .jpeg, .png')).toBeVisible()

    await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill('night-shift-42')
    await main(page)
      .locator('input[type=file][name=idDocument]')
      .setInputFiles(await pdfFile())
    await main(page).getByRole('button', { name: 'Create Account & Submit' }).click()
    await expect(page).toHaveURL('/nurse/dashboard')
    await expect(page.getByText('Pending Review').first()).toBeVisible()
  })
})

test.describe('documents', () => {
  test('an admin can open a pending applicant’s ID document; a visitor cannot', async ({ page, request }) => {
    await login(page, DEMO.admin)
    // The demo applicants' documents are seeded (app/demo/seed.server.ts); the first is an ID document.
    const response = await page.request.get('/files/1')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/pdf')
    expect(response.headers()['cache-control']).toBe('private, no-store')
    expect((await request.get('/files/1')).status()).toBe(404)
  })
})

test('a visitor who jumps to the last step sees no step marked done and a list of what is missing, each linked to its step', async ({ page }) => {
  await page.goto('/night-nurse-onboard?step=4#step4')
  const progress = page.getByRole('navigation', { name: 'Application progress' })
  await expect(progress).toBeVisible()
  await expect(progress.getByText('(done)')).toHaveCount(0)
  const missing = page.getByRole('status').filter({ hasText: 'Your application still needs:' })
  await expect(missing).toContainText('Phone number is required')
  await expect(missing).toContainText('Base location is required.')
  await expect(missing).toContainText('Rate must be greater than 0.')
  // Her name and ID are asked on this step, with the account.
  await expect(missing).not.toContainText('Full name is required')
  await expect(missing).not.toContainText('A government ID is required.')
  await missing.getByRole('link', { name: 'Go to step 1: Basic Details' }).first().click()
  await expect(page).toHaveURL(/step=1#step1$/)
})
