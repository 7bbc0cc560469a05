// Social login timings in real Chromium through the demo's modal, against the real server on
// PGlite, the secure site on another origin and the GitHub stand-in (which signs the visitor in
// at once): each run a new visitor (a new GitHub account, a new browser profile):
// - click → wallet ready: the click on "Continue with GitHub" → the modal's account connected
//   (popup at /loading, the frame loaded, the provider and the server's callback, the frame's
//   poll of the attempt, the wallet created and opened, the modal connected);
// - reload → connected: the page reloaded → connected again without a click, on the page's
//   clock from its navigation start.
// Prints every sample and the p50 / p95. The project is `custodial`: no passkey prompt.
//
//   pnpm --filter @openmodal/demo build && node apps/demo/e2e/social-timing.mjs [--runs 20]
//
// The server's per-address token bucket on the embedded routes (30, then 1 per 2 s) is shared
// by every run from loopback: runs start at most every 10 s.
import { parseArgs } from 'node:util'
import { startEmailStack } from './email-stack.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } })
const RUNS = Number(values.runs)
const STEP = 30_000
const PACE_MS = 10_000

const percentile = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const { stack, socials } = await startEmailStack({ recovery: 'custodial', social: true })
const samples = { clickToWalletReady: [], reloadToConnected: [] }
const connected = (page) =>
  page.waitForFunction(
    () => window.__openmodal?.getAccount('eip155').status === 'connected',
    null,
    { timeout: STEP, polling: 10 },
  )
try {
  for (let run = 0; run < RUNS; run++) {
    const started = Date.now()
    await socials.account('github', {
      subject: String(900_000 + run + Math.floor(Math.random() * 1e6) * 100),
      login: `timing-${run}`,
      email: `timing-${run}-${started}@example.com`,
      emailVerified: false,
    })
    const context = await stack.newContext()
    const page = await stack.newPage(context)
    await page.goto(`${stack.origin}/`)
    await page.waitForFunction(() => window.__openmodal !== undefined, null, { timeout: STEP })
    await page.evaluate(() => window.__openmodal.open())
    const button = page.locator('w3m-modal dialog w3m-connect-view [data-provider="github"]')
    await button.waitFor({ timeout: STEP })
    const clicked = Date.now()
    await button.click()
    await connected(page)
    samples.clickToWalletReady.push(Date.now() - clicked)
    await page.reload()
    await connected(page)
    samples.reloadToConnected.push(await page.evaluate(() => Math.round(performance.now())))
    console.log(
      `run ${run + 1}: click → wallet ready ${samples.clickToWalletReady.at(-1)} ms, reload → connected ${samples.reloadToConnected.at(-1)} ms`,
    )
    await context.close()
    const wait = PACE_MS - (Date.now() - started)
    if (wait > 0 && run < RUNS - 1) await new Promise((resolve) => setTimeout(resolve, wait))
  }
} finally {
  await stack.stop()
}
for (const [name, values] of Object.entries(samples)) {
  console.log(
    `${name}: p50 ${percentile(values, 50)} ms, p95 ${percentile(values, 95)} ms, min ${Math.min(...values)} ms, max ${Math.max(...values)} ms (${values.length} logins)`,
  )
}
