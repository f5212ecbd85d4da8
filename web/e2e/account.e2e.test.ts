// The account page and the shell in real Chromium: keyboard-only navigation through the greeting
// menu, a photo uploaded and shown again after a reload, a refused non-image, the language switch
// reloading server texts, and logout at the provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, confirmSignOut, fillQuestionnaire, register } from './support/people.js'

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

let stack: Stack
let page: Page
beforeAll(async () => {
  stack = await startStack()
  page = (await stack.newPerson()).page
  await register(page, stack.baseUrl, aPerson('Kim'), 'mentee')
  // the account saves the whole profile, which needs country and city first
  await page.goto(`${stack.baseUrl}/user/mentee-profile`)
  await fillQuestionnaire(page, { country: 'Germany', year: '2015', text: 'Learning.' })
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('Your mentee questionnaire was saved.').waitFor()
  await page.goto(`${stack.baseUrl}/matching`)
})
afterAll(async () => {
  await stack?.close()
})

describe('account and shell', () => {
  it('reaches the user profile with the keyboard alone through the greeting menu', async () => {
    const greeting = page.getByRole('button', { name: 'Hi, Kim!' })
    await greeting.focus()
    await page.keyboard.press('Enter')
    expect(await greeting.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
    expect(await greeting.getAttribute('aria-expanded')).toBe('false')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'User account' }).waitFor()
  })

  it('uploads a photo and shows it again after a reload', async () => {
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Your user account was successfully updated.').waitFor()
    await page.reload()
    // the avatar names the person; the photo inside it is presentational, loaded with the token
    const photo = page.getByRole('img', { name: 'Kim Kimson' }).locator('img[src^="blob:"]')
    await photo.waitFor()
    expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  })

  it('refuses a file that is not an image before uploading it', async () => {
    const uploads: string[] = []
    const recordUpload = (r: Request) => {
      if (r.url().includes('UpdateProfileImage')) uploads.push(r.url())
    }
    page.on('request', recordUpload)
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await page.getByText('Please choose a PNG, JPEG, JPG or GIF image of at most 5 MB.').waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    // A photo saved after it: once that save is confirmed, an upload of the refused file would have
    // been sent before it, so the one upload seen is the photo's.
    await page.locator('input[type=file]').setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Your user account was successfully updated.').waitFor()
    page.off('request', recordUpload)
    expect(uploads).toHaveLength(1)
  })

  it('reloads the questionnaire texts in German when the language is switched', async () => {
    await page.goto(`${stack.baseUrl}/user/mentee-profile`)
    await page.getByRole('heading', { name: 'Mentee questionnaire' }).waitFor()
    const reload = page.waitForRequest((r) => r.url().includes('GetQuestionAnswerPairs') && r.url().includes('language=de'))
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await reload
    await page.getByRole('heading', { name: 'Fragebogen für Mentees' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('heading', { name: 'Mentee questionnaire' }).waitFor()
  })

  it('renews an expired access token silently with the refresh token', async () => {
    await page.goto(`${stack.baseUrl}/matching`)
    await page.getByRole('heading', { level: 1, name: 'Matching' }).waitFor()
    await page.evaluate(() => {
      for (const key of Object.keys(sessionStorage).filter((k) => k.startsWith('oidc.user:'))) {
        const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { expires_at: number }
        user.expires_at = Math.floor(Date.now() / 1000) - 60
        sessionStorage.setItem(key, JSON.stringify(user))
      }
    })
    const refresh = page.waitForRequest((r) => r.url().includes('/oidc/token') && (r.postData() ?? '').includes('grant_type=refresh_token'))
    await page.reload()
    await refresh
    await page.getByRole('heading', { level: 1, name: 'Matching' }).waitFor()
    await page.getByRole('heading', { name: /As a mentee/ }).waitFor()
    expect(await page.getByText('Error code 401').count()).toBe(0)
  })

  it('signs out at the provider from the greeting menu', async () => {
    await page.getByRole('button', { name: 'Hi, Kim!' }).click()
    await page.getByRole('button', { name: 'Logout' }).click()
    await confirmSignOut(page)
    expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//)
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('oidc.user')))).toEqual([])
  })
})
