// Social login timings in real Chromium through the demo's modal, against the real server on
// PGlite, the secure site on another origin and the GitHub stand-in (which signs the visitor in
// at once): each run a new visitor (a new GitHub account, a new browser profile):
// - click → wallet ready: the click on "Continue with GitHub" → the modal's account connected
//   (popup at /loading, the frame loaded, the provider and the server's callback, the frame's
//   poll of the attempt, the wallet created and opened, the modal connected);
// - reload → connected: the page reloaded → connected again without a click, on the page's
//   clock from its navigation start, read in the page when first seen (polled every 10 ms).
// Prints every sample and the p50 / p95. The project is `custodial`: no passkey prompt.
// `--trace`: also where each reload's time went (reload-trace.mjs: the page's and the secure
// frame's fetches, handshake and port messages), and the milestones' p50 at the end.
//
//   pnpm --filter @openmodal/demo build && node apps/demo/e2e/social-timing.mjs [--runs 20] [--trace]
//
// The server's per-address token bucket on the embedded routes (30, then 1 per 2 s) is shared
// by every run from loopback: runs start at most every 10 s.
import { parseArgs } from 'node:util'
import { startEmailStack } from './email-stack.mjs'
import { installReloadTrace, milestones, readReloadTrace } from './reload-trace.mjs'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, trace: { type: 'boolean', default: false } },
})
const RUNS = Number(values.runs)
const STEP = 30_000
const PACE_MS = 10_000

const percentile = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const { stack, socials } = await startEmailStack({ recovery: 'custodial', social: true })
const samples = { clickToWalletReady: [], reloadToConnected: [] }
/** Per milestone of the reload (`--trace`), its time in each run. */
const phases = {}
/**
 * Waits until the modal's account is connected; resolves with the page's clock then (ms from its
 * navigation start, to the 10 ms of the polling), read in the page when it is first seen, not
 * one DevTools round trip later.
 */
const connected = async (page) =>
  (
    await page.waitForFunction(
      () =>
        window.__openmodal?.getAccount('eip155').status === 'connected' &&
        Math.round(performance.now()),
      null,
      { timeout: STEP, polling: 10 },
    )
  ).jsonValue()
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
    if (values.trace) await installReloadTrace(context)
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
    samples.reloadToConnected.push(await connected(page))
    if (values.trace) {
      const rows = await readReloadTrace(page)
      if (run === 0) {
        for (const { at, end, where, what } of rows) {
          console.log(
            `  ${String(at).padStart(5)}${end === undefined ? '      ' : ` ${String(end).padStart(5)}`} ${where.padEnd(5)} ${what}`,
          )
        }
      }
      for (const [name, at] of Object.entries(milestones(rows))) {
        if (at === undefined) continue
        phases[name] = [...(phases[name] ?? []), at]
      }
    }
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
for (const [name, values] of Object.entries(phases)) {
  console.log(`  ${name}: p50 ${percentile(values, 50)} ms (${values.length} runs)`)
}
