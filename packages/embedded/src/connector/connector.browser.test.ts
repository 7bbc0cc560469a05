// The AUTH connector's frame side against the real secure site (second loopback origin, the
// server stand-in, anvil): loaded only on demand, its provider announced (EIP-6963), unsafe
// requests shown as ApproveTransaction and popped after, and closing the modal with no
// transaction pending rejects the outstanding requests (spec §4).
import { ed25519 } from '@noble/curves/ed25519'
import { expect } from '@open-wc/testing'
import {
  $modal,
  $modalCovered,
  $router,
  $snack,
  closeModal,
  createModalClient,
  openModal,
  reset,
} from '@openmodal/core/internal'
import { executeServerCommand } from '@web/test-runner-commands'
import { verifyMessage } from 'viem'
import { embeddedWallet } from './embedded-wallet-entry.js'
import { EMBEDDED_CONNECTOR_ID } from './identity.js'
import type { LoadedEmbeddedWallet } from './load.js'

const { origin: secureOrigin, solana } = (await (
  await fetch('/__openmodal/secure-site.json')
).json()) as { origin: string; solana: { rpcUrl: string; cluster: `solana:${string}` } }
const EMAIL = `connector-${crypto.randomUUID().slice(0, 8)}@example.com`
const anvil = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
} as const
const localSolana = {
  id: solana.cluster.slice('solana:'.length),
  caipNetworkId: solana.cluster,
  chainNamespace: 'solana',
  name: 'Local Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [solana.rpcUrl] } },
} as const

// What a wallet-standard registry (`getWallets()`) receives: the registering wallets.
type StandardWallet = {
  name: string
  chains: readonly string[]
  features: Record<string, Record<string, (...args: never[]) => Promise<unknown>>>
}
const standardWallets = new Set<StandardWallet>()
window.addEventListener('wallet-standard:register-wallet', (event) => {
  const callback = (event as CustomEvent).detail as (api: {
    register: (wallet: StandardWallet) => () => void
  }) => void
  callback({
    register(wallet) {
      standardWallets.add(wallet)
      return () => standardWallets.delete(wallet)
    },
  })
})

async function mailboxCode(email: string): Promise<string> {
  const response = await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`)
  return ((await response.json()) as { otp: string }).otp
}

const settled = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      (error: Error) => `rejected: ${error.message}`,
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ])

describe('embeddedWallet() (the AUTH connector)', () => {
  let wallet: LoadedEmbeddedWallet
  let address: `0x${string}`
  const announced: unknown[] = []
  const onAnnounce = (event: Event) => announced.push((event as CustomEvent).detail)

  before(() => window.addEventListener('eip6963:announceProvider', onAnnounce))
  after(() => {
    window.removeEventListener('eip6963:announceProvider', onAnnounce)
    wallet?.destroy()
  })

  it('creates nothing until loaded, then announces its provider for the EVM adapter', async () => {
    const entry = embeddedWallet({ secureOrigin })
    createModalClient({
      projectId: 'p-ok',
      networks: [anvil, localSolana],
      embeddedWallet: entry,
    })
    expect(document.querySelector('iframe')).to.equal(null)
    expect(entry.id).to.equal(EMBEDDED_CONNECTOR_ID)
    wallet = (await entry.load()) as LoadedEmbeddedWallet
    expect(await entry.load()).to.equal(wallet) // one frame per page
    expect(new URL(wallet.frame.iframe.src).searchParams.get('chainId')).to.equal('31337')
    const detail = announced.at(-1) as { info: { rdns: string }; provider: unknown }
    expect(detail.info.rdns).to.equal(EMBEDDED_CONNECTOR_ID)
    expect(detail.provider).to.equal(wallet.provider)
  })

  it('closing the modal with no transaction pending rejects an outstanding login step', async () => {
    openModal()
    const sending = wallet.connectEmail(EMAIL)
    await new Promise((resolve) => setTimeout(resolve, 0))
    closeModal()
    expect(await settled(sending, 5_000)).to.equal('rejected: Request was aborted')
  })

  it('logs in and signs: ApproveTransaction while the frame asks, popped after', async () => {
    expect(await wallet.connectEmail(EMAIL)).to.equal('VERIFY_OTP')
    const statuses: string[] = []
    const entered = wallet.connectOtp({ onStatus: (status) => statuses.push(status) })
    await executeServerCommand('frame-fill', { label: 'Code', value: await mailboxCode(EMAIL) })
    await entered
    expect(statuses.at(-1)).to.equal('ready')
    const user = await wallet.getUser()
    expect(user.email).to.equal(EMAIL)
    address = user.address as `0x${string}`
    reset('Account')
    openModal()
    const message = 'Hello from the connector'
    const signing = wallet.provider.request({ method: 'personal_sign', params: [message, address] })
    expect($router.get().history.map((entry) => entry.view)).to.deep.equal([
      'Account',
      'ApproveTransaction',
    ])
    // The frame takes the modal's place: the modal's dialog steps out of the top layer.
    for (let i = 0; i < 100 && !$modalCovered.get(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect($modalCovered.get()).to.equal(true)
    // A pending transaction: closing the modal does not reject it.
    closeModal()
    expect(await settled(signing, 300)).to.equal('pending')
    await executeServerCommand('frame-click', { name: 'Approve' })
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).to.equal(true)
    expect($modalCovered.get()).to.equal(false)
  })

  it("registers the account's Solana wallet after login; it signs after in-frame approval", async () => {
    const [solanaWallet] = standardWallets
    expect(standardWallets.size).to.equal(1)
    // Also under the name wallet-standard apps give a local cluster.
    expect(solanaWallet?.chains).to.deep.equal([solana.cluster, 'solana:localnet'])
    const connect = solanaWallet?.features['standard:connect']?.connect as () => Promise<{
      accounts: { address: string; publicKey: Uint8Array }[]
    }>
    const [account] = (await connect()).accounts
    expect(account?.address).to.be.a('string')
    const message = new TextEncoder().encode('Hello Solana from the connector')
    const signMessage = solanaWallet?.features['solana:signMessage']?.signMessage as (input: {
      account: unknown
      message: Uint8Array
    }) => Promise<{ signature: Uint8Array }[]>
    const signing = signMessage({ account, message })
    await executeServerCommand('frame-click', { name: 'Approve' })
    const [{ signature }] = (await signing) as [{ signature: Uint8Array }]
    expect(ed25519.verify(signature, message, account?.publicKey as Uint8Array)).to.equal(true)
  })

  it('an unsafe request with the modal closed opens it on ApproveTransaction, closes it after', async () => {
    expect($modal.get().open).to.equal(false)
    const signing = wallet.provider.request({ method: 'personal_sign', params: ['again', address] })
    expect($modal.get().open).to.equal(true)
    expect($router.get().history.map((entry) => entry.view)).to.deep.equal(['ApproveTransaction'])
    await executeServerCommand('frame-click', { name: 'Reject' })
    const error = (await signing.catch((e: unknown) => e)) as { code?: number }
    expect(error.code).to.equal(4001)
    expect($modal.get().open).to.equal(false)
  })

  it('an unknown method is refused with 4200 and rejects the outstanding requests', async () => {
    const outstanding = wallet.connectEmail(`other-${EMAIL}`)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const error = (await wallet.provider
      .request({ method: 'eth_mine_gold' })
      .catch((e: unknown) => e)) as { code?: number; message?: string }
    expect(error.code).to.equal(4200)
    expect(error.message).to.equal('Requested RPC call is not allowed')
    expect($modal.get().open).to.equal(true)
    expect(await settled(outstanding, 5_000)).to.equal('rejected: Request was aborted')
    // The modal's words for it (spec §8), 300 ms after it opened.
    const shown = performance.now()
    while ($snack.get().code !== 'ACTION_NOT_ALLOWED' && performance.now() - shown < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect($snack.get()).to.include({ message: 'Action not allowed', variant: 'error' })
    closeModal()
  })

  it("the EVM adapter's disconnect (wallet_revokePermissions) signs out, nothing to approve", async () => {
    expect(await wallet.isConnected()).to.equal(true)
    const started = performance.now()
    expect(
      await wallet.provider.request({
        method: 'wallet_revokePermissions',
        params: [{ eth_accounts: {} }],
      }),
    ).to.equal(null)
    expect(performance.now() - started).to.be.below(3_000)
    expect($modal.get().open).to.equal(false)
    expect(await wallet.isConnected()).to.equal(false)
    // The Solana wallet leaves the registry with the sign-out.
    expect(standardWallets.size).to.equal(0)
  })

  it('a failed smart-account-networks fetch stores an empty list: the earlier list does not linger', async () => {
    // Spec §4. An earlier login on this browser stored a list; the frame now fails the fetch.
    localStorage.setItem('@openmodal/smartAccountEnabledNetworks', '31337,10')
    const frame = wallet.frame as { request: LoadedEmbeddedWallet['frame']['request'] }
    const request = frame.request
    const asked: string[] = []
    frame.request = ((method, params) => {
      asked.push(method)
      if (method === 'GET_SMART_ACCOUNT_ENABLED_NETWORKS') {
        return Promise.reject(new Error('The frame could not read the networks'))
      }
      return request(method, params)
    }) as typeof request
    const email = `networks-${crypto.randomUUID().slice(0, 8)}@example.com`
    try {
      expect(await wallet.connectEmail(email)).to.equal('VERIFY_OTP')
      const entered = wallet.connectOtp()
      await executeServerCommand('frame-fill', { label: 'Code', value: await mailboxCode(email) })
      await entered
      frame.request = request
      expect(asked).to.include('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
      expect(localStorage.getItem('@openmodal/smartAccountEnabledNetworks')).to.equal('')
      // The login itself stands, on the EOA: no smart account was asked for on a stale list.
      expect(asked).not.to.include('SET_PREFERRED_ACCOUNT')
      expect((await wallet.getUser()).email).to.equal(email)
    } finally {
      frame.request = request
      // Signed out again, as the next test expects the browser.
      await wallet.provider.request({
        method: 'wallet_revokePermissions',
        params: [{ eth_accounts: {} }],
      })
    }
    expect(await wallet.isConnected()).to.equal(false)
  })

  it('in a Telegram mini app, a result_uri is taken from the address and completes the stored login', async () => {
    // Spec §2/§6: the page came back from the provider. The login failed there: the failure is
    // only logged (spec §8), the parameter and the stored provider are gone either way.
    const page = location.href
    const result = `${secureOrigin}/loading?social=failed&attempt=${'a'.repeat(16)}`
    ;(window as unknown as { Telegram?: unknown }).Telegram = { WebApp: {} }
    history.replaceState(null, '', `?keep=1&result_uri=${encodeURIComponent(result)}`)
    localStorage.setItem('@openmodal/telegramSocialProvider', '"github"')
    const logged: unknown[][] = []
    const consoleError = console.error
    console.error = (...args: unknown[]) => void logged.push(args)
    let second: LoadedEmbeddedWallet | undefined
    try {
      const entry = embeddedWallet({ secureOrigin })
      second = (await entry.load()) as LoadedEmbeddedWallet
      expect(new URLSearchParams(location.search).get('result_uri')).to.equal(null)
      expect(new URLSearchParams(location.search).get('keep')).to.equal('1')
      expect(localStorage.getItem('@openmodal/telegramSocialProvider')).to.equal(null)
      const started = performance.now()
      while (logged.length === 0 && performance.now() - started < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(String((logged[0]?.[1] as Error | undefined)?.message)).to.contain(
        'Failed to initiate social connection',
      )
      expect(await second.isConnected()).to.equal(false)
    } finally {
      console.error = consoleError
      second?.destroy()
      delete (window as unknown as { Telegram?: unknown }).Telegram
      history.replaceState(null, '', page)
    }
  })
})
