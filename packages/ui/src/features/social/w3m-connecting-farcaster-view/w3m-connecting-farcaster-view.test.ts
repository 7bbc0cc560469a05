// ConnectingFarcaster against the frame side's stand-in (test/embedded-fixtures.ts): the QR
// code and the link of the relay channel, the login, the cancel when the modal closes, and
// "Failed to connect to farcaster". The real frame, server relay and phone run in the server's
// social browser test.
import { expect, fixture, html } from '@open-wc/testing'
import {
  $activeAccount,
  $modal,
  $remoteConfig,
  BaseError,
  closeModal,
  openModal,
  reset,
  setLocale,
  setThemeMode,
  storage,
} from '@openmodal/core/internal'
import { loadLocale } from '../../../i18n/index.js'
import '../../../test/define-modal.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import { decodeQr } from '../../../test/decode-qr.js'
import { AUTH_ID, embeddedStandIn } from '../../../test/embedded-fixtures.js'
import { deep, resetAll, settle, setupClient, until } from '../../../test/helpers.js'

const URL_ = 'https://farcaster.xyz/~/siwf?channelToken=test-channel'
const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

describe('ConnectingFarcaster', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  async function show(standIn = embeddedStandIn()) {
    setupClient({}, { embeddedWallet: standIn.entry })
    reset('ConnectingFarcaster')
    openModal()
    await modal.updateComplete
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-connecting-farcaster-view'),
      'ConnectingFarcaster',
    )
    return { view, standIn }
  }

  it('shows the QR code and the link, connects when the phone signed in', async () => {
    const { view, standIn } = await show()
    const qr = await until(() => deep(view, '[part="qr"]'), 'the QR code')
    expect(qr.dataset.uri).to.equal(URL_)
    await until(() => qr.shadowRoot?.querySelector('[part="qr"] svg'), 'the drawn QR code')
    expect(await decodeQr(qr)).to.equal(URL_)
    const link = deep(view, '[part="open-link"]') as HTMLAnchorElement
    expect(link.href).to.equal(URL_)
    expect(link.rel).to.equal('noopener noreferrer')
    expect(text(deep(view, '[data-hint]'))).to.equal(
      "Scan with your phone's camera or the Farcaster app to sign in.",
    )
    await settle()
    await expect(modal).to.be.accessible()
    setThemeMode('dark')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await until(
      () => text(deep(view, '[part="open-link"]')) === 'افتح Farcaster على هذا الجهاز',
      'the Arabic link',
    )
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('en')
    setThemeMode('light')

    standIn.finishSocial({ email: null, userName: 'dwr' })
    await until(() => !$modal.get().open, 'the modal closes')
    expect($activeAccount.get().connectedWalletInfo?.identifier).to.equal(AUTH_ID)
    expect(storage.get('socialUsername')).to.equal('dwr')
    expect(storage.get('socialProvider')).to.equal('farcaster')
    expect(standIn.calls).to.not.include('cancelFarcaster')
  })

  it('closing the modal cancels the login at the server', async () => {
    const { view, standIn } = await show()
    await until(() => deep(view, '[part="qr"]'), 'the QR code')
    closeModal()
    await until(() => standIn.calls.includes('cancelFarcaster'), 'the cancel')
    expect($activeAccount.get().status).to.not.equal('connected')
  })

  it('"Failed to connect to farcaster"; Try again with the keyboard starts a new login', async () => {
    const standIn = embeddedStandIn()
    const { view } = await show(standIn)
    await until(() => deep(view, '[part="qr"]'), 'the QR code')
    standIn.finishSocial()
    await until(() => deep(view, '[data-error]'), 'the error')
    expect(text(deep(view, '[data-error]'))).to.equal('Failed to connect to farcaster')
    expect(deep(view, '[part="qr"]')).to.equal(null)
    await settle()
    await expect(modal).to.be.accessible()
    const retry = deep(view, '[part="retry-button"]') as HTMLButtonElement
    retry.focus()
    expect(view.shadowRoot?.activeElement).to.equal(retry)
    retry.click()
    await until(() => deep(view, '[part="qr"]'), 'a new QR code')
    expect(standIn.calls.filter((call) => call === 'farcasterUri')).to.have.length(2)
  })

  it('Connect offers Farcaster only when the server reports it working; its button opens the QR', async () => {
    const standIn = embeddedStandIn()
    const window_open = window.open
    let opened = 0
    window.open = (() => {
      opened++
      return null
    }) as typeof window.open
    try {
      setupClient(
        {},
        { embeddedWallet: standIn.entry, features: { socials: ['github', 'farcaster'] } },
      )
      await until(() => $remoteConfig.get().status !== 'loading', 'the dropped config request')
      const load = (socialProviders: ('github' | 'farcaster')[]) =>
        $remoteConfig.set({
          status: 'loaded',
          config: {
            projectId: 'test-project',
            name: 'Test',
            features: {
              email: true,
              socials: ['github', 'farcaster'],
              swaps: false,
              onramp: false,
              activity: true,
              reownBranding: false,
            },
            allowedOrigins: [],
            chains: [],
            socialProviders,
          },
          ignored: [],
        })
      load(['github'])
      reset('Connect')
      openModal()
      await modal.updateComplete
      const connect = await until(() => deep(modal, 'w3m-router', 'w3m-connect-view'), 'Connect')
      await until(() => deep(connect, '[data-provider="github"]'), 'the GitHub button')
      expect(deep(connect, '[data-provider="farcaster"]')).to.equal(null)
      load(['github', 'farcaster'])
      const button = await until(
        () => deep(connect, '[data-provider="farcaster"]') as HTMLButtonElement | null,
        'the Farcaster button',
      )
      expect(text(button)).to.equal('Continue with Farcaster')
      button.click()
      const view = await until(
        () => deep(modal, 'w3m-router', 'w3m-connecting-farcaster-view'),
        'ConnectingFarcaster',
      )
      await until(() => deep(view, '[part="qr"]'), 'the QR code')
      expect(opened, 'no popup').to.equal(0)
    } finally {
      window.open = window_open
    }
  })

  it('a server that refuses to start: the error, no QR code', async () => {
    const standIn = embeddedStandIn({ socialStartError: new BaseError('SOCIAL_FAILED') })
    const { view } = await show(standIn)
    await until(() => deep(view, '[data-error]'), 'the error')
    expect(text(deep(view, '[data-error]'))).to.equal('Failed to connect to farcaster')
    expect(deep(view, '[part="open-link"]')).to.equal(null)
  })
})
