// The public buttons, createModal, the entry points, the catalog and the URL guard.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $activeNetwork,
  $locale,
  $modal,
  $options,
  $view,
  closeModal,
  connect,
  setLocale,
  setThemeMode,
  setThemeVariables,
} from '@openmodal/core/internal'
import { sendKeys } from '@web/test-runner-commands'
import { createModal } from '../exports/index.js'
import { ar } from '../i18n/ar.js'
// The connect feature's strings (the Connect views load them).
import '../features/connect/strings/en.js'
import { tParts } from '../i18n/coded.js'
import { en } from '../i18n/en.js'
import { enViews } from '../i18n/en-views.js'
import { dirFor, loadLocale, registerCatalog, t } from '../i18n/index.js'
import {
  deep,
  focused,
  mainnet,
  optimism,
  resetAll,
  rgb,
  settle,
  setupClient,
  until,
} from '../test/helpers.js'
import { safeImageUrl, safeLinkUrl } from '../utils/safe-url.js'
import './w3m-button/w3m-button.js'
import './w3m-connect-button/w3m-connect-button.js'
import './w3m-network-button/w3m-network-button.js'
import type { W3mButton } from './w3m-button/w3m-button.js'
import type { W3mConnectButton } from './w3m-connect-button/w3m-connect-button.js'
import type { W3mNetworkButton } from './w3m-network-button/w3m-network-button.js'

const inner = (el: Element) => deep(el, 'button') as HTMLButtonElement

describe('public elements', () => {
  afterEach(() => resetAll())

  it('<w3m-connect-button> reads "Connect Wallet" and opens the modal on Connect', async () => {
    setupClient()
    const el = await fixture<W3mConnectButton>(html`<w3m-connect-button></w3m-connect-button>`)
    expect(inner(el).textContent?.trim()).to.equal('Connect Wallet')
    inner(el).click()
    expect($modal.get().open).to.equal(true)
    expect($view.get().view).to.equal('Connect')
    closeModal()
    await settle()
    await expect(el).to.be.accessible()
  })

  it('<w3m-connect-button> reads "Connecting…" while a connection is pending', async () => {
    const adapter = setupClient()
    const el = await fixture<W3mConnectButton>(html`<w3m-connect-button></w3m-connect-button>`)
    const held = adapter.holdNextConnect()
    const pending = connect({ connectorId: 'io.alpha' })
    await el.updateComplete
    expect(inner(el).textContent?.trim()).to.equal('Connecting…')
    expect(inner(el).getAttribute('aria-busy')).to.equal('true')
    held.release()
    await pending
  })

  it('<w3m-button> reads "Connecting…" while a reload reconnects the wallet, then the account', async () => {
    let answer = () => {}
    const reconnectGate = new Promise<void>((resolve) => {
      answer = resolve
    })
    setupClient(
      { authorized: ['io.alpha'], reconnectGate },
      {},
      { connectedConnectorIds: { eip155: 'io.alpha' } },
    )
    const el = await fixture<W3mButton>(html`<w3m-button></w3m-button>`)
    const button = () => deep(el, 'w3m-connect-button', 'button')
    await until(() => button()?.textContent?.trim() === 'Connecting…')
    expect(button()?.getAttribute('aria-busy')).to.equal('true')
    answer()
    await until(() => deep(el, 'w3m-account-button') !== null)
    await expect(el).to.be.accessible()
  })

  it('--w3m-accent reaches the connect button background', async () => {
    setupClient()
    const el = await fixture<W3mConnectButton>(html`<w3m-connect-button></w3m-connect-button>`)
    expect(rgb(getComputedStyle(inner(el)).backgroundColor)).to.deep.equal([23, 105, 209])
    setThemeVariables({ '--w3m-accent': 'rgb(1, 2, 3)' })
    await el.updateComplete
    expect(el.style.getPropertyValue('--w3m-accent')).to.equal('rgb(1, 2, 3)')
    // The button fades colour changes over 100 ms.
    await until(
      () => getComputedStyle(inner(el)).backgroundColor === 'rgb(1, 2, 3)',
      'the accent background',
    )
  })

  it('<w3m-button> shows the connect button, then the account button once connected', async () => {
    setupClient()
    const el = await fixture<W3mButton>(html`<w3m-button></w3m-button>`)
    expect(deep(el, 'w3m-connect-button')).to.not.equal(null)
    await connect({ connectorId: 'io.alpha' })
    await el.updateComplete
    const account = deep(el, 'w3m-account-button') as HTMLElement
    expect(account).to.not.equal(null)
    await until(() => deep(account, '[data-balance]'), 'the balance')
    const button = inner(account)
    expect(deep(account, '[data-address]')?.textContent).to.equal('0x11…111111')
    expect(deep(account, '[data-balance]')?.textContent).to.equal('1.234 ETH')
    await settle()
    await expect(el).to.be.accessible()
    const light = rgb(getComputedStyle(button).backgroundColor)
    setThemeMode('dark')
    await settle()
    expect(rgb(getComputedStyle(button).backgroundColor)).to.not.deep.equal(light)
    await settle()
    await expect(el).to.be.accessible()
    button.click()
    expect($modal.get().open).to.equal(true)
    expect($view.get().view).to.equal('Account')
  })

  it('<w3m-network-button> shows the active network, the unsupported state, and opens Networks', async () => {
    const adapter = setupClient()
    const el = await fixture<W3mNetworkButton>(html`<w3m-network-button></w3m-network-button>`)
    expect(deep(el, '[part="name"]')?.textContent).to.equal('Ethereum')
    expect(deep(el, 'img')?.getAttribute('src')).to.equal(mainnet.assets?.imageUrl)
    await settle()
    await expect(el).to.be.accessible()
    await connect({ connectorId: 'io.alpha' })
    adapter.emit({ type: 'chainChanged', chainId: 4242 })
    closeModal()
    await el.updateComplete
    expect(deep(el, '[part="name"]')?.textContent).to.equal('Unsupported network')
    expect(inner(el).dataset.unsupported).to.equal('true')
    inner(el).click()
    expect($modal.get().open).to.equal(true)
    expect($view.get().view).to.equal('Networks')
  })

  it('focus() on any public button host, then Enter, opens the modal (focus is delegated)', async () => {
    setupClient()
    const host = await fixture<HTMLElement>(html`<div>
      <w3m-button></w3m-button>
      <w3m-connect-button></w3m-connect-button>
      <w3m-network-button></w3m-network-button>
    </div>`)
    const press = async (tag: string, view: string) => {
      closeModal()
      await settle()
      const el = host.querySelector(tag) as HTMLElement
      el.focus()
      // The focus went into the element's own button: a real Enter key press clicks it.
      expect(focused()?.tagName, tag).to.equal('BUTTON')
      await sendKeys({ press: 'Enter' })
      await until(() => $modal.get().open, `${tag} to open the modal`)
      expect($view.get().view, tag).to.equal(view)
    }
    await press('w3m-button', 'Connect')
    await press('w3m-connect-button', 'Connect')
    await press('w3m-network-button', 'Networks')
    closeModal()
    await connect({ connectorId: 'io.alpha' })
    const button = host.querySelector('w3m-button') as W3mButton
    await button.updateComplete
    await until(() => deep(button, 'w3m-account-button'), 'the account button')
    await press('w3m-button', 'Account')
  })

  it('speaks the locale: Arabic labels, right to left, re-rendered on change', async () => {
    setupClient()
    const el = await fixture<W3mConnectButton>(html`<w3m-connect-button></w3m-connect-button>`)
    setLocale('ar')
    // The Arabic catalog loads on first use; the button re-renders when it arrives.
    await until(() => inner(el).textContent?.trim() === 'ربط المحفظة')
    expect(inner(el).getAttribute('dir')).to.equal('rtl')
    await settle()
    await expect(el).to.be.accessible()
    // A locale no catalog speaks for (French now ships, so no longer `fr-CA`).
    setLocale('it-IT')
    await el.updateComplete
    expect(inner(el).textContent?.trim()).to.equal('Connect Wallet')
  })
})

describe('createModal', () => {
  afterEach(() => {
    for (const el of document.querySelectorAll('w3m-modal')) el.remove()
    resetAll()
  })

  const options = { projectId: 'p', networks: [mainnet, optimism] }

  it('appends one <w3m-modal> to the body, never two, and returns the core instance', () => {
    const instance = createModal(options)
    createModal(options)
    expect(document.body.querySelectorAll('w3m-modal')).to.have.length(1)
    expect(customElements.get('w3m-button')).to.not.equal(undefined)
    instance.open({ view: 'Networks' })
    expect($modal.get().open).to.equal(true)
    expect(instance.getState().view).to.equal('Networks')
    instance.close()
  })

  it('appends nothing with disableAppendToBody or enableEmbedded', () => {
    createModal({ ...options, disableAppendToBody: true })
    expect(document.querySelector('w3m-modal')).to.equal(null)
    createModal({ ...options, enableEmbedded: true })
    expect(document.querySelector('w3m-modal')).to.equal(null)
    expect($options.get()?.enableEmbedded).to.equal(true)
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:1')
  })
})

describe('catalog and URL guard', () => {
  afterEach(() => setLocale('en'))

  it('translates with parameters and falls back to English for unknown locales and keys', async () => {
    expect(t('connecting.continueIn', { name: 'Alpha' })).to.equal('Continue in Alpha')
    setLocale('ar')
    await loadLocale('ar')
    expect(t('connecting.continueIn', { name: 'Alpha' })).to.equal('تابع في Alpha')
    setLocale('ar-EG')
    expect(t('modal.close')).to.equal('إغلاق')
    setLocale('xx')
    expect(t('modal.close')).to.equal('Close')
    registerCatalog('fr', { 'modal.close': 'Fermer' })
    setLocale('fr')
    expect(t('modal.close')).to.equal('Fermer')
    expect(t('modal.back')).to.equal('Back')
    expect($locale.get()).to.equal('fr')
    setLocale('en')
    expect(tParts('legal.terms')).to.deep.equal([
      'By connecting your wallet, you agree to our ',
      { slot: 'terms' },
      '.',
    ])
  })

  it('knows the direction of a locale and has every English key in Arabic', () => {
    expect(dirFor('ar')).to.equal('rtl')
    expect(dirFor('he-IL')).to.equal('rtl')
    expect(dirFor('en')).to.equal('ltr')
    expect(Object.keys(ar).sort()).to.deep.equal(Object.keys({ ...en, ...enViews }).sort())
  })

  it('lets only data:image and https image URLs, and http(s) links, through', () => {
    expect(safeImageUrl('https://example.com/a.png')).to.equal('https://example.com/a.png')
    expect(safeImageUrl('data:image/png;base64,AAAA')).to.equal('data:image/png;base64,AAAA')
    expect(safeImageUrl('http://example.com/a.png')).to.equal(undefined)
    expect(safeImageUrl('javascript:alert(1)')).to.equal(undefined)
    expect(safeImageUrl('data:text/html,<script>')).to.equal(undefined)
    expect(safeImageUrl(42)).to.equal(undefined)
    expect(safeLinkUrl('http://example.com/terms')).to.equal('http://example.com/terms')
    expect(safeLinkUrl('javascript:alert(1)')).to.equal(undefined)
  })
})
