import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { DEFAULT_FEATURES } from '../options/schema.js'
import { mergeFeatures } from './project-config.js'
import type { View } from './router.js'
import { walletFeatureBlock, walletFeatures } from './wallet-features.js'

const every = (_view: View) => true

describe('wallet features (Account buttons)', () => {
  test('lists them in the spec order: onramp, swaps, receive, send', () => {
    assert.deepEqual(walletFeatures(DEFAULT_FEATURES, 'eip155', every), [
      'onramp',
      'swaps',
      'receive',
      'send',
    ])
  })

  test('leaves out a feature whose flag is off, locally or in the remote config', () => {
    const local = { ...DEFAULT_FEATURES, send: false }
    assert.deepEqual(walletFeatures(local, 'eip155', every), ['onramp', 'swaps', 'receive'])
    const remote = mergeFeatures(
      DEFAULT_FEATURES,
      {
        email: true,
        socials: false,
        swaps: false,
        onramp: false,
        activity: true,
        reownBranding: false,
      },
      false,
    )
    assert.deepEqual(walletFeatures(remote, 'eip155', every), ['receive', 'send'])
    assert.equal(walletFeatureBlock('send', local, 'eip155'), 'disabled')
    assert.equal(walletFeatureBlock('send', undefined, 'eip155'), 'disabled')
  })

  test('follows the namespace matrix of spec §9', () => {
    assert.deepEqual(walletFeatures(DEFAULT_FEATURES, 'solana', every), [
      'onramp',
      'receive',
      'send',
    ])
    // Bitcoin sends and receives (its adapter pays through the wallet); no on-ramp or swaps.
    assert.deepEqual(walletFeatures(DEFAULT_FEATURES, 'bip122', every), ['receive', 'send'])
    assert.equal(walletFeatureBlock('swaps', DEFAULT_FEATURES, 'bip122'), 'namespace')
    assert.equal(walletFeatureBlock('send', DEFAULT_FEATURES, 'polkadot'), 'namespace')
    assert.equal(walletFeatureBlock('send', DEFAULT_FEATURES, undefined), 'namespace')
    assert.equal(walletFeatureBlock('send', DEFAULT_FEATURES, 'solana'), undefined)
  })

  test('offers only features whose view is built', () => {
    const built = new Set<View>(['WalletSend', 'WalletReceive'])
    assert.deepEqual(
      walletFeatures(DEFAULT_FEATURES, 'eip155', (view) => built.has(view)),
      ['receive', 'send'],
    )
  })
})
