// `pnpm --filter @openmodal/testing anvil [chainId…]`: starts local chains (default 31337 and
// 31338), prints their RPC URLs and stops them on Ctrl-C.
import { startChains } from './anvil.js'

const ids = process.argv.slice(2).map(Number)
if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
  console.error('usage: anvil [chainId…]   (positive integers, default 31337 31338)')
  process.exit(2)
}

const { chains, stop } = await startChains(ids.length ? { chainIds: ids } : {})
for (const chain of chains) console.log(`eip155:${chain.chainId} ${chain.rpcUrl}`)
console.log('Mnemonic: test test test test test test test test test test test junk')
console.log('Press Ctrl-C to stop.')

const shutdown = async () => {
  await stop()
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
