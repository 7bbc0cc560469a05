// Relay recovery bench: a session over the local relay, the relay killed and started again on
// the same port, and the time until the next request is answered. 20 runs per downtime;
// prints p50 / p95 / max. `pnpm --filter @openmodal/walletconnect bench:relay [runs]`
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import { type RelayInstance, startChains, startRelay } from '@openmodal/testing/node'
import { connectPair, createPair } from '../src/testing/setup.js'

const runs = Number(process.argv[2] ?? 20)
const anvil = await startChains({ chainIds: [31337] })
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

for (const downMs of [0, 500]) {
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    let relay: RelayInstance = await startRelay()
    const pair = await createPair(relay, anvil)
    await connectPair(pair)
    // Let the engine's ~1 s gap between requests pass, as a person would.
    await new Promise((r) => setTimeout(r, 1_100))
    const port = relay.port
    await relay.stop()
    if (downMs) await new Promise((r) => setTimeout(r, downMs))
    relay = await startRelay({ port })
    const started = performance.now()
    await pair.dapp.request({
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x6869', ANVIL_ADDRESSES[0]],
    })
    times.push(performance.now() - started)
    await pair.close()
    await relay.stop()
  }
  const fmt = (n: number) => `${n.toFixed(0)} ms`
  console.log(
    `relay down ${downMs} ms, ${runs} runs: p50 ${fmt(percentile(times, 50))}, ` +
      `p95 ${fmt(percentile(times, 95))}, max ${fmt(Math.max(...times))}`,
  )
}
await anvil.stop()
process.exit(0)
