// The Safe app connector in Chromium: the dapp (http://localhost:…) framed by the Safe
// stand-in (http://127.0.0.1:…), a real Safe v1.4.1 on anvil behind it.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import {
  type AnvilInstance,
  type DeployedSafe,
  deploySafe,
  fundAccount,
  type SafeStandIn,
  startAnvil,
  startSafeStandIn,
} from '@openmodal/testing/node'
import { type Browser, chromium, type Frame, type Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther } from 'viem'
// @ts-expect-error: a JavaScript module without types
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { type ServedPage, servePage } from './serve.js'

interface DappWindow {
  dapp: {
    modal: {
      getAccount(namespace: string): {
        status: string
        address?: string
        allAccounts?: { type?: string }[]
      }
      getProvider(namespace: string): { request(args: unknown): Promise<unknown> }
    }
    adapter: {
      sendTransfer(params: { to: string; value: bigint }): Promise<string>
      signMessage(params: { message: string; address: string }): Promise<string>
    }
    connectorIds(): string[]
  }
}

describe('Safe app connector (Chromium)', () => {
  let anvil: AnvilInstance
  let safe: DeployedSafe
  let standIn: SafeStandIn
  let dapp: ServedPage
  let browser: Browser
  let page: Page

  const dappUrl = (origins: readonly string[]) => {
    const url = new URL(`${dapp.origin}/`)
    url.searchParams.set('rpc', anvil.rpcUrl)
    for (const origin of origins) url.searchParams.append('safe-origin', origin)
    return url.href
  }
  const dappFrame = async (): Promise<Frame> => {
    for (let i = 0; i < 100; i++) {
      const frame = page.frames().find((f) => f.url().startsWith(dapp.origin))
      if (frame) return frame
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('The dapp frame did not load')
  }

  before(async () => {
    anvil = await startAnvil()
    safe = await deploySafe(anvil.rpcUrl)
    await fundAccount(anvil.rpcUrl, safe.address, { value: parseEther('3') })
    standIn = await startSafeStandIn({ rpcUrl: anvil.rpcUrl, safe })
    dapp = await servePage(fileURLToPath(new URL('./dapp.ts', import.meta.url)))
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  })
  after(async () => {
    await browser?.close()
    await dapp?.stop()
    await standIn?.stop()
    await anvil?.stop()
  })

  it('connects the Safe automatically inside an allowed parent and transfers through it', async () => {
    page = await browser.newPage()
    await page.goto(standIn.url(dappUrl([standIn.origin])))
    const frame = await dappFrame()
    await frame.waitForFunction(
      () =>
        (window as unknown as DappWindow).dapp?.modal.getAccount('eip155').status === 'connected',
      undefined,
      { timeout: 10_000 },
    )
    const account = await frame.evaluate(() =>
      (window as unknown as DappWindow).dapp.modal.getAccount('eip155'),
    )
    assert.equal(account.address?.toLowerCase(), safe.address.toLowerCase())
    assert.equal(account.allAccounts?.[0]?.type, 'smartAccount')
    assert.deepEqual(
      await frame.evaluate(() => (window as unknown as DappWindow).dapp.connectorIds()),
      ['safe'],
    )

    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const to = ANVIL_ADDRESSES[7]
    const before = await client.getBalance({ address: to })
    const safeTxHash = await frame.evaluate(
      ([to]) =>
        (window as unknown as DappWindow).dapp.adapter.sendTransfer({
          to: to as string,
          value: 1_250_000_000_000_000_000n,
        }),
      [to],
    )
    assert.match(safeTxHash, /^0x[0-9a-f]{64}$/)
    assert.equal(standIn.executed.has(safeTxHash as Hex), true)
    assert.equal((await client.getBalance({ address: to })) - before, parseEther('1.25'))
    assert.equal(await client.getBalance({ address: safe.address }), parseEther('1.75'))

    // Reads go through the parent's RPC; a receipt is found by the safeTxHash.
    const [balance, receipt] = await frame.evaluate(
      async ([address, hash]) => {
        const provider = (window as unknown as DappWindow).dapp.modal.getProvider('eip155')
        return [
          await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] }),
          await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] }),
        ]
      },
      [safe.address, safeTxHash],
    )
    assert.equal(BigInt(balance as string), parseEther('1.75'))
    assert.equal((receipt as { status: string }).status, '0x1')
    assert.equal(
      (receipt as { transactionHash: string }).transactionHash,
      standIn.executed.get(safeTxHash as Hex),
    )
  })

  it('signs messages the Safe validates by EIP-1271', async () => {
    const frame = await dappFrame()
    const signature = await frame.evaluate(
      (address) =>
        (window as unknown as DappWindow).dapp.adapter.signMessage({
          message: 'Sign in to OpenModal',
          address,
        }),
      safe.address,
    )
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const verify = (message: string) =>
      client.verifyMessage({ address: safe.address, message, signature: signature as Hex })
    assert.equal(await verify('Sign in to OpenModal'), true)
    assert.equal(await verify('Sign in to something else'), false)
    await page.close()
  })

  it('ignores a parent whose origin is not in the list', async () => {
    page = await browser.newPage()
    // Default list: the Safe{Wallet} origins only; the stand-in's loopback origin is not one.
    await page.goto(standIn.url(dappUrl([])))
    const frame = await dappFrame()
    await frame.waitForFunction(() => (window as unknown as DappWindow).dapp !== undefined)
    await page.waitForTimeout(1_500)
    const state = await frame.evaluate(() => {
      const { dapp } = window as unknown as DappWindow
      return { status: dapp.modal.getAccount('eip155').status, ids: dapp.connectorIds() }
    })
    assert.notEqual(state.status, 'connected')
    assert.deepEqual(state.ids, [])
    await page.close()
  })

  it('lists no Safe connector outside a frame and never loads the Safe SDK', async () => {
    page = await browser.newPage()
    const scripts: string[] = []
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname))
    await page.goto(dappUrl([standIn.origin]))
    await page.waitForFunction(() => (window as unknown as DappWindow).dapp !== undefined)
    await page.waitForTimeout(1_500)
    const state = await page.evaluate(() => {
      const { dapp } = window as unknown as DappWindow
      return { status: dapp.modal.getAccount('eip155').status, ids: dapp.connectorIds() }
    })
    assert.notEqual(state.status, 'connected')
    assert.deepEqual(state.ids, [])
    assert.equal(scripts.filter((path) => path.includes('safe-provider')).length, 0)
    await page.close()
  })
})
