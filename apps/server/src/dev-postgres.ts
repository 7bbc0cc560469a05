// A throwaway PostgreSQL cluster for `pnpm demo --scale N` (several server instances need one
// database they all reach; the embedded PGlite is one process's). Debian's PostgreSQL, started
// as the tests start it (testing/postgres.ts), with one `openmodal` database. Writes the
// connection string to --out, prints one "postgres ready" line, and removes the cluster on
// SIGTERM or SIGINT.
//   node --import tsx src/dev-postgres.ts --out /tmp/postgres.json
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { startPostgresCluster } from './testing/postgres.js'

const { values } = parseArgs({ options: { out: { type: 'string' } } })
if (!values.out) {
  console.error('usage: dev-postgres.ts --out <file>')
  process.exit(2)
}
const cluster = await startPostgresCluster()
const url = await cluster.createDatabase('openmodal')
await writeFile(values.out, JSON.stringify({ url }))
console.log(JSON.stringify({ msg: 'postgres ready', version: cluster.version }))

// Nothing else keeps this process alive, and its exit stops the cluster.
const alive = setInterval(() => {}, 2 ** 30)
const stop = () => {
  clearInterval(alive)
  void cluster.stop().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
