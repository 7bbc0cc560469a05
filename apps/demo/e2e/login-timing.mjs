// E-mail login timings in real Chromium against the real server (the demo's stack: apps/server
// on PGlite, the SMTP mailbox, the secure site on another origin), each login a new visitor on
// a new browser profile:
// - submit → code screen: Enter in the e-mail field → the secure frame's code field visible.
//   The frame loads when the visitor picks e-mail; the address is submitted 2 s later (a
//   visitor typing it), or at once with `--cold` (then the frame's load and its spec 500 ms
//   ready delay count too);
// - code → wallet ready: the code filled into the frame's field → the modal's account connected.
// Prints every sample and the p50 / p95. The project is `custodial` so that "wallet ready" is
// the machine's time, not a visitor choosing a passkey.
//
//   pnpm --filter @openmodal/demo build && node apps/demo/e2e/login-timing.mjs [--runs 20] [--cold]
//
// The server's per-address token bucket on the embedded routes (30, then 1 per 2 s) would
// refuse a burst of logins from one loopback address: logins start at most every 15 s.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { startEmailStack } from './email-stack.mjs'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, cold: { type: 'boolean', default: false } },
})
/** How long a visitor takes to type the address, in ms. */
const TYPING_MS = 2_000
const RUNS = Number(values.runs)
const STEP = 30_000
const PACE_MS = 15_000

const percentile = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const { stack, mailbox } = await startEmailStack({ recovery: 'custodial' })
const samples = { submitToCodeScreen: [], codeToWalletReady: [] }
try {
  for (let run = 0; run < RUNS; run++) {
    const started = Date.now()
    const email = `timing-${randomBytes(4).toString('hex')}@example.com`
    const context = await stack.newContext()
    const page = await stack.newPage(context)
    await login(run, email, page).catch(async (error) => {
      // What the visitor saw when a login failed: the modal's view and text, any alert.
      console.log(`login ${run + 1}/${RUNS} failed: ${error.message.split('\n')[0]}`)
      console.log(JSON.stringify(await seen(page), null, 2))
      throw error
    })
    await context.close()
    const wait = PACE_MS - (Date.now() - started)
    if (run < RUNS - 1 && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
} finally {
  await stack.stop()
}

/** The modal's state and views (through shadow roots), its text, the page's and frame's alerts. */
async function seen(page) {
  const modal = await page
    .evaluate(() => {
      const views = []
      const words = []
      const walk = (root) => {
        for (const node of root.childNodes) {
          if (node.nodeType === Node.TEXT_NODE) words.push(node.textContent.trim())
          if (node.nodeType !== Node.ELEMENT_NODE || node.localName === 'style') continue
          if (node.localName.endsWith('-view')) views.push(node.localName)
          if (node.shadowRoot) walk(node.shadowRoot)
          walk(node)
        }
      }
      const host = document.querySelector('w3m-modal')
      if (host?.shadowRoot) walk(host.shadowRoot)
      return {
        state: window.__openmodal.getState(),
        views,
        text: words.filter(Boolean).join(' ').slice(0, 2_000),
      }
    })
    .catch((error) => ({ error: error.message }))
  const texts = (locator) => locator.allTextContents().catch((error) => [error.message])
  const clean = (list) => list.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean)
  return {
    ...modal,
    alerts: clean(await texts(page.locator('[role="alert"], [data-error]'))),
    frameAlerts: clean(
      await texts(page.frameLocator('iframe[title="Secure wallet"]').getByRole('alert')),
    ),
  }
}

/** One login of a new visitor, timed. */
async function login(run, email, page) {
  await page.goto(`${stack.origin}/`)
  await page.waitForFunction(() => window.__openmodal !== undefined, null, { timeout: STEP })
  await page.evaluate(() => window.__openmodal.open())
  const modal = (selector) => page.locator(`w3m-modal dialog ${selector}`)
  await modal('w3m-connect-view [data-method="email"] button').click({ timeout: STEP })
  const input = modal('w3m-email-login-view input[type="email"]')
  await input.fill(email, { timeout: STEP })
  if (!values.cold) await page.waitForTimeout(TYPING_MS)
  const code = page
    .frameLocator('iframe[title="Secure wallet"]')
    .getByLabel('Code', { exact: true })
  const submitted = performance.now()
  await input.press('Enter')
  await code.waitFor({ timeout: STEP })
  const shown = performance.now()
  let otp
  for (let i = 0; i < 300 && !otp; i++) {
    const mail = (await mailbox.mails()).find((entry) => entry.to.includes(email))
    otp = mail && /\b(\d{6})\b/.exec(mail.text)?.[1]
    if (!otp) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  if (!otp) throw new Error(`no code for ${email}`)
  const typed = performance.now()
  await code.fill(otp, { timeout: STEP })
  await page.waitForFunction(
    () => window.__openmodal.getAccount('eip155').status === 'connected',
    null,
    { timeout: 60_000, polling: 10 },
  )
  const ready = performance.now()
  samples.submitToCodeScreen.push(Math.round(shown - submitted))
  samples.codeToWalletReady.push(Math.round(ready - typed))
  console.log(
    `login ${run + 1}/${RUNS}: submit → code screen ${Math.round(shown - submitted)} ms, code → wallet ready ${Math.round(ready - typed)} ms`,
  )
}

for (const [name, values] of Object.entries(samples)) {
  console.log(
    `${name}: p50 ${percentile(values, 50)} ms, p95 ${percentile(values, 95)} ms, min ${Math.min(...values)} ms, max ${Math.max(...values)} ms (${values.length} logins)`,
  )
}
