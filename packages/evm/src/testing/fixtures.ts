// Shared by the Chromium tests: the anvil chains the WTR config started, as networks, and
// dev wallets announced in the page. Test-only (excluded from the build).
import type { CaipNetwork } from '@openmodal/core/internal'
import { createDevWallet, type DevWallet, type DevWalletOptions } from '@openmodal/testing'

export interface AnvilFixture {
  chainId: number
  rpcUrl: string
  /** The test ERC-20, deployed on the first chain only. */
  token?: `0x${string}`
}

let fixtures: Promise<AnvilFixture[]> | undefined

/** The chains of the test session (served by the WTR config). */
export function anvilChains(): Promise<AnvilFixture[]> {
  fixtures ??= fetch('/__openmodal/anvil.json').then((r) => r.json())
  return fixtures
}

export function toNetwork(chain: AnvilFixture): CaipNetwork {
  return {
    id: chain.chainId,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${chain.chainId}`,
    name: `Anvil ${chain.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }
}

export interface AnnouncedWallet {
  wallet: DevWallet
  stop: () => void
}

let walletCount = 0

/**
 * A dev wallet knowing only the first chain, announced with EIP-6963 under a fresh rdns
 * (`dev.openmodal.wallet<n>`), so tests of one page never see each other's wallets by id.
 */
export async function announcedWallet(
  options: Partial<DevWalletOptions> = {},
): Promise<AnnouncedWallet & { rdns: string }> {
  const [first] = await anvilChains()
  if (!first) throw new Error('no anvil chain')
  const rdns = `dev.openmodal.wallet${++walletCount}`
  const wallet = createDevWallet({
    chains: [{ id: first.chainId, rpcUrl: first.rpcUrl }],
    ...options,
    info: { rdns, ...options.info },
  })
  const stop = wallet.announce(window)
  return { wallet, stop, rdns }
}
