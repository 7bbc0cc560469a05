import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mainnet, optimism } from '../testing/fixtures.js'
import type { CaipNetwork } from '../types/network.js'
import { withNetworkImages } from './network-images.js'

test('fills imageUrl from the imageId, or the well-known default, under apiUrl', () => {
  const custom: CaipNetwork = { ...optimism, assets: { imageId: 'base' } }
  const [eth, op] = withNetworkImages([mainnet, custom], 'https://api.example.com/')
  assert.deepEqual(eth?.assets, {
    imageId: 'ethereum',
    imageUrl: 'https://api.example.com/v1/assets/networks/ethereum',
  })
  assert.equal(op?.assets?.imageUrl, 'https://api.example.com/v1/assets/networks/base')
})

test('keeps a host imageUrl, adds nothing in local mode or for an unknown network', () => {
  const own = { ...mainnet, assets: { imageUrl: 'https://cdn.example.com/eth.svg' } }
  const unknown = { ...mainnet, id: 999, caipNetworkId: 'eip155:999' as const }
  const networks = [own, unknown] as const
  assert.equal(withNetworkImages(networks, 'https://api.example.com'), networks)
  const plain = [mainnet] as const
  assert.equal(withNetworkImages(plain, undefined), plain)
  // An imageId that is no icon name never reaches a URL.
  const hostile = [{ ...mainnet, assets: { imageId: '../../x?y' } }] as const
  assert.equal(withNetworkImages(hostile, 'https://api.example.com'), hostile)
})
