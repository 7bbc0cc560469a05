// End to end, the way `pnpm demo` runs the e-mail login: anvil, the mailbox (a real SMTP server
// in apps/server/src/mailbox.ts), apps/server on PGlite serving the secure site on a second
// origin (`localhost` while the demo page is on 127.0.0.1: another site), and the built demo.
// A visitor picks "Continue with email", reads the code from the mailbox, types it in the secure
// frame's own code entry (the page never sees it), signs a
// message (verified with viem) and sends ETH on anvil after approving in the secure frame;
// the same login gives the same address after a reload (no new code) and on a new device
// (a fresh browser profile, recovered through the server's shares). Another visitor changes
// their e-mail from Account (a code to the current address, then one to the new address) and
// logs in with the new one to the same wallet. The stack is email-stack.mjs's.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { clickAfterRest } from '../../../tools/frame-approve.mjs'
import { startEmailStack } from './email-stack.mjs'
import { rpc, verifyEd25519 } from './preview.mjs'
import { socialTests } from './social-cases.mjs'
import { lamportsOf } from './solana-page.mjs'

const STEP_TIMEOUT = 20_000
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const EMAIL = `visitor-${randomBytes(4).toString('hex')}@example.com`

describe('Demo e-mail login: the embedded wallet end to end', () => {
  let stack
  let mailbox
  let secureOrigin
  let socials
  let cluster
  let client
  let address
  const timings = {}

  before(async () => {
    // Operator-held recovery, opted into explicitly: the new-device cases here use fresh
    // browser profiles, and Chromium's virtual authenticator cannot carry a passkey's PRF
    // secret to another profile. Passkey recovery (the default) is tested end to end in
    // apps/server/src/passkey-recovery.browser.test.ts.
    // The social login providers' stand-ins too (social-cases.mjs).
    ;({ stack, mailbox, secureOrigin, socials } = await startEmailStack({
      recovery: 'custodial',
      social: true,
    }))
    cluster = stack.localnet
    client = createPublicClient({ transport: http(stack.local[0].rpcUrl) })
  })

  after(async () => {
    await stack?.stop()
    if (Object.keys(timings).length) console.log('e-mail login timings (ms):', timings)
  })

  /** A new browser profile (a new device) on the demo, recording requests to the secure site. */
  async function openDemo() {
    const context = await stack.newContext()
    const page = await stack.newPage(context)
    const secureRequests = []
    page.on('request', (request) => {
      if (request.url().startsWith(secureOrigin)) secureRequests.push(request.url())
    })
    await page.goto(`${stack.origin}/`)
    await page.waitForFunction(() => window.__openmodal !== undefined, null, {
      timeout: STEP_TIMEOUT,
    })
    return { context, page, secureRequests }
  }

  const codesFor = async (email) =>
    (await mailbox.mails())
      .filter((mail) => mail.to.includes(email))
      .map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1])
  const account = (page) => page.evaluate(() => window.__openmodal.getAccount('eip155'))
  const modal = (page, selector) => page.locator(`w3m-modal dialog ${selector}`)

  /** The mails to `email`, newest last. */
  const mailsTo = async (email) => (await mailbox.mails()).filter((mail) => mail.to.includes(email))

  /** The `index`th code mailed to `email` (0 = the first), once it has arrived. */
  async function codeAt(email, index) {
    for (let i = 0; i < 100; i++) {
      const code = (await codesFor(email))[index]
      if (code) return code
      await new Promise((r) => setTimeout(r, 100))
    }
    assert.fail(`code ${index + 1} to ${email} arrived in the mailbox`)
  }

  /**
   * Sends a code from `view` with `send` until `sent` shows. The server allows one code per
   * e-mail every 30 s (spec §5), whatever the device: it answers in the spec's words, and the
   * visitor tries again after that many seconds. Resolves with the ms from the send that went
   * through to `sent`.
   */
  async function sendPastGap(page, view, sent, send) {
    const error = modal(page, `${view} [data-error]`)
    let submitted = Date.now()
    await send()
    // `sent` may be in the secure frame (its code entry), `error` is in the modal: the first
    // of the two to show.
    const first = (locator) => locator.waitFor({ timeout: STEP_TIMEOUT })
    await Promise.any([first(sent), first(error)])
    if (await error.isVisible()) {
      const said = (await error.textContent()).trim()
      const seconds = Number(/^Please try again after (\d+) seconds$/.exec(said)?.[1])
      assert.ok(seconds > 0 && seconds <= 30, `the throttle text, not "${said}"`)
      await page.waitForTimeout(seconds * 1000 + 200)
      submitted = Date.now()
      await modal(page, `${view} [part="submit-button"]`).click()
    }
    await sent.waitFor({ timeout: STEP_TIMEOUT })
    return Date.now() - submitted
  }

  /** The code entry of the secure frame, where the visitor types the code (never the page). */
  const frameCode = (page) =>
    page.frameLocator('iframe[title="Secure wallet"]').getByLabel('Code', { exact: true })

  /**
   * "Continue with email" → e-mail → the secure frame's code entry → the code from the mailbox
   * typed there → connected; the address. `codeScreen`: submit → the frame's code field shown.
   */
  async function logIn(page, email = EMAIL) {
    await page.evaluate(() => window.__openmodal.open())
    const row = modal(page, 'w3m-connect-view [data-method="email"] button')
    await row.click({ timeout: STEP_TIMEOUT })
    const input = modal(page, 'w3m-email-login-view input[type="email"]')
    await input.waitFor({ timeout: STEP_TIMEOUT }).catch(async (error) => {
      // Seen once in ~15 runs on a loaded machine, not reproduced since: say what showed instead.
      const shown = await page.evaluate(() => ({
        view: window.__openmodal.getState().view,
        text: document
          .querySelector('w3m-modal')
          ?.shadowRoot?.textContent?.replace(/\s+/g, ' ')
          .slice(0, 300),
      }))
      throw new Error(`no e-mail field after "Continue with email": ${JSON.stringify(shown)}`, {
        cause: error,
      })
    })
    await input.fill(email, { timeout: STEP_TIMEOUT })
    const before = (await codesFor(email)).length
    const codeScreen = await sendPastGap(page, 'w3m-email-login-view', frameCode(page), () =>
      input.press('Enter'),
    )
    const code = await codeAt(email, before)
    const typed = Date.now()
    // Typed key by key into the frame's field (focused when it showed); six digits submit.
    await frameCode(page).pressSequentially(code)
    await page.waitForFunction(
      () => window.__openmodal.getAccount('eip155').status === 'connected',
      null,
      { timeout: 60_000 },
    )
    const ready = Date.now() - typed
    return { codeScreen, ready, address: (await account(page)).address }
  }

  /** Clicks a button inside the visible secure frame (a real click in another origin). */
  const frameClick = (page, name) => {
    const button = page.frameLocator('iframe[title="Secure wallet"]').getByRole('button', { name })
    return name === 'Approve'
      ? clickAfterRest(button, { timeout: STEP_TIMEOUT })
      : button.click({ timeout: STEP_TIMEOUT })
  }

  test('a page that never picks e-mail makes no request to the secure site', async () => {
    const { context, page, secureRequests } = await openDemo()
    await page.evaluate(() => window.__openmodal.open())
    await modal(page, 'w3m-connect-view [data-method="email"] button').waitFor({
      timeout: STEP_TIMEOUT,
    })
    await page.waitForTimeout(500)
    assert.deepEqual(secureRequests, [])
    assert.equal(await page.locator('iframe[title="Secure wallet"]').count(), 0)
    await context.close()
  })

  test('a frame that never loads: after 20 s (fake clock) the modal says so, no endless spinner', async () => {
    const context = await stack.newContext()
    const page = await context.newPage()
    // A blocked frame (CSP, allow-list, offline secure site): its page never arrives.
    await page.route(`${secureOrigin}/**`, (route) => route.abort('blockedbyclient'))
    await page.clock.install()
    await page.goto(`${stack.origin}/`)
    await page.waitForFunction(() => window.__openmodal !== undefined)
    await page.evaluate(() => window.__openmodal.open())
    await modal(page, 'w3m-connect-view [data-method="email"] button').click({
      timeout: STEP_TIMEOUT,
    })
    const input = modal(page, 'w3m-email-login-view input[type="email"]')
    await input.fill(EMAIL, { timeout: STEP_TIMEOUT })
    await input.press('Enter')
    const pending = modal(page, 'w3m-email-login-view [data-pending]')
    await pending.waitFor({ timeout: STEP_TIMEOUT })
    // The 20 s start when the frame is added, after its lazy module loaded (the spinner shows
    // first): running the clock before then would run it for nothing.
    await page.locator('iframe[title="Secure wallet"]').waitFor({
      state: 'attached',
      timeout: STEP_TIMEOUT,
    })
    await page.clock.fastForward(19_000)
    assert.equal(await pending.isVisible(), true, 'still waiting before 20 s')
    await page.clock.fastForward(1_600)
    const error = modal(page, 'w3m-email-login-view [data-error]')
    // Within a few real seconds: the fake clock, not the wall clock, ran the 20 s.
    await error.waitFor({ timeout: 5_000 })
    assert.equal(
      (await error.textContent()).trim(),
      'Network Error - Could not load embedded wallet',
    )
    assert.equal(await pending.count(), 0)
    // The spec §8 alert in the modal's banner too.
    const banner = await page.evaluate(() =>
      document.querySelector('w3m-modal')?.shadowRoot?.textContent?.replace(/\s+/g, ' '),
    )
    assert.match(banner, /Network Error - Could not load embedded wallet/)
    await context.close()
  })

  let device
  test('logs in with the code from the mailbox; the account shows the e-mail', async () => {
    device = await openDemo()
    const { page } = device
    const login = await logIn(page)
    timings.submitToCodeScreen = login.codeScreen
    timings.codeToWalletReady = login.ready
    address = login.address
    assert.match(address, /^0x[0-9a-fA-F]{40}$/)
    assert.equal((await account(page)).connectedWalletInfo.email, EMAIL)
    assert.equal(
      await page.evaluate(() => localStorage.getItem('@openmodal/emailLoginUsed')),
      'true',
    )
    assert.equal(
      await page.evaluate(() => localStorage.getItem('@openmodal/lastEmailLoginTime')),
      null,
    )
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    const shown = modal(page, 'w3m-account-view [data-email]')
    assert.equal((await shown.textContent({ timeout: STEP_TIMEOUT })).trim(), EMAIL)
    // A custodial project has no recovery factor to change: its frame does not offer the
    // change, so Account has no control for it (email-passkey.test.mjs has one).
    await modal(page, 'w3m-account-view [part="update-email-button"]').waitFor({
      timeout: STEP_TIMEOUT,
    })
    assert.equal(await modal(page, 'w3m-account-view [part="change-recovery-button"]').count(), 0)
    await page.evaluate(() => window.__openmodal.close())
  })

  test('signs a message after approval in the frame; viem verifies it', async () => {
    const { page } = device
    const message = `Hello from ${EMAIL}`
    const started = Date.now()
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
    await modal(page, 'w3m-approve-transaction-view').waitFor({
      state: 'attached',
      timeout: STEP_TIMEOUT,
    })
    await frameClick(page, 'Approve')
    const signature = await signing
    timings.signRoundTrip = Date.now() - started
    assert.equal(await verifyMessage({ address, message, signature }), true)
    // The transaction stack popped: the modal the request opened is closed again.
    await page.waitForFunction(() => !window.__openmodal.getState().open, null, {
      timeout: STEP_TIMEOUT,
    })
  })

  test('sends ETH on anvil after approval in the frame', async () => {
    const { page } = device
    await rpc(stack.local[0].rpcUrl, 'anvil_setBalance', [address, '0x8ac7230489e80000'])
    const before = await client.getBalance({ address: ACCOUNT_1 })
    const sending = page.evaluate(
      ([from, to]) =>
        window.__openmodal.getProvider('eip155').request({
          method: 'eth_sendTransaction',
          params: [{ from, to, value: '0x16345785d8a0000' }],
        }),
      [address, ACCOUNT_1],
    )
    await frameClick(page, 'Approve')
    const hash = await sending
    const receipt = await client.waitForTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')
    assert.equal(receipt.from.toLowerCase(), address.toLowerCase())
    assert.equal((await client.getBalance({ address: ACCOUNT_1 })) - before, parseEther('0.1'))
  })

  test('switching to a Solana network reconnects the embedded wallet there, no click', async () => {
    const { page } = device
    assert.equal(
      await page.evaluate(() => window.__openmodal.getAccount('solana').status),
      'disconnected',
    )
    await page.evaluate((id) => window.__openmodal.switchNetwork(id), cluster)
    await page.waitForFunction(
      () => window.__openmodal.getAccount('solana').status === 'connected',
      null,
      { timeout: STEP_TIMEOUT },
    )
    const state = await page.evaluate(() => window.__openmodal.getState())
    assert.equal(state.activeChain, 'solana')
    // The EVM side stays connected: switching back needs no reconnect.
    assert.equal((await account(page)).address, address)
  })

  test('the same login has a Solana account: signs (ed25519) and sends SOL after approval', async () => {
    const { page } = device
    // The e-mail account's Solana wallet, registered by the connector once logged in, is one
    // of the Solana adapter's wallets; the switch to a Solana network connected it (above).
    await page.waitForFunction(
      () => window.__openmodal.getAccount('solana').status === 'connected',
      null,
      { timeout: STEP_TIMEOUT },
    )
    const solAddress = await page.evaluate(() => window.__openmodal.getAccount('solana').address)
    assert.match(solAddress, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    await page.evaluate(() => window.__openmodal.close())

    const message = `Hello Solana from ${EMAIL}`
    const signing = page.evaluate(
      ({ text, address }) => window.__openmodalSolana.signMessage({ message: text, address }),
      { text: message, address: solAddress },
    )
    await frameClick(page, 'Approve')
    const signature = await signing
    assert.equal(verifyEd25519(solAddress, message, signature), true)
    assert.equal(verifyEd25519(solAddress, `${message}!`, signature), false)

    await stack.rpc.airdrop(solAddress, 2_000_000_000n)
    const to = '6AWbkyqn6s4ZARDPeZgGWXAKTbwTVVoeo1Z7mtR5yigr'
    await stack.rpc.airdrop(to, 1_000_000_000n)
    const [fromBefore, toBefore] = [
      await lamportsOf(stack.rpc.rpcUrl, solAddress),
      await lamportsOf(stack.rpc.rpcUrl, to),
    ]
    const value = 10_000_000n
    const sending = page.evaluate(
      ({ to, value }) => window.__openmodalSolana.sendTransfer({ to, value: BigInt(value) }),
      { to, value: String(value) },
    )
    await frameClick(page, 'Approve')
    assert.equal(typeof (await sending), 'string')
    assert.equal(await lamportsOf(stack.rpc.rpcUrl, to), toBefore + value)
    assert.equal(await lamportsOf(stack.rpc.rpcUrl, solAddress), fromBefore - value - 5000n)
  })

  test('an unknown method: refused, and the modal shows the error after 300 ms', async () => {
    const { page } = device
    const outcome = await page.evaluate(async () => {
      const provider = window.__openmodal.getProvider('eip155')
      const asked = performance.now()
      const error = await provider.request({ method: 'eth_mine_gold' }).catch((e) => e)
      const toast = () =>
        document
          .querySelector('w3m-modal')
          ?.shadowRoot?.querySelector('wui-toast')
          ?.shadowRoot?.textContent?.includes('Action not allowed')
      const early = toast()
      while (!toast() && performance.now() - asked < 5000) {
        await new Promise((r) => setTimeout(r, 20))
      }
      return {
        code: error.code,
        message: error.message,
        open: window.__openmodal.getState().open,
        early,
        after: performance.now() - asked,
      }
    })
    assert.equal(outcome.code, 4200)
    assert.equal(outcome.message, 'Requested RPC call is not allowed')
    assert.equal(outcome.open, true)
    assert.equal(outcome.early, false)
    assert.ok(outcome.after >= 300 && outcome.after < 5000, `error shown after ${outcome.after} ms`)
    await page.evaluate(() => window.__openmodal.close())
  })

  test('updates the e-mail: a code to the current address, then to the new one; same wallet', async () => {
    // Its own visitor and device: the other tests' login keeps its e-mail.
    const [from, to] = ['updater', 'updated'].map(
      (name) => `${name}-${randomBytes(4).toString('hex')}@example.com`,
    )
    const first = await openDemo()
    const { page } = first
    const { address: wallet } = await logIn(page, from)
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await modal(page, 'w3m-account-view [part="update-email-button"]').click({
      timeout: STEP_TIMEOUT,
    })
    const view = 'w3m-update-email-wallet-view'
    const input = modal(page, `${view} input[type="email"]`)
    const error = modal(page, `${view} [data-error]`)
    const submit = modal(page, `${view} [part="submit-button"]`)

    // The current address, however it is written, is refused before anything is sent.
    const sentBefore = (await mailbox.mails()).length
    await input.pressSequentially(from.toUpperCase(), { timeout: STEP_TIMEOUT })
    await input.press('Enter')
    assert.equal(
      (await error.textContent({ timeout: STEP_TIMEOUT })).trim(),
      'This is already your email.',
    )
    assert.equal(await submit.isDisabled(), true)

    await input.press('ControlOrMeta+a')
    await input.pressSequentially(to)
    assert.equal(await error.count(), 0)
    const primary = modal(page, `${view} [data-intro][data-step="primary"]`)
    const fromCodes = (await codesFor(from)).length
    const started = Date.now()
    // The frame's code entry shows in the modal's place, headed for this step.
    const frame = page.frameLocator('iframe[title="Secure wallet"]')
    const newToPrimary = await sendPastGap(
      page,
      view,
      frame.getByText('Confirm your current e-mail'),
      () => input.press('Enter'),
    )
    assert.equal(
      (await primary.textContent()).trim(),
      `Enter the code we sent to ${from} to confirm the change.`,
    )
    const primaryCode = await codeAt(from, fromCodes)
    const primaryMail = (await mailsTo(from)).at(-1)
    assert.match(
      primaryMail.text,
      /confirm changing the e-mail of your wallet on OpenModal demo:[\s\S]*runs only at: http:\/\/127\.0\.0\.1:\*/,
    )
    assert.equal(
      (await codesFor(to)).length,
      0,
      'nothing goes to the new address before the first code',
    )
    assert.equal((await mailbox.mails()).length, sentBefore + 1)

    // Both codes are typed in the secure frame's entry: the page has no field for them.
    assert.equal(await modal(page, `${view} input`).count(), 0)
    // A wrong first code: refused in the frame's words, which stays on the first code.
    const wrong = `${primaryCode.slice(0, 5)}${(Number(primaryCode[5]) + 1) % 10}`
    await frameCode(page).pressSequentially(wrong)
    await frame.getByText('This code is not valid').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await primary.count(), 1)
    assert.equal((await codesFor(to)).length, 0, 'a wrong code sends nothing to the new address')

    const typedPrimary = Date.now()
    await frameCode(page).pressSequentially(primaryCode)
    const secondary = modal(page, `${view} [data-intro][data-step="secondary"]`)
    await frame.getByText('Confirm your new e-mail').waitFor({ timeout: STEP_TIMEOUT })
    const primaryToSecondary = Date.now() - typedPrimary
    assert.equal((await secondary.textContent()).trim(), `Enter the code we sent to ${to}.`)
    const secondaryCode = await codeAt(to, 0)
    assert.match((await mailsTo(to))[0].text, /confirm this new e-mail for your wallet/)

    const typedSecondary = Date.now()
    await frameCode(page).pressSequentially(secondaryCode)
    // Saved: back on Account, which shows the new e-mail.
    const shown = modal(page, 'w3m-account-view [data-email]')
    await shown.waitFor({ timeout: STEP_TIMEOUT })
    const secondaryToSaved = Date.now() - typedSecondary
    assert.equal((await shown.textContent()).trim(), to)
    assert.equal((await account(page)).connectedWalletInfo.email, to)
    assert.equal((await account(page)).address, wallet)
    timings.updateEmail = {
      total: Date.now() - started,
      newToPrimaryScreen: newToPrimary,
      primaryToSecondaryScreen: primaryToSecondary,
      secondaryToSaved,
    }

    // Both addresses are told of the change; the notices leave after the answer.
    const noticed = async (email) =>
      (await mailsTo(email)).some((mail) =>
        /^The e-mail of your wallet on .+ changed$/.test(mail.subject),
      )
    for (const email of [from, to]) {
      for (let i = 0; i < 100 && !(await noticed(email)); i++) {
        await new Promise((r) => setTimeout(r, 100))
      }
      assert.ok(await noticed(email), `the change was notified to ${email}`)
    }

    // A reload restores the session (no new code) and still shows the new e-mail.
    const mailsBefore = (await mailbox.mails()).length
    await page.reload()
    await page.waitForFunction(
      () => window.__openmodal?.getAccount('eip155').status === 'connected',
      null,
      { timeout: 60_000 },
    )
    assert.equal((await account(page)).address, wallet)
    assert.equal((await account(page)).connectedWalletInfo.email, to)
    assert.equal((await mailbox.mails()).length, mailsBefore)
    await first.context.close()

    // The server agrees: the new address logs in to the same wallet on a new device.
    const second = await openDemo()
    assert.equal((await logIn(second.page, to)).address, wallet)
    await second.context.close()
  })

  test('a reload restores the same wallet without a new code', async () => {
    const { page } = device
    const codes = (await codesFor(EMAIL)).length
    await page.reload()
    await page.waitForFunction(
      () => window.__openmodal?.getAccount('eip155').status === 'connected',
      null,
      { timeout: 60_000 },
    )
    assert.equal((await account(page)).address, address)
    assert.equal((await codesFor(EMAIL)).length, codes)
    await device.context.close()
  })

  test('a new device recovers the same address through the same login', async () => {
    const fresh = await openDemo()
    const login = await logIn(fresh.page)
    assert.equal(login.address, address)
    timings.newDeviceCodeToWalletReady = login.ready
    // Disconnect signs out and forgets the cached login data.
    await fresh.page.evaluate(() => window.__openmodal.disconnect())
    assert.equal(
      await fresh.page.evaluate(() => localStorage.getItem('@openmodal/emailLoginUsed')),
      null,
    )
    await fresh.context.close()
  })

  socialTests(() => ({ stack, secureOrigin, socials, timings }))
})
