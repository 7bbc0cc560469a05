// The Solana dev wallet: a wallet-standard wallet that signs with local ed25519 keys
// (tweetnacl) and sends through a JSON-RPC URL per chain. It runs in Node and in the browser,
// registers itself as `registerWallet` of @wallet-standard/wallet does, and has fault controls
// for tests (as the EVM dev wallet).
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { SOLANA_DEV_WALLET_ICON } from '../evm/eip6963.js'
import { ProviderRpcError } from '../evm/provider-error.js'
import { persistedGrant } from '../persisted-grant.js'
import { registerStandardWallet } from '../wallet-standard-registration.js'
import { SOLANA_DEV_SEEDS } from './accounts.js'
import { parseTransaction, signerIndex, withSignature } from './wire.js'

/** The wallet-standard chains of Solana's clusters. */
export const SOLANA_CHAINS = [
  'solana:mainnet',
  'solana:devnet',
  'solana:testnet',
  'solana:localnet',
] as const
export type SolanaChain = (typeof SOLANA_CHAINS)[number]

/** Every feature the dev wallet has; `omitFeatures` removes some. */
export const SOLANA_DEV_WALLET_FEATURES = [
  'standard:connect',
  'standard:disconnect',
  'standard:events',
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
  'solana:signIn',
] as const
export type SolanaDevWalletFeature = (typeof SOLANA_DEV_WALLET_FEATURES)[number]

export interface SolanaDevWalletOptions {
  /** JSON-RPC URL for every chain without its own in `rpcUrls`. */
  rpcUrl?: string
  rpcUrls?: Partial<Record<SolanaChain, string>>
  /** ed25519 seeds (32 bytes, hex or bytes); default `SOLANA_DEV_SEEDS`. */
  seeds?: readonly (string | Uint8Array)[]
  /** Indexes into `seeds` the wallet exposes; default `[0]`. */
  accounts?: readonly number[]
  /** Default 'OpenModal Solana Dev Wallet'. Any string: tests pass hostile ones. */
  name?: string
  /** Default `SOLANA_DEV_WALLET_ICON`. Any string: tests pass unsafe ones. */
  icon?: string
  /** Default all of `SOLANA_CHAINS`. */
  chains?: readonly string[]
  /** Features the wallet lacks (e.g. a wallet without `solana:signAndSendTransaction`). */
  omitFeatures?: readonly SolanaDevWalletFeature[]
  /** Keeps the page's grant in `localStorage` under this key, so a reload reconnects silently. */
  persistKey?: string
}

export interface SolanaFaultOptions {
  /** Only a call of this feature triggers the fault; default the next call of any. */
  feature?: SolanaDevWalletFeature
}

/** A feature call the wallet received. */
export interface SolanaDevWalletCall {
  feature: SolanaDevWalletFeature
  input: unknown
}

type ChangeListener = (properties: Record<string, unknown>) => void

export interface SolanaDevWallet {
  /** The wallet-standard object an app sees. */
  readonly wallet: Wallet
  /**
   * Registers the wallet with the app on `target` (default `window`): dispatches
   * `wallet-standard:register-wallet` and answers `wallet-standard:app-ready`. Returns a
   * function that unregisters it.
   */
  register(target?: EventTarget): () => void
  /** Base58 addresses the wallet exposes (whether or not the app is authorized). */
  readonly addresses: readonly string[]
  /** Whether the app was granted the accounts. */
  readonly authorized: boolean
  /** Every feature call, in order. */
  readonly calls: readonly SolanaDevWalletCall[]
  /** The ed25519 key pair of account `index` (of `seeds`). */
  keyPair(index: number): nacl.SignKeyPair
  /** Grants (or revokes) the app without a prompt, as for a returning visitor. */
  setAuthorized(authorized: boolean): void
  /** The next (matching) call rejects as a user rejection (code 4001). */
  rejectNext(options?: SolanaFaultOptions & { code?: number; message?: string }): void
  /** Every later call waits `ms` first (0 turns it off). */
  delay(ms: number): void
  /** The next (matching) call never settles. */
  neverSettleNext(options?: SolanaFaultOptions): void
  /** Emits a `change` event with any payload, as a broken or hostile wallet would. */
  emitMalformed(properties: unknown): void
  /** Exposes these account indexes instead and emits `change` to an authorized app. */
  setAccounts(indexes: readonly number[]): void
  /** The user disconnects in the wallet: authorization dropped, `change` with no accounts. */
  revoke(): void
}

type Fault =
  | { kind: 'reject'; error: ProviderRpcError; feature?: string }
  | { kind: 'never'; feature?: string }

function seedBytes(seed: string | Uint8Array): Uint8Array {
  if (seed instanceof Uint8Array) return seed
  if (!/^[0-9a-fA-F]{64}$/.test(seed)) throw new Error('A seed is 32 bytes (64 hex characters)')
  return Uint8Array.from(seed.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
}

let rpcId = 0
async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    })
    body = await response.json()
  } catch (cause) {
    throw new ProviderRpcError(-32603, `RPC ${url} unreachable`, { cause })
  }
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
  return body.result
}

const toBase64 = (bytes: Uint8Array) => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The input of `solana:signIn` (Sign-In With Solana); every field optional. */
export interface SolanaSignInInput {
  domain?: string
  address?: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}

/**
 * The Sign-In With Solana text a wallet writes for `solana:signIn` (the layout of
 * `createSignInMessageText` in @solana/wallet-standard-util): fields that are absent are left
 * out, and without a statement no empty statement line is written.
 */
export function createSignInMessageText(
  input: SolanaSignInInput & { domain: string; address: string },
): string {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) message += `\n\n${input.statement}`
  const fields: string[] = []
  if (input.uri) fields.push(`URI: ${input.uri}`)
  if (input.version) fields.push(`Version: ${input.version}`)
  if (input.chainId) fields.push(`Chain ID: ${input.chainId}`)
  if (input.nonce) fields.push(`Nonce: ${input.nonce}`)
  if (input.issuedAt) fields.push(`Issued At: ${input.issuedAt}`)
  if (input.expirationTime) fields.push(`Expiration Time: ${input.expirationTime}`)
  if (input.notBefore) fields.push(`Not Before: ${input.notBefore}`)
  if (input.requestId) fields.push(`Request ID: ${input.requestId}`)
  if (input.resources) fields.push('Resources:', ...input.resources.map((r) => `- ${r}`))
  if (fields.length) message += `\n\n${fields.join('\n')}`
  return message
}

/**
 * Creates a Solana dev wallet. `standard:connect` grants the app at once (no person needed);
 * `silent: true` returns accounts only when already granted.
 *
 * @example
 * const dev = createSolanaDevWallet({ rpcUrl: rpc.rpcUrl })
 * const unregister = dev.register()
 */
export function createSolanaDevWallet(options: SolanaDevWalletOptions = {}): SolanaDevWallet {
  // Each key pair is made on first use: tweetnacl's ed25519 takes ~10-40 ms a key, and a page
  // that never connects this wallet (or only account 0) should not wait for all of them.
  const seeds = (options.seeds ?? SOLANA_DEV_SEEDS).map(seedBytes)
  const made = new Map<number, nacl.SignKeyPair>()
  const keyPairOf = (index: number): nacl.SignKeyPair | undefined => {
    const seed = seeds[index]
    if (seed === undefined) return undefined
    let pair = made.get(index)
    if (!pair) {
      pair = nacl.sign.keyPair.fromSeed(seed)
      made.set(index, pair)
    }
    return pair
  }
  const chains = [...(options.chains ?? SOLANA_CHAINS)] as Wallet['chains']
  const omitted = new Set<string>(options.omitFeatures ?? [])
  const featureNames = SOLANA_DEV_WALLET_FEATURES.filter((f) => !omitted.has(f))
  // solana:signIn is a feature of the wallet, not of an account (it picks the account).
  const accountFeatures = featureNames.filter(
    (f) => f.startsWith('solana:') && f !== 'solana:signIn',
  )
  const listeners = new Set<ChangeListener>()
  const calls: SolanaDevWalletCall[] = []
  const faults: Fault[] = []
  let exposed = [...(options.accounts ?? [0])]
  const grant = persistedGrant(options.persistKey)
  let authorized = grant.read()
  let latency = 0

  const accountObjects = new Map<number, WalletAccount>()
  const account = (index: number): WalletAccount => {
    let object = accountObjects.get(index)
    if (!object) {
      const publicKey = (keyPairOf(index) as nacl.SignKeyPair).publicKey
      object = Object.freeze({
        address: bs58.encode(publicKey),
        publicKey: publicKey.slice(),
        chains,
        features: accountFeatures as WalletAccount['features'],
      })
      accountObjects.set(index, object)
    }
    return object
  }
  const exposedAccounts = () => exposed.filter((i) => seeds[i] !== undefined).map(account)
  const visibleAccounts = () => (authorized ? exposedAccounts() : [])

  const emit = (properties: unknown) => {
    for (const listener of [...listeners]) {
      try {
        listener(properties as Record<string, unknown>)
      } catch (error) {
        // An app's listener must not break the wallet, as in real wallets.
        console.error(error)
      }
    }
  }

  const signerFor = (input: unknown): nacl.SignKeyPair => {
    const address = (input as { account?: { address?: unknown } })?.account?.address
    const index = authorized ? exposed.find((i) => account(i).address === address) : undefined
    if (index === undefined) throw new ProviderRpcError(4100)
    return keyPairOf(index) as nacl.SignKeyPair
  }

  const bytesOf = (value: unknown, what: string): Uint8Array => {
    if (!(value instanceof Uint8Array)) {
      throw new ProviderRpcError(-32602, `${what} must be a Uint8Array`)
    }
    return value
  }

  const signTransaction = (input: unknown): Uint8Array => {
    const keyPair = signerFor(input)
    const bytes = bytesOf((input as { transaction?: unknown }).transaction, 'transaction')
    let tx: ReturnType<typeof parseTransaction>
    try {
      tx = parseTransaction(bytes)
    } catch (error) {
      throw new ProviderRpcError(-32602, `Invalid transaction: ${(error as Error).message}`)
    }
    const index = signerIndex(tx, keyPair.publicKey)
    if (index === -1) throw new ProviderRpcError(-32602, 'The account is not a signer')
    return withSignature(bytes, tx, index, nacl.sign.detached(tx.message, keyPair.secretKey))
  }

  const rpcUrlFor = (chain: unknown): string => {
    if (typeof chain !== 'string' || !chains.includes(chain as `${string}:${string}`)) {
      throw new ProviderRpcError(4902, `Unsupported chain ${String(chain)}`)
    }
    const url = options.rpcUrls?.[chain as SolanaChain] ?? options.rpcUrl
    if (!url) throw new ProviderRpcError(4901, `No RPC URL for ${chain}`)
    return url
  }

  const handlers: Record<SolanaDevWalletFeature, (input: unknown) => Promise<unknown>> = {
    'standard:connect': async (input) => {
      const silent = (input as { silent?: unknown } | undefined)?.silent === true
      if (!silent && !authorized) {
        authorized = grant.write(true)
        emit({ accounts: visibleAccounts() })
      }
      return { accounts: visibleAccounts() }
    },
    'standard:disconnect': async () => {
      // wallet-standard's disconnect ends the session without an accounts change event.
      authorized = grant.write(false)
    },
    'standard:events': async () => undefined,
    'solana:signMessage': async (input) => {
      const keyPair = signerFor(input)
      const message = bytesOf((input as { message?: unknown }).message, 'message')
      return {
        signedMessage: message,
        signature: nacl.sign.detached(message, keyPair.secretKey),
        signatureType: 'ed25519',
      }
    },
    'solana:signIn': async (input) => {
      // Sign-In With Solana: connects if needed, writes the message itself, signs it.
      const fields = (input ?? {}) as SolanaSignInInput
      if (!authorized) {
        authorized = grant.write(true)
        emit({ accounts: visibleAccounts() })
      }
      const chosen =
        fields.address === undefined
          ? exposedAccounts()[0]
          : exposedAccounts().find((a) => a.address === fields.address)
      if (!chosen) throw new ProviderRpcError(4100, 'No such account in this wallet')
      const keyPair = signerFor({ account: chosen })
      const domain =
        fields.domain ?? (globalThis as { location?: { host?: string } }).location?.host
      if (!domain) throw new ProviderRpcError(-32602, 'domain is required outside a page')
      const signedMessage = new TextEncoder().encode(
        createSignInMessageText({ ...fields, domain, address: chosen.address }),
      )
      return {
        account: chosen,
        signedMessage,
        signature: nacl.sign.detached(signedMessage, keyPair.secretKey),
        signatureType: 'ed25519',
      }
    },
    'solana:signTransaction': async (input) => ({ signedTransaction: signTransaction(input) }),
    'solana:signAndSendTransaction': async (input) => {
      const url = rpcUrlFor((input as { chain?: unknown }).chain)
      const signed = signTransaction(input)
      const sendOptions = (input as { options?: Record<string, unknown> }).options ?? {}
      const signature = await rpc(url, 'sendTransaction', [
        toBase64(signed),
        {
          encoding: 'base64',
          ...(sendOptions.skipPreflight === true ? { skipPreflight: true } : {}),
          ...(typeof sendOptions.preflightCommitment === 'string'
            ? { preflightCommitment: sendOptions.preflightCommitment }
            : {}),
        },
      ])
      if (typeof signature !== 'string') throw new ProviderRpcError(-32603, 'No signature')
      return { signature: bs58.decode(signature) }
    },
  }

  const takeFault = (feature: string): Fault | undefined => {
    const index = faults.findIndex((f) => f.feature === undefined || f.feature === feature)
    return index === -1 ? undefined : faults.splice(index, 1)[0]
  }

  const invoke = async (feature: SolanaDevWalletFeature, input: unknown): Promise<unknown> => {
    calls.push({ feature, input })
    const fault = takeFault(feature)
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency))
    if (fault?.kind === 'never') return new Promise<never>(() => {})
    if (fault?.kind === 'reject') throw fault.error
    return handlers[feature](input)
  }
  // Solana features take several inputs and answer one output each, in order.
  const batch =
    (feature: SolanaDevWalletFeature) =>
    async (...inputs: unknown[]) => {
      const outputs: unknown[] = []
      for (const input of inputs) outputs.push(await invoke(feature, input))
      return outputs
    }

  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      connect: (input?: unknown) => invoke('standard:connect', input),
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: () => invoke('standard:disconnect', undefined),
    },
    'standard:events': {
      version: '1.0.0',
      on: (event: string, listener: ChangeListener) => {
        if (event !== 'change') return () => undefined
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'solana:signMessage': { version: '1.0.0', signMessage: batch('solana:signMessage') },
    'solana:signIn': { version: '1.0.0', signIn: batch('solana:signIn') },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: batch('solana:signTransaction'),
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: batch('solana:signAndSendTransaction'),
    },
  }
  for (const name of omitted) delete features[name]

  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? 'OpenModal Solana Dev Wallet',
    icon: (options.icon ?? SOLANA_DEV_WALLET_ICON) as WalletIcon,
    chains,
    features: features as Wallet['features'],
    get accounts() {
      return visibleAccounts()
    },
  }

  return {
    wallet,
    register: (target?: EventTarget) => registerStandardWallet(wallet, target),
    get addresses() {
      return exposedAccounts().map((a) => a.address)
    },
    get authorized() {
      return authorized
    },
    calls,
    keyPair(index) {
      const keyPair = keyPairOf(index)
      if (!keyPair) throw new Error(`No seed at index ${index}`)
      return keyPair
    },
    setAuthorized(value) {
      authorized = grant.write(value)
    },
    rejectNext(opts = {}) {
      faults.push({
        kind: 'reject',
        error: new ProviderRpcError(opts.code ?? 4001, opts.message),
        ...(opts.feature ? { feature: opts.feature } : {}),
      })
    },
    delay(ms) {
      latency = Math.max(0, ms)
    },
    neverSettleNext(opts = {}) {
      faults.push({ kind: 'never', ...(opts.feature ? { feature: opts.feature } : {}) })
    },
    emitMalformed(properties) {
      emit(properties)
    },
    setAccounts(indexes) {
      exposed = indexes.filter((i) => seeds[i] !== undefined)
      if (authorized) emit({ accounts: visibleAccounts() })
    },
    revoke() {
      if (!authorized) return
      authorized = grant.write(false)
      emit({ accounts: [] })
    },
  }
}
