// End to end: the built demo (`vite build` ran first, see the `test` script) served by
// `vite preview` on a free loopback port, driven in the system Chromium.
import assert from 'node:assert/strict'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { startStack } from './stack.mjs'

const SCREENSHOT = join(tmpdir(), 'openmodal-demo.png')
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

describe('demo in Chromium', () => {
  let stack
  let browser
  let origin
  const foreignRequests = []

  before(async () => {
    // The page as it loads by default: no local chains, a context per page.
    stack = await startStack({ anvil: false, context: false })
    ;({ browser, origin } = stack)
  })

  after(() => stack?.stop())

  /** A fresh page that records every request that leaves the loopback interface. */
  async function open(path) {
    const context = await browser.newContext({ viewport: { width: 1024, height: 760 } })
    const page = await context.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(error))
    context.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol === 'data:' || url.protocol === 'blob:') return
      if (!LOOPBACK.has(url.hostname)) foreignRequests.push(request.url())
    })
    await page.goto(origin + path, { waitUntil: 'networkidle' })
    return { page, context, errors }
  }

  const dialog = (page) => page.locator('w3m-modal dialog')

  /** Clicks the connect button inside <w3m-button>'s shadow root; the dialog must open. */
  async function openFromButton(page) {
    // CSS locators pierce open shadow roots: this finds the <button> inside w3m-button's tree.
    await page.locator('w3m-button button').click()
    await dialog(page).waitFor({ state: 'visible', timeout: 5000 })
    assert.equal(await dialog(page).evaluate((d) => d.open), true, 'dialog.open')
  }

  async function closeWithEscape(page) {
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden', timeout: 5000 })
    assert.equal(await dialog(page).evaluate((d) => d.open), false, 'dialog.open after Escape')
  }

  async function assertTitle(page, title) {
    const named = page.getByRole('dialog', { name: title })
    await named.waitFor({ state: 'visible', timeout: 5000 })
  }

  /** The view element itself rendered inside the dialog (not only the shell's title). */
  async function assertView(page, tag) {
    await page.locator(`w3m-modal dialog ${tag}`).waitFor({ state: 'visible', timeout: 5000 })
  }

  test('React page: the connect button opens the Connect view; Escape closes it', async () => {
    const { page, context, errors } = await open('/')
    try {
      await page.locator('w3m-button').waitFor()
      assert.match(await page.getByTestId('state').textContent(), /"open": false/)
      await openFromButton(page)
      await assertTitle(page, 'Connect Wallet')
      await assertView(page, 'w3m-connect-view')
      await page.waitForTimeout(300) // let the open animation finish before the screenshot
      await page.screenshot({ path: SCREENSHOT })
      assert.match(await page.getByTestId('state').textContent(), /"open": true/)
      await closeWithEscape(page)
      assert.match(await page.getByTestId('state').textContent(), /"open": false/)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })

  test('React page: "Open networks" opens the Networks view', async () => {
    const { page, context, errors } = await open('/')
    try {
      await page.getByTestId('open-networks').click()
      await assertTitle(page, 'Choose Network')
      await assertView(page, 'w3m-networks-view')
      assert.match(await page.getByTestId('state').textContent(), /"view": "Networks"/)
      await closeWithEscape(page)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })

  /** The dialog's color-scheme and the background colour of its panel, while open. */
  const dialogLook = (page) =>
    dialog(page).evaluate((d) => ({
      scheme: getComputedStyle(d).colorScheme,
      panel: getComputedStyle(d.querySelector('[part="panel"]')).backgroundColor,
    }))

  test('React page: the theme toggle and the Arabic locale reach the modal', async () => {
    const { page, context, errors } = await open('/')
    try {
      await openFromButton(page)
      const light = await dialogLook(page)
      assert.equal(light.scheme, 'light')
      await closeWithEscape(page)

      await page.getByTestId('theme-toggle').click()
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark')
      // Every shipped locale is offered, named in its own language.
      const offered = page.getByTestId('locale-select').locator('option')
      assert.deepEqual(await offered.evaluateAll((options) => options.map((o) => o.value)), [
        'en',
        'ar',
        'de',
        'es',
        'fr',
        'ja',
        'pt-BR',
        'zh-CN',
      ])
      assert.equal(await offered.nth(2).textContent(), 'Deutsch')
      await page.getByTestId('locale-select').selectOption('ja')
      await openFromButton(page)
      await assertTitle(page, 'ウォレットを接続')
      await closeWithEscape(page)
      await page.getByTestId('locale-select').selectOption('ar')
      await openFromButton(page)
      await assertTitle(page, 'ربط المحفظة')
      assert.equal(await dialog(page).getAttribute('dir'), 'rtl')
      assert.equal(await dialog(page).getAttribute('lang'), 'ar')
      const dark = await dialogLook(page)
      assert.equal(dark.scheme, 'dark')
      assert.notEqual(dark.panel, light.panel, 'the panel background follows the theme')
      assert.match(await page.getByTestId('state').textContent(), /"open": true/)
      await closeWithEscape(page)

      await page.getByTestId('locale-select').selectOption('en')
      await openFromButton(page)
      await assertTitle(page, 'Connect Wallet')
      assert.equal(await dialog(page).getAttribute('dir'), 'ltr')
      await closeWithEscape(page)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })

  test('plain page: the elements and createModal work without a framework', async () => {
    const { page, context, errors } = await open('/plain.html')
    try {
      await openFromButton(page)
      await assertTitle(page, 'Connect Wallet')
      await assertView(page, 'w3m-connect-view')
      assert.match(await page.locator('#state').textContent(), /"open": true/)
      await closeWithEscape(page)
      await page.locator('#locale-select').selectOption('ar')
      await openFromButton(page)
      assert.equal(await dialog(page).getAttribute('dir'), 'rtl')
      await closeWithEscape(page)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })

  test('no request left the loopback interface', () => {
    assert.deepEqual(foreignRequests, [])
  })
})
