// Benchmark (not a test) of the swap API's quote latency, loopback only: Uniswap V2 on anvil,
// the server on PGlite in this process, then `--quotes` sequential GET /v1/swap/quote calls
// (ETH → TUSD and TUSD → TDAI alternately, amounts varied so nothing is cached): p50, p95, max.
// `pnpm --filter @openmodal/server bench:swap [--quotes 50]`
import { parseArgs } from 'node:util'
import { deployUniswapV2, startAnvil } from '@openmodal/testing/node'
import { SWAP_NATIVE_ADDRESS } from './api-types.js'
import { prepareDatabase } from './bootstrap.js'
import { openPglite } from './db/db.js'
import { syncConfig } from './projects/config-file.js'
import { startServer } from './server.js'

const { values } = parseArgs({ options: { quotes: { type: 'string', default: '50' } } })
const quotes = Number(values.quotes)

const anvil = await startAnvil()
const db = await openPglite()
try {
  const uniswap = await deployUniswapV2(anvil.rpcUrl)
  const [tusd, tdai] = uniswap.tokens
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      {
        projectId: 'bench',
        name: 'Bench',
        allowedOrigins: [],
        allowDevOrigins: false,
        features: {},
        chains: [
          {
            caipNetworkId: 'eip155:31337',
            rpcUrls: [anvil.rpcUrl],
            index: false,
            swap: { provider: 'uniswap-v2', router: uniswap.router },
          },
        ],
      },
    ],
  })
  const server = await startServer({ db, logLevel: 'silent', rateLimit: false })
  try {
    const times: number[] = []
    for (let i = 0; i < quotes; i++) {
      const [from, to, amount] =
        i % 2 === 0
          ? [SWAP_NATIVE_ADDRESS, tusd.address, 10n ** 16n * BigInt(i + 1)]
          : [tusd.address, tdai.address, 10n ** 6n * BigInt(i + 1)]
      const query = new URLSearchParams({
        projectId: 'bench',
        chainId: 'eip155:31337',
        from,
        to,
        amount: amount.toString(),
      })
      const start = performance.now()
      const response = await fetch(`${server.url}/v1/swap/quote?${query}`)
      await response.json()
      times.push(performance.now() - start)
      if (!response.ok) throw new Error(`quote ${i} answered ${response.status}`)
    }
    const sorted = [...times].sort((a, b) => a - b)
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
    console.log(
      `${quotes} quotes (uniswap-v2 on anvil, server on PGlite): p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, max ${at(100).toFixed(1)} ms, first ${times[0]?.toFixed(1)} ms`,
    )
  } finally {
    await server.close()
  }
} finally {
  await db.close()
  await anvil.stop()
}
