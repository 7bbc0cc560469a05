// The older `siweConfig` option through createModal itself: it converts the config with
// @openmodal/siwx's fromSiweConfig (loaded with import()) and drives the same SIWX flow.
// Its own file, so its own page: the adapter chunk is not loaded when the tests start.

import { expect } from '@open-wc/testing'
import { createTestAdapter } from '@openmodal/core/adapter-contract'
import { $modal, $siwx, connect } from '@openmodal/core/internal'
import { createSiweMessage, parseSiweMessage, type SIWEConfig } from '@openmodal/siwx'
import { createModal } from '../exports/index.js'
import { deep, mainnet, resetAll, settle, until, WALLETS } from '../test/helpers.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'

/** A siweConfig as a host writes it: its own nonce, strict EIP-4361, its own session. */
function hostSiweConfig(session: { address: string; chainId: number } | null = null) {
  const log: string[] = []
  const verified: { message: string; signature: string }[] = []
  let nonce = 0
  const config: SIWEConfig = {
    getNonce: async () => `hostnonce${++nonce}`,
    getMessageParams: async () => ({ statement: 'Sign in to the host' }),
    createMessage: (args) => createSiweMessage(args),
    verifyMessage: async ({ message, signature }) => {
      verified.push({ message, signature })
      // The test wallet signs `signed:<address>:<message>`.
      const ok = signature === `signed:${ADDRESS}:${message}`
      if (ok) {
        const fields = parseSiweMessage(message)
        session = { address: fields.address, chainId: fields.chainId }
      }
      return ok
    },
    getSession: async () => session,
    signOut: async () => {
      log.push('signOut')
      session = null
      return true
    },
    onSignIn: () => log.push('onSignIn'),
  }
  return { config, log, verified }
}

function start(options: { siweConfig?: object; siwx?: object }) {
  const adapter = createTestAdapter({ wallets: WALLETS, knownChainIds: [1], accounts: [ADDRESS] })
  createModal({ projectId: 'p', networks: [mainnet], adapters: [adapter], ...options })
  return document.querySelector('w3m-modal') as HTMLElement
}

describe('createModal with siweConfig', () => {
  afterEach(() => {
    for (const el of document.querySelectorAll('w3m-modal')) el.remove()
    resetAll()
  })

  it('asks to sign after connect and hands the signed message to verifyMessage', async () => {
    const host = hostSiweConfig()
    const modal = start({ siweConfig: host.config })
    await connect({ connectorId: 'io.alpha' })
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-siwx-sign-message-view'),
      'the sign view',
    )
    const statement = await until(() => deep(view, '[data-statement]'), 'the statement')
    expect(statement.textContent).to.equal('Sign in to the host')
    expect(deep(view, '.domain')?.textContent).to.equal(location.host)
    await settle()
    ;(deep(view, '[data-sign]') as HTMLButtonElement).click()
    await until(() => $siwx.get().status === 'signed', 'the session')
    expect(host.verified).to.have.length(1)
    const fields = parseSiweMessage(host.verified[0]?.message ?? '')
    expect(fields).to.include({
      address: ADDRESS,
      chainId: 1,
      domain: location.host,
      nonce: 'hostnonce1',
      statement: 'Sign in to the host',
    })
    expect(host.log).to.deep.equal(['onSignIn'])
    expect($modal.get().open).to.equal(false)
  })

  it('does not ask again when the host already has a session for the account', async () => {
    const host = hostSiweConfig({ address: ADDRESS, chainId: 1 })
    const modal = start({ siweConfig: host.config })
    await connect({ connectorId: 'io.alpha' })
    await until(() => $siwx.get().status === 'signed', 'the session')
    await settle()
    expect(deep(modal, 'w3m-router', 'w3m-siwx-sign-message-view')).to.equal(null)
    expect(host.verified).to.have.length(0)
  })

  it('refuses siweConfig and siwx together with the spec text', () => {
    expect(() => start({ siweConfig: hostSiweConfig().config, siwx: {} })).to.throw(
      'Cannot set both `siweConfig` and `siwx` options',
    )
  })
})
