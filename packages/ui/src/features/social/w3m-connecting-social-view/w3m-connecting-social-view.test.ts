// ConnectingSocial from the Connect view's social buttons, against the frame side's stand-in
// (test/embedded-fixtures.ts) and a stand-in popup; the real popup, secure frame, server and
// provider stand-ins run in the demo's end-to-end test (apps/demo/e2e/social.test.mjs).
import { expect, fixture, html } from '@open-wc/testing'
import {
  $activeAccount,
  $modal,
  $remoteConfig,
  BaseError,
  openModal,
  reset,
  setLocale,
  setThemeMode,
  storage,
} from '@openmodal/core/internal'
import { loadLocale } from '../../../i18n/index.js'
import '../../../test/define-modal.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import { AUTH_ID, embeddedStandIn } from '../../../test/embedded-fixtures.js'
import { deep, resetAll, settle, setupClient, until } from '../../../test/helpers.js'

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

/** A stand-in for the window `window.open` gives, recording where it is sent. */
function fakePopup() {
  const popup = {
    closed: false,
    location: { href: '' },
    close() {
      popup.closed = true
    },
  }
  return popup
}

describe('ConnectingSocial', () => {
  let modal: W3mModal
  const open = window.open
  let opened: { url: string | URL | undefined; features: string | undefined }[]
  let popups: ReturnType<typeof fakePopup>[]
  let block: boolean

  beforeEach(async () => {
    opened = []
    popups = []
    block = false
    window.open = ((url?: string | URL, _target?: string, features?: string) => {
      opened.push({ url, features })
      if (block) return null
      const popup = fakePopup()
      popup.location.href = String(url)
      popups.push(popup)
      return popup as unknown as Window
    }) as typeof window.open
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => {
    window.open = open
    resetAll()
  })

  /** Connect with the server reporting `providers`; clicks `provider`'s button. */
  async function pick(provider: string, standIn = embeddedStandIn(), popups = 1) {
    setupClient({}, { embeddedWallet: standIn.entry, features: { socials: ['github', 'discord'] } })
    await until(() => $remoteConfig.get().status !== 'loading', 'the dropped config request')
    $remoteConfig.set({
      status: 'loaded',
      config: {
        projectId: 'test-project',
        name: 'Test',
        features: {
          email: true,
          socials: ['github', 'discord'],
          swaps: false,
          onramp: false,
          activity: true,
          reownBranding: false,
        },
        allowedOrigins: [],
        chains: [],
        socialProviders: ['github', 'discord'],
      },
      ignored: [],
    })
    reset('Connect')
    openModal()
    await modal.updateComplete
    const connect = await until(() => deep(modal, 'w3m-router', 'w3m-connect-view'), 'Connect')
    const button = await until(
      () => deep(connect, `[data-provider="${provider}"]`) as HTMLButtonElement | null,
      `the ${provider} button`,
    )
    button.click()
    // Synchronously, inside the click: no await between the click and window.open.
    expect(opened).to.have.length(popups)
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-connecting-social-view'),
      'ConnectingSocial',
    )
    return { view, standIn }
  }

  it('opens a 600×800 popup at /loading in the click, sends it to the provider, connects', async () => {
    const { view, standIn } = await pick('discord')
    expect(opened[0]?.url).to.equal('https://secure.example/loading')
    expect(opened[0]?.features).to.match(/width=600,height=800/)
    await until(() => view.shadowRoot?.querySelector('[data-status="popup_opened"]'), 'opened')
    expect(popups[0]?.location.href).to.equal('https://provider.example/authorize?provider=discord')
    expect(text(deep(view, '[data-status-text]'))).to.equal(
      'Sign in with Discord in the window that opened.',
    )
    await settle()
    await expect(modal).to.be.accessible()
    setThemeMode('dark')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await until(() => text(deep(modal, '#title')) === 'تسجيل الدخول الاجتماعي', 'the Arabic title')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('en')
    setThemeMode('light')

    standIn.finishSocial({ email: null, userName: 'alice#0' })
    await until(() => !$modal.get().open, 'the modal closes')
    expect($activeAccount.get().connectedWalletInfo?.identifier).to.equal(AUTH_ID)
    expect(storage.get('socialUsername')).to.equal('alice')
    expect(storage.get('socialProvider')).to.equal('discord')
    expect(storage.get('emailLoginUsed')).to.equal(true)
    expect(popups[0]?.closed, 'the popup is closed after the login').to.equal(true)
  })

  it('"Popup closed" when the visitor closes it; Try again opens a new one and logs in', async () => {
    const { view, standIn } = await pick('github')
    await until(() => view.shadowRoot?.querySelector('[data-status="popup_opened"]'), 'opened')
    popups[0]?.close()
    await until(() => deep(view, '[data-error]'), 'the error', 4_000)
    expect(text(deep(view, '[data-error]'))).to.equal('Popup closed')
    expect(standIn.calls).to.include('abort')
    ;(deep(view, '[part="retry-button"]') as HTMLButtonElement).click()
    expect(opened).to.have.length(2)
    await until(() => view.shadowRoot?.querySelector('[data-status="popup_opened"]'), 'again')
    standIn.finishSocial({ email: 'octo@example.com', userName: 'octocat' })
    await until(() => !$modal.get().open, 'the modal closes')
    expect($activeAccount.get().status).to.equal('connected')
    expect($activeAccount.get().connectedWalletInfo?.email).to.equal('octo@example.com')
    expect(storage.get('socialUsername')).to.equal('octocat')
    // Account shows the social username, and no e-mail change for a social login.
    reset('Account')
    openModal()
    const account = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'Account')
    await until(() => deep(account, '[data-email]'), 'the name')
    expect(text(deep(account, '[data-email]'))).to.equal('octocat')
    expect(deep(account, '[part="update-email-button"]')).to.equal(null)
  })

  it('a provider error: "Failed to initiate social connection"', async () => {
    const standIn = embeddedStandIn({ socialStartError: new BaseError('SOCIAL_FAILED') })
    const { view } = await pick('github', standIn)
    await until(() => deep(view, '[data-error]'), 'the error')
    expect(text(deep(view, '[data-error]'))).to.equal('Failed to initiate social connection')
    expect(popups[0]?.closed, 'the popup is closed').to.equal(true)
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('a blocked popup: the view offers a click that opens it', async () => {
    block = true
    const { view, standIn } = await pick('github')
    await until(() => deep(view, '[data-blocked]'), 'blocked')
    expect(text(deep(view, '[data-blocked]'))).to.equal('Your browser blocked the GitHub window.')
    expect(standIn.calls).to.not.include('socialRedirect:github')
    block = false
    const button = deep(view, '[part="retry-button"]') as HTMLButtonElement
    expect(text(button)).to.equal('Open GitHub')
    button.click()
    await until(() => view.shadowRoot?.querySelector('[data-status="popup_opened"]'), 'opened')
    expect(standIn.calls).to.include('socialRedirect:github')
  })

  it('in a Telegram mini app: no popup, the page itself is to go to the provider', async () => {
    // Spec §6: `window.Telegram.WebApp`. The provider refuses here, so the page stays (a URL
    // would send this test page to it).
    ;(window as unknown as { Telegram?: unknown }).Telegram = { WebApp: {} }
    try {
      const standIn = embeddedStandIn({ socialStartError: new BaseError('SOCIAL_FAILED') })
      const { view } = await pick('github', standIn, 0)
      await until(() => deep(view, '[data-error]'), 'the error')
      expect(text(deep(view, '[data-error]'))).to.equal('Failed to initiate social connection')
      expect(standIn.calls).to.include('socialRedirect:github')
      expect(deep(view, '[data-blocked]')).to.equal(null)
      expect(storage.get('telegramSocialProvider')).to.equal(undefined)
    } finally {
      delete (window as unknown as { Telegram?: unknown }).Telegram
    }
  })
})
