import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { runInNewContext } from 'node:vm'
import { gzipSync } from 'node:zlib'
import { type Hex, verifyMessage } from 'viem'
import { bundleDevWallet } from '../../scripts/dev-wallet-bundle.mjs'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { devWalletScriptPath } from '../node/dev-wallet-script.js'
import { ANVIL_ADDRESSES } from './accounts.js'
import type { DevWallet } from './dev-wallet.js'

let anvil: AnvilInstance
let code: string
before(async () => {
  ;[anvil, code] = await Promise.all([startAnvil(), bundleDevWallet().then(String)])
})
after(() => anvil.stop())

/** Runs the bundle as a page would: its own global scope, with the browser APIs it needs. */
function runBundle(globals: Record<string, unknown>) {
  // A window is an EventTarget: EIP-6963 events go through these.
  const events = new EventTarget()
  const scope: Record<string, unknown> = {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
    fetch,
    EventTarget,
    Event,
    CustomEvent,
    crypto,
    console,
    setTimeout,
    TextEncoder,
    TextDecoder,
    ...globals,
  }
  runInNewContext(code, scope)
  return Object.assign(
    scope as { __openmodalDevWallet?: { wallet?: DevWallet; create?: unknown } },
    {
      events,
    },
  )
}

test('the one-file bundle stays small (under 40 KB gzip)', () => {
  assert.ok(gzipSync(code, { level: 9 }).length < 40_000)
})

test('the bundle installs a wallet from the global config that signs and reaches anvil', async () => {
  const scope = runBundle({
    __openmodalDevWalletConfig: { chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }], accounts: [3] },
  })
  const wallet = scope.__openmodalDevWallet?.wallet
  assert.ok(wallet, 'no wallet installed')
  let announced: unknown
  scope.events.addEventListener('eip6963:announceProvider', (event) => {
    announced = (event as CustomEvent).detail.provider
  })
  scope.events.dispatchEvent(new Event('eip6963:requestProvider'))
  assert.equal(announced, wallet.provider, 'the installed wallet did not announce itself')
  // Arrays made inside the bundle's realm: copy before comparing.
  const accounts = Array.from((await wallet.request({ method: 'eth_requestAccounts' })) as Hex[])
  assert.deepEqual(accounts, [ANVIL_ADDRESSES[3]])
  assert.match(String(await wallet.request({ method: 'eth_blockNumber' })), /^0x/)
  const signature = await wallet.request({
    method: 'personal_sign',
    params: ['hi', ANVIL_ADDRESSES[3]],
  })
  assert.ok(
    await verifyMessage({
      address: ANVIL_ADDRESSES[3],
      message: 'hi',
      signature: signature as Hex,
    }),
  )
})

test('without a config the bundle only exposes the API', () => {
  const scope = runBundle({})
  assert.equal(scope.__openmodalDevWallet?.wallet, undefined)
  assert.equal(typeof scope.__openmodalDevWallet?.create, 'function')
})

test('the build writes the bundle where devWalletScriptPath() points', async () => {
  await bundleDevWallet({ write: true })
  assert.equal(readFileSync(devWalletScriptPath(), 'utf8'), code)
})
