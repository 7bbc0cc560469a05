// Social login through the demo's real modal (issue 26), on email.test.mjs's stack (one browser,
// one server): the Connect view's GitHub and Google buttons open a real 600×800 popup at the
// secure site's /loading inside the click, the popup signs in at the provider's stand-in (a
// real OpenID Provider for Google, GitHub's OAuth and REST shapes) and comes back through the
// server; the wallet opens and the modal connects. The same address on a new device (the
// project is `custodial` here: passkey recovery is the e-mail login's, tested with it); a
// reload connects again without a click, and the wallet signs (viem verifies in Node); the
// visitor closing the popup reads "Popup closed", a provider error "Failed to initiate social
// connection", and the next login works; Facebook, listed but not configured, has no button.
// Farcaster: ConnectingFarcaster shows the sign-in link; the phone (a script with a custody key
// registered in the IdRegistry stand-in) signs it and the modal connects; closing the modal
// first cancels the channel at the server.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { verifyMessage } from 'viem'
import { clickAfterRest } from '../../../tools/frame-approve.mjs'
import { farcasterPhone } from './email-stack.mjs'

const STEP = 20_000

/**
 * Registers the social login tests. `get()` gives `{ stack, secureOrigin, socials, timings }`
 * once the stack is up.
 */
export function socialTests(get) {
  const modal = (page, selector) => page.locator(`w3m-modal dialog ${selector}`)
  const account = (page) => page.evaluate(() => window.__openmodal.getAccount('eip155'))

  async function openDemo() {
    const { stack } = get()
    const context = await stack.newContext()
    const page = await stack.newPage(context)
    await page.goto(`${stack.origin}/`)
    await page.waitForFunction(() => window.__openmodal !== undefined, null, { timeout: STEP })
    return { context, page }
  }

  /** Opens Connect and clicks `provider`'s button; resolves with the popup and the click time. */
  async function clickProvider(page, provider) {
    await page.evaluate(() => window.__openmodal.open())
    const button = modal(page, `w3m-connect-view [data-provider="${provider}"]`)
    await button.waitFor({ timeout: STEP })
    const popupOpened = page.waitForEvent('popup', { timeout: STEP })
    const clicked = Date.now()
    await button.click()
    return { popup: await popupOpened, clicked }
  }

  /** A social login through the modal: click → popup → provider → connected; the ms it took. */
  async function logIn(page, provider) {
    const { popup, clicked } = await clickProvider(page, provider)
    const { secureOrigin } = get()
    // The popup opened at the secure site's /loading, at the spec's size.
    assert.equal(new URL(popup.url() || `${secureOrigin}/loading`).origin, secureOrigin)
    assert.deepEqual(
      await popup.evaluate(() => [window.innerWidth, window.innerHeight]),
      [600, 800],
    )
    await page.waitForFunction(
      () => window.__openmodal.getAccount('eip155').status === 'connected',
      null,
      { timeout: 60_000 },
    )
    const ready = Date.now() - clicked
    await page.waitForFunction(() => !window.__openmodal.getState().open, null, { timeout: STEP })
    // The modal closed the popup once the wallet was open.
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: STEP })
    return { ready, address: (await account(page)).address }
  }

  let github

  test('social: buttons only for configured providers; GitHub through the popup gives a wallet', async () => {
    const { context, page } = await openDemo()
    await page.evaluate(() => window.__openmodal.open())
    await modal(page, 'w3m-connect-view [data-provider]').first().waitFor({ timeout: STEP })
    const providers = await modal(page, 'w3m-connect-view [data-provider]').evaluateAll((nodes) =>
      nodes.map((node) => node.dataset.provider),
    )
    // Facebook is in features.socials but has no client configured on the server.
    assert.deepEqual(providers, ['google', 'github', 'discord', 'farcaster'])
    await page.evaluate(() => window.__openmodal.close())
    const login = await logIn(page, 'github')
    assert.match(login.address, /^0x[0-9a-fA-F]{40}$/)
    get().timings.socialClickToWalletReady = login.ready
    assert.equal(
      await page.evaluate(() => localStorage.getItem('@openmodal/socialUsername')),
      '"octocat"',
    )
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    const shown = modal(page, 'w3m-account-view [data-email]')
    assert.equal((await shown.textContent({ timeout: STEP })).trim(), 'octocat')
    await page.evaluate(() => window.__openmodal.close())
    github = { context, page, address: login.address }
  })

  test('social: a reload connects again without a click, and the wallet signs', async () => {
    const { page, address } = github
    await page.reload()
    await page.waitForFunction(
      () => window.__openmodal?.getAccount('eip155').status === 'connected',
      null,
      { timeout: STEP },
    )
    // From the reload's navigation start to connected, on the page's own clock.
    const ms = await page.evaluate(() => Math.round(performance.now()))
    get().timings.socialReloadToConnected = ms
    assert.equal((await account(page)).address, address)
    const message = 'Signed after a reload'
    const signing = page.evaluate(
      ([text, from]) =>
        window.__openmodal.getProvider('eip155').request({
          method: 'personal_sign',
          params: [
            `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
            from,
          ],
        }),
      [message, address],
    )
    await modal(page, 'w3m-approve-transaction-view').waitFor({ state: 'attached', timeout: STEP })
    await clickAfterRest(
      page.frameLocator('iframe[title="Secure wallet"]').getByRole('button', { name: 'Approve' }),
      { timeout: STEP },
    )
    const signature = await signing
    assert.equal(await verifyMessage({ address, message, signature }), true)
    await github.context.close()
  })

  test('social: Google (OpenID Connect) twice gives the same address', async () => {
    const first = await openDemo()
    const google = await logIn(first.page, 'google')
    assert.notEqual(google.address, github.address)
    await first.context.close()
    const second = await openDemo()
    assert.equal((await logIn(second.page, 'google')).address, google.address)
    await second.context.close()
  })

  test('social: "Popup closed", then a provider error, then a login that works', async () => {
    const { context, page } = await openDemo()
    const view = (selector) => modal(page, `w3m-connecting-social-view ${selector}`)
    // The visitor is at GitHub (its page still loading) and closes the popup.
    const atProvider = new Promise((resolve) => {
      void context.route('**/login/oauth/authorize*', resolve)
    })
    const { popup } = await clickProvider(page, 'github')
    await view('[data-status="popup_opened"]').waitFor({ timeout: STEP })
    await atProvider
    await popup.close()
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    await view('[data-error]').waitFor({ timeout: STEP })
    assert.equal((await view('[data-error]').textContent()).trim(), 'Popup closed')
    // The provider refuses (the visitor said no at GitHub).
    await get().socials.deny('github', true)
    try {
      const retried = page.waitForEvent('popup', { timeout: STEP })
      await view('[part="retry-button"]').click()
      await retried
      await view('[data-error]').waitFor({ timeout: STEP })
      assert.equal(
        (await view('[data-error]').textContent()).trim(),
        'Failed to initiate social connection',
      )
    } finally {
      await get().socials.deny('github', false)
    }
    const again = page.waitForEvent('popup', { timeout: STEP })
    await view('[part="retry-button"]').click()
    await again
    await page.waitForFunction(
      () => window.__openmodal.getAccount('eip155').status === 'connected',
      null,
      { timeout: 60_000 },
    )
    // A new browser profile: the same GitHub account opens the same wallet.
    assert.equal((await account(page)).address, github.address)
    await context.close()
  })

  test('farcaster: closing the modal cancels; the phone signs and the wallet opens', async () => {
    const { farcaster } = get().socials
    const phone = { ...farcaster, custody: `0x${'0e'.repeat(32)}` }
    const { context, page } = await openDemo()
    const view = (selector) => modal(page, `w3m-connecting-farcaster-view ${selector}`)
    const link = async () => {
      await page.evaluate(() => window.__openmodal.open())
      await modal(page, 'w3m-connect-view [data-provider="farcaster"]').click({ timeout: STEP })
      await view('wui-qr-code[part="qr"]').waitFor({ timeout: STEP })
      return view('[part="open-link"]').getAttribute('href')
    }
    const first = await link()
    await page.evaluate(() => window.__openmodal.close())
    // Once the frame gave the attempt up, the relay forgets its channel: a signature for it is
    // refused (the phone's late signature itself runs in apps/server's social browser test,
    // each run of the phone script costs seconds of tsx start).
    const token = new URL(first).searchParams.get('channelToken')
    const status = () =>
      fetch(`${farcaster.serverUrl}/farcaster/v1/channel/status`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.status)
    for (let i = 0; (await status()) !== 401; i++) {
      assert.ok(i < 200, 'the cancel reached the server')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.notEqual((await account(page)).status, 'connected')
    const second = await link()
    assert.notEqual(second, first)
    const signed = await farcasterPhone(phone, second)
    assert.equal(signed.code, 0, signed.output)
    await page.waitForFunction(
      () => window.__openmodal.getAccount('eip155').status === 'connected',
      null,
      { timeout: 60_000 },
    )
    assert.match((await account(page)).address, /^0x[0-9a-fA-F]{40}$/)
    await context.close()
  })

  describe('social: Discord, and a Telegram mini app, through the modal', () => {
    test('discord through the popup: the account shows the username without its "#0"', async () => {
      const { context, page } = await openDemo()
      const login = await logIn(page, 'discord')
      assert.notEqual(login.address, github.address)
      // The server keeps Discord's `nelly#0` as given; the modal stores and shows `nelly`.
      assert.equal(
        await page.evaluate(() => localStorage.getItem('@openmodal/socialUsername')),
        '"nelly"',
      )
      await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
      const shown = modal(page, 'w3m-account-view [data-email]')
      assert.equal((await shown.textContent({ timeout: STEP })).trim(), 'nelly')
      await context.close()
    })

    test('telegram mini app: the page goes to the provider, comes back with result_uri, connects', async () => {
      const { stack, secureOrigin } = get()
      const context = await stack.newContext()
      // A stand-in of Telegram's WebApp object; the login must stay in the web view, so the
      // page never hands the provider's URL to `openLink` (the outside browser).
      const openedLinks = []
      await context.exposeBinding('recordOpenLink', (_source, url) => openedLinks.push(url))
      await context.addInitScript(() => {
        window.Telegram = {
          WebApp: {
            platform: 'ios',
            version: '8.0',
            openLink: (url) => window.recordOpenLink(url),
          },
        }
      })
      const page = await stack.newPage(context)
      const popups = []
      page.on('popup', (popup) => popups.push(popup))
      await page.goto(`${stack.origin}/?tgWebAppStartParam=demo`)
      await page.waitForFunction(() => window.__openmodal !== undefined, null, { timeout: STEP })
      await page.evaluate(() => window.__openmodal.open())
      const back = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.url().includes('result_uri='),
        { timeout: 60_000 },
      )
      await modal(page, 'w3m-connect-view [data-provider="github"]').click({ timeout: STEP })
      // The provider signed in and the server sent the page back with the attempt's result.
      const returned = new URL((await back).url())
      assert.equal(returned.origin, stack.origin)
      assert.equal(returned.searchParams.get('tgWebAppStartParam'), 'demo')
      assert.match(
        returned.searchParams.get('result_uri') ?? '',
        new RegExp(`^${secureOrigin}/loading\\?social=done&attempt=`),
      )
      await page.waitForFunction(
        () => window.__openmodal?.getAccount('eip155').status === 'connected',
        null,
        { timeout: 60_000 },
      )
      // The same GitHub account opens the same wallet; the parameter left the address.
      assert.equal((await account(page)).address, github.address)
      const now = new URL(page.url())
      assert.equal(now.searchParams.has('result_uri'), false)
      assert.equal(now.searchParams.get('tgWebAppStartParam'), 'demo')
      assert.deepEqual(
        await page.evaluate(() => [
          localStorage.getItem('@openmodal/socialUsername'),
          localStorage.getItem('@openmodal/telegramSocialProvider'),
        ]),
        ['"octocat"', null],
      )
      assert.deepEqual(openedLinks, [])
      assert.equal(popups.length, 0)
      await context.close()
    })
  })
}
