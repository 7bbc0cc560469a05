// A sats-connect provider (Xverse and wallets speaking its protocol) as a `BitcoinWallet`:
// `provider.request(method, params)` answers JSON-RPC responses, `addListener` reports
// accountChange / disconnect. Every answer is checked before use: the provider is untrusted.
import { BaseError, chainError, issueWarning } from '@openmodal/core/internal'
import { BitcoinWalletError, SATS_CONNECT_CODES, walletError } from './errors.js'
import type { BitcoinWallet, BitcoinWalletAccount, BitcoinWalletEvent } from './wallet.js'

/** What the adapter needs of a sats-connect provider (`BitcoinProvider`). */
export interface SatsConnectProvider {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?(info: { eventName: string; cb: (event: unknown) => void }): unknown
}

const PURPOSES = ['payment', 'ordinals'] as const
const TXID = /^[0-9a-f]{64}$/i

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Payment and ordinals addresses of an answer; other purposes (stacks, spark) are left out. */
export function readAddresses(value: unknown): BitcoinWalletAccount[] | undefined {
  if (!Array.isArray(value)) return undefined
  const accounts: BitcoinWalletAccount[] = []
  for (const entry of value) {
    if (!isRecord(entry)) continue
    const { address, publicKey, purpose, addressType } = entry
    if (typeof address !== 'string' || !/^[0-9A-Za-z]{14,90}$/.test(address)) continue
    if (!(PURPOSES as readonly unknown[]).includes(purpose)) continue
    accounts.push({
      address,
      purpose: purpose as BitcoinWalletAccount['purpose'],
      ...(typeof publicKey === 'string' && /^[0-9a-f]{64,66}$/i.test(publicKey)
        ? { publicKey }
        : {}),
      ...(typeof addressType === 'string' && /^[a-z0-9]{2,10}$/.test(addressType)
        ? { addressType }
        : {}),
    })
  }
  return accounts
}

/**
 * Calls `method` on a sats-connect provider; resolves its `result` or throws a
 * `BitcoinWalletError` with the wallet's code. Accepts both JSON-RPC responses (what providers
 * answer) and sats-connect's `{ status, result | error }` (what its `request()` answers).
 */
export async function callProvider(
  provider: SatsConnectProvider,
  method: string,
  params?: unknown,
): Promise<unknown> {
  let response: unknown
  try {
    response = await provider.request(method, params)
  } catch (thrown) {
    const code = isRecord(thrown) && typeof thrown.code === 'number' ? thrown.code : -32603
    const message = thrown instanceof Error ? thrown.message : String(thrown)
    throw new BitcoinWalletError(code, message)
  }
  if (!isRecord(response)) {
    throw new BitcoinWalletError(SATS_CONNECT_CODES.INTERNAL_ERROR, 'The wallet answered nothing')
  }
  if (isRecord(response.error)) {
    const { code, message, data } = response.error
    throw new BitcoinWalletError(
      typeof code === 'number' ? code : SATS_CONNECT_CODES.INTERNAL_ERROR,
      typeof message === 'string' ? message.slice(0, 500) : 'Wallet error',
      data,
    )
  }
  if (!('result' in response)) {
    throw new BitcoinWalletError(SATS_CONNECT_CODES.INTERNAL_ERROR, 'The wallet answered no result')
  }
  return response.result
}

/**
 * Wraps a sats-connect provider.
 *
 * @example
 * const wallet = satsConnectWallet(window.XverseProviders.BitcoinProvider)
 * const accounts = await wallet.connect()
 */
export function satsConnectWallet(provider: SatsConnectProvider): BitcoinWallet {
  const call = async (method: string, params?: unknown, connecting = false) => {
    try {
      return await callProvider(provider, method, params)
    } catch (error) {
      if (error instanceof BitcoinWalletError) throw walletError(method, error, connecting)
      throw error
    }
  }
  const invalid = (method: string) => chainError('WALLET_UNEXPECTED_ANSWER', { details: method })

  return {
    kind: 'sats-connect',
    provider,

    async connect(message) {
      const params = { purposes: [...PURPOSES], ...(message ? { message } : {}) }
      let result: unknown
      try {
        result = await call('getAccounts', params, true)
      } catch (error) {
        // Wallets that predate getAccounts answer getAddresses ({ addresses, network }).
        if (!(error instanceof BaseError && error.code === 'UNSUPPORTED_METHOD')) throw error
        const answer = await call('getAddresses', params, true)
        result = isRecord(answer) ? answer.addresses : undefined
      }
      const accounts = readAddresses(result)
      if (!accounts) throw invalid('getAccounts')
      return accounts
    },

    async accounts() {
      // wallet_getAccount never prompts: it answers ACCESS_DENIED without a permission.
      try {
        const result = await callProvider(provider, 'wallet_getAccount')
        return readAddresses(isRecord(result) ? result.addresses : undefined) ?? null
      } catch (error) {
        if (error instanceof BitcoinWalletError) return null
        throw error
      }
    },

    async disconnect() {
      await callProvider(provider, 'wallet_disconnect').catch(() => undefined)
    },

    async signMessage({ address, message, protocol }) {
      const result = await call('signMessage', { address, message, protocol })
      const signature = isRecord(result) ? result.signature : undefined
      if (typeof signature !== 'string' || signature.length === 0) throw invalid('signMessage')
      return signature
    },

    async signPsbt(params) {
      const result = await call('signPsbt', params)
      if (!isRecord(result) || typeof result.psbt !== 'string') throw invalid('signPsbt')
      const txid =
        typeof result.txid === 'string' && TXID.test(result.txid) ? result.txid : undefined
      return { psbt: result.psbt, ...(txid ? { txid } : {}) }
    },

    async sendTransfer(recipients) {
      const result = await call('sendTransfer', {
        recipients: recipients.map((r) => ({ address: r.address, amount: Number(r.amount) })),
      })
      const txid = isRecord(result) ? result.txid : undefined
      if (typeof txid !== 'string' || !TXID.test(txid)) throw invalid('sendTransfer')
      return txid.toLowerCase()
    },

    request(method, params) {
      return call(method, params)
    },

    on(listener) {
      if (typeof provider.addListener !== 'function') return () => undefined
      const offs: Array<() => void> = []
      const add = (eventName: string, cb: (event: unknown) => void) => {
        try {
          const off = provider.addListener?.({ eventName, cb })
          if (typeof off === 'function') offs.push(off as () => void)
        } catch {
          // a provider whose addListener throws simply reports nothing
        }
      }
      add('accountChange', (event) => {
        const addresses = isRecord(event) ? event.addresses : undefined
        const accounts = addresses === undefined ? undefined : readAddresses(addresses)
        // A list with entries that are not valid addresses is a wallet fault, not a change.
        if (
          addresses !== undefined &&
          (!accounts || accounts.length !== (addresses as unknown[]).length)
        ) {
          issueWarning(
            'bitcoin-invalid-accounts',
            'Ignored an accountChange with invalid addresses',
          )
          return
        }
        const next: BitcoinWalletEvent = { type: 'accountsChanged', accounts }
        listener(next)
      })
      add('disconnect', () => listener({ type: 'disconnect' }))
      return () => {
        for (const off of offs.splice(0)) {
          try {
            off()
          } catch {
            // ignored: the session check in the adapter mutes a listener that stays
          }
        }
      }
    },
  }
}
