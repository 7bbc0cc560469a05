import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Wallet } from '../api/types.js'
import { parseOptions } from '../options/schema.js'
import { mainnet, solana } from '../testing/fixtures.js'

import { installedConnector, isWalletExcluded, registryQuery } from './wallets.js'

const wallet = (id: string, name: string, rdns: string | null = null): Wallet => ({
  id,
  name,
  rdns,
  imageUrl: `https://api.example/v1/wallets/${id}/image`,
  homepage: null,
  mobileLink: null,
  desktopLink: null,
  webappLink: null,
  appStore: null,
  playStore: null,
  chains: ['eip155:1'],
  featured: false,
})

test('the registry query carries include, id-like excludes and the network namespaces', () => {
  const options = parseOptions({
    projectId: 'p',
    networks: [mainnet, solana],
    allowWallets: ['metamask', 'rainbow', 'bad id!'],
    excludeWallets: ['trust', { rdns: 'io.zerion' }, { name: 'Phantom' }, 'Bad Name?'],
  })
  assert.deepEqual(registryQuery(options), {
    include: 'metamask,rainbow',
    exclude: 'trust',
    chains: 'eip155,solana',
  })
  assert.deepEqual(registryQuery(parseOptions({ projectId: 'p', networks: [mainnet] })), {
    chains: 'eip155',
  })
})

test('exclude rules hide registry wallets by id, rdns or name (case-insensitive)', () => {
  const rules = parseOptions({
    networks: [mainnet],
    excludeWallets: ['trust', { rdns: 'io.zerion' }, { name: 'phantom' }],
  }).excludeWallets
  assert.equal(isWalletExcluded(wallet('trust', 'Trust Wallet'), rules), true)
  assert.equal(isWalletExcluded(wallet('zerion', 'Zerion', 'io.zerion'), rules), true)
  assert.equal(isWalletExcluded(wallet('phantom', ' Phantom '), rules), true)
  assert.equal(isWalletExcluded(wallet('rainbow', 'Rainbow', 'me.rainbow'), rules), false)
})

test('installed detection matches rdns or registry id, never WalletConnect or auth', () => {
  const connectors = [
    { id: 'wc', type: 'WALLET_CONNECT' as const, name: 'WalletConnect', namespaces: [] },
    {
      id: 'io.metamask',
      type: 'ANNOUNCED' as const,
      name: 'MetaMask',
      rdns: 'io.metamask',
      namespaces: ['eip155' as const],
    },
    {
      id: 'x',
      type: 'INJECTED' as const,
      name: 'Rainbow',
      explorerId: 'rainbow',
      namespaces: ['eip155' as const],
    },
  ]
  assert.equal(
    installedConnector(wallet('metamask', 'MetaMask', 'io.metamask'), connectors)?.id,
    'io.metamask',
  )
  assert.equal(installedConnector(wallet('rainbow', 'Rainbow', 'me.rainbow'), connectors)?.id, 'x')
  assert.equal(installedConnector(wallet('trust', 'Trust', null), connectors), undefined)
})
