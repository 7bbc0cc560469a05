// One modal for the whole demo, created before React renders so the first paint has its state.
// The local chains and the dev wallet come first (top-level await): the wallet then announces
// itself before discovery starts, like an installed extension.

import { bitcoinAdapter, bitcoinRegtest } from '@openmodal/bitcoin'
import { type CaipNetwork, type ChainAdapter, getCallsStatus, sendCalls } from '@openmodal/core'
import { embeddedWallet } from '@openmodal/embedded/connector'
import { evmAdapter } from '@openmodal/evm'
import { createModal } from '@openmodal/react'
import { localSiwx, serverSiwx } from '@openmodal/siwx'
import { solanaAdapter, solanaLocalnet } from '@openmodal/solana'
import { walletConnect } from '@openmodal/walletconnect/connector'
import { type Client, createPublicClient, http } from 'viem'
import {
  installBitcoinDevWallet,
  installDevWallet,
  installSolanaDevWallet,
  loadLocalConfig,
  siwxModeFromUrl,
  siwxSessionsFromUrl,
} from './local.js'
import { demoNetworks } from './networks.js'

export const localConfig = await loadLocalConfig()
await Promise.all([
  installDevWallet(localConfig),
  installSolanaDevWallet(localConfig),
  installBitcoinDevWallet(localConfig),
])

const solana = localConfig.solana
const networks: [CaipNetwork, ...CaipNetwork[]] = [
  ...demoNetworks(localConfig.chains),
  // The local Solana cluster, when `pnpm demo` started one.
  ...(solana ? [solanaLocalnet(solana)] : []),
  // The regtest ledger, when `pnpm demo` started one.
  ...(localConfig.bitcoin ? [bitcoinRegtest(localConfig.bitcoin.esploraUrl)] : []),
]
const solanaLocal = solana ? solanaAdapter() : undefined
const bitcoinLocal = localConfig.bitcoin ? bitcoinAdapter() : undefined
// The Safe and Coinbase stand-ins `pnpm demo` started: their connectors (SDKs load lazily).
const connectors = [
  ...(localConfig.safeOrigin
    ? [
        (await import('@openmodal/evm/safe')).safeConnector({
          allowedOrigins: [localConfig.safeOrigin],
        }),
      ]
    : []),
  ...(localConfig.coinbaseKeysUrl
    ? [
        (await import('@openmodal/evm/coinbase')).coinbaseConnector({
          keysUrl: localConfig.coinbaseKeysUrl,
        }),
      ]
    : []),
]
const adapters: ChainAdapter[] = [
  evmAdapter(connectors.length > 0 ? { connectors } : {}),
  ...(solanaLocal ? [solanaLocal] : []),
  ...(bitcoinLocal ? [bitcoinLocal] : []),
]

/**
 * The SIWX toggle (`?siwx=required|optional|off`), and where its sessions live
 * (`?siwxSessions=browser|server`): in this browser, verified on every read, or on the server
 * `pnpm demo` started, which verifies and keeps them.
 */
export const siwxMode = siwxModeFromUrl(location.search)
/**
 * A client per local chain, so sign-ins of smart accounts (the Safe: ERC-1271, by eth_call)
 * verify too; made on first use.
 */
const siwxClients = new Map<string, Client>()
const siwxClient = (chainId: string): Client | undefined => {
  const chain = localConfig.chains.find((c) => `eip155:${c.chainId}` === chainId)
  if (!chain) return undefined
  let client = siwxClients.get(chainId)
  if (!client) {
    client = createPublicClient({ transport: http(chain.rpcUrl) })
    siwxClients.set(chainId, client)
  }
  return client
}
export const siwxSessions = siwxSessionsFromUrl(location.search, localConfig.apiUrl)
const siwxOptions = {
  statement: 'Sign in to the OpenModal demo',
  required: siwxMode === 'required',
}
const siwx =
  siwxMode === 'off'
    ? undefined
    : siwxSessions === 'server' && localConfig.apiUrl
      ? serverSiwx({ apiUrl: localConfig.apiUrl, projectId: 'demo', ...siwxOptions })
      : localSiwx({ ...siwxOptions, getClient: siwxClient })

export const modal = createModal({
  projectId: 'demo',
  // The server `pnpm demo` started: the wallet list and the project's remote config.
  ...(localConfig.apiUrl ? { apiUrl: localConfig.apiUrl } : {}),
  networks,
  defaultNetwork: networks[0].caipNetworkId,
  adapters,
  // WalletConnect over the local relay `pnpm demo` starts (Verify needs the internet: off).
  ...(localConfig.relayUrl
    ? { walletConnect: walletConnect({ relayUrl: localConfig.relayUrl }) }
    : {}),
  // "Continue with email": the secure site the server serves on its own origin; codes go to
  // the mailbox `pnpm demo` prints.
  ...(localConfig.secureOrigin
    ? { embeddedWallet: embeddedWallet({ secureOrigin: localConfig.secureOrigin }) }
    : {}),
  ...(siwx ? { siwx } : {}),
  metadata: {
    name: 'OpenModal demo',
    description: 'The OpenModal laboratory',
    url: location.origin,
    icons: [],
  },
})

// For the end-to-end tests and the browser console; a real app would not do this.
window.__openmodal = modal
window.__openmodalCalls = { sendCalls, getCallsStatus }
if (solanaLocal) window.__openmodalSolana = solanaLocal
if (bitcoinLocal) window.__openmodalBitcoin = bitcoinLocal
