// Svelte server rendering (SvelteKit's SSR): a component reading every store with `$store`
// renders the state before any wallet activity and leaves no listener on the shared stores.
import assert from 'node:assert/strict'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { $activeAccount, $networks, $publicState, $theme } from '@openmodal/core/internal'
import { compile } from 'svelte/compiler'
import { render } from 'svelte/server'

const probe = fileURLToPath(new URL('./test/probe.svelte', import.meta.url))
const entry = pathToFileURL(fileURLToPath(new URL('./exports/index.ts', import.meta.url))).href
// Inside the package's node_modules, so the compiled module resolves `svelte` as the app would.
const cache = new URL('../node_modules/.cache/openmodal-svelte-tests/', import.meta.url)

test('renders on a server with the stores’ values and leaves no listener behind', async () => {
  const { js } = compile(await readFile(probe, 'utf8'), { filename: probe, generate: 'server' })
  await mkdir(cache, { recursive: true })
  const file = new URL('probe.server.js', cache)
  await writeFile(file, js.code.replace("'../exports/index.ts'", `'${entry}'`))
  const { default: Probe } = await import(file.href)

  const { body } = render(Probe)
  const text = (testId: string) => body.match(new RegExp(`data-testid="${testId}">([^<]*)<`))?.[1]
  assert.equal(text('account'), 'disconnected:-')
  assert.equal(text('connected'), 'false')
  assert.equal(text('view'), 'closed:Connect')
  assert.equal(text('theme'), 'light')
  assert.match(body, /<w3m-button label="Pay with a wallet"><\/w3m-button>/)
  for (const store of [$activeAccount, $networks, $publicState, $theme]) assert.equal(store.lc, 0)
})
