// Connect: method order, wallet list, empty state, legal footer.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $recentWallets,
  $remoteConfig,
  $view,
  closeModal,
  openModal,
  reset,
  setLocale,
  setThemeMode,
} from '@openmodal/core/internal'
import { sendKeys, setViewport } from '@web/test-runner-commands'
import '../../../test/define-modal.js'
import { loadLocale } from '../../../i18n/index.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import {
  deep,
  deepAll,
  focused,
  resetAll,
  settle,
  setupClient,
  until,
  WALLETS,
  walletIcon,
} from '../../../test/helpers.js'
import {
  availableMethods,
  connectMethodOrder,
  legalCheckbox,
  usableSocials,
  walletsCollapsed,
} from './w3m-connect-view.js'

const AUTH = { id: 'openmodal.auth', name: 'Email and socials', type: 'AUTH' as const }

async function openConnect(modal: W3mModal) {
  reset('Connect')
  openModal()
  await modal.updateComplete
  return until(() => deep(modal, 'w3m-router', 'w3m-connect-view'), 'the connect view')
}

/**
 * What a project's server answers once its config loaded: every feature on, and `providers` as
 * the social providers it can log in with. Set after the test server's own answer (it drops
 * config requests) has settled, so that answer cannot overwrite it.
 */
async function serverReports(
  providers: readonly string[] | undefined,
  features: { reownBranding?: boolean; socials?: string[] } = {},
) {
  await until(() => $remoteConfig.get().status !== 'loading', 'the dropped config request')
  $remoteConfig.set({
    status: 'loaded',
    config: {
      projectId: 'test-project',
      name: 'Test',
      features: {
        email: true,
        socials: ['google', 'github', 'apple', 'facebook', 'x', 'discord'],
        swaps: true,
        onramp: true,
        activity: true,
        reownBranding: false,
        // The providers as the server names them (checked by the config's own schema there).
        ...(features as object),
      },
      allowedOrigins: [],
      chains: [],
      ...(providers ? { socialProviders: providers as never } : {}),
    },
    ignored: [],
  })
}

const methodsOf = (view: HTMLElement) =>
  deepAll(view, 'section[data-method]').map((s) => s.dataset.method)

describe('Connect view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => {
    legalCheckbox.accepted = false
    resetAll()
  })

  it('orders methods per spec §2: email, social, wallet; wallet first when one is present', () => {
    const external = [{ type: 'EXTERNAL' as const }, { type: 'AUTH' as const }]
    expect(connectMethodOrder(undefined, external)).to.deep.equal(['email', 'social', 'wallet'])
    for (const type of ['INJECTED', 'ANNOUNCED', 'MULTI_CHAIN'] as const) {
      expect(connectMethodOrder(undefined, [...external, { type }])).to.deep.equal([
        'wallet',
        'email',
        'social',
      ])
    }
    expect(
      connectMethodOrder(['social', 'wallet', 'email'], [{ type: 'ANNOUNCED' }]),
    ).to.deep.equal(['social', 'wallet', 'email'])
    const options = { features: { email: true, socials: ['google'] } } as never
    expect(
      availableMethods(['email', 'social', 'wallet'], external, options, ['google']),
    ).to.deep.equal(['email', 'social', 'wallet'])
    // No embedded-wallet connector: e-mail and social cannot work, so they are not offered.
    expect(
      availableMethods(['email', 'social', 'wallet'], [{ type: 'EXTERNAL' }], options, ['google']),
    ).to.deep.equal(['wallet'])
  })
  it('offers a social provider only when the server reports it working and the project lists it', () => {
    const external = [{ type: 'AUTH' as const }]
    const options = { features: { email: true, socials: ['google', 'github'] } } as never
    // The server's config not loaded, or an older server: no social button at all.
    expect(availableMethods(['email', 'social'], external, options)).to.deep.equal(['email'])
    expect(availableMethods(['email', 'social'], external, options, [])).to.deep.equal(['email'])
    // Configured on the server but not in features.socials: not offered either.
    expect(availableMethods(['email', 'social'], external, options, ['x'])).to.deep.equal(['email'])
    expect(
      usableSocials({ socials: ['github', 'google', 'x'] }, ['google', 'github', 'discord']),
    ).to.deep.equal(['github', 'google'])
    expect(usableSocials({ socials: false }, ['google'])).to.deep.equal([])
  })
  it('shows no social button while the server reports no working provider', async () => {
    setupClient({ wallets: [{ id: 'io.ext', name: 'Ext', type: 'EXTERNAL' }, AUTH] })
    await serverReports(undefined)
    let view = await openConnect(modal)
    await until(() => methodsOf(view).length === 2, 'two methods')
    expect(methodsOf(view)).to.deep.equal(['email', 'wallet'])
    expect(deepAll(view, '[data-provider]')).to.have.length(0)
    expect(view.shadowRoot?.textContent).to.not.contain('Continue with Google')
    closeModal()

    // Every provider in features.socials, only GitHub working on the server: GitHub alone.
    await serverReports(['github'])
    view = await openConnect(modal)
    await until(() => methodsOf(view).length === 3, 'three methods')
    expect(deepAll(view, '[data-provider]').map((b) => b.dataset.provider)).to.deep.equal([
      'github',
    ])
    closeModal()

    // Telegram once the project lists it and its server has a bot: after the six, axe clean in
    // dark mode and right to left.
    await serverReports(['github', 'telegram'], {
      socials: ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'telegram'],
    })
    view = await openConnect(modal)
    await until(() => deepAll(view, '[data-provider]').length === 2, 'two providers')
    const buttons = deepAll(view, '[data-provider]')
    expect(buttons.map((b) => b.textContent?.trim())).to.deep.equal([
      'Continue with GitHub',
      'Continue with Telegram',
    ])
    expect(buttons[1]?.tagName).to.equal('BUTTON')
    setThemeMode('dark')
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await settle()
    expect(deep(view, '[data-provider="telegram"]')?.textContent).to.contain('Telegram')
    await expect(modal).to.be.accessible()
    setThemeMode('light')
  })
  it('renders the methods in that order, and the host override wins', async () => {
    setupClient({ wallets: [{ id: 'io.ext', name: 'Ext', type: 'EXTERNAL' }, AUTH] })
    await serverReports(['google', 'github'])
    let view = await openConnect(modal)
    await until(() => methodsOf(view).length === 3, 'three methods')
    expect(methodsOf(view)).to.deep.equal(['email', 'social', 'wallet'])
    expect(deepAll(view, '[data-provider]').map((b) => b.textContent?.trim())[0]).to.equal(
      'Continue with Google',
    )
    closeModal()

    setupClient({ wallets: [{ id: 'io.alpha', name: 'Alpha', type: 'ANNOUNCED' }, AUTH] })
    await serverReports(['google'])
    view = await openConnect(modal)
    await until(() => methodsOf(view)[0] === 'wallet', 'wallet first')
    expect(methodsOf(view)).to.deep.equal(['wallet', 'email', 'social'])
    closeModal()

    setupClient(
      { wallets: [{ id: 'io.alpha', name: 'Alpha', type: 'ANNOUNCED' }, AUTH] },
      { connectMethodsOrder: ['social', 'email', 'wallet'] },
    )
    await serverReports(['google'])
    view = await openConnect(modal)
    await until(() => methodsOf(view).length === 3, 'three methods')
    expect(methodsOf(view)).to.deep.equal(['social', 'email', 'wallet'])
  })
  it('shows only the wallet list while no embedded-wallet connector exists', async () => {
    setupClient()
    const view = await openConnect(modal)
    await until(() => deep(view, 'wui-wallet-list'), 'the list')
    expect(methodsOf(view)).to.deep.equal(['wallet'])
    expect(view.shadowRoot?.textContent).to.not.contain('Continue with email')
  })
  it('lists the adapter connectors with safe icons, names and Installed/Recent tags', async () => {
    setupClient()
    $recentWallets.set([{ id: 'io.gamma' }])
    const view = await openConnect(modal)
    const list = await until(() => deep(view, 'wui-wallet-list'), 'the list')
    const buttons = await until(() => {
      const found = deepAll(list, 'button')
      return found.length === 3 ? found : null
    }, 'three wallets')
    // Recent first (spec §2 group order), then the announced ones in discovery order.
    expect(buttons.map((b) => b.querySelector('.name')?.textContent)).to.deep.equal([
      'Gamma Wallet',
      'Alpha Wallet',
      'Beta Wallet',
    ])
    expect(buttons.map((b) => b.querySelector('.tag')?.textContent)).to.deep.equal([
      'Recent',
      'Installed',
      'Installed',
    ])
    expect(buttons[1]?.querySelector('img')?.getAttribute('src')).to.equal(walletIcon)
    // `javascript:` is not an image URL: the placeholder icon is shown instead.
    expect(buttons[2]?.querySelector('img')).to.equal(null)
    expect(buttons[2]?.querySelector('svg')).to.not.equal(null)
    await settle()
    await expect(modal).to.be.accessible()
  })
  it('moves through the wallet list with the arrow keys, Home and End (one Tab stop)', async () => {
    setupClient()
    const view = await openConnect(modal)
    const list = await until(() => deep(view, 'wui-wallet-list'), 'the list')
    const buttons = await until(() => {
      const found = deepAll(list, 'button')
      return found.length === 3 ? found : null
    }, 'three wallets')
    expect(buttons.map((b) => b.tabIndex)).to.deep.equal([0, -1, -1])
    buttons[0]?.focus()
    await sendKeys({ press: 'ArrowDown' })
    expect(focused()).to.equal(buttons[1])
    expect(buttons.map((b) => b.tabIndex)).to.deep.equal([-1, 0, -1])
    await sendKeys({ press: 'End' })
    expect(focused()).to.equal(buttons[2])
    await sendKeys({ press: 'ArrowDown' })
    expect(focused()).to.equal(buttons[0])
    await sendKeys({ press: 'ArrowUp' })
    expect(focused()).to.equal(buttons[2])
    await sendKeys({ press: 'Home' })
    expect(focused()).to.equal(buttons[0])
  })

  it('keeps every wallet row inside the panel, a 1 MB name ellipsized, at 320 and 360 px', async function () {
    this.timeout(30_000)
    const huge = 'W'.repeat(1_000_000)
    try {
      for (const width of [320, 360]) {
        await setViewport({ width, height: 800 })
        setupClient({
          wallets: [...WALLETS, { id: 'io.huge', name: huge, rdns: 'io.huge' }],
        })
        const view = await openConnect(modal)
        const list = await until(() => deep(view, 'wui-wallet-list'), 'the list')
        const rows = await until(() => {
          const found = deepAll(list, 'button')
          return found.length === 4 ? found : null
        }, 'four wallets')
        await settle()
        const panel = (deep(modal, '.panel') as HTMLElement).getBoundingClientRect()
        expect(panel.width, `panel at ${width} px`).to.be.at.most(360)
        for (const row of rows) {
          const box = row.getBoundingClientRect()
          const id = row.dataset.id
          expect(box.left, `${id} at ${width} px`).to.be.at.least(panel.left)
          expect(box.right, `${id} at ${width} px`).to.be.at.most(panel.right)
          const tag = row.querySelector('.tag')?.getBoundingClientRect()
          if (tag) {
            expect(tag.left, `${id} tag at ${width} px`).to.be.at.least(box.left)
            expect(tag.right, `${id} tag at ${width} px`).to.be.at.most(box.right)
          }
        }
        const name = deep(list, 'button[data-id="io.huge"] .name') as HTMLElement
        expect(name.textContent).to.have.length(huge.length)
        // Ellipsized: the text is clipped inside the row, not laid out at its full width.
        expect(name.scrollWidth).to.be.greaterThan(name.clientWidth)
        expect(getComputedStyle(name).textOverflow).to.equal('ellipsis')
        expect(deep(list, 'button[data-id="io.huge"] .tag')?.textContent).to.equal('Installed')
        closeModal()
      }
    } finally {
      await setViewport({ width: 800, height: 600 })
    }
  })

  it('shows an empty state when no wallet is found', async () => {
    setupClient({ wallets: [] })
    const view = await openConnect(modal)
    await until(() => view.shadowRoot?.textContent?.includes('No wallet found'), 'empty state')
    expect(deep(view, 'wui-wallet-list')).to.equal(null)
  })
  it('shows the legal footer with terms and privacy links when the host set them', async () => {
    setupClient({}, {})
    let view = await openConnect(modal)
    await until(() => deep(view, 'wui-wallet-list'), 'the list')
    expect(deep(view, '[part="legal"]')).to.equal(null)
    closeModal()
    setupClient(
      {},
      {
        termsConditionsUrl: 'https://example.com/terms',
        privacyPolicyUrl: 'https://example.com/privacy',
      },
    )
    view = await openConnect(modal)
    const legal = await until(() => deep(view, '[part="legal"]'), 'legal footer')
    const links = [...legal.querySelectorAll('a')]
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([
      ['Terms of Service', 'https://example.com/terms'],
      ['Privacy Policy', 'https://example.com/privacy'],
    ])
    expect(links[0]?.getAttribute('rel')).to.equal('noopener noreferrer')
    expect(legal.textContent?.replace(/\s+/g, ' ').trim()).to.equal(
      'By connecting your wallet, you agree to our Terms of Service and Privacy Policy.',
    )
  })
  it('the wallet list passes axe in Arabic, right to left', async () => {
    setupClient()
    const view = await openConnect(modal)
    const list = await until(() => deep(view, 'wui-wallet-list'), 'the list')
    await until(() => deepAll(list, 'button[data-id]').length >= 3, 'the wallets')
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('legalCheckbox: no connect method works until the terms are accepted, and says why', async () => {
    const legal = {
      termsConditionsUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'https://example.com/privacy',
    }
    setupClient(
      { wallets: [{ id: 'io.ext', name: 'Ext', type: 'EXTERNAL' }, AUTH] },
      { ...legal, features: { legalCheckbox: true } },
    )
    await serverReports(['google'])
    const view = await openConnect(modal)
    await until(() => methodsOf(view).length === 3, 'three methods')
    const box = await until(() => deep<HTMLInputElement>(view, '#legal-accept'), 'the checkbox')
    expect(box.checked).to.equal(false)
    const label = deep(view, 'label[for="legal-accept"]')
    expect(label?.textContent?.replace(/\s+/g, ' ').trim()).to.equal(
      'I agree to the Terms of Service and the Privacy Policy.',
    )
    // The plain footer gives way to the checkbox.
    expect(deep(view, 'p.legal')).to.equal(null)
    const methods = deep(view, '.methods')
    expect(methods?.getAttribute('aria-disabled')).to.equal('true')
    const why = deep(view, '#legal-required')
    expect(methods?.getAttribute('aria-describedby')).to.equal('legal-required')
    expect(box.getAttribute('aria-describedby')).to.equal('legal-required')
    expect(why?.textContent).to.contain('Tick the box above to connect')
    await expect(modal).to.be.accessible()

    // E-mail, a social provider, All Wallets and a wallet (keyboard): each stays on Connect and
    // sends the focus to the checkbox.
    for (const selector of ['[data-method="email"] button', '[data-provider]', '.all-wallets']) {
      deep(view, '.methods')?.focus()
      deep<HTMLButtonElement>(view, selector)?.click()
      expect($view.get().view, selector).to.equal('Connect')
      expect(focused(), selector).to.equal(box)
    }
    const list = await until(() => deep(view, 'wui-wallet-list'), 'the list')
    const first = await until(() => deep<HTMLButtonElement>(list, 'button[data-id]'), 'a wallet')
    first.focus()
    await sendKeys({ press: 'Enter' })
    await settle()
    expect($view.get().view).to.equal('Connect')
    expect(focused()).to.equal(box)

    // Accepted with the keyboard: the methods work.
    await sendKeys({ press: 'Space' })
    await until(() => !deep(view, '.methods')?.hasAttribute('aria-disabled'), 'unlocked')
    expect(legalCheckbox.accepted).to.equal(true)
    expect(deep(view, '#legal-required')).to.equal(null)
    deep<HTMLButtonElement>(view, '[data-method="email"] button')?.click()
    expect($view.get().view).to.equal('EmailLogin')
  })
  it('legalCheckbox without terms or privacy links has nothing to accept: methods work', async () => {
    setupClient({}, { features: { legalCheckbox: true } })
    const view = await openConnect(modal)
    await until(() => deep(view, 'wui-wallet-list'), 'the list')
    expect(deep(view, '#legal-accept')).to.equal(null)
    expect(deep(view, '.methods')?.hasAttribute('aria-disabled')).to.equal(false)
    deep<HTMLButtonElement>(view, '.all-wallets')?.click()
    expect($view.get().view).to.equal('AllWallets')
  })
  it('collapseWallets and emailShowWallets: false put the list behind "All Wallets"', async () => {
    const all = { allWallets: true, collapseWallets: false, emailShowWallets: true }
    expect(walletsCollapsed(all, ['email', 'wallet'])).to.equal(false)
    expect(walletsCollapsed({ ...all, collapseWallets: true }, ['wallet'])).to.equal(true)
    expect(walletsCollapsed({ ...all, emailShowWallets: false }, ['email', 'wallet'])).to.equal(
      true,
    )
    // Without e-mail on the screen, emailShowWallets has nothing to hide the wallets beside.
    expect(walletsCollapsed({ ...all, emailShowWallets: false }, ['wallet'])).to.equal(false)
    // No "All Wallets" button: the list is the only way to the wallets, so it stays.
    expect(
      walletsCollapsed({ ...all, collapseWallets: true, allWallets: false }, ['wallet']),
    ).to.equal(false)

    setupClient({}, { features: { collapseWallets: true } })
    let view = await openConnect(modal)
    const button = await until(() => deep<HTMLButtonElement>(view, '.all-wallets'), 'All Wallets')
    expect(deep(view, 'wui-wallet-list')).to.equal(null)
    button.click()
    expect($view.get().view).to.equal('AllWallets')
    closeModal()

    // E-mail offered, emailShowWallets off: the first screen shows e-mail, wallets one step away.
    setupClient(
      { wallets: [{ id: 'io.ext', name: 'Ext', type: 'EXTERNAL' }, AUTH] },
      { features: { emailShowWallets: false } },
    )
    await serverReports([])
    view = await openConnect(modal)
    await until(() => methodsOf(view).length === 2, 'two methods')
    expect(deep(view, 'wui-wallet-list')).to.equal(null)
    expect(deep(view, '[data-method="wallet"] .all-wallets')).to.not.equal(null)
    closeModal()

    // The default (emailShowWallets on) lists the wallets beside e-mail.
    setupClient({ wallets: [{ id: 'io.ext', name: 'Ext', type: 'EXTERNAL' }, AUTH] })
    await serverReports([])
    view = await openConnect(modal)
    await until(() => deep(view, 'wui-wallet-list'), 'the list beside e-mail')
  })
  it('shows the "UX by OpenModal" footer only when the project turns branding on', async () => {
    setupClient()
    await serverReports([])
    let view = await openConnect(modal)
    await until(() => deep(view, 'wui-wallet-list'), 'the list')
    expect(deep(view, '[part="branding"]')).to.equal(null)
    closeModal()

    setupClient()
    await serverReports([], { reownBranding: true })
    view = await openConnect(modal)
    const line = await until(() => deep(view, '[part="branding"]'), 'the branding line')
    expect(line.textContent).to.equal('UX by OpenModal')
  })
})
