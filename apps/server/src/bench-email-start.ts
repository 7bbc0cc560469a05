// `pnpm --filter @openmodal/server exec node --import tsx src/bench-email-start.ts`: the time
// POST /v1/auth/email/start takes on loopback with a real SMTP server, p50 and p95 of 20 calls.
import { performance } from 'node:perf_hooks'
import { prepareDatabase } from './bootstrap.js'
import { openPglite } from './db/db.js'
import { syncConfig } from './projects/config-file.js'
import { createDeviceKey } from './testing/device-key.js'
import { DAPP, startEmbeddedStack } from './testing/embedded-stack.js'
import { testProject } from './testing/harness.js'
import { startSmtpSink } from './testing/smtp-sink.js'

const RUNS = 20
const db = await openPglite()
await prepareDatabase(db, { seed: false })
await syncConfig(db, { projects: [testProject({ features: { email: true } })] })
const sink = await startSmtpSink()
const stack = await startEmbeddedStack(db, sink)
const times: number[] = []
for (let i = 0; i < RUNS + 2; i++) {
  const device = await createDeviceKey(() => stack.clock.now)
  const email = `bench${i}.${Date.now()}@example.com`
  const started = performance.now()
  const answer = await stack.send('POST', '/v1/auth/email/start', {
    body: { projectId: 'test-project', email, dappOrigin: DAPP },
    device,
    ip: `10.99.${i}.1`,
  })
  const elapsed = performance.now() - started
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body))
  await sink.waitForMail(email)
  if (i >= 2) times.push(elapsed) // the first two warm up the server and the SMTP connection
}
times.sort((a, b) => a - b)
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
console.log(
  `POST /v1/auth/email/start over ${RUNS} calls: p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`,
)
await stack.close()
await sink.close()
await db.close()
