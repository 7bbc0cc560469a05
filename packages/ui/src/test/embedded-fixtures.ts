// A stand-in for `embeddedWallet()` of @openmodal/embedded for the view tests: the frame side's
// steps with the real frame's answers (VERIFY_OTP / VERIFY_DEVICE, the "Network Error - Could
// not load embedded wallet" of a frame that never loads). Every code (the login's, an e-mail
// update's two) is typed in the frame, not in the page: `typeCode` stands for the visitor typing it there, and the page hears only the
// login's status. Once the code is right it announces the provider as the real one does (here:
// the core test adapter's discovery). The real frame runs in @openmodal/embedded's browser
// tests and the demo e2e.
import type { TestAdapter } from '@openmodal/core/adapter-contract'
import {
  BaseError,
  type EmbeddedLoginStatus,
  type EmbeddedWalletAction,
  type EmbeddedWalletEntry,
  type EmbeddedWalletLoaded,
  getAdapter,
  showSnack,
} from '@openmodal/core/internal'
import { WALLETS } from './helpers.js'

export const AUTH_ID = 'org.openmodal.embedded'
/** The stand-in's EOA and smart account (ProfileWallets). */
export const EOA_ADDRESS = '0x7777777777777777777777777777777777777777'
export const SMART_ADDRESS = '0x5555555555555555555555555555555555555555'
export const LOGIN_CODE = '123456'
export const PRIMARY_CODE = '111111'
export const SECONDARY_CODE = '222222'

export interface EmbeddedStandIn {
  entry: EmbeddedWalletEntry
  calls: string[]
  /** The frame's STORAGE event: its storage lasts across visits or not. */
  setStorage(persistent: boolean): void
  /**
   * The visitor types `otp` in the frame's code entry (now, or as soon as it shows); a wrong
   * one is refused inside the frame, which stays open.
   */
  typeCode(otp: string): Promise<void>
  /** The visitor closes the frame's code entry. */
  cancelCode(): void
  /**
   * In a recovery factor change, after the code: the visitor creates a passkey or a passphrase
   * in the frame (the server swaps the shares), or cancels its dialog (nothing changes).
   */
  chooseFactor(choice: 'passkey' | 'passphrase' | 'cancel'): void
  /** The frame's mail failed: its code entry says so, the page hears `mail_failed`. */
  failMail(): void
  /**
   * The server completed the social login the frame waits for (`user` given) or refused it
   * (the frame's "Failed to initiate social connection"). A Farcaster login waits on it too.
   */
  finishSocial(user?: { email?: string | null; userName?: string }): void
}

export function embeddedStandIn(
  options: {
    action?: EmbeddedWalletAction
    loadError?: Error
    hold?: Promise<void>
    /** What the frame says of its storage (the real one: `false` without lasting storage). */
    persistentStorage?: boolean
    /** GET_SOCIAL_REDIRECT_URI (and GET_FARCASTER_URI) fails (the server refuses to start). */
    socialStartError?: Error
    /**
     * The smart account on the active chain (ProfileWallets): none (the chain has no bundler),
     * one, or one the frame cannot switch to (its factory does not answer); `eip7702`: the EOA
     * itself, not yet delegated (the chain's smart accounts are in EIP-7702 mode).
     */
    smartAccount?: 'none' | 'available' | 'fails' | 'eip7702'
    /** Whether the frame says it can change the recovery factor (the current one does). */
    changeRecovery?: boolean
    /** CHANGE_RECOVERY fails at once: a new device's hold, or the server refused to mail the code (a 429…). */
    changeRecoveryError?: Error
  } = {},
): EmbeddedStandIn {
  const calls: string[] = []
  const storageListeners = new Set<(persistent: boolean) => void>()
  let persistentStorage = options.persistentStorage ?? true
  let preferred: 'eoa' | 'smartAccount' = 'eoa'
  let email: string | null = null
  let newEmail = ''
  let typed: string | undefined
  let entry:
    | {
        /** The code this entry takes (the login's, or an update step's). */
        code: string
        onStatus: (status: EmbeddedLoginStatus) => void
        /** What the server does once the code is right. */
        onRight: () => void
        resolve: () => void
        reject: (error: Error) => void
      }
    | undefined
  /** A factor change waiting for the visitor's choice in the frame. */
  let factorChoice: ((choice: 'passkey' | 'passphrase' | 'cancel') => void) | undefined
  let social:
    | {
        resolve: (user: { email?: string | null; userName?: string }) => void
        reject: (e: Error) => void
      }
    | undefined
  /** What the frame does with a code typed in it. */
  async function check(otp: string) {
    const open = entry
    if (!open) return
    calls.push(`typed:${otp}`)
    open.onStatus('verifying')
    await Promise.resolve()
    if (otp !== open.code) {
      open.onStatus('sent')
      return
    }
    entry = undefined
    open.onRight()
    open.onStatus('ready')
    open.resolve()
  }
  /** Shows the frame's code entry for `code`; settles once the visitor typed it (or closed it). */
  function codeEntry(
    code: string,
    onStatus: (status: EmbeddedLoginStatus) => void,
    onRight: () => void,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      entry = { code, onStatus, onRight, resolve, reject }
      onStatus('waiting')
      onStatus('sent')
      const early = typed
      typed = undefined
      if (early) void check(early)
    })
  }
  const loaded: EmbeddedWalletLoaded = {
    async connectEmail(address) {
      calls.push(`connectEmail:${address}`)
      await options.hold
      email = address
      return options.action ?? 'VERIFY_OTP'
    },
    async connectDevice() {
      calls.push('connectDevice')
    },
    connectOtp({ onStatus = () => {} } = {}) {
      calls.push('connectOtp')
      return codeEntry(LOGIN_CODE, onStatus, () => {
        const adapter = getAdapter('eip155') as TestAdapter
        adapter.setWallets([...WALLETS, { id: AUTH_ID, name: 'Email' }])
        adapter.authorized.add(AUTH_ID)
      })
    },
    async getSocialRedirectUri(provider) {
      calls.push(`socialRedirect:${provider}`)
      if (options.socialStartError) throw options.socialStartError
      return `https://provider.example/authorize?provider=${provider}`
    },
    async connectSocial() {
      calls.push('connectSocial')
      const user = await new Promise<{ email?: string | null; userName?: string }>(
        (resolve, reject) => {
          social = { resolve, reject }
        },
      )
      email = user.email ?? null
      const adapter = getAdapter('eip155') as TestAdapter
      adapter.setWallets([...WALLETS, { id: AUTH_ID, name: 'Email' }])
      adapter.authorized.add(AUTH_ID)
      return { ...user, address: '0x7777777777777777777777777777777777777777', chainId: 1 }
    },
    async getFarcasterUri() {
      calls.push('farcasterUri')
      if (options.socialStartError) throw options.socialStartError
      return 'https://farcaster.xyz/~/siwf?channelToken=test-channel'
    },
    async connectFarcaster() {
      calls.push('connectFarcaster')
      return loaded.connectSocial()
    },
    async cancelFarcaster() {
      calls.push('cancelFarcaster')
      social?.reject(new BaseError('Modal closed'))
      social = undefined
    },
    abort() {
      calls.push('abort')
      social?.reject(new BaseError('Request was aborted'))
      social = undefined
    },
    async getUser() {
      return { email, address: '0x7777777777777777777777777777777777777777', chainId: 1 }
    },
    async isConnected() {
      return email !== null
    },
    async updateEmail(address) {
      calls.push(`updateEmail:${address}`)
      newEmail = address
      return 'VERIFY_PRIMARY_OTP'
    },
    async updateEmailPrimaryOtp({ onStatus = () => {} } = {}) {
      calls.push('primary')
      await codeEntry(PRIMARY_CODE, onStatus, () => {})
      return 'VERIFY_SECONDARY_OTP'
    },
    async updateEmailSecondaryOtp({ onStatus = () => {} } = {}) {
      calls.push('secondary')
      await codeEntry(SECONDARY_CODE, onStatus, () => {
        email = newEmail
      })
      return newEmail
    },
    async canChangeRecovery() {
      return options.changeRecovery ?? true
    },
    async changeRecovery({ onStatus = () => {} } = {}) {
      calls.push('changeRecovery')
      if (!(options.changeRecovery ?? true)) throw new Error('CHANGE_RECOVERY is not supported')
      if (options.changeRecoveryError) throw options.changeRecoveryError
      // The code entry, then the frame's factor dialog; 'ready' only once the server swapped.
      await codeEntry(
        LOGIN_CODE,
        (status) => {
          if (status !== 'ready') onStatus(status)
        },
        () => {},
      )
      onStatus('recovery')
      const choice = await new Promise<'passkey' | 'passphrase' | 'cancel'>((resolve) => {
        factorChoice = resolve
      })
      factorChoice = undefined
      calls.push(`factor:${choice}`)
      if (choice === 'cancel') {
        throw Object.assign(new BaseError('Recovery was cancelled'), { code: 4001 })
      }
      onStatus('ready')
      return choice
    },
    async signOut() {
      calls.push('signOut')
      email = null
    },
    async getAccounts() {
      calls.push('getAccounts')
      const smart = options.smartAccount ?? 'none'
      if (smart === 'eip7702') {
        return {
          mode: 'eip7702',
          preferred,
          account: { address: EOA_ADDRESS, delegated: false, balance: '1500000000000000000' },
        }
      }
      return {
        preferred,
        eoa: { address: EOA_ADDRESS, balance: '1500000000000000000' },
        ...(smart !== 'none' && {
          smartAccount: { address: SMART_ADDRESS, deployed: false, balance: '0' },
        }),
      }
    },
    async setPreferredAccount(type) {
      calls.push(`setPreferredAccount:${type}`)
      // As the real connector: a smart account the frame cannot give falls back to the EOA.
      const smart = options.smartAccount ?? 'none'
      if (type === 'smartAccount' && smart !== 'available' && smart !== 'eip7702') {
        preferred = 'eoa'
        showSnack('This application might not support Smart Accounts', { variant: 'error' })
      } else preferred = type
      // EIP-7702: the smart account is the EOA's own address.
      const address = preferred === 'eoa' || smart === 'eip7702' ? EOA_ADDRESS : SMART_ADDRESS
      ;(getAdapter('eip155') as TestAdapter).emit({
        type: 'accountsChanged',
        accounts: [{ address, namespace: 'eip155', type: preferred }],
      })
      return { type: preferred, address }
    },
    get persistentStorage() {
      return persistentStorage
    },
    onStorage(listener) {
      storageListeners.add(listener)
      return () => storageListeners.delete(listener)
    },
  }
  return {
    calls,
    async typeCode(otp) {
      if (entry) await check(otp)
      else typed = otp
    },
    cancelCode() {
      const open = entry
      entry = undefined
      open?.reject(new BaseError('The code entry was closed'))
    },
    chooseFactor(choice) {
      factorChoice?.(choice)
    },
    failMail() {
      entry?.onStatus('mail_failed')
    },
    finishSocial(user) {
      const waiting = social
      social = undefined
      if (user) waiting?.resolve(user)
      else waiting?.reject(new BaseError('Failed to initiate social connection'))
    },
    setStorage(persistent) {
      persistentStorage = persistent
      for (const listener of storageListeners) listener(persistent)
    },
    entry: {
      id: AUTH_ID,
      name: 'Email',
      namespaces: ['eip155'],
      socialPopupUrl: 'https://secure.example/loading',
      async load() {
        calls.push('load')
        if (options.loadError) throw options.loadError
        return loaded
      },
    },
  }
}
