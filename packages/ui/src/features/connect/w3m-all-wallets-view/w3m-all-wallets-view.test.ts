// AllWallets and the Connect view's registry groups against the real server (apps/server on
// PGlite, started by wtr-registry-server.mjs) holding the seed wallets plus 2,000 imported ones.

import { expect, fixture, html } from '@open-wc/testing'
import { $networks, $view, openModal, reset } from '@openmodal/core/internal'
import { $walletList } from '@openmodal/core/registry'
import { sendKeys } from '@web/test-runner-commands'
import '../../../components/wui-wallet-image/wui-wallet-image.js'
import '../../../elements/w3m-network-button/w3m-network-button.js'
import type { WuiWalletImage } from '../../../components/wui-wallet-image/wui-wallet-image.js'
import '../../../test/define-modal.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import {
  deep,
  deepAll,
  focused,
  mainnet,
  optimism,
  resetAll,
  settle,
  setupClient,
  until,
} from '../../../test/helpers.js'
import '../w3m-connect-view/w3m-connect-view.js'
import {
  GRID_COLUMNS,
  OVERSCAN_ROWS,
  ROW_HEIGHT,
  VISIBLE_ROWS,
  type W3mAllWalletsView,
} from './w3m-all-wallets-view.js'
import './w3m-all-wallets-view.js'

interface ServerFixture {
  url: string
  projectId: string
  size: number
}

const server: ServerFixture = await (await fetch('/__openmodal/server.json')).json()

/** Registry requests the page made (the real fetch, counted). */
let requests: URL[] = []
const realFetch = window.fetch
window.fetch = (input, init) => {
  const url = new URL(String(input instanceof Request ? input.url : input))
  if (url.origin === new URL(server.url).origin) requests.push(url)
  return realFetch(input, init)
}
const pageRequests = () => requests.filter((u) => u.pathname === '/v1/wallets')
/** The pages of the list asked for, in the order first asked. */
const askedPages = () => new Set(pageRequests().map((u) => u.searchParams.get('page')))

/** What the server lists for this project's networks (eip155): seed wallets + 2,000. */
async function registryCount(query = ''): Promise<number> {
  const response = await realFetch(
    `${server.url}/v1/wallets?projectId=${server.projectId}&chains=eip155&entries=1${query}`,
  )
  return (await response.json()).count
}

/** Most cells the grid may hold in the DOM: the visible rows, overscan and the focused row. */
const MAX_CELLS = (VISIBLE_ROWS + 2 * OVERSCAN_ROWS + 2) * GRID_COLUMNS

function setup(wallets: Parameters<typeof setupClient>[0] = { wallets: [] }) {
  setupClient(wallets, { projectId: server.projectId, apiUrl: server.url })
  requests = []
}

async function openAllWallets(modal: W3mModal): Promise<W3mAllWalletsView> {
  reset('AllWallets')
  openModal()
  await modal.updateComplete
  return until(() => deep<W3mAllWalletsView>(modal, 'w3m-router', 'w3m-all-wallets-view'), 'view')
}

const cells = (view: HTMLElement) => deepAll<HTMLButtonElement>(view, 'button.cell')
const names = (view: HTMLElement) => cells(view).map((c) => c.querySelector('.name')?.textContent)
const grid = (view: HTMLElement) => deep(view, '[role="grid"]') as HTMLElement
const scroller = (view: HTMLElement) => deep(view, '.scroller') as HTMLElement
const tabStops = (view: HTMLElement) => cells(view).filter((c) => c.tabIndex === 0)

describe('AllWallets view (real server, 2,000-wallet registry)', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('lists every wallet in a virtualized grid, loading pages of 40 as it scrolls', async function () {
    this.timeout(120_000)
    const total = await registryCount()
    expect(total).to.be.greaterThan(2000)
    setup()
    const view = await openAllWallets(modal)
    await until(() => cells(view).length > 0, 'the first cells', 20_000)
    expect(pageRequests()).to.have.length(1)
    expect(pageRequests()[0]?.searchParams.get('entries')).to.equal('40')
    expect(pageRequests()[0]?.searchParams.get('page')).to.equal('1')
    expect(grid(view).getAttribute('aria-rowcount')).to.equal(String(40 / GRID_COLUMNS))
    // Featured wallets of the seed come first.
    expect(names(view).slice(0, 2)).to.deep.equal(['MetaMask', 'Trust Wallet'])
    await expect(modal).to.be.accessible()

    // Scroll to the end again and again: each time the next page of 40 arrives.
    const rows = Math.ceil(total / GRID_COLUMNS)
    for (let loaded = 1; loaded * 40 < total; loaded++) {
      const box = scroller(view)
      box.scrollTop = box.scrollHeight
      await until(
        () => {
          // A page whose answer did not come within the client's 10 s (a loaded machine) shows
          // the error with Try again: the visitor's click asks for the same page again.
          if ($walletList.get().status === 'error') {
            deep<HTMLButtonElement>(view, '.error button')?.click()
            return false
          }
          return (
            askedPages().size > loaded && view.shadowRoot?.querySelector('wui-spinner') === null
          )
        },
        `page ${loaded + 1} (list ${$walletList.get().status} ${$walletList.get().error?.message ?? ''}, scrollTop ${box.scrollTop}/${box.scrollHeight})`,
        20_000,
      )
      expect(cells(view).length).to.be.at.most(MAX_CELLS)
    }
    await until(() => grid(view).getAttribute('aria-rowcount') === String(rows), 'all rows')
    // In order, each once (a page asked again after an error counts once).
    const pages = [...askedPages()].map(Number)
    expect(pages).to.deep.equal(Array.from({ length: Math.ceil(total / 40) }, (_, i) => i + 1))
    const box = scroller(view)
    box.scrollTop = box.scrollHeight
    await until(() => names(view).includes('Wallet 1999'), 'the last wallet')
    expect(cells(view).length).to.be.at.most(MAX_CELLS)
    expect(new Set(names(view)).size).to.equal(cells(view).length)
  })

  it('searches 300 ms after the last keystroke, in pages of 100, and shows an empty state', async function () {
    this.timeout(60_000)
    setup()
    const view = await openAllWallets(modal)
    await until(() => cells(view).length > 0, 'the first cells', 20_000)
    const input = deep(view, 'input') as HTMLInputElement
    input.focus()
    await sendKeys({ type: 'wallet 19' })
    await until(
      () => {
        // An answer that did not come within the client's 10 s (a loaded machine) shows the
        // error with Try again: the visitor's click asks for the same search again.
        if ($walletList.get().status === 'error') {
          deep<HTMLButtonElement>(view, '.error button')?.click()
          return false
        }
        return names(view)[0] === 'Wallet 1900'
      },
      'the search results',
      20_000,
    )
    const searches = requests.filter((u) => u.searchParams.has('search'))
    // No request for the first eight keystrokes: the debounce waited for the last one (asked
    // once, or again after Try again).
    expect(new Set(searches.map((u) => u.searchParams.get('search')))).to.deep.equal(
      new Set(['wallet 19']),
    )
    expect(searches[0]?.searchParams.get('entries')).to.equal('100')
    expect(grid(view).getAttribute('aria-rowcount')).to.equal(String(100 / GRID_COLUMNS))
    expect(names(view).every((name) => name?.startsWith('Wallet 19'))).to.equal(true)

    await sendKeys({ press: 'Control+a' })
    await sendKeys({ type: 'no such wallet' })
    await until(() => deep(view, '.empty'), 'the empty state', 20_000)
    expect(deep(view, '.empty .headline')?.textContent).to.equal('No wallet found')
    expect(cells(view)).to.have.length(0)
    await expect(modal).to.be.accessible()
  })

  it('moves with the arrow keys (one Tab stop), scrolls with the focus and picks with Enter', async function () {
    this.timeout(60_000)
    setup()
    const view = await openAllWallets(modal)
    await until(() => cells(view).length > 0, 'the first cells', 20_000)
    const first = cells(view)[0] as HTMLButtonElement
    expect(tabStops(view)).to.deep.equal([first])
    first.focus()
    const focusedName = () => (focused() as HTMLElement | null)?.querySelector('.name')?.textContent
    const index = () => Number((focused() as HTMLElement | null)?.dataset.index)
    await sendKeys({ press: 'ArrowRight' })
    expect(index()).to.equal(1)
    await sendKeys({ press: 'ArrowDown' })
    expect(index()).to.equal(1 + GRID_COLUMNS)
    await sendKeys({ press: 'ArrowLeft' })
    expect(index()).to.equal(GRID_COLUMNS)
    await sendKeys({ press: 'ArrowUp' })
    expect(index()).to.equal(0)
    await sendKeys({ press: 'ArrowUp' })
    expect(index()).to.equal(0)
    // Down past the visible rows: the grid scrolls and the focus stays on a real cell.
    for (let i = 0; i < 8; i++) await sendKeys({ press: 'ArrowDown' })
    expect(index()).to.equal(8 * GRID_COLUMNS)
    expect(scroller(view).scrollTop).to.be.greaterThan(0)
    expect(tabStops(view)).to.have.length(1)
    await sendKeys({ press: 'End' })
    expect(index()).to.equal(8 * GRID_COLUMNS + GRID_COLUMNS - 1)
    await sendKeys({ press: 'Control+Home' })
    expect(index()).to.equal(0)

    // A registry wallet that is not installed: Enter shows its web links (never deep links).
    await sendKeys({ press: 'ArrowRight' })
    const name = focusedName()
    expect(name).to.equal('Trust Wallet')
    await sendKeys({ press: 'Enter' })
    const details = await until(() => deep(view, '.details'), 'the wallet details')
    expect(details.querySelector('.headline')?.textContent).to.equal('Trust Wallet')
    const hrefs = [...details.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    expect(hrefs.length).to.be.greaterThan(0)
    expect(hrefs.every((href) => /^https:\/\//.test(href ?? ''))).to.equal(true)
    expect(hrefs).to.include('https://trustwallet.com')
    await expect(modal).to.be.accessible()
    // Back: the grid returns with the focus on the same wallet.
    ;(details.querySelector('button') as HTMLButtonElement).click()
    await until(() => focusedName() === 'Trust Wallet', 'focus back on the wallet')
  })

  it('lays the virtualized rows out as a grid: four cells a row, one row every 96 px', async function () {
    this.timeout(60_000)
    setup()
    const view = await openAllWallets(modal)
    await until(() => cells(view).length >= 2 * GRID_COLUMNS, 'two rows', 10_000)
    const box = grid(view).getBoundingClientRect()
    const rects = cells(view).map((cell) => cell.getBoundingClientRect())
    const [a, , , , e] = rects
    for (const rect of rects) {
      expect(rect.width).to.be.greaterThan(0)
      expect(rect.left).to.be.at.least(box.left)
      expect(rect.right).to.be.at.most(box.right)
    }
    // Four distinct columns, and the fifth cell starts the next row, 96 px down.
    expect(new Set(rects.slice(0, GRID_COLUMNS).map((r) => Math.round(r.left))).size).to.equal(4)
    expect(Math.round(e?.left ?? 0)).to.equal(Math.round(a?.left ?? -1))
    expect(Math.round((e?.top ?? 0) - (a?.top ?? 0))).to.equal(ROW_HEIGHT)
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('puts an installed registry wallet first and connects it like the Connect view', async function () {
    this.timeout(60_000)
    setup({
      wallets: [{ id: 'example.wallet0007', name: 'Wallet 0007', rdns: 'example.wallet0007' }],
    })
    const view = await openAllWallets(modal)
    await until(() => cells(view).length > 1, 'the cells', 10_000)
    expect(names(view)[0]).to.equal('Wallet 0007')
    await sendKeys({ press: 'Tab' })
    ;(cells(view)[0] as HTMLButtonElement).click()
    await until(() => $view.get().view === 'ConnectingExternal', 'the connecting view')
    expect($view.get().data?.connectorId).to.equal('example.wallet0007')
  })

  it('Connect view: featured and recommended registry wallets in the spec group order', async function () {
    this.timeout(45_000)
    setupClient(
      {
        wallets: [
          { id: 'io.alpha', name: 'Alpha Wallet', rdns: 'io.alpha' },
          { id: 'io.gamma', name: 'Gamma Wallet', rdns: 'io.gamma', type: 'EXTERNAL' },
        ],
      },
      { projectId: server.projectId, apiUrl: server.url },
    )
    reset('Connect')
    openModal()
    await modal.updateComplete
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-connect-view'), 'connect view')
    const recommended = await (
      await realFetch(
        `${server.url}/v1/wallets/recommended?projectId=${server.projectId}&chains=eip155`,
      )
    ).json()
    const expected = [
      'Alpha Wallet', // injected
      'MetaMask', // featured
      'Trust Wallet',
      'Coinbase Wallet',
      'Rainbow',
      'Gamma Wallet', // external
      ...recommended.data.map((w: { name: string }) => w.name), // recommended
    ]
    const list = await until(() => deep(view, 'wui-wallet-list'), 'the list')
    // The groups come from the real server's 2,000-wallet registry: on a loaded CI machine
    // (the other lane runs the server's own suites) they took more than 10 s once.
    await until(() => deepAll(list, '.name').length === expected.length, 'every group', 20_000)
    expect(deepAll(list, '.name').map((n) => n.textContent)).to.deep.equal(expected)
    // Registry images come from the server (http on loopback is allowed for it).
    const img = deep(list, `button[data-id="registry:metamask"] img`) as HTMLImageElement
    expect(img.getAttribute('src')).to.equal(`${server.url}/v1/wallets/metamask/image`)

    // A featured wallet that is not installed shows its links in AllWallets.
    ;(deep(list, 'button[data-id="registry:rainbow"]') as HTMLButtonElement).click()
    const all = await until(() => deep(modal, 'w3m-router', 'w3m-all-wallets-view'), 'AllWallets')
    const details = await until(() => deep(all, '.details'), 'the details')
    expect(details.querySelector('.headline')?.textContent).to.equal('Rainbow')
    // And "All Wallets" is reachable from Connect.
    await expect(modal).to.be.accessible()
  })
})

describe('wui-wallet-image', () => {
  it('shows the image once it loaded', async () => {
    const image = await fixture<WuiWalletImage>(
      html`<wui-wallet-image .src=${`${server.url}/v1/wallets/metamask/image`} name="MetaMask"></wui-wallet-image>`,
    )
    await until(() => image.shadowRoot?.querySelector('img'), 'the image', 5000)
    await expect(image).to.be.accessible()
  })

  it('keeps a monogram when the image takes longer than 2 s, fails or is not http(s)', async function () {
    this.timeout(15_000)
    const slow = await fixture<WuiWalletImage>(
      html`<wui-wallet-image .src=${`${location.origin}/__openmodal/slow-image.svg`} name="Slow Wallet"></wui-wallet-image>`,
    )
    expect(slow.state).to.equal('loading')
    expect(slow.shadowRoot?.querySelector('.monogram')?.textContent).to.equal('SW')
    // The server answers after 5 s; the preload gives up at 2 s.
    await until(() => slow.state === 'fallback', 'the timeout', 4500)
    expect(slow.shadowRoot?.querySelector('img')).to.equal(null)

    const broken = await fixture<WuiWalletImage>(
      html`<wui-wallet-image src=${`${server.url}/v1/wallets/nope/image`} name="Broken"></wui-wallet-image>`,
    )
    await until(() => broken.state === 'fallback', 'the error fallback')
    for (const src of ['javascript:alert(1)', 'ftp://example.com/a.png', 'data:text/html,x']) {
      const unsafe = await fixture<WuiWalletImage>(
        html`<wui-wallet-image .src=${src} name="Unsafe"></wui-wallet-image>`,
      )
      expect(unsafe.state).to.equal('fallback')
      expect(unsafe.shadowRoot?.querySelector('img')).to.equal(null)
    }
    await expect(slow).to.be.accessible()
  })
})

describe('network icons from the server', () => {
  afterEach(() => resetAll())

  it('the network button and the Networks view show the server’s icons; a missing one falls back', async function () {
    this.timeout(60_000)
    performance.clearResourceTimings()
    const local = {
      ...optimism,
      id: 31337,
      caipNetworkId: 'eip155:31337' as const,
      name: 'Local chain',
    }
    // No imageUrl of the host's: Ethereum's icon is asked by its CAIP-2 id, OP's by imageId.
    const ethereum = { ...mainnet, assets: {} }
    setupClient(
      { wallets: [] },
      {
        projectId: server.projectId,
        apiUrl: server.url,
        networks: [ethereum, { ...optimism, assets: { imageId: 'optimism' } }, local],
      },
    )
    await until(
      () => $networks.get().filter((n) => n.assets?.imageUrl).length === 2,
      'two network icons',
      20_000,
    )
    const button = await fixture(html`<w3m-network-button></w3m-network-button>`)
    const image = await until(() => deep<HTMLImageElement>(button, 'img'), 'the button icon')
    expect(image.src).to.match(/^data:image\/svg\+xml,/)
    expect(decodeURIComponent(image.src)).to.contain('class="web3icons"')
    await until(() => image.complete && image.naturalWidth > 0, 'the icon drawn')

    const modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
    reset('Networks')
    openModal()
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-networks-view'), 'Networks')
    const rows = await until(() => {
      const found = deepAll(view, 'button[data-network]')
      return found.length === 3 ? found : undefined
    }, 'three rows')
    const icons = rows.map((row) => row.querySelector('img')?.getAttribute('src') ?? 'fallback')
    expect(icons.map((src) => src.slice(0, 19))).to.deep.equal([
      'data:image/svg+xml,',
      'data:image/svg+xml,',
      // The server has no icon of a local chain (404): the generic network icon.
      'fallback',
    ])
    expect(rows[2]?.querySelector('.image svg')).to.not.equal(null)
    await expect(modal).to.be.accessible()

    // Nothing went to a host the test did not start: the page's own and the server's.
    const origins = new Set(
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin),
    )
    origins.delete(location.origin)
    origins.delete(new URL(server.url).origin)
    expect([...origins]).to.deep.equal([])
  })
})
