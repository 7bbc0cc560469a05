// Screenshots of the modal in each theme of examples/theming/themes.ts, for docs/theming.md:
// the connect button over the embedded modal (Connect, with the dev wallet of
// @openmodal/testing announced) in the system Chromium, written to docs/images/theme-<name>.png.
//
//   pnpm --filter @openmodal/docs screenshots
import { fileURLToPath } from 'node:url'
import { devWalletScriptPath } from '@openmodal/testing/node'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../tools/chromium.mjs'
import { THEMES } from '../examples/theming/themes.js'
import { servePage } from './serve.js'

const file = (name: string) => fileURLToPath(new URL(name, import.meta.url))

const served = await servePage(
  file('../examples/theming/app.ts'),
  file('../examples/theming/index.html'),
)
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
try {
  const context = await browser.newContext({
    viewport: { width: 420, height: 640 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  })
  await context.addInitScript(() => {
    Object.assign(window, {
      __openmodalDevWalletConfig: { chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:9/' }] },
    })
  })
  await context.addInitScript({ path: devWalletScriptPath() })
  const page = await context.newPage()
  for (const name of Object.keys(THEMES)) {
    await page.goto(`${served.origin}/?theme=${name}`)
    await page.locator('w3m-connect-view button[data-id="dev.openmodal.wallet"]').waitFor()
    await page.evaluate(() => document.fonts.ready)
    const path = file(`../images/theme-${name}.png`)
    await page.locator('#shot').screenshot({ path, animations: 'disabled' })
    console.log(`wrote ${path}`)
  }
} finally {
  await browser.close()
  await served.stop()
}
