// `pnpm --filter @openmodal/testing wc-wallet [--relay URL] [--rpc URL]… [--reject] <wc:uri>`:
// the test wallet (a real sign-client, anvil's account 0) pairs with a dapp's WalletConnect URI
// ("Copy link" in the modal), approves (or rejects) the proposal and answers personal_sign,
// eth_signTypedData_v4, eth_sendTransaction and wallet_switchEthereumChain until Ctrl-C.
// Defaults are what `pnpm demo` uses when it gets its ports: the relay on 8788, anvil on 8545
// and 8546.
import { parseArgs } from 'node:util'
import { createWalletHarness } from './wallet-harness.js'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    relay: { type: 'string', default: 'ws://127.0.0.1:8788' },
    rpc: { type: 'string', multiple: true },
    reject: { type: 'boolean', default: false },
  },
})
const uri = positionals[0]
if (!uri?.startsWith('wc:')) {
  console.error("usage: wc-wallet [--relay ws://127.0.0.1:8788] [--rpc URL]… [--reject] 'wc:…'")
  process.exit(2)
}
const rpcUrls = values.rpc?.length ? values.rpc : ['http://127.0.0.1:8545', 'http://127.0.0.1:8546']

async function chainIdOf(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    const { result } = (await response.json()) as { result?: string }
    return result ? Number(result) : undefined
  } catch {
    return undefined
  }
}

const chains = []
for (const rpcUrl of rpcUrls) {
  const id = await chainIdOf(rpcUrl)
  if (id === undefined) console.warn(`${rpcUrl} did not answer eth_chainId: skipped`)
  else chains.push({ id, rpcUrl })
}
if (chains.length === 0) {
  console.error(
    'No chain answered: start them first (pnpm demo, or pnpm --filter @openmodal/testing anvil)',
  )
  process.exit(1)
}

const wallet = await createWalletHarness({
  relayUrl: values.relay,
  chains,
  proposalMode: values.reject ? 'reject' : 'approve',
})
console.log(
  `Test wallet ${wallet.evm.addresses.join(', ')} on ${values.relay}, chains ${chains.map((c) => c.id).join(', ')}`,
)
const started = performance.now()
await wallet.pair(uri)
if (values.reject) {
  await wallet.nextProposal(30_000)
  console.log('Proposal rejected.')
} else {
  const session = await wallet.nextSession(30_000)
  const ms = (performance.now() - started).toFixed(0)
  console.log(
    `Session approved in ${ms} ms with ${session.peer.metadata.name}; answering requests (Ctrl-C stops).`,
  )
}

let shown = 0
const timer = setInterval(() => {
  for (const request of wallet.requests.slice(shown)) {
    if (!request.outcome) break
    shown++
    const answer =
      'error' in request.outcome
        ? `error ${request.outcome.error.code}`
        : String(request.outcome.result)
    console.log(`${request.method} on ${request.chainId} → ${answer}`)
  }
}, 200)

const shutdown = async () => {
  clearInterval(timer)
  await wallet.close()
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
