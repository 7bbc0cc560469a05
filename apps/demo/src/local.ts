// The local stack the demo runs against: the anvil chains `pnpm demo` started (served by the
// preview server at LOCAL_CONFIG_PATH) and the dev wallet it injects, so a newcomer can connect
// without a browser extension. Nothing here leaves the loopback interface.
import type { ChainAdapter, getCallsStatus, ModalInstance, sendCalls } from '@openmodal/core'

/** Served by the demo's Vite plugin (`vite.config.ts`) from `OPENMODAL_DEMO_CHAINS`. */
export const LOCAL_CONFIG_PATH = '/__openmodal/local.json'
/** The dev wallet script (`@openmodal/testing`'s `dist/dev-wallet.iife.js`), same plugin. */
export const DEV_WALLET_PATH = '/__openmodal/dev-wallet.js'
/** Where the dev wallet keeps its granted origins and chain, so a reload reconnects. */
export const DEV_WALLET_PERSIST_KEY = 'openmodal-demo-dev-wallet'

export interface LocalChain {
  chainId: number
  rpcUrl: string
}

/** The local Solana cluster `pnpm demo` started (`@openmodal/testing`'s litesvm RPC). */
export interface LocalSolana {
  rpcUrl: string
  genesisHash: string
}

/** The regtest ledger `pnpm demo` started (`@openmodal/testing`'s Esplora API). */
export interface LocalBitcoin {
  esploraUrl: string
}

export interface DemoConfig {
  /** The two local chains: `[31337, 31338]` by default. */
  chains: readonly LocalChain[]
  /** Address of the test ERC-20 on the first chain, when deployed. */
  token?: string
  /** Inject the dev wallet (default true; `?devwallet=0` turns it off). */
  devWallet: boolean
  /** Chain ids the dev wallet knows at start (default all of `chains`). */
  devWalletChainIds?: readonly number[]
  /** The local Solana cluster, when one runs: adds its network, the Solana adapter and wallet. */
  solana?: LocalSolana
  /** The regtest ledger, when one runs: adds its network, the Bitcoin adapter and dev wallet. */
  bitcoin?: LocalBitcoin
  /** The OpenModal server `pnpm demo` started (wallet registry, project config). */
  apiUrl?: string
  /** The secure site that server serves on its own origin: the embedded wallet's frame. */
  secureOrigin?: string
  /** The local mailbox page where the e-mail login codes arrive. */
  mailboxUrl?: string
  /** The local WalletConnect relay (`ws://127.0.0.1:…`); WalletConnect is offered only with it. */
  relayUrl?: string
  /** The Safe stand-in's origin: the Safe connector answers to a parent page there. */
  safeOrigin?: string
  /** The Coinbase keys-page stand-in: the Coinbase Wallet connector opens it as its popup. */
  coinbaseKeysUrl?: string
}

declare global {
  interface Window {
    /** Set before the page loads (e2e tests) to skip fetching LOCAL_CONFIG_PATH. */
    __openmodalDemo?: Partial<DemoConfig>
    /** The demo's modal instance, for tests and the console (the demo only). */
    __openmodal?: ModalInstance
    /** Core's EIP-5792 actions, for tests and the console: `sendCalls`, `getCallsStatus`. */
    __openmodalCalls?: { sendCalls: typeof sendCalls; getCallsStatus: typeof getCallsStatus }
    /** The demo's Solana adapter when a local cluster runs (signMessage, sendTransfer, …). */
    __openmodalSolana?: ChainAdapter
    /** The demo's Bitcoin adapter when a regtest ledger runs (sendTransfer, signPsbt, …). */
    __openmodalBitcoin?: ChainAdapter
    /** Present once the dev wallet script ran. */
    __openmodalDevWallet?: unknown
    /** The Solana dev wallet (its `calls` say which features the page used). */
    __openmodalSolanaDevWallet?: unknown
  }
}

/** What `pnpm demo` uses when it gets its preferred ports. */
export const DEFAULT_CHAINS: readonly LocalChain[] = [
  { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
]

const isLoopbackHttp = (url: unknown): url is string => {
  if (typeof url !== 'string') return false
  try {
    const { protocol, hostname } = new URL(url)
    return protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost')
  } catch {
    return false
  }
}

const isLoopbackWs = (url: unknown): url is string => {
  if (typeof url !== 'string') return false
  try {
    const { protocol, hostname } = new URL(url)
    return protocol === 'ws:' && (hostname === '127.0.0.1' || hostname === 'localhost')
  } catch {
    return false
  }
}

function parseChains(value: unknown): LocalChain[] | undefined {
  if (!Array.isArray(value)) return undefined
  const chains = value.flatMap((entry: unknown) => {
    const { chainId, rpcUrl } = (entry ?? {}) as Partial<LocalChain>
    return Number.isSafeInteger(chainId) && isLoopbackHttp(rpcUrl)
      ? [{ chainId: chainId as number, rpcUrl }]
      : []
  })
  return chains.length ? chains : undefined
}

function parseSolana(value: unknown): LocalSolana | undefined {
  const { rpcUrl, genesisHash } = (value ?? {}) as Partial<LocalSolana>
  if (!isLoopbackHttp(rpcUrl) || typeof genesisHash !== 'string') return undefined
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(genesisHash) ? { rpcUrl, genesisHash } : undefined
}

function parseBitcoin(value: unknown): LocalBitcoin | undefined {
  const { esploraUrl } = (value ?? {}) as Partial<LocalBitcoin>
  return isLoopbackHttp(esploraUrl) ? { esploraUrl } : undefined
}

/** Sign-In With X in the demo: `?siwx=required|optional`; anything else (or none) is off. */
export type SiwxMode = 'required' | 'optional' | 'off'

export function siwxModeFromUrl(search: string): SiwxMode {
  const value = new URLSearchParams(search).get('siwx')
  return value === 'required' || value === 'optional' ? value : 'off'
}

/** Where SIWX sessions live: this browser (`localSiwx`) or the demo's server (`serverSiwx`). */
export type SiwxSessions = 'browser' | 'server'

/**
 * `?siwxSessions=server` keeps the sessions on the server the demo was given (`apiUrl`); without
 * one the demo stays on browser sessions: the kit never calls a server the host did not set.
 */
export function siwxSessionsFromUrl(search: string, apiUrl: string | undefined): SiwxSessions {
  return apiUrl && new URLSearchParams(search).get('siwxSessions') === 'server'
    ? 'server'
    : 'browser'
}

/** `?devwallet=0` turns the dev wallet off, `?devwallet` / `?devwallet=1` on; default on. */
export function devWalletFromUrl(search: string): boolean | undefined {
  const value = new URLSearchParams(search).get('devwallet')
  if (value === null) return undefined
  return value !== '0' && value !== 'false' && value !== 'off'
}

/**
 * The demo's local configuration: `window.__openmodalDemo` (set by a test), else what the
 * preview server serves at LOCAL_CONFIG_PATH, else DEFAULT_CHAINS.
 */
export async function loadLocalConfig(): Promise<DemoConfig> {
  let source: Partial<DemoConfig> | undefined = window.__openmodalDemo
  if (!source) {
    try {
      const response = await fetch(LOCAL_CONFIG_PATH)
      if (response.ok) source = (await response.json()) as Partial<DemoConfig>
    } catch {
      // No local stack (e.g. a static host): the defaults below.
    }
  }
  const fromUrl = devWalletFromUrl(location.search)
  return {
    chains: parseChains(source?.chains) ?? DEFAULT_CHAINS,
    ...(typeof source?.token === 'string' ? { token: source.token } : {}),
    devWallet: fromUrl ?? source?.devWallet ?? true,
    ...(source?.devWalletChainIds ? { devWalletChainIds: source.devWalletChainIds } : {}),
    ...(parseSolana(source?.solana) ? { solana: parseSolana(source?.solana) as LocalSolana } : {}),
    ...(parseBitcoin(source?.bitcoin)
      ? { bitcoin: parseBitcoin(source?.bitcoin) as LocalBitcoin }
      : {}),
    ...(isLoopbackHttp(source?.apiUrl) ? { apiUrl: source.apiUrl } : {}),
    ...(isLoopbackHttp(source?.secureOrigin)
      ? { secureOrigin: new URL(source.secureOrigin).origin }
      : {}),
    ...(isLoopbackHttp(source?.mailboxUrl) ? { mailboxUrl: source.mailboxUrl } : {}),
    ...(isLoopbackWs(source?.relayUrl) ? { relayUrl: source.relayUrl } : {}),
    ...(isLoopbackHttp(source?.safeOrigin)
      ? { safeOrigin: new URL(source.safeOrigin).origin }
      : {}),
    ...(isLoopbackHttp(source?.coinbaseKeysUrl) ? { coinbaseKeysUrl: source.coinbaseKeysUrl } : {}),
  }
}

/**
 * Registers the Solana dev wallet (wallet-standard, keys of `@openmodal/testing`) against the
 * local cluster, like an installed extension would. Its code is loaded only here.
 */
export async function installSolanaDevWallet(config: DemoConfig): Promise<void> {
  if (!config.devWallet || !config.solana) return
  const { createSolanaDevWallet } = await import('@openmodal/testing/solana')
  const wallet = createSolanaDevWallet({
    rpcUrl: config.solana.rpcUrl,
    // Remembers this page's grant as an installed wallet does: a reload reconnects silently.
    persistKey: `${DEV_WALLET_PERSIST_KEY}-solana`,
    // `?solanasignin=0`: a wallet with signMessage only (Sign-In With Solana as text).
    ...(solanaSignInFromUrl(location.search) ? {} : { omitFeatures: ['solana:signIn'] }),
  })
  wallet.register()
  window.__openmodalSolanaDevWallet = wallet
}

/** `?solanasignin=0` leaves `solana:signIn` out of the Solana dev wallet; default in. */
export function solanaSignInFromUrl(search: string): boolean {
  const value = new URLSearchParams(search).get('solanasignin')
  return value !== '0' && value !== 'false' && value !== 'off'
}

/**
 * Registers the Bitcoin dev wallet (sats-connect, keys of `@openmodal/testing`) in
 * `window.btc_providers` against the regtest ledger, like an installed extension would. Its
 * code is loaded only here.
 */
export async function installBitcoinDevWallet(config: DemoConfig): Promise<void> {
  if (!config.devWallet || !config.bitcoin) return
  const { createBitcoinDevWallet } = await import('@openmodal/testing/bitcoin')
  createBitcoinDevWallet({
    esploraUrl: config.bitcoin.esploraUrl,
    persistKey: `${DEV_WALLET_PERSIST_KEY}-bitcoin`,
  }).register()
}

/**
 * Loads the dev wallet script before the app, configured with the local chains; it announces
 * itself through EIP-6963 like an extension. Skipped when a wallet script already ran (a test
 * injected it) or when turned off. A missing script only logs: the page still works.
 */
export async function installDevWallet(config: DemoConfig): Promise<void> {
  if (!config.devWallet || window.__openmodalDevWallet) return
  const known = config.devWalletChainIds
  const chains = config.chains
    .filter((c) => !known || known.includes(c.chainId))
    .map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl }))
  const script = document.createElement('script')
  script.src = DEV_WALLET_PATH
  script.dataset.config = JSON.stringify({ chains, persistKey: DEV_WALLET_PERSIST_KEY })
  await new Promise<void>((resolve) => {
    script.onload = () => resolve()
    script.onerror = () => {
      console.warn(`OpenModal demo: ${DEV_WALLET_PATH} did not load; no dev wallet`)
      resolve()
    }
    document.head.append(script)
  })
}
