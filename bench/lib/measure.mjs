// One measurement of one app in a fresh browser context: load, click the app's #open button,
// wait until the wallet list has settled, then read timings, long tasks, heap and the requests
// that tried to leave loopback. Definitions: bench/README.md.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

const PROBE = readFileSync(new URL('probe.js', import.meta.url), 'utf8')
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

export const PROBE_OPTIONS = {
  /** Settled: no change for this long (and for at least minQuietFrames frames). */
  quietMs: 500,
  minQuietFrames: 10,
  /** Give up waiting for a row / for settling this long after the click. */
  timeoutMs: 10_000,
}

/** Whether a URL stays on this machine (data:, blob: and about: never reach a network). */
export function isLoopback(url) {
  const parsed = new URL(url)
  if (['data:', 'blob:', 'about:', 'chrome-extension:'].includes(parsed.protocol)) return true
  return LOOPBACK.has(parsed.hostname)
}

/** A free TCP port on 127.0.0.1 (closed again at once). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address()
        server.close(() => resolve(port))
      })
  })
}

/**
 * A fresh context with every request off loopback blocked and counted (`outside`, tagged with
 * the phase set by `setPhase`), and a dev wallet announced through EIP-6963 (and set as
 * window.ethereum), so every kit has an installed wallet to list. Its RPC URL is never
 * answered: reads fail fast, nothing reaches a chain.
 */
async function benchContext(browser, devWallet) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  })
  const outside = []
  let phase = 'load'
  const block = (url, type) => outside.push({ url, type, phase })
  await context.route('**/*', (route) => {
    const request = route.request()
    if (isLoopback(request.url())) return route.continue()
    block(request.url(), request.resourceType())
    return route.abort('blockedbyclient')
  })
  await context.routeWebSocket(
    (url) => !isLoopback(url.href),
    (ws) => {
      block(ws.url(), 'websocket')
      ws.close({ code: 1008, reason: 'blocked by the benchmark' })
    },
  )
  await context.addInitScript({
    content: `window.__openmodalDevWalletConfig = { chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:9/' }], legacy: true }`,
  })
  await context.addInitScript({ path: devWallet })
  return {
    context,
    outside,
    setPhase: (next) => {
      phase = next
    },
  }
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ origin: string, app: { rowSelector: string, contentSelector?: string }, devWallet: string }} options
 */
export async function measureOnce(browser, { origin, app, devWallet }) {
  const { context, outside, setPhase } = await benchContext(browser, devWallet)
  await context.addInitScript({
    content: `window.__benchConfig = ${JSON.stringify({ rowSelector: app.rowSelector, contentSelector: app.contentSelector ?? null, ...PROBE_OPTIONS })}`,
  })
  await context.addInitScript({ content: PROBE })

  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  try {
    await page.goto(origin, { waitUntil: 'networkidle', timeout: 60_000 })
    const button = page.locator('#open')
    await button.waitFor({ state: 'visible', timeout: 30_000 })
    const beforeClick = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0]
      const js = performance
        .getEntriesByType('resource')
        .filter((e) => /\.m?js(\?|$)/.test(new URL(e.name).pathname))
      return {
        domContentLoaded: nav.domContentLoadedEventEnd,
        jsDecoded: js.reduce((n, e) => n + e.decodedBodySize, 0),
        jsEncoded: js.reduce((n, e) => n + e.encodedBodySize, 0),
        jsFiles: js.length,
      }
    })
    const box = await button.boundingBox()
    if (!box) throw new Error('#open has no box')
    setPhase('open')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForFunction(() => window.__bench.done, null, {
      timeout: PROBE_OPTIONS.timeoutMs + 5000,
      polling: 250,
    })
    const probe = await page.evaluate(() => {
      const s = window.__bench
      const js = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= s.clickAt && /\.m?js(\?|$)/.test(new URL(e.name).pathname))
      const rel = (t) => (t === null ? null : t - s.clickAt)
      const onOpen = s.longTasks.filter((t) => t.start >= s.clickAt)
      return {
        clickAt: s.clickAt,
        contentVisible: rel(s.contentVisibleAt),
        rowVisible: rel(s.rowVisibleAt),
        settled: s.timedOut ? null : rel(s.settledAt),
        timedOut: s.timedOut,
        frames: s.frames,
        longTaskTotal: s.longTasks.reduce((n, t) => n + t.duration, 0),
        longTasksOnOpen: onOpen.length,
        longTaskOnOpenMs: onOpen.reduce((n, t) => n + t.duration, 0),
        jsOnOpenDecoded: js.reduce((n, e) => n + e.decodedBodySize, 0),
        jsOnOpenEncoded: js.reduce((n, e) => n + e.encodedBodySize, 0),
      }
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.enable')
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = await cdp.send('Runtime.getHeapUsage')
    await cdp.send('Performance.enable')
    const { metrics } = await cdp.send('Performance.getMetrics')
    const metric = (name) => metrics.find((m) => m.name === name)?.value ?? null
    return {
      ...beforeClick,
      ...probe,
      heapUsed: heap.usedSize,
      perfJsHeapUsed: metric('JSHeapUsedSize'),
      outside,
      errors,
    }
  } finally {
    await context.close()
  }
}

/**
 * "Click Send → Send view visible" (issue 15) for an OpenModal app: connects the dev wallet
 * through the modal, opens the Account view, lets it settle, then clicks its Send button and
 * takes the time from that click's event to the first frame in which the Send view's amount
 * field is visible (its lazy group loaded and rendered). Also the JS that click fetched.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {{ origin: string, app: { send: { walletSelector: string } }, devWallet: string }} options
 */
export async function measureSendOnce(browser, { origin, app, devWallet }) {
  const { context } = await benchContext(browser, devWallet)
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  const timeout = PROBE_OPTIONS.timeoutMs
  try {
    await page.goto(origin, { waitUntil: 'networkidle', timeout: 60_000 })
    await page.locator('#open').click({ timeout: 30_000 })
    await page.locator(app.send.walletSelector).click({ timeout })
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout })
    await page.locator('#open').click({ timeout })
    const send = page.locator('w3m-modal dialog w3m-account-view [data-feature="send"]')
    await send.waitFor({ state: 'visible', timeout })
    // Let the Account view finish its own loading (balance reads fail fast here) first.
    await page.waitForTimeout(PROBE_OPTIONS.quietMs)
    await page.evaluate(() => {
      const state = { clickAt: null, visibleAt: null }
      window.__benchSend = state
      const field = () => {
        const router = document.querySelector('w3m-modal')?.shadowRoot?.querySelector('w3m-router')
        const view = router?.shadowRoot?.querySelector('w3m-wallet-send-view')
        return view?.shadowRoot?.querySelector('[part="amount-input"]') ?? null
      }
      const frame = () => {
        const input = field()
        const rect = input?.getBoundingClientRect()
        if (
          input &&
          rect.width >= 1 &&
          rect.height >= 1 &&
          input.checkVisibility({ opacityProperty: true, visibilityProperty: true })
        ) {
          state.visibleAt = performance.now()
          return
        }
        requestAnimationFrame(frame)
      }
      addEventListener(
        'click',
        (event) => {
          if (state.clickAt !== null) return
          if (!event.composedPath().some((node) => node.dataset?.feature === 'send')) return
          state.clickAt = event.timeStamp
          requestAnimationFrame(frame)
        },
        true,
      )
    })
    const box = await send.boundingBox()
    if (!box) throw new Error('the Send button has no box')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForFunction(() => window.__benchSend.visibleAt !== null, null, {
      timeout,
      polling: 50,
    })
    return await page
      .evaluate(() => {
        const s = window.__benchSend
        const js = performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime >= s.clickAt && /\.m?js(\?|$)/.test(new URL(e.name).pathname))
        return {
          sendVisible: s.visibleAt - s.clickAt,
          jsOnSendEncoded: js.reduce((n, e) => n + e.encodedBodySize, 0),
          errors: [],
        }
      })
      .then((result) => ({ ...result, errors }))
  } catch (error) {
    return { sendVisible: null, jsOnSendEncoded: null, errors: [...errors, String(error)] }
  } finally {
    await context.close()
  }
}
