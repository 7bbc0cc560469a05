// The Account view's wallet features (spec §2 "Wallet feature order: onramp, swaps, receive,
// send"): which of them a visitor may use, from the features in effect (local options with the
// remote config over them) and the spec §9 namespace support matrix.
import type { Features } from '../options/schema.js'
import type { ChainNamespace } from '../types/network.js'
import type { View } from './router.js'

/** A feature the Account view offers as a button. */
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'

/** Spec §2: the order the Account view shows them in. */
export const WALLET_FEATURE_ORDER: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']

/**
 * Spec §9 namespace support: send and balance on eip155 and solana, on-ramp on eip155 and
 * solana; swaps run on EVM chains (spec §9 swap networks); an address can receive wherever the
 * kit shows it. Bitcoin (bip122) sends and receives too, beyond the spec's matrix: its adapter
 * reads the balance and has the wallet pay (its own transfer, or a PSBT the adapter builds).
 */
export const WALLET_FEATURE_NAMESPACES: Readonly<Record<WalletFeature, readonly ChainNamespace[]>> =
  {
    onramp: ['eip155', 'solana'],
    swaps: ['eip155'],
    receive: ['eip155', 'solana', 'bip122'],
    send: ['eip155', 'solana', 'bip122'],
  }

/** The view each feature's button opens. */
export const WALLET_FEATURE_VIEWS: Readonly<Record<WalletFeature, View>> = {
  onramp: 'OnRampProviders',
  swaps: 'Swap',
  receive: 'WalletReceive',
  send: 'WalletSend',
}

/** Why a feature is not offered; undefined when it is. */
export type WalletFeatureBlock = 'disabled' | 'namespace'

/**
 * Why `feature` is not available with `features` on `namespace`: `disabled` when its flag is
 * off (the host's option, or the remote config), `namespace` when the namespace cannot do it;
 * undefined when it is available.
 *
 * @example
 * walletFeatureBlock('send', { ...features, send: false }, 'eip155') // 'disabled'
 * walletFeatureBlock('swaps', features, 'solana') // 'namespace'
 */
export function walletFeatureBlock(
  feature: WalletFeature,
  features: Features | undefined,
  namespace: ChainNamespace | undefined,
): WalletFeatureBlock | undefined {
  if (!features || features[feature] === false) return 'disabled'
  if (!namespace || !WALLET_FEATURE_NAMESPACES[feature].includes(namespace)) return 'namespace'
  return undefined
}

/**
 * The features to offer, in the spec's order: flag on, namespace able, and (`hasView`) the
 * feature's view built, so buttons of features later issues build appear only with them.
 *
 * @example
 * walletFeatures(features, 'eip155', (view) => view === 'WalletSend') // ['send']
 */
export function walletFeatures(
  features: Features | undefined,
  namespace: ChainNamespace | undefined,
  hasView: (view: View) => boolean,
): WalletFeature[] {
  return WALLET_FEATURE_ORDER.filter(
    (feature) =>
      walletFeatureBlock(feature, features, namespace) === undefined &&
      hasView(WALLET_FEATURE_VIEWS[feature]),
  )
}
