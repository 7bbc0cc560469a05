// ethers 6 over the modal (issue 30): `new BrowserProvider(modal.getProvider('eip155'))` in
// Chromium, with the dev wallet injected as an extension, on two anvil chains. It signs
// (checked against the signer's address outside the page), sends (the balance moves on anvil),
// follows a network switched in the modal, and follows the wallet's accountsChanged.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import { type AnvilInstance, devWalletScriptPath, startAnvil } from '@openmodal/testing/node'
import { type Browser, chromium, type Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther } from 'viem'
// @ts-expect-error: a JavaScript module without types
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { type ServedPage, servePage } from './serve.js'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const [ACCOUNT_0, ACCOUNT_1] = ANVIL_ADDRESSES as unknown as [string, string]
const TO = '0x000000000000000000000000000000000000c0DE'

describe('ethers 6 BrowserProvider over the modal (Chromium)', { timeout: 120_000 }, () => {
  let chain: AnvilInstance
  let chain2: AnvilInstance
  let dapp: ServedPage
  let browser: Browser
  let page: Page
  const errors: string[] = []
  // Strings, not functions: tsx's keepNames helpers do not exist in the page.
  const call = <T>(expression: string) => page.evaluate(`window.dapp.${expression}`) as Promise<T>

  before(async () => {
    ;[chain, chain2, dapp, browser] = await Promise.all([
      // Chains that make a block every second, as real chains do: ethers' `wait()` looks for
      // the receipt once, then only on each new block. Anvil may answer the send before the
      // receipt exists, and with automine alone no further block comes, so `wait()` hung
      // (1 run in 3 here, 46 minutes in CI).
      startAnvil({ chainId: 31337, blockTime: 1 }),
      startAnvil({ chainId: 31338, blockTime: 1 }),
      servePage(fileURLToPath(new URL('./ethers-dapp.ts', import.meta.url))),
      chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
    ])
    page = await browser.newPage()
    page.on('pageerror', (error) => errors.push(error.message))
    await page.addInitScript(
      `window.__openmodalDevWalletConfig = ${JSON.stringify({
        chains: [
          { id: 31337, rpcUrl: chain.rpcUrl },
          { id: 31338, rpcUrl: chain2.rpcUrl },
        ],
      })}`,
    )
    await page.addInitScript({ path: devWalletScriptPath() })
    const url = new URL(`${dapp.origin}/`)
    url.searchParams.set('rpc', chain.rpcUrl)
    url.searchParams.set('rpc2', chain2.rpcUrl)
    await page.goto(url.href)
    await page.waitForFunction(
      `window.dapp?.connectorIds().includes(${JSON.stringify(DEV_WALLET_ID)})`,
    )
    await call(`connect(${JSON.stringify(DEV_WALLET_ID)})`)
  })
  after(async () => {
    await browser?.close()
    await dapp?.stop()
    await Promise.all([chain?.stop(), chain2?.stop()])
  })

  it('signs a message with the connected account', async () => {
    const signed = await call<{ address: string; signature: Hex; recovered: string }>(
      'sign("Hello from ethers")',
    )
    assert.equal(signed.address, ACCOUNT_0)
    assert.equal(signed.recovered, ACCOUNT_0)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const verify = (message: string) =>
      client.verifyMessage({ address: ACCOUNT_0 as Hex, message, signature: signed.signature })
    assert.equal(await verify('Hello from ethers'), true)
    assert.equal(await verify('Hello from someone else'), false)
  })

  it('sends a transaction that lands on the chain', async () => {
    const sent = await call<{ from: string; status: number }>(
      `send(${JSON.stringify(TO)}, "${parseEther('0.01')}")`,
    )
    assert.equal(sent.status, 1)
    assert.equal(sent.from, ACCOUNT_0)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    assert.equal(await client.getBalance({ address: TO }), parseEther('0.01'))
  })

  it('follows a network switched in the modal: the next transaction goes to that chain', async () => {
    assert.equal(await call('chainId()'), 31337)
    await call('switchTo(31338)')
    // The first getNetwork() after the switch still answers the old chain and emits 'network'.
    await page.waitForFunction('window.dapp.chainId().then((id) => id === 31338)')
    assert.equal((await call<number[]>('networks()')).at(-1), 31338)
    const sent = await call<{ status: number }>(
      `send(${JSON.stringify(TO)}, "${parseEther('0.02')}")`,
    )
    assert.equal(sent.status, 1)
    const client2 = createPublicClient({ transport: http(chain2.rpcUrl) })
    assert.equal(await client2.getBalance({ address: TO }), parseEther('0.02'))
    await call('switchTo(31337)')
    await page.waitForFunction('window.dapp.chainId().then((id) => id === 31337)')
  })

  it("follows the wallet's accountsChanged: the modal and the signer move to the new account", async () => {
    await page.evaluate('window.__openmodalDevWallet.wallet.setAccounts([1])')
    await page.waitForFunction(`window.dapp.address() === ${JSON.stringify(ACCOUNT_1)}`)
    assert.deepEqual(await call('accountsChanged()'), [[ACCOUNT_1]])
    const signed = await call<{ address: string; recovered: string }>('sign("Now account 1")')
    assert.equal(signed.address, ACCOUNT_1)
    assert.equal(signed.recovered, ACCOUNT_1)
    assert.deepEqual(errors, [])
  })
})
