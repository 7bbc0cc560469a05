// `pnpm bitcoin-regtest [--port N] [address…]`: starts the regtest ledger behind the Esplora
// API, funds the dev wallet's payment and ordinals addresses (account 0) and the given ones
// with 1 BTC each, prints the URL and the CAIP-2 id, and stops on Ctrl-C.
import { startBitcoinRegtest } from './esplora-server.js'
import { bitcoinCaipId } from './networks.js'
import { bitcoinDevKeys } from './signing.js'

const FUNDING = 100_000_000n
const args = process.argv.slice(2)
let port: number | undefined
const dev = bitcoinDevKeys(0, 'regtest')
const addresses: string[] = [dev.payment.address, dev.ordinals.address]
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string
  if (arg === '--port') {
    port = Number(args[++i])
    if (!Number.isSafeInteger(port) || port <= 0 || port > 65535) {
      console.error('usage: bitcoin-regtest [--port N] [address…]')
      process.exit(2)
    }
  } else addresses.push(arg)
}

const regtest = await startBitcoinRegtest(port === undefined ? {} : { port })
try {
  for (const address of addresses) regtest.faucet(address, FUNDING)
} catch (error) {
  console.error(`Cannot fund: ${error instanceof Error ? error.message : String(error)}`)
  await regtest.stop()
  process.exit(2)
}
console.log(`${bitcoinCaipId('regtest')} Esplora ${regtest.url}`)
console.log(`Funded with 1 BTC: ${addresses.join(', ')}`)
console.log(`Mine: curl -X POST ${regtest.url}/regtest/mine -d '{"blocks":1}'`)
console.log('Press Ctrl-C to stop.')

const shutdown = async () => {
  await regtest.stop()
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
