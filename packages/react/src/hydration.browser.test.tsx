// Chromium: the HTML a Node server renders (the provider, the button and every hook) hydrates
// without a warning, then follows the live stores, and the button works.

import { expect } from '@open-wc/testing'
import { $options, closeModal } from '@openmodal/core/internal'
import { act, type ReactNode, StrictMode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { ModalProvider } from './exports/index.js'
import { options, SsrApp } from './test/ssr-app.js'

// Mocha's globals, typed here because @types/mocha is not a dependency.
type Hook = () => void | Promise<void>
const { describe, it, afterEach } = globalThis as unknown as {
  describe: (name: string, body: () => void) => void
  it: (name: string, body: Hook) => void
  afterEach: (body: Hook) => void
}

// React's act() warns unless the environment says it is a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** The server HTML of <SsrApp />, rendered in Node by the web-test-runner config's plugin. */
async function serverHtml(): Promise<string> {
  const response = await fetch('/__ssr/app.html')
  expect(response.ok, 'server HTML').to.equal(true)
  return response.text()
}

interface Hydrated {
  container: HTMLElement
  /** Every console error or warning, and every recoverable error, logged while hydrating. */
  problems: string[]
}

const roots: Root[] = []
const containers: HTMLElement[] = []

async function hydrate(html: string, node: ReactNode = <SsrApp />): Promise<Hydrated> {
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  containers.push(container)
  const problems: string[] = []
  const { error, warn } = console
  const capture =
    (log: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      problems.push(args.map(String).join(' '))
      log.apply(console, args)
    }
  console.error = capture(error)
  console.warn = capture(warn)
  try {
    await act(async () => {
      roots.push(
        hydrateRoot(container, node, {
          onRecoverableError: (e) => problems.push(`recoverable: ${String(e)}`),
        }),
      )
    })
  } finally {
    console.error = error
    console.warn = warn
  }
  return { container, problems }
}

function summary(container: HTMLElement): Record<string, unknown> {
  return JSON.parse(container.querySelector('[data-testid="summary"]')?.textContent ?? 'null')
}

/** The `<button>` inside `<w3m-button>` → `<w3m-connect-button>`, once both rendered. */
async function innerButton(container: HTMLElement): Promise<HTMLButtonElement | null | undefined> {
  type Lit = HTMLElement & { updateComplete: Promise<boolean> }
  const button = container.querySelector<Lit>('w3m-button')
  await button?.updateComplete
  const connect = button?.shadowRoot?.querySelector<Lit>('w3m-connect-button')
  await connect?.updateComplete
  return connect?.shadowRoot?.querySelector('button')
}

describe('hydrating the server HTML in Chromium', () => {
  afterEach(async () => {
    for (const root of roots.splice(0)) await act(async () => root.unmount())
    for (const container of containers.splice(0)) container.remove()
    closeModal({ force: true })
  })

  it('hydrates with no warning, creates the modal, then shows the live state', async () => {
    const html = await serverHtml()
    expect(html).to.match(/^<main><h1>Server page<\/h1><w3m-button><\/w3m-button><output /)
    expect($options.get(), 'no modal before the provider mounts').to.equal(null)

    const { container, problems } = await hydrate(html)
    expect(problems).to.deep.equal([])
    // The provider created the modal after hydrating: the options reached the stores, the
    // modal sits in <body>, and the hooks re-rendered with the live state.
    expect($options.get()?.projectId).to.equal('test')
    expect(document.querySelectorAll('body > w3m-modal')).to.have.length(1)
    expect(summary(container)).to.include({
      network: 'eip155:31337',
      networks: 1,
      selectedNetworkId: 'eip155:31337',
      themeMode: 'dark',
      locale: 'ar',
      isOpen: false,
    })

    // The hydrated button got its props and opens the modal.
    const button = container.querySelector('w3m-button')
    expect(button?.label).to.equal('Connect')
    const inner = await innerButton(container)
    expect(inner?.textContent?.trim()).to.equal('Connect')
    await act(async () => inner?.click())
    expect(summary(container)).to.include({ isOpen: true, open: true, view: 'Connect' })
  })

  it('hydrates with no warning when the modal already exists (created at module top)', async () => {
    // The first test created the modal: the live stores now differ from the server HTML
    // (dark, Arabic, one network), which hydration must not see.
    expect($options.get()?.projectId).to.equal('test')
    const { container, problems } = await hydrate(await serverHtml())
    expect(problems).to.deep.equal([])
    expect(summary(container)).to.include({ networks: 1, themeMode: 'dark', locale: 'ar' })
    expect(document.querySelectorAll('body > w3m-modal'), 'still one modal').to.have.length(1)
  })

  it('reports a server HTML that does not match (the check can fail)', async () => {
    const html = (await serverHtml()).replace('&quot;networks&quot;:0', '&quot;networks&quot;:7')
    const { problems } = await hydrate(html)
    expect(problems.join('\n')).to.match(/hydrat/i)
  })

  it('creates the modal once per options object, under StrictMode and on re-mount', async () => {
    const next = { ...options, projectId: 'strict' }
    let created = 0
    const stop = $options.listen(() => created++)
    const container = document.createElement('div')
    document.body.append(container)
    containers.push(container)
    try {
      const app = (
        <StrictMode>
          <ModalProvider options={next}>
            <p>page</p>
          </ModalProvider>
        </StrictMode>
      )
      const root = createRoot(container)
      await act(async () => root.render(app))
      expect(container.textContent).to.equal('page')
      expect($options.get()?.projectId).to.equal('strict')
      // A second root with the same options (a re-mounted layout) creates nothing.
      await act(async () => root.unmount())
      roots.push(createRoot(container))
      await act(async () => roots.at(-1)?.render(app))
    } finally {
      stop()
    }
    expect(created, 'createModal calls').to.equal(1)
  })
})
