// Issue 27's Test 1 as one visitor's story through the real modal (@openmodal/ui) and the real
// secure frame, on anvil with the Alto bundler (web-test-runner.config.mjs): ProfileWallets
// switches the embedded wallet from its EOA to its ERC-4337 smart account, the Send view sends
// ETH from it (the first userOperation deploys the account), a dapp's `wallet_sendCalls` batch
// of two ERC-20 transfers lands atomically (one reverting: neither lands) and
// `wallet_getCallsStatus` reports it. In EIP-7702 mode ProfileWallets shows the one address,
// which keeps its address as the smart account and shows Delegated after its first batch.
import { expect } from '@open-wc/testing'
import { evmAdapter } from '@openmodal/evm'
import { createModal } from '@openmodal/ui'
import { executeServerCommand } from '@web/test-runner-commands'
import {
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { embeddedWallet } from '../connector/embedded-wallet-entry.js'
import type { LoadedEmbeddedWallet } from '../connector/load.js'
import { anvilNetwork, bundlerUp } from '../test/bundler.js'

const { origin: secureOrigin, rpcUrl } = (await (
  await fetch('/__openmodal/secure-site.json')
).json()) as { origin: string; rpcUrl: string }
const RECEIVER = '0x000000000000000000000000000000000000beef'
const [ALICE, BOB] = [
  '0x00000000000000000000000000000000000a11ce',
  '0x0000000000000000000000000000000000000b0b',
] as const
/** Simple7702Account v0.8 at its canonical address: what the EOA delegates to. */
const SIMPLE_7702_ACCOUNT = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'
const STEP_MS = 30_000
const node = createPublicClient({ transport: http(rpcUrl) })
const anvil = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

/** Follows `selectors` from the modal through nested shadow roots. */
function inModal(...selectors: string[]): HTMLElement | null {
  let current: Element | null = document.querySelector('w3m-modal')
  for (const selector of selectors) {
    current = (current?.shadowRoot ?? current)?.querySelector(selector) ?? null
    if (!current) return null
  }
  return current as HTMLElement | null
}

/** Polls `check` until it gives something truthy; fails after `ms`, naming `what`. */
async function waitFor<T>(check: () => T | Promise<T>, what: string, ms = STEP_MS) {
  const deadline = performance.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (performance.now() > deadline) {
      // Say what the modal showed instead.
      const shown = [...(inModal('w3m-router')?.shadowRoot?.querySelectorAll('*') ?? [])].find(
        (element) => element.localName.startsWith('w3m-'),
      )
      const inner = shown?.shadowRoot?.textContent?.replace(/\s+/g, ' ').trim().slice(0, 300)
      throw new Error(
        `Timed out after ${ms} ms waiting for ${what}; shown: ${shown?.localName} "${inner}"`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const view = (name: string, ...selectors: string[]) => inModal('w3m-router', name, ...selectors)

/** Types `value` into an input of the modal, as the visitor does. */
function type(input: HTMLElement | null, value: string) {
  const field = input as HTMLInputElement
  field.value = value
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

/**
 * Logs in on `projectId` (anvil) through the modal, as a visitor does: Connect → "Continue with
 * email" → the address → the code from the mailbox typed in the secure frame's own entry.
 * Resolves once the modal is connected with the wallet's EOA.
 */
async function logIn(projectId: 'p-smart' | 'p-7702') {
  const entry = embeddedWallet({ secureOrigin })
  const modal = createModal({
    projectId,
    networks: [anvilNetwork(rpcUrl)],
    adapters: [evmAdapter()],
    // The EOA first, so the visitor switches in ProfileWallets.
    defaultAccountTypes: { eip155: 'eoa' },
    // The project's config (e-mail login on) from the test runner's stand-in of the server.
    apiUrl: location.origin,
    embeddedWallet: entry,
  })
  const email = `story-${crypto.randomUUID().slice(0, 8)}@example.com`
  modal.open()
  ;(
    await waitFor(
      () => view('w3m-connect-view', '[data-method="email"] button'),
      'Continue with email',
    )
  ).click()
  type(await waitFor(() => view('w3m-email-login-view', 'input[type="email"]'), 'the field'), email)
  ;(
    await waitFor(
      () => view('w3m-email-login-view', '[part="submit-button"]:not([disabled])'),
      'the submit button',
    )
  ).click()
  const otp = await waitFor(async () => {
    const mailbox = `${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`
    return ((await (await fetch(mailbox)).json()) as { otp: string } | null)?.otp
  }, 'the code in the mailbox')
  await executeServerCommand('frame-fill', { label: 'Code', value: otp })
  await waitFor(() => modal.getAccount('eip155').status === 'connected', 'connected')
  const wallet = (await entry.load()) as LoadedEmbeddedWallet
  const eoa = modal.getAccount('eip155').address as Hex
  return { modal, wallet, eoa }
}

/** Account → Wallets: ProfileWallets with its accounts shown. */
async function openProfileWallets(modal: ReturnType<typeof createModal>) {
  modal.open({ view: 'Account' })
  const link = await waitFor(
    () => view('w3m-account-view', '[part="profile-wallets-button"]'),
    'the Wallets link',
  )
  link.click()
  await waitFor(() => view('w3m-profile-wallets-view', '[part="account"]'), 'the accounts')
}

const row = (type: string) =>
  view('w3m-profile-wallets-view', `[part="account"][data-type="${type}"]`)
const useButton = (type: string) =>
  waitFor(
    () => row(type)?.querySelector<HTMLButtonElement>('[part="use-button"]'),
    `${type}'s switch`,
  )
/** An ERC-20 `transfer` call of `token`. */
const transfer = (token: Hex, to: Hex, amount: bigint) => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

/** A dapp's atomic EIP-5792 batch from `from`; resolves with its id. */
const sendCalls = (wallet: LoadedEmbeddedWallet, from: Hex, calls: { to: Hex; data: Hex }[]) =>
  wallet.provider.request({
    method: 'wallet_sendCalls',
    params: [{ version: '2.0.0', chainId: '0x7a69', from, atomicRequired: true, calls }],
  }) as Promise<{ id: Hex }>

/** `wallet_getCallsStatus` of batch `id` once it is no longer pending (100). */
const settled = (wallet: LoadedEmbeddedWallet, id: Hex) =>
  waitFor(async () => {
    const answer = (await wallet.provider.request({
      method: 'wallet_getCallsStatus',
      params: [id],
    })) as { status: number; atomic: boolean; receipts?: { status: string }[] }
    return answer.status === 100 ? undefined : answer
  }, 'the batch settled')

const approve = () => executeServerCommand('frame-click', { name: 'Approve' })

describe('Test 1 through the modal: the smart account of the embedded wallet', function () {
  this.timeout(240_000)

  it('ProfileWallets → smart account, Send deploys it, a batch lands atomically or not at all', async () => {
    const { token } = await bundlerUp()
    const { modal, wallet, eoa } = await logIn('p-smart')
    try {
      const tokenOf = (owner: Hex) =>
        node.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        })

      await openProfileWallets(modal)
      expect(text(row('eoa')?.querySelector('[data-address]'))).to.equal(eoa)
      expect(row('eoa')?.getAttribute('aria-current')).to.equal('true')
      const smart = text(row('smartAccount')?.querySelector('[data-address]')) as Hex
      expect(smart).to.match(/^0x[0-9a-fA-F]{40}$/)
      expect(smart.toLowerCase()).to.not.equal(eoa.toLowerCase())
      expect(text(row('smartAccount')?.querySelector('[data-deployed]'))).to.equal(
        'Not deployed yet: your first transaction deploys it',
      )
      expect(await node.getCode({ address: smart })).to.equal(undefined)
      await anvil.setBalance({ address: smart, value: parseEther('1') })
      await executeServerCommand('mint-token', { to: smart, amount: '10' })

      // Spec §6: the EOA is the preferred type, so the smart account offers the switch.
      ;(await useButton('smartAccount')).click()
      await waitFor(
        () => row('smartAccount')?.getAttribute('aria-current') === 'true',
        'the smart account active',
      )
      await waitFor(() => modal.getAccount('eip155').address === smart, 'the modal on it')
      expect(await wallet.provider.request({ method: 'eth_accounts' })).to.deep.equal([smart])

      // Account → Send: 0.1 ETH from the smart account, approved in the secure frame.
      modal.open({ view: 'Account' })
      ;(
        await waitFor(() => view('w3m-account-view', '[data-feature="send"]'), 'the Send button')
      ).click()
      await waitFor(
        () => text(view('w3m-wallet-send-view', '[data-token-symbol]')) === 'ETH',
        'ETH picked once the balance arrived',
      )
      type(view('w3m-wallet-send-view', '[part="amount-input"]'), '0.1')
      type(view('w3m-wallet-send-view', '[part="receiver-input"]'), RECEIVER)
      view('w3m-wallet-send-view', '[part="preview-button"]')?.click()
      await waitFor(
        () => /ETH$/.test(text(view('w3m-wallet-send-preview-view', '[data-fee]'))),
        'the fee estimated',
      )
      const before = await node.getBalance({ address: RECEIVER })
      view('w3m-wallet-send-preview-view', '[part="send-button"]')?.click()
      await approve()
      await waitFor(
        () => text(inModal('wui-toast', '[part="toast"]')) === 'Success: Sent 0.1 ETH',
        'the success toast',
        60_000,
      )
      expect((await node.getBalance({ address: RECEIVER })) - before).to.equal(parseEther('0.1'))
      // The first userOperation deployed the account.
      expect(await node.getCode({ address: smart })).to.match(/^0x[0-9a-f]{2,}$/)
      await openProfileWallets(modal)
      await waitFor(
        () =>
          row('smartAccount')?.querySelector('[data-deployed]')?.getAttribute('data-deployed') ===
          'true',
        'ProfileWallets saying Deployed',
      )
      modal.close()

      // A dapp's batch of two ERC-20 transfers: one userOperation, both or neither.
      const batch = sendCalls(wallet, smart, [transfer(token, ALICE, 4n), transfer(token, BOB, 5n)])
      await approve()
      const status = await settled(wallet, (await batch).id)
      expect(status.status).to.equal(200)
      expect(status.atomic).to.equal(true)
      expect(status.receipts?.map((receipt) => receipt.status)).to.deep.equal(['0x1'])
      expect([await tokenOf(smart), await tokenOf(ALICE), await tokenOf(BOB)]).to.deep.equal([
        1n,
        4n,
        5n,
      ])

      // The second transfer is more than is left: it reverts, so the first does not land either.
      const refused = sendCalls(wallet, smart, [
        transfer(token, ALICE, 1n),
        transfer(token, BOB, 2n),
      ])
      await approve()
      const error = (await refused.then(
        () => undefined,
        (reason: unknown) => reason,
      )) as { message?: string } | undefined
      expect(error?.message).to.match(/^The smart account's bundler failed: /)
      expect([await tokenOf(smart), await tokenOf(ALICE), await tokenOf(BOB)]).to.deep.equal([
        1n,
        4n,
        5n,
      ])
    } finally {
      await modal.disconnect().catch(() => {})
      wallet.destroy()
    }
  })

  it('EIP-7702 mode: ProfileWallets shows the one address, switches what it acts as, then Delegated', async () => {
    await bundlerUp()
    const { modal, wallet, eoa } = await logIn('p-7702')
    try {
      await openProfileWallets(modal)
      const rows = () =>
        inModal('w3m-router', 'w3m-profile-wallets-view')?.shadowRoot?.querySelectorAll(
          '[part="account"]',
        )
      expect(rows()?.length).to.equal(1)
      expect(text(row('eip7702')?.querySelector('[data-address]'))).to.equal(eoa)
      expect(text(row('eip7702')?.querySelector('[data-deployed]'))).to.equal(
        'Not delegated yet: your first transaction as a smart account delegates it',
      )
      const use = await useButton('eip7702')
      expect(text(use)).to.equal('Use as a smart account')
      use.click()
      await waitFor(
        () =>
          row('eip7702')?.querySelector('[data-acts-as]')?.getAttribute('data-acts-as') ===
          'smartAccount',
        'acting as the smart account',
      )
      expect(rows()?.length).to.equal(1)
      // The address stays the EOA's.
      expect(modal.getAccount('eip155').address).to.equal(eoa)
      expect(await wallet.provider.request({ method: 'eth_accounts' })).to.deep.equal([eoa])
      modal.close()

      // Its first batch delegates it: the EOA's code becomes the designator, the row says so.
      const { token } = await bundlerUp()
      await anvil.setBalance({ address: eoa, value: parseEther('1') })
      await executeServerCommand('mint-token', { to: eoa, amount: '10' })
      const batch = sendCalls(wallet, eoa, [transfer(token, ALICE, 2n), transfer(token, BOB, 3n)])
      await approve()
      const status = await settled(wallet, (await batch).id)
      expect([status.status, status.atomic]).to.deep.equal([200, true])
      expect(await node.getCode({ address: eoa })).to.equal(
        `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
      )
      await openProfileWallets(modal)
      await waitFor(
        () =>
          row('eip7702')?.querySelector('[data-deployed]')?.getAttribute('data-deployed') ===
          'true',
        'ProfileWallets saying Delegated',
      )
      expect(text(row('eip7702')?.querySelector('[data-deployed]'))).to.equal(
        'Delegated: this address is a smart account',
      )
      expect(rows()?.length).to.equal(1)
    } finally {
      await modal.disconnect().catch(() => {})
      wallet.destroy()
    }
  })
})
