// `pnpm solana-devnet [--port N] [--spl] [address…]`: starts the local Solana RPC (litesvm),
// funds the dev accounts (SOLANA_DEV_ADDRESSES) and the given addresses with 100 SOL each (and,
// with --spl, 1,000,000 of a test SPL token "TSPL", 6 decimals, whose mint authority is dev
// account 0), prints the URLs, the cluster's CAIP-2 id and the token's mint, and stops on Ctrl-C.
import { SOLANA_DEV_ADDRESSES } from './accounts.js'
import { startSolanaRpc } from './rpc-server.js'

const FUNDING = 100n * 1_000_000_000n
const TOKEN_FUNDING = 1_000_000n * 1_000_000n
const args = process.argv.slice(2)
let port: number | undefined
let spl = false
const addresses: string[] = [...SOLANA_DEV_ADDRESSES]
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string
  if (arg === '--port') {
    port = Number(args[++i])
    if (!Number.isSafeInteger(port) || port <= 0 || port > 65534) {
      console.error(
        'usage: solana-devnet [--port N] [--spl] [address…]   (N + 1 serves the WebSocket)',
      )
      process.exit(2)
    }
  } else if (arg === '--spl') spl = true
  else addresses.push(arg)
}

const rpc = await startSolanaRpc(port === undefined ? {} : { port })
let mint: string | undefined
try {
  for (const address of addresses) await rpc.airdrop(address, FUNDING)
  if (spl) {
    mint = rpc.createMint({ decimals: 6, mintAuthority: SOLANA_DEV_ADDRESSES[0] })
    for (const address of addresses) rpc.mintTo(mint, address, TOKEN_FUNDING)
  }
} catch (error) {
  console.error(`Cannot fund: ${error instanceof Error ? error.message : String(error)}`)
  await rpc.stop()
  process.exit(2)
}
console.log(`solana:${rpc.genesisHash.slice(0, 32)} ${rpc.rpcUrl} (WebSocket ${rpc.wsUrl})`)
console.log(`Funded with 100 SOL: ${addresses.join(', ')}`)
if (mint) console.log(`Test SPL token TSPL (6 decimals), 1,000,000 each: mint ${mint}`)
console.log('Press Ctrl-C to stop.')

const shutdown = async () => {
  await rpc.stop()
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
