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
 * @param {import('playwright-core').Browser} browser
 * @param {{ origin: string, app: { rowSelector: string, contentSelector?: string }, devWallet: string }} options
 */
export async function measureOnce(browser, { origin, app, devWallet }) {
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
  // A dev wallet announced through EIP-6963 (and set as window.ethereum), so every kit has
  // an installed wallet to list. Its RPC URL is never used: nothing connects.
  await context.addInitScript({
    content: `window.__openmodalDevWalletConfig = { chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:9/' }], legacy: true }`,
  })
  await context.addInitScript({ path: devWallet })
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
    phase = 'open'
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
