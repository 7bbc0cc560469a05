import { aTimeout, expect, fixture, html } from '@open-wc/testing'
import {
  $modal,
  $view,
  closeModal,
  kitError,
  openModal,
  push,
  reset,
  setCloseDisabled,
  setLocale,
  setModalCovered,
  setThemeMode,
  setThemeVariables,
  showAlert,
  showSnack,
} from '@openmodal/core/internal'
import { emulateMedia, sendKeys } from '@web/test-runner-commands'
import '../../elements/w3m-connect-button/w3m-connect-button.js'
import { tError } from '../../i18n/coded.js'
import { loadLocale } from '../../i18n/index.js'
import {
  deep,
  deepAll,
  focused,
  resetAll,
  rgb,
  settle,
  setupClient,
  until,
} from '../../test/helpers.js'
import '../../test/define-modal.js'
import { provideGroups, views } from '../../router/routes.js'
import type { W3mModal } from './w3m-modal.js'

const dialogOf = (modal: W3mModal) => deep<HTMLDialogElement>(modal, 'dialog') as HTMLDialogElement
const part = (modal: W3mModal, name: string) => deep(modal, `[part~="${name}"]`)

/** Runs `fn` with `view` unbuilt (no route): the router's "not available yet" state. */
async function withoutView(view: keyof typeof views, fn: () => Promise<void>) {
  const route = views[view]
  delete views[view]
  try {
    await fn()
  } finally {
    if (route) views[view] = route
  }
}

async function openOn(modal: W3mModal, ...views: Parameters<typeof reset>[0][]) {
  const [first, ...rest] = views
  reset(first ?? 'Connect')
  for (const view of rest) push(view)
  openModal()
  await modal.updateComplete
  await until(() => dialogOf(modal).open, 'the dialog to open')
}

describe('<w3m-modal>', () => {
  let modal: W3mModal

  beforeEach(async () => {
    setupClient()
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(async () => {
    resetAll()
    await emulateMedia({ reducedMotion: 'no-preference' })
  })

  it('loads a view group only on the first navigation to one of its views', async () => {
    // First test of the file: nothing has navigated to a network view yet.
    expect(customElements.get('w3m-networks-view')).to.equal(undefined)
    expect(customElements.get('w3m-unsupported-chain-view')).to.equal(undefined)
    await openOn(modal, 'Swap')
    expect(customElements.get('w3m-networks-view')).to.equal(undefined)
    push('Networks')
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-networks-view'), 'the view')
    expect(customElements.get('w3m-networks-view')).to.not.equal(undefined)
    // The whole group came with it.
    expect(customElements.get('w3m-unsupported-chain-view')).to.not.equal(undefined)
    expect(view.shadowRoot?.textContent).to.contain('OP Mainnet')
  })

  it('opens a modal dialog when $modal.open becomes true and closes it when false', async () => {
    const dialog = dialogOf(modal)
    expect(dialog.open).to.equal(false)
    expect(part(modal, 'panel')).to.equal(null)
    openModal()
    await modal.updateComplete
    expect(dialog.open).to.equal(true)
    expect(dialog.matches(':modal')).to.equal(true)
    expect(dialog.getBoundingClientRect().width).to.equal(360)
    closeModal()
    await modal.updateComplete
    expect(dialog.open).to.equal(false)
  })

  it('steps out of the top layer while the secure frame covers it, and comes back', async () => {
    // A page element standing for the secure frame: clickable only while no modal dialog is up.
    const frame = document.createElement('button')
    frame.textContent = 'Approve'
    frame.style.cssText = 'position:fixed;inset:0;z-index:999999'
    let clicks = 0
    frame.addEventListener('click', () => clicks++)
    document.body.append(frame)
    try {
      await openOn(modal, 'ApproveTransaction')
      const dialog = dialogOf(modal)
      // The modal dialog makes the page inert: the "frame" cannot take focus.
      frame.focus()
      expect(document.activeElement).to.not.equal(frame)
      setModalCovered(true)
      await until(() => !dialog.open, 'the dialog to step out')
      expect($modal.get().open).to.equal(true) // the store stays open: no "Modal closed"
      frame.focus()
      expect(document.activeElement).to.equal(frame)
      await sendKeys({ press: 'Enter' })
      expect(clicks).to.equal(1)
      setModalCovered(false)
      await until(() => dialog.open, 'the dialog to come back')
      expect(dialog.matches(':modal')).to.equal(true)
    } finally {
      setModalCovered(false)
      frame.remove()
    }
  })

  it('is labelled by the view title and shows the back button only with history', async () => {
    await openOn(modal, 'Connect')
    const dialog = dialogOf(modal)
    const title = deep(modal, `#${dialog.getAttribute('aria-labelledby')}`)
    expect(title?.textContent?.trim()).to.equal('Connect Wallet')
    expect(part(modal, 'back-button')).to.equal(null)
    push('Swap')
    await modal.updateComplete
    expect(title?.textContent?.trim()).to.equal('Swap')
    const back = part(modal, 'back-button') as HTMLButtonElement
    expect(back.getAttribute('aria-label')).to.equal('Back')
    back.click()
    await modal.updateComplete
    expect(title?.textContent?.trim()).to.equal('Connect Wallet')
  })

  it('closes on Escape through closeModal, and not while closeDisabled is set', async () => {
    await openOn(modal, 'Swap')
    setCloseDisabled(true)
    await modal.updateComplete
    expect(part(modal, 'close-button')).to.equal(null)
    await sendKeys({ press: 'Escape' })
    await aTimeout(50)
    expect($modal.get().open).to.equal(true)
    expect(dialogOf(modal).open).to.equal(true)
    // A second Escape (no user activation in between) must not close it either.
    await sendKeys({ press: 'Escape' })
    await aTimeout(50)
    expect(dialogOf(modal).open).to.equal(true)

    setCloseDisabled(false)
    await modal.updateComplete
    await sendKeys({ press: 'Escape' })
    await until(() => !dialogOf(modal).open, 'the dialog to close')
    expect($modal.get().open).to.equal(false)
  })

  it('lets the host veto a close by Escape, backdrop or close button (w3m-before-close)', async () => {
    await openOn(modal, 'Swap')
    const dialog = dialogOf(modal)
    const sources: string[] = []
    let veto = true
    const onBeforeClose = (event: GlobalEventHandlersEventMap['w3m-before-close']) => {
      expect(event.cancelable && event.bubbles && event.composed).to.equal(true)
      sources.push(event.source)
      if (veto) event.preventDefault()
    }
    // Listened for on the document: the event bubbles out of the element.
    document.addEventListener('w3m-before-close', onBeforeClose)
    try {
      await sendKeys({ press: 'Escape' })
      await aTimeout(50)
      // A second Escape without user activation: Chromium may close the dialog regardless.
      await sendKeys({ press: 'Escape' })
      await aTimeout(50)
      dialog.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
      dialog.click()
      ;(part(modal, 'close-button') as HTMLButtonElement).click()
      await modal.updateComplete
      expect($modal.get().open).to.equal(true)
      expect(dialog.open).to.equal(true)
      expect(sources).to.include.members(['keyboard', 'backdrop', 'close-button'])
      // A close the host asks for itself is not asked about.
      const asked = sources.length
      closeModal()
      await modal.updateComplete
      expect(dialog.open).to.equal(false)
      expect(sources.length).to.equal(asked)

      await openOn(modal, 'Swap')
      veto = false
      ;(part(modal, 'close-button') as HTMLButtonElement).click()
      await until(() => !dialogOf(modal).open, 'the dialog to close')
      expect($modal.get().open).to.equal(false)
    } finally {
      document.removeEventListener('w3m-before-close', onBeforeClose)
    }
  })

  it('lets the host veto a navigation (w3m-before-navigate)', async () => {
    await openOn(modal, 'Connect', 'Networks')
    const seen: string[] = []
    const onBeforeNavigate = (event: GlobalEventHandlersEventMap['w3m-before-navigate']) => {
      expect(event.cancelable && event.bubbles && event.composed).to.equal(true)
      seen.push(`${event.from.view}>${event.to.view}`)
      if (event.to.view === 'Connect') event.preventDefault()
    }
    modal.addEventListener('w3m-before-navigate', onBeforeNavigate)
    try {
      ;(part(modal, 'back-button') as HTMLButtonElement).click()
      await modal.updateComplete
      expect($view.get().view).to.equal('Networks')
      expect(seen).to.deep.equal(['Networks>Connect'])
      push('Swap')
      await modal.updateComplete
      expect(seen).to.deep.equal(['Networks>Connect', 'Networks>Swap'])
      expect($view.get().view).to.equal('Swap')
    } finally {
      modal.removeEventListener('w3m-before-navigate', onBeforeNavigate)
    }
  })

  it('closes when the backdrop is clicked but not when the panel is', async () => {
    await openOn(modal, 'Swap')
    const dialog = dialogOf(modal)
    const panel = part(modal, 'panel') as HTMLElement
    panel.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }))
    panel.click()
    expect($modal.get().open).to.equal(true)
    dialog.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    dialog.click()
    expect($modal.get().open).to.equal(false)
  })

  it('traps focus: Tab from the last control wraps to the first, Shift+Tab back to the last', async () => {
    await openOn(modal, 'Swap', 'Transactions')
    const back = part(modal, 'back-button') as HTMLElement
    const close = part(modal, 'close-button') as HTMLElement
    close.focus()
    expect(focused()).to.equal(close)
    await sendKeys({ press: 'Tab' })
    expect(focused()).to.equal(back)
    await sendKeys({ press: 'Shift+Tab' })
    expect(focused()).to.equal(close)
    // Walking forward never leaves the dialog.
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' })
      expect([back, close]).to.include(focused())
    }
  })

  it('wraps focus across the shadow roots of a view', async () => {
    setLocale('en')
    reset('Connect')
    openModal()
    await modal.updateComplete
    const list = await until(
      () => deep(modal, 'w3m-router', 'w3m-connect-view', 'wui-wallet-list'),
      'the wallet list',
    )
    const first = await until(() => deep(list, 'button'), 'a wallet button')
    const close = part(modal, 'close-button') as HTMLElement
    first.focus()
    await sendKeys({ press: 'Shift+Tab' })
    expect(focused()).to.equal(close)
    await sendKeys({ press: 'Tab' })
    expect(focused()).to.equal(first)
  })

  it('returns focus to the control that opened it, inside its shadow root', async () => {
    const opener = await fixture(html`<w3m-connect-button></w3m-connect-button>`)
    const button = deep(opener, 'button') as HTMLButtonElement
    button.focus()
    button.click()
    await modal.updateComplete
    expect(dialogOf(modal).open).to.equal(true)
    expect(focused()).to.not.equal(button)
    await sendKeys({ press: 'Escape' })
    await until(() => !dialogOf(modal).open, 'the dialog to close')
    expect(focused()).to.equal(button)
  })

  it('gives the modal z-index 999 by default and lets --w3m-z-index override it', async () => {
    await openOn(modal, 'Swap')
    expect(getComputedStyle(dialogOf(modal)).zIndex).to.equal('999')
    setThemeVariables({ '--w3m-z-index': 1234 })
    await modal.updateComplete
    expect(modal.style.getPropertyValue('--w3m-z-index')).to.equal('1234')
    expect(getComputedStyle(dialogOf(modal)).zIndex).to.equal('1234')
    setThemeVariables({ '--w3m-z-index': undefined })
    await modal.updateComplete
    modal.style.setProperty('--w3m-z-index', '42')
    expect(getComputedStyle(dialogOf(modal)).zIndex).to.equal('42')
    modal.style.removeProperty('--w3m-z-index')
  })

  it('applies the theme: dark mode changes the background, color mix tints it', async () => {
    await openOn(modal, 'Swap')
    const panel = part(modal, 'panel') as HTMLElement
    const light = rgb(getComputedStyle(panel).backgroundColor)
    expect(light).to.deep.equal([255, 255, 255])
    setThemeMode('dark')
    await modal.updateComplete
    expect(rgb(getComputedStyle(panel).backgroundColor)).to.deep.equal([20, 20, 20])
    setThemeVariables({ '--w3m-color-mix': 'rgb(255, 0, 0)', '--w3m-color-mix-strength': 50 })
    await modal.updateComplete
    const [r, g, b] = rgb(getComputedStyle(panel).backgroundColor)
    expect(r).to.be.closeTo(138, 1)
    expect(g).to.be.closeTo(10, 1)
    expect(b).to.be.closeTo(10, 1)
  })

  it('speaks Arabic right to left: dir=rtl and the back button on the right', async () => {
    setLocale('ar')
    await loadLocale('ar')
    await openOn(modal, 'Connect', 'Swap')
    const dialog = dialogOf(modal)
    expect(dialog.getAttribute('dir')).to.equal('rtl')
    expect(dialog.getAttribute('lang')).to.equal('ar')
    const back = part(modal, 'back-button') as HTMLElement
    const close = part(modal, 'close-button') as HTMLElement
    expect(back.getAttribute('aria-label')).to.equal('رجوع')
    expect(back.getBoundingClientRect().left).to.be.greaterThan(close.getBoundingClientRect().left)
    // The back arrow points right in a right-to-left layout.
    const arrow = back.querySelector('svg') as SVGElement
    expect(getComputedStyle(arrow).transform).to.equal('matrix(-1, 0, 0, 1, 0, 0)')
    setLocale('en')
    await modal.updateComplete
    expect(dialog.getAttribute('dir')).to.equal('ltr')
    expect(back.getBoundingClientRect().left).to.be.lessThan(close.getBoundingClientRect().left)
    expect(getComputedStyle(arrow).transform).to.equal('none')
  })

  it('shows a "not available yet" state for views that are not built', async () => {
    await withoutView('ProfileWallets', async () => {
      await openOn(modal, 'ProfileWallets')
      const state = await until(() => deep(modal, 'w3m-router', '[data-state]'), 'a state')
      expect(state.dataset.state).to.equal('unavailable')
      expect(state.textContent).to.contain('This screen is not available yet.')
    })
  })

  it('shows an error with retry when a view group fails to load', async () => {
    let attempts = 0
    const before = views.WalletSend
    views.WalletSend = { tag: 'w3m-flaky-test-view', title: 'view.WalletSend', group: 'flaky' }
    provideGroups({
      flaky: async () => {
        attempts++
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
        customElements.define('w3m-flaky-test-view', class extends HTMLElement {})
      },
    })
    try {
      await openOn(modal, 'WalletSend')
      const error = await until(() => deep(modal, 'w3m-router', '[data-state="error"]'), 'error')
      expect(error.querySelector('[role="alert"]')?.textContent).to.equal(
        'This screen could not be loaded.',
      )
      ;(error.querySelector('button') as HTMLButtonElement).click()
      await until(() => deep(modal, 'w3m-router', 'w3m-flaky-test-view'), 'the view after retry')
      expect(attempts).to.equal(2)
    } finally {
      views.WalletSend = before
    }
  })

  it('announces toasts politely; a new toast replaces the open one', async () => {
    await openOn(modal, 'Swap')
    const toast = part(modal, 'toast') as HTMLElement
    const region = deep(toast, '[role="status"]') as HTMLElement
    expect(region.getAttribute('aria-live')).to.equal('polite')
    showSnack('First message', { variant: 'success' })
    await until(() => region.textContent?.includes('First message'), 'the first toast')
    showSnack('Second message', { variant: 'error' })
    await until(() => region.textContent?.includes('Second message'), 'the second toast')
    expect(region.textContent).to.not.contain('First message')
    expect(deepAll(toast, '.toast')).to.have.length(1)
    expect(deep(toast, '.toast')?.dataset.variant).to.equal('error')
  })

  it('shows $alert as a role=alert banner that can be dismissed', async () => {
    await openOn(modal, 'Swap')
    showAlert('PROJECT_ID_NOT_CONFIGURED')
    await modal.updateComplete
    const alert = part(modal, 'alert') as HTMLElement
    expect(alert.getAttribute('role')).to.equal('alert')
    expect(alert.textContent).to.contain('Project ID Not Configured')
    ;(alert.querySelector('button') as HTMLButtonElement).click()
    await modal.updateComplete
    expect(part(modal, 'alert')).to.equal(null)
  })

  it('animates views (150 ms) and titles (120 ms), and not under reduced motion', async () => {
    // A view that is not built: its state shows at once, with no group to load.
    await withoutView('ProfileWallets', async () => {
      await openOn(modal, 'ProfileWallets')
      const title = deep(modal, '.title-text') as HTMLElement
      const view = await until(() => deep(modal, 'w3m-router', '[data-state]'), 'state')
      expect(getComputedStyle(title).animationDuration).to.equal('0.12s')
      const body = part(modal, 'body') as HTMLElement
      await until(() => body.hasAttribute('data-animate'), 'height animation')
      expect(getComputedStyle(body).transitionDuration).to.equal('0.15s')
      expect(view).to.exist
      push('WalletReceive')
      const viewWrapper = await until(() => deep(modal, 'w3m-router', '[data-state]'), 'view')
      expect(viewWrapper).to.exist
      await emulateMedia({ reducedMotion: 'reduce' })
      const newTitle = deep(modal, '.title-text') as HTMLElement
      expect(newTitle.textContent).to.equal('Receive')
      expect(getComputedStyle(newTitle).animationDuration).to.equal('0s')
      expect(getComputedStyle(body).transitionDuration).to.equal('0s')
    })
  })

  it('shows the first view in the opening frame and animates the views pushed after it', async () => {
    await openOn(modal, 'Connect')
    const first = await until(() => deep(modal, 'w3m-router', '[data-view="Connect"]'), 'Connect')
    expect(getComputedStyle(first).animationName).to.equal('none')
    push('Networks')
    const next = await until(() => deep(modal, 'w3m-router', '[data-view="Networks"]'), 'Networks')
    expect(getComputedStyle(next).animationName).to.equal('view-in')
    expect(getComputedStyle(next).animationDuration).to.equal('0.15s')
  })

  it('renders inline and always open when embedded', async () => {
    const embedded = await fixture<W3mModal>(html`<w3m-modal embedded></w3m-modal>`)
    expect(deep(embedded, 'dialog')).to.equal(null)
    const section = deep(embedded, 'section[part~="dialog"]') as HTMLElement
    expect(section.getBoundingClientRect().height).to.be.greaterThan(0)
    expect(deep(embedded, '[part~="close-button"]')).to.equal(null)
    expect($modal.get().open).to.equal(false)
  })

  for (const view of ['Connect', 'Networks'] as const) {
    it(`passes axe on ${view}, in light, dark and right-to-left`, async () => {
      await openOn(modal, view)
      const items = () =>
        view === 'Connect'
          ? deepAll(modal, 'w3m-router', 'w3m-connect-view', 'wui-wallet-list', '[part="item"]')
          : deepAll(modal, 'w3m-router', 'w3m-networks-view', '[part="network"]')
      await until(() => items().length >= 3, `the ${view} list`)
      await settle()
      await expect(modal).to.be.accessible()
      setThemeMode('dark')
      await modal.updateComplete
      await settle()
      await expect(modal).to.be.accessible()
      setLocale('ar')
      await loadLocale('ar')
      await until(() => dialogOf(modal).getAttribute('dir') === 'rtl', 'right to left')
      await settle()
      expect(items().length).to.be.greaterThanOrEqual(3)
      await expect(modal).to.be.accessible()
    })
  }

  it("shows alerts and errors in the visitor's language; a server-given text stays", async () => {
    setLocale('ar')
    await loadLocale('ar')
    await openOn(modal, 'Swap')
    showAlert('RATE_LIMITED')
    await modal.updateComplete
    expect(part(modal, 'alert')?.textContent).to.contain('تجاوزت حد الطلبات')
    showAlert('SERVER_ERROR', { description: 'upstream said no' })
    await modal.updateComplete
    expect(part(modal, 'alert')?.textContent).to.contain('خطأ في الخادم')
    expect(part(modal, 'alert')?.textContent).to.contain('upstream said no')
    expect(tError(kitError('CONNECTION_REJECTED'))).to.equal('رُفض الاتصال')
    // An error without a catalog entry falls back to core's text, never to nothing.
    expect(tError(new Error('Odd wallet failure'))).to.equal('Odd wallet failure')
  })
})
