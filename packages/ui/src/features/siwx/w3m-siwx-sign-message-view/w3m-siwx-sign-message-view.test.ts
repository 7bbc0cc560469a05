// SIWXSignMessage, rendered in the modal over the core test adapter and an in-memory SIWX
// config that keeps the contract of @openmodal/siwx's configs (sessions per chain and account).
// The flow with a real wallet, chain and localSiwx() runs end to end in apps/demo.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $connections,
  $modal,
  $siwx,
  $snack,
  $view,
  closeModal,
  connect,
  type SiwxConfigLike,
  type SiwxSessionLike,
  setLocale,
  setThemeMode,
  signInWithX,
  stopSiwx,
} from '@openmodal/core/internal'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import { deep, resetAll, settle, setupClient, until } from '../../../test/helpers.js'

function memorySiwx(required: boolean) {
  const sessions: SiwxSessionLike[] = []
  const config: SiwxConfigLike & { sessions: SiwxSessionLike[]; revoked: string[] } = {
    sessions,
    revoked: [],
    async createMessage({ accountAddress, chainId }) {
      const data = {
        accountAddress,
        chainId,
        domain: 'app.example.org',
        statement: 'Sign in to Example',
      }
      return Object.defineProperty({ ...data }, 'toString', {
        value: () => `app.example.org wants you to sign in: ${chainId} ${accountAddress}`,
      })
    },
    async addSession(session) {
      sessions.push(session)
    },
    async revokeSession(chainId, address) {
      config.revoked.push(`${chainId}/${address}`)
      const i = sessions.findIndex(
        (s) => s.data.chainId === chainId && s.data.accountAddress === address,
      )
      if (i >= 0) sessions.splice(i, 1)
    },
    async getSessions(chainId, address) {
      return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address)
    },
    getRequired: () => required,
  }
  return config
}

describe('SIWXSignMessage view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => {
    stopSiwx()
    resetAll()
  })

  async function signView() {
    return until(() => deep(modal, 'w3m-router', 'w3m-siwx-sign-message-view'), 'the sign view')
  }

  it('opens after connect, shows statement and domain, signs and stores the session', async () => {
    const siwx = memorySiwx(false)
    setupClient(
      {},
      {
        siwx,
        metadata: { name: 'Example', description: '', url: 'https://app.example.org', icons: [] },
      },
    )
    await connect({ connectorId: 'io.alpha' })
    const view = await signView()
    await until(() => deep(view, '[data-statement]'), 'the statement')
    expect(deep(view, '[data-headline]')?.textContent?.trim()).to.equal('Sign in to Example')
    expect(deep(view, '[data-statement]')?.textContent).to.equal('Sign in to Example')
    expect(deep(view, '.domain')?.textContent).to.equal('app.example.org')
    await settle()
    await expect(modal).to.be.accessible()
    // What the visitor sees while the config checks and stores the signature (spec §8).
    const seen: string[] = []
    const addSession = siwx.addSession.bind(siwx)
    siwx.addSession = async (session) => {
      await until(() => $snack.get().open, 'the loading toast')
      seen.push(`${$snack.get().variant}: ${$snack.get().message}`)
      return addSession(session)
    }
    ;(deep(view, '[data-sign]') as HTMLButtonElement).click()
    await until(() => $siwx.get().status === 'signed', 'the session')
    expect(seen).to.deep.equal(['loading: Authenticating...'])
    expect($snack.get().open).to.equal(false)
    expect(siwx.sessions).to.have.length(1)
    expect(siwx.sessions[0]?.signature).to.match(/^signed:/)
    expect($modal.get().open).to.equal(false)
  })

  it('shows "Signature declined" on a wallet rejection and signs on the next try', async () => {
    const siwx = memorySiwx(false)
    const adapter = setupClient({}, { siwx })
    await connect({ connectorId: 'io.alpha' })
    const view = await signView()
    await until(() => $siwx.get().message, 'the message')
    const original = adapter.signMessage.bind(adapter)
    let declines = 1
    adapter.signMessage = async (params) => {
      if (declines-- > 0)
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return original(params)
    }
    ;(deep(view, '[data-sign]') as HTMLButtonElement).click()
    const error = await until(() => deep(view, '[data-error]'), 'the error')
    expect(error.textContent?.trim()).to.equal('Signature declined')
    expect(siwx.sessions).to.have.length(0)
    ;(deep(view, '[data-sign]') as HTMLButtonElement).click()
    await until(() => $siwx.get().status === 'signed', 'the session')
    expect(siwx.sessions).to.have.length(1)
  })

  it('another failure reads "Sign-in failed" in the page\'s locale, the config\'s words as text', async () => {
    const siwx = memorySiwx(false)
    siwx.addSession = async () => {
      throw new Error('<b>nonce</b> expired')
    }
    setupClient({}, { siwx })
    setLocale('de')
    await connect({ connectorId: 'io.alpha' })
    const view = await signView()
    await until(() => $siwx.get().message, 'the message')
    ;(deep(view, '[data-sign]') as HTMLButtonElement).click()
    const error = await until(() => deep(view, '[data-error]'), 'the error')
    await until(() => error.textContent?.trim() === 'Anmeldung fehlgeschlagen', 'the German text')
    const detail = deep(view, '[data-error-detail]')
    expect(detail?.textContent).to.equal('<b>nonce</b> expired')
    expect(detail?.querySelector('b')).to.equal(null)
    // A config that cannot make the message: the same coded text, no sign request sent.
    siwx.createMessage = async () => {
      throw new Error('the server is down')
    }
    stopSiwx()
    resetAll()
    setupClient({}, { siwx })
    setLocale('ja')
    await connect({ connectorId: 'io.alpha' })
    const again = await signView()
    await until(
      () => deep(again, '[data-error]')?.textContent?.trim() === 'サインインに失敗しました',
      'the Japanese text',
    )
    expect(deep(again, '[data-error-detail]')?.textContent).to.equal('the server is down')
  })

  it('sessions that cannot be read: disconnects, back to Connect, the spec toast (§8)', async () => {
    const siwx = memorySiwx(true)
    siwx.getSessions = async () => {
      throw new Error('the SIWX server is down')
    }
    setupClient({}, { siwx })
    await connect({ connectorId: 'io.alpha' })
    await until(() => $snack.get().open, 'the toast')
    expect($snack.get()).to.include({
      message: 'A problem occurred while trying initialize authentication',
      variant: 'error',
      code: 'AUTH_INIT_FAILED',
    })
    await until(() => Object.keys($connections.get()).length === 0, 'disconnected')
    expect($view.get().view).to.equal('Connect')
    expect($siwx.get().status).to.equal('idle')
    expect(siwx.sessions).to.have.length(0)
  })

  it('signs in only the account the flow shows: another is refused before the wallet', async () => {
    const siwx = memorySiwx(false)
    const adapter = setupClient({}, { siwx })
    await connect({ connectorId: 'io.alpha' })
    await signView()
    await until(() => $siwx.get().message, 'the message')
    const target = $siwx.get().target
    if (!target) throw new Error('no target')
    let asked = 0
    const original = adapter.signMessage.bind(adapter)
    adapter.signMessage = async (params) => {
      asked++
      return original(params)
    }
    const other = { chainId: target.chainId, address: '0x000000000000000000000000000000000000dEaD' }
    let refused: unknown
    await signInWithX(other).catch((error: unknown) => {
      refused = error
    })
    expect((refused as { code?: string } | undefined)?.code).to.equal('NO_ACTIVE_CAIP_ADDRESS')
    expect(asked).to.equal(0)
    expect($siwx.get().status).to.equal('unsigned')
    await signInWithX(target)
    expect(asked).to.equal(1)
    expect(siwx.sessions[0]?.data.accountAddress).to.equal(target.address)
  })

  it('required mode: Escape and close do nothing, Cancel disconnects', async () => {
    const siwx = memorySiwx(true)
    setupClient({}, { siwx })
    await connect({ connectorId: 'io.alpha' })
    const view = await signView()
    await until(() => $modal.get().closeDisabled, 'closing disabled')
    expect(closeModal()).to.equal(false)
    const dialog = deep(modal, 'dialog') as HTMLDialogElement
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
    await settle()
    expect($modal.get().open).to.equal(true)
    expect(deep(modal, '[part="close-button"]')).to.equal(null)
    const cancel = deep(view, '[data-cancel]') as HTMLButtonElement
    cancel.focus()
    cancel.click()
    await until(() => $siwx.get().status === 'idle', 'the disconnect')
    expect($modal.get().open).to.equal(false)
  })

  it('optional mode: Cancel closes and stays connected; disconnect revokes that session only', async () => {
    const siwx = memorySiwx(false)
    setupClient({}, { siwx })
    await connect({ connectorId: 'io.alpha' })
    const view = await signView()
    await until(() => $siwx.get().message, 'the message')
    ;(deep(view, '[data-sign]') as HTMLButtonElement).click()
    await until(() => $siwx.get().status === 'signed', 'the session')
    const { target } = $siwx.get()
    const { disconnect } = await import('@openmodal/core/internal')
    await disconnect()
    await until(() => siwx.revoked.length === 1, 'the revoke')
    expect(siwx.revoked).to.deep.equal([`${target?.chainId}/${target?.address}`])
  })

  it('is accessible in dark mode and right to left', async () => {
    setupClient({}, { siwx: memorySiwx(false) })
    setThemeMode('dark')
    setLocale('ar')
    await connect({ connectorId: 'io.alpha' })
    await signView()
    await until(() => $siwx.get().message, 'the message')
    expect($view.get().view).to.equal('SIWXSignMessage')
    await settle()
    await expect(modal).to.be.accessible()
  })
})
