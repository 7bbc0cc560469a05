// A stand-in for `embeddedWallet()` of @openmodal/embedded for the view tests: the frame side's
// steps with the real frame's answers (VERIFY_OTP / VERIFY_DEVICE, "Invalid code", the
// "Network Error - Could not load embedded wallet" of a frame that never loads). Once the code
// is right it announces the provider as the real one does (here: the core test adapter's
// discovery). The real frame runs in @openmodal/embedded's browser tests and the demo e2e.
import type { TestAdapter } from '@openmodal/core/adapter-contract'
import {
  BaseError,
  type EmbeddedWalletAction,
  type EmbeddedWalletEntry,
  type EmbeddedWalletLoaded,
  getAdapter,
} from '@openmodal/core/internal'
import { WALLETS } from './helpers.js'

export const AUTH_ID = 'org.openmodal.embedded'
export const LOGIN_CODE = '123456'
export const PRIMARY_CODE = '111111'
export const SECONDARY_CODE = '222222'

export interface EmbeddedStandIn {
  entry: EmbeddedWalletEntry
  calls: string[]
  /** The frame's STORAGE event: its storage lasts across visits or not. */
  setStorage(persistent: boolean): void
}

export function embeddedStandIn(
  options: {
    action?: EmbeddedWalletAction
    loadError?: Error
    hold?: Promise<void>
    /** What the frame says of its storage (the real one: `false` without lasting storage). */
    persistentStorage?: boolean
  } = {},
): EmbeddedStandIn {
  const calls: string[] = []
  const storageListeners = new Set<(persistent: boolean) => void>()
  let persistentStorage = options.persistentStorage ?? true
  let email: string | null = null
  let newEmail = ''
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
    async connectOtp(otp) {
      calls.push(`connectOtp:${otp}`)
      if (otp !== LOGIN_CODE) throw new BaseError('Invalid code')
      const adapter = getAdapter('eip155') as TestAdapter
      adapter.setWallets([...WALLETS, { id: AUTH_ID, name: 'Email' }])
      adapter.authorized.add(AUTH_ID)
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
    async updateEmailPrimaryOtp(otp) {
      calls.push(`primary:${otp}`)
      if (otp !== PRIMARY_CODE) throw new BaseError('Invalid code')
      return 'VERIFY_SECONDARY_OTP'
    },
    async updateEmailSecondaryOtp(otp) {
      calls.push(`secondary:${otp}`)
      if (otp !== SECONDARY_CODE) throw new BaseError('Invalid code')
      email = newEmail
      return newEmail
    },
    async signOut() {
      calls.push('signOut')
      email = null
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
    setStorage(persistent) {
      persistentStorage = persistent
      for (const listener of storageListeners) listener(persistent)
    },
    entry: {
      id: AUTH_ID,
      name: 'Email',
      namespaces: ['eip155'],
      async load() {
        calls.push('load')
        if (options.loadError) throw options.loadError
        return loaded
      },
    },
  }
}
