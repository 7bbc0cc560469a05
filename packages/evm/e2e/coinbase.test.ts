// The Coinbase Wallet SDK connector in Chromium: the dapp (http://localhost:…) opens the SDK's
// popup on the keys-page stand-in (http://127.0.0.1:…), which signs with a dev key on anvil.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import {
  type AnvilInstance,
  type CoinbaseStandIn,
  startAnvil,
  startCoinbaseStandIn,
} from '@openmodal/testing/node'
import { type Browser, chromium, type Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther } from 'viem'
// @ts-expect-error: a JavaScript module without types
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { COINBASE_EXTENSION_RDNS } from '../src/exports/coinbase.js'
import { type ServedPage, servePage } from './serve.js'

interface DappWindow {
  dapp: {
    modal: {
      connect(connectorId: string): Promise<void>
      getAccount(namespace: string): { status: string; address?: string }
      getProvider(namespace: string): { request(args: unknown): Promise<unknown> }
    }
    adapter: {
      sendTransfer(params: { to: string; value: bigint }): Promise<string>
      signMessage(params: { message: string; address: string }): Promise<string>
    }
    connectorIds(): string[]
  }
}

describe('Coinbase Wallet SDK connector (Chromium)', () => {
  let anvil: AnvilInstance
  let keys: CoinbaseStandIn
  let dapp: ServedPage
  let browser: Browser
  let page: Page

  const dappUrl = (preference: string) => {
    const url = new URL(`${dapp.origin}/`)
    url.searchParams.set('rpc', anvil.rpcUrl)
    url.searchParams.set('coinbase-keys', keys.keysUrl)
    url.searchParams.set('coinbase-preference', preference)
    return url.href
  }

  before(async () => {
    anvil = await startAnvil()
    keys = await startCoinbaseStandIn({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId })
    dapp = await servePage(fileURLToPath(new URL('./dapp.ts', import.meta.url)))
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  })
  after(async () => {
    await browser?.close()
    await dapp?.stop()
    await keys?.stop()
    await anvil?.stop()
  })

  it('connects through the keys popup with the host preference, reads and signs', async () => {
    page = await browser.newPage()
    await page.goto(dappUrl('smartWalletOnly'))
    await page.waitForFunction(() =>
      (window as unknown as DappWindow).dapp?.connectorIds().includes('coinbaseWalletSDK'),
    )
    const popup = page.waitForEvent('popup')
    await page.evaluate(() =>
      (window as unknown as DappWindow).dapp.modal.connect('coinbaseWalletSDK'),
    )
    assert.equal(new URL((await popup).url()).origin, keys.origin)
    const account = await page.evaluate(() =>
      (window as unknown as DappWindow).dapp.modal.getAccount('eip155'),
    )
    assert.equal(account.status, 'connected')
    assert.equal(account.address, keys.address)
    const selected = keys.handshakes.find((h) => h.type === 'selectSignerType')
    assert.equal(selected?.data.options, 'smartWalletOnly')

    // A read goes through the SDK to the RPC URL the handshake named, forwarded to anvil.
    const balance = await page.evaluate(
      (address) =>
        (window as unknown as DappWindow).dapp.modal
          .getProvider('eip155')
          .request({ method: 'eth_getBalance', params: [address, 'latest'] }),
      keys.address,
    )
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    assert.equal(BigInt(balance as string), await client.getBalance({ address: keys.address }))
    assert.ok(keys.methods.includes('eth_getBalance'))

    const signature = await page.evaluate(
      (address) =>
        (window as unknown as DappWindow).dapp.adapter.signMessage({
          message: 'Hello from OpenModal',
          address,
        }),
      keys.address,
    )
    const verify = (message: string) =>
      client.verifyMessage({ address: keys.address, message, signature: signature as Hex })
    assert.equal(await verify('Hello from OpenModal'), true)
    assert.equal(await verify('Hello from someone else'), false)

    const to = '0x000000000000000000000000000000000000c0DE'
    const hash = await page.evaluate(
      (to) =>
        (window as unknown as DappWindow).dapp.adapter.sendTransfer({
          to,
          value: 10_000_000_000_000_000n,
        }),
      to,
    )
    const receipt = await client.waitForTransactionReceipt({ hash: hash as Hex })
    assert.equal(receipt.from.toLowerCase(), keys.address.toLowerCase())
    assert.equal(await client.getBalance({ address: to }), parseEther('0.01'))
    await page.close()
  })

  it('lists only the Coinbase extension when it announces itself (one row)', async () => {
    page = await browser.newPage()
    // A string, not a function: tsx's keepNames helpers do not exist in the page.
    await page.addInitScript(`{
      const provider = { request: async () => [] }
      const info = {
        uuid: crypto.randomUUID(),
        name: 'Coinbase Wallet',
        icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
        rdns: '${COINBASE_EXTENSION_RDNS}',
      }
      const announce = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    }`)
    await page.goto(dappUrl('all'))
    await page.waitForFunction(() => (window as unknown as DappWindow).dapp !== undefined)
    await page.waitForTimeout(300)
    const ids = await page.evaluate(() => (window as unknown as DappWindow).dapp.connectorIds())
    assert.deepEqual(ids, ['com.coinbase.wallet'])
    await page.close()
  })

  it('lists the SDK connector when no extension is there', async () => {
    page = await browser.newPage()
    await page.goto(dappUrl('eoaOnly'))
    await page.waitForFunction(() => (window as unknown as DappWindow).dapp !== undefined)
    await page.waitForTimeout(300)
    const ids = await page.evaluate(() => (window as unknown as DappWindow).dapp.connectorIds())
    assert.deepEqual(ids, ['coinbaseWalletSDK'])
    await page.close()
  })
})
