// The secure site in Chromium: an allowed dapp frames it (the frame's script runs and answers
// the handshake) while a third origin cannot.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { type SecureSiteStack, startSecureSiteStack } from './testing/secure-site-stack.js'

let stack: SecureSiteStack
let allowedDapp: SecureSiteStack['allowedDapp']
let thirdOrigin: SecureSiteStack['thirdOrigin']
let secure: string
let frameUrl: () => string

before(async () => {
  stack = await startSecureSiteStack()
  ;({ allowedDapp, thirdOrigin, secure, frameUrl } = stack)
})

after(() => stack?.close())

describe('the secure site on its own origin', () => {
  test('Chromium: the allowed dapp frames it and gets the handshake; a third origin cannot frame it', async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
    try {
      const handshake = async (dapp: string) => {
        const page = await browser.newPage()
        const refusals: string[] = []
        page.on('console', (message) => {
          if (/frame-ancestors/.test(message.text())) refusals.push(message.text())
        })
        await page.goto(`${dapp}/`)
        const iframe = await page.waitForSelector('iframe')
        const frame = await iframe.contentFrame()
        await frame?.waitForLoadState('load')
        // The dapp side of the handshake: to the exact secure origin, answered with a port.
        const answer = await page.evaluate(
          ([target, nonce]) =>
            new Promise<string>((resolve) => {
              const window_ = document.querySelector('iframe')?.contentWindow
              addEventListener('message', (event) => {
                if (event.origin === target && event.data?.nonce === nonce) {
                  resolve(`${event.data.type} ports=${event.ports.length}`)
                }
              })
              const timer = setInterval(
                () =>
                  window_?.postMessage(
                    { type: '@openmodal-frame/handshake', nonce },
                    target as string,
                  ),
                100,
              )
              setTimeout(() => {
                clearInterval(timer)
                resolve('no answer')
              }, 4000)
            }),
          [secure, randomUUID()],
        )
        const url = frame?.url() ?? ''
        await page.close()
        return { answer, url, refusals }
      }

      const allowed = await handshake(allowedDapp.origin)
      assert.equal(allowed.url, frameUrl())
      assert.equal(allowed.answer, '@openmodal-frame/handshake-accept ports=1')
      assert.deepEqual(allowed.refusals, [])

      const third = await handshake(thirdOrigin.origin)
      assert.notEqual(third.url, frameUrl(), 'the browser must not show the secure site')
      assert.equal(third.answer, 'no answer')
      assert.equal(third.refusals.length, 1, 'Chromium reports the frame-ancestors refusal')
    } finally {
      await browser.close()
    }
  })
})
