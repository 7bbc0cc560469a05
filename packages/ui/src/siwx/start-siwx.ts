// Starts core's Sign-In With X flow (spec §4) for createModal, in the connect group's chunk: the
// host's `siwx` config as it is, or the older `siweConfig` turned into the same contract by
// @openmodal/siwx's `fromSiweConfig` (its own chunk, loaded only for such a host).
// parseOptions has already refused both together (spec §5). On solana, a wallet with the
// wallet-standard `solana:signIn` feature signs in through it (its own chunk too).
import {
  emitEvent,
  errorMessage,
  type ModalOptions,
  type SiwxActions,
  type SiwxConfigLike,
  watchSiwx,
} from '@openmodal/core/internal'
import type { SIWXMessageData } from '@openmodal/siwx'
import type { SIWEConfig } from './siwe-config.js'
import type { SolanaSignInWallet } from './solana-sign-in.js'

/**
 * Sign-In With Solana through the wallet's `solana:signIn` when it has one (the flow signs the
 * text with `signMessage` otherwise); other namespaces have no such feature.
 */
const signIn: NonNullable<SiwxActions['signIn']> = async ({
  namespace,
  provider,
  data,
  address,
}) => {
  if (namespace !== 'solana' || !provider) return undefined
  const { signInWithSolanaWallet } = await import('./solana-sign-in.js')
  return signInWithSolanaWallet(provider as SolanaSignInWallet, {
    data: data as SIWXMessageData,
    address,
  })
}

/**
 * Runs core's SIWX flow with the host's config (or its `siweConfig` converted); a config that
 * cannot be converted is reported as SIWX_AUTH_ERROR.
 * @example await startSiwx({ siweConfig }, { disconnect, switchNetwork })
 */
export async function startSiwx(
  { siwx, siweConfig }: Pick<ModalOptions, 'siwx' | 'siweConfig'>,
  actions: SiwxActions,
): Promise<void> {
  try {
    const config = siwx
      ? (siwx as SiwxConfigLike)
      : ((await import('./siwe-config.js')).fromSiweConfig(
          siweConfig as SIWEConfig,
        ) as unknown as SiwxConfigLike)
    watchSiwx(config, { ...actions, signIn })
  } catch (error) {
    emitEvent('SIWX_AUTH_ERROR', { message: errorMessage(error) })
  }
}
