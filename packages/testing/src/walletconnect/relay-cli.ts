// `pnpm relay [--port N] [--verbose]`: a local WalletConnect relay on 127.0.0.1. Point both the
// dapp (`relayUrl`) and the wallet at the printed URL; Ctrl-C stops it.
import { parseArgs } from 'node:util'
import { startRelay } from './relay.js'

const { values } = parseArgs({
  options: { port: { type: 'string' }, verbose: { type: 'boolean', default: false } },
})
const port = values.port === undefined ? undefined : Number(values.port)
if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65_535)) {
  console.error('usage: relay [--port N] [--verbose]')
  process.exit(2)
}

const relay = await startRelay({
  ...(port !== undefined ? { port } : {}),
  ...(values.verbose ? { log: (line: string) => console.log(line) } : {}),
})
console.log(`WalletConnect relay on ${relay.url}`)
console.log('Press Ctrl-C to stop.')

const shutdown = async () => {
  await relay.stop()
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
