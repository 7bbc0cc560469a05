import assert from 'node:assert/strict'
import { describe, mock, test } from 'node:test'
import * as v from 'valibot'
import type { ChainAdapter } from '../adapters/types.js'
import { BaseError } from '../errors/base.js'
import { InvalidOptionsError } from '../errors/errors.js'
import type { CaipNetwork } from '../types/network.js'
import { DEFAULT_FEATURES, parseOptions } from './schema.js'

const mainnet: CaipNetwork = {
  id: 1,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.example.org'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
}
const polygon: CaipNetwork = {
  id: 137,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:137',
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon.example.org'] } },
}
const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://solana.example.org'] } },
}

const base = { projectId: 'p1', networks: [mainnet] }

/** Asserts that parsing `input` throws an InvalidOptionsError for `field` with `message`. */
function assertInvalid(input: unknown, field: string, message?: string | RegExp) {
  assert.throws(
    () => parseOptions(input),
    (error: unknown) => {
      assert.ok(error instanceof InvalidOptionsError, `not an InvalidOptionsError: ${error}`)
      assert.equal(error.field, field)
      if (typeof message === 'string') assert.equal(error.shortMessage, message)
      else if (message) assert.match(error.shortMessage, message)
      return true
    },
  )
}

describe('parseOptions defaults', () => {
  test('fills every default from the minimal options', () => {
    const options = parseOptions(base)
    assert.equal(options.projectId, 'p1')
    assert.equal(options.defaultNetwork, 'eip155:1')
    assert.deepEqual(options.features, DEFAULT_FEATURES)
    assert.equal(options.themeMode, 'light')
    assert.deepEqual(options.themeVariables, {})
    assert.equal(options.locale, 'en')
    assert.deepEqual(options.adapters, [])
    assert.deepEqual(options.excludeWallets, [])
    assert.deepEqual(options.tokens, {})
    assert.equal(options.enableEmbedded, false)
    assert.equal(options.disableAppendToBody, false)
    assert.equal(options.basic, false)
    assert.deepEqual(options.defaultAccountTypes, {
      bip122: 'payment',
      eip155: 'smartAccount',
      polkadot: 'eoa',
      solana: 'eoa',
      cosmos: 'eoa',
    })
    for (const key of [
      'metadata',
      'allowWallets',
      'connectMethodsOrder',
      'siwx',
      'siweConfig',
      'apiUrl',
      'termsConditionsUrl',
      'privacyPolicyUrl',
    ] as const) {
      assert.equal(options[key], undefined, key)
    }
  })

  test('uses the spec feature defaults, with analytics off', () => {
    const { features } = parseOptions(base)
    assert.equal(features.analytics, false)
    assert.deepEqual(features.socials, ['google', 'github', 'apple', 'facebook', 'x', 'discord'])
    for (const on of [
      'receive',
      'send',
      'email',
      'emailShowWallets',
      'allWallets',
      'swaps',
      'onramp',
      'activity',
      'networkSwitching',
    ] as const) {
      assert.equal(features[on], true, on)
    }
    for (const off of [
      'legalCheckbox',
      'smartSessions',
      'collapseWallets',
      'pay',
      'allowUnsupportedChain',
      'reownBranding',
    ] as const) {
      assert.equal(features[off], false, off)
    }
  })

  test('merges the host features over the defaults', () => {
    const { features } = parseOptions({
      ...base,
      features: { swaps: false, socials: false, analytics: true },
    })
    assert.equal(features.swaps, false)
    assert.equal(features.socials, false)
    assert.equal(features.analytics, true)
    assert.equal(features.send, true)
  })

  test('features.pay is not offered: true parses, changes nothing and warns in development', () => {
    const warn = mock.method(console, 'warn', () => {})
    try {
      assert.equal(parseOptions({ ...base, features: { pay: false } }).features.pay, false)
      assert.equal(warn.mock.callCount(), 0)
      assert.equal(parseOptions({ ...base, features: { pay: true } }).features.pay, true)
      assert.equal(warn.mock.callCount(), 1)
      assert.match(String(warn.mock.calls[0]?.arguments[0]), /features\.pay has no effect/)
    } finally {
      warn.mock.restore()
    }
  })

  test('keeps a default when the host passes undefined for it', () => {
    const options = parseOptions({
      ...base,
      features: { swaps: undefined },
      defaultAccountTypes: { eip155: undefined },
      themeMode: undefined,
    })
    assert.equal(options.features.swaps, true)
    assert.equal(options.defaultAccountTypes.eip155, 'smartAccount')
    assert.equal(options.themeMode, 'light')
  })

  test('leaves projectId undefined when missing or blank, so the caller can alert', () => {
    assert.equal(parseOptions({ networks: [mainnet] }).projectId, undefined)
    assert.equal(parseOptions({ projectId: '  ', networks: [mainnet] }).projectId, undefined)
  })

  test('defaults to eip155:1 when configured, else the first network', () => {
    assert.equal(parseOptions({ networks: [polygon, mainnet] }).defaultNetwork, 'eip155:1')
    assert.equal(parseOptions({ networks: [solana, polygon] }).defaultNetwork, solana.caipNetworkId)
    assert.equal(
      parseOptions({ networks: [mainnet, polygon], defaultNetwork: 'eip155:137' }).defaultNetwork,
      'eip155:137',
    )
  })

  test('merges default account types over the per-namespace defaults', () => {
    const { defaultAccountTypes } = parseOptions({
      ...base,
      defaultAccountTypes: { eip155: 'eoa' },
    })
    assert.equal(defaultAccountTypes.eip155, 'eoa')
    assert.equal(defaultAccountTypes.bip122, 'payment')
  })

  test('normalises excluded wallets to { rdns?, name? }', () => {
    const { excludeWallets } = parseOptions({
      ...base,
      excludeWallets: ['io.metamask', { name: 'Rabby' }, { rdns: 'app.phantom' }],
    })
    assert.deepEqual(excludeWallets, [
      { rdns: 'io.metamask', name: 'io.metamask' },
      { name: 'Rabby' },
      { rdns: 'app.phantom' },
    ])
  })

  test('keeps adapters, siwx and extra network fields as given', () => {
    const adapter = {
      namespace: 'eip155',
      connect() {},
      disconnect() {},
    } as unknown as ChainAdapter
    const siwx = { signIn() {} }
    const withContracts = { ...mainnet, contracts: { multicall3: { address: '0xca11' } } }
    const options = parseOptions({ ...base, networks: [withContracts], adapters: [adapter], siwx })
    assert.equal(options.adapters[0], adapter)
    assert.equal(options.siwx, siwx)
    assert.deepEqual(options.networks[0], withContracts)
  })

  test('accepts a full set of valid options', () => {
    const options = parseOptions({
      projectId: 'p1',
      networks: [mainnet, solana],
      defaultNetwork: solana.caipNetworkId,
      metadata: {
        name: 'Demo',
        description: 'A demo',
        url: 'https://demo.example',
        icons: ['https://demo.example/i.png', 'data:image/png;base64,AAAA'],
      },
      features: { email: false, socials: ['github', 'x'], legalCheckbox: true },
      allowWallets: ['c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'],
      tokens: { 'eip155:1': { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' } },
      termsConditionsUrl: 'https://demo.example/terms',
      privacyPolicyUrl: 'http://demo.example/privacy',
      themeMode: 'dark',
      themeVariables: {
        '--w3m-accent': '#0a7',
        '--w3m-color-mix-strength': 40,
        '--w3m-z-index': 1000,
      },
      connectMethodsOrder: ['wallet', 'email', 'social'],
      locale: 'de',
      enableEmbedded: true,
      disableAppendToBody: true,
      siweConfig: {},
      apiUrl: 'https://api.example',
      basic: true,
    })
    assert.equal(options.basic, true)
    assert.equal(options.defaultNetwork, solana.caipNetworkId)
    assert.equal(options.themeMode, 'dark')
    assert.deepEqual(options.features.socials, ['github', 'x'])
    assert.deepEqual(options.connectMethodsOrder, ['wallet', 'email', 'social'])
    assert.equal(options.themeVariables['--w3m-color-mix-strength'], 40)
    assert.equal(options.locale, 'de')
  })
})

describe('parseOptions errors name the field', () => {
  test('non-object input is reported as `options`', () => {
    for (const input of [undefined, null, 'x', 42, [mainnet]]) {
      assertInvalid(input, 'options', /^Invalid option `options`: expected an object, received /)
    }
  })

  test('themeMode says what was expected and what was received', () => {
    assertInvalid(
      { ...base, themeMode: 'blue' },
      'themeMode',
      'Invalid option `themeMode`: expected "light" or "dark", received "blue"',
    )
  })

  test('keeps the ValiError as cause, never as the message', () => {
    try {
      parseOptions({ ...base, themeMode: 'blue' })
      assert.fail('did not throw')
    } catch (error) {
      assert.ok(error instanceof InvalidOptionsError)
      assert.ok(v.isValiError(error.cause))
      assert.doesNotMatch(error.message, /Invalid type/)
    }
  })

  test('networks missing or empty', () => {
    assertInvalid(
      { projectId: 'p' },
      'networks',
      'Invalid option `networks`: required, but missing',
    )
    assertInvalid(
      { ...base, networks: [] },
      'networks',
      'Invalid option `networks`: expected at least one network, received none',
    )
  })

  const networkCases: [string, Record<string, unknown>, string][] = [
    ['networks.0.id', { id: -1 }, 'networks.0.id'],
    ['networks.0.chainNamespace', { chainNamespace: 'tron' }, 'networks.0.chainNamespace'],
    ['a malformed caipNetworkId', { caipNetworkId: 'eip155' }, 'networks.0.caipNetworkId'],
    ['networks.0.name', { name: '' }, 'networks.0.name'],
    [
      'decimals over 36',
      { nativeCurrency: { name: 'E', symbol: 'E', decimals: 37 } },
      'networks.0.nativeCurrency.decimals',
    ],
    [
      'fractional decimals',
      { nativeCurrency: { name: 'E', symbol: 'E', decimals: 1.5 } },
      'networks.0.nativeCurrency.decimals',
    ],
    [
      'a non-http rpc url',
      { rpcUrls: { default: { http: ['ftp://x.org'] } } },
      'networks.0.rpcUrls.default.http.0',
    ],
    ['no rpc url', { rpcUrls: { default: { http: [] } } }, 'networks.0.rpcUrls.default.http'],
    [
      'a javascript: explorer url',
      { blockExplorers: { default: { name: 'X', url: 'javascript:alert(1)' } } },
      'networks.0.blockExplorers.default.url',
    ],
    ['testnet not boolean', { testnet: 'yes' }, 'networks.0.testnet'],
    [
      'an http image url',
      { assets: { imageUrl: 'http://x.org/i.png' } },
      'networks.0.assets.imageUrl',
    ],
  ]
  for (const [what, patch, field] of networkCases) {
    test(`network with ${what} names ${field}`, () => {
      assertInvalid({ ...base, networks: [{ ...mainnet, ...patch }] }, field)
    })
  }

  test('caipNetworkId of another namespace than chainNamespace names networks.N.caipNetworkId', () => {
    assertInvalid(
      { ...base, networks: [mainnet, { ...polygon, caipNetworkId: 'solana:137' }] },
      'networks.1.caipNetworkId',
      'Invalid option `networks.1.caipNetworkId`: expected an id in the chainNamespace "eip155:…", received "solana:137"',
    )
  })

  test('a network listed twice names the second one', () => {
    assertInvalid(
      { ...base, networks: [mainnet, polygon, mainnet] },
      'networks.2.caipNetworkId',
      /listed once/,
    )
  })

  test('defaultNetwork must be a configured network', () => {
    assertInvalid(
      { ...base, defaultNetwork: 'eip155:10' },
      'defaultNetwork',
      'Invalid option `defaultNetwork`: expected one of the configured networks ("eip155:1"), received "eip155:10"',
    )
    assertInvalid({ ...base, defaultNetwork: 'mainnet' }, 'defaultNetwork', /CAIP-2 network id/)
  })

  test('unknown feature keys are rejected', () => {
    assertInvalid(
      { ...base, features: { swap: false } },
      'features.swap',
      /^Invalid option `features.swap`: unknown key "swap"/,
    )
  })

  test('feature values must be booleans, socials a list of known providers', () => {
    assertInvalid(
      { ...base, features: { send: 'no' } },
      'features.send',
      'Invalid option `features.send`: expected true or false, received "no"',
    )
    assertInvalid({ ...base, features: { socials: ['myspace'] } }, 'features.socials.0')
    assertInvalid({ ...base, features: { socials: true } }, 'features.socials')
    assertInvalid({ ...base, features: { socials: ['x', 'x'] } }, 'features.socials.1')
  })

  test('unknown top-level keys are rejected', () => {
    assertInvalid({ ...base, themeVariable: {} }, 'themeVariable', /unknown key/)
  })

  test('metadata url and icons must be http(s) and https/data:image', () => {
    const metadata = { name: 'D', description: '', url: 'https://d.example', icons: [] }
    assertInvalid({ ...base, metadata: { ...metadata, url: 'd.example' } }, 'metadata.url')
    assertInvalid(
      { ...base, metadata: { ...metadata, icons: ['javascript:alert(1)'] } },
      'metadata.icons.0',
    )
    assertInvalid(
      { ...base, metadata: { url: 'https://d.example', icons: [] } },
      'metadata.name',
      /required/,
    )
  })

  test('allowWallets and excludeWallets entries', () => {
    assertInvalid({ ...base, allowWallets: ['ok', 3] }, 'allowWallets.1')
    assertInvalid({ ...base, excludeWallets: [{}] }, 'excludeWallets.0', /`rdns` or `name`/)
    assertInvalid({ ...base, excludeWallets: [{ id: 'x' }] }, 'excludeWallets.0.id', /unknown key/)
    assertInvalid({ ...base, excludeWallets: [7] }, 'excludeWallets.0')
  })

  test('tokens are keyed by CAIP-2 id and hold an address of that namespace', () => {
    assertInvalid(
      { ...base, tokens: { mainnet: { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' } } },
      'tokens.mainnet',
    )
    assertInvalid(
      { ...base, tokens: { 'eip155:1': { address: 'not-an-address' } } },
      'tokens.eip155:1.address',
      'Invalid option `tokens.eip155:1.address`: expected an eip155 address, received "not-an-address"',
    )
  })

  test('terms, privacy and api urls must be http or https', () => {
    assertInvalid(
      { ...base, termsConditionsUrl: 'javascript:alert(1)' },
      'termsConditionsUrl',
      /http or https URL/,
    )
    assertInvalid({ ...base, privacyPolicyUrl: 'data:text/html,x' }, 'privacyPolicyUrl')
    assertInvalid({ ...base, apiUrl: 'ws://api.example' }, 'apiUrl')
  })

  test('basic is true or false', () => {
    assertInvalid(
      { ...base, basic: 'yes' },
      'basic',
      'Invalid option `basic`: expected true or false, received "yes"',
    )
    assertInvalid({ ...base, basic: 1 }, 'basic', /expected true or false/)
  })

  test('payment account type is for bip122 only, and bip122 is payment only', () => {
    assertInvalid(
      { ...base, defaultAccountTypes: { eip155: 'payment' } },
      'defaultAccountTypes.eip155',
    )
    assertInvalid({ ...base, defaultAccountTypes: { bip122: 'eoa' } }, 'defaultAccountTypes.bip122')
    assertInvalid({ ...base, defaultAccountTypes: { tron: 'eoa' } }, 'defaultAccountTypes.tron')
  })

  test('theme variables: unknown keys and out-of-range numbers', () => {
    assertInvalid(
      { ...base, themeVariables: { '--w3m-accent-color': '#000' } },
      '--w3m-accent-color'.replace(/^/, 'themeVariables.'),
    )
    assertInvalid(
      { ...base, themeVariables: { '--w3m-color-mix-strength': 101 } },
      'themeVariables.--w3m-color-mix-strength',
      'Invalid option `themeVariables.--w3m-color-mix-strength`: expected a number from 0 to 100, received 101',
    )
    assertInvalid(
      { ...base, themeVariables: { '--w3m-z-index': '999' } },
      'themeVariables.--w3m-z-index',
    )
  })

  test('connectMethodsOrder holds known methods, each once', () => {
    assertInvalid({ ...base, connectMethodsOrder: ['wallet', 'sms'] }, 'connectMethodsOrder.1')
    assertInvalid(
      { ...base, connectMethodsOrder: ['wallet', 'wallet'] },
      'connectMethodsOrder.1',
      /listed once/,
    )
  })

  test('adapters need a known namespace and connect/disconnect, one per namespace', () => {
    const adapter = { namespace: 'eip155', connect() {}, disconnect() {} }
    assertInvalid({ ...base, adapters: [{ namespace: 'eip155', connect() {} }] }, 'adapters.0')
    assertInvalid({ ...base, adapters: [{ ...adapter, namespace: 'tron' }] }, 'adapters.0')
    assertInvalid(
      { ...base, adapters: [adapter, { ...adapter }] },
      'adapters.1.namespace',
      /one adapter per namespace/,
    )
  })

  test('locale, flags, siwx and siweConfig types', () => {
    assertInvalid({ ...base, locale: '' }, 'locale')
    assertInvalid({ ...base, enableEmbedded: 1 }, 'enableEmbedded')
    assertInvalid({ ...base, disableAppendToBody: 'true' }, 'disableAppendToBody')
    assertInvalid({ ...base, siwx: 'yes' }, 'siwx')
    assertInvalid({ ...base, projectId: 42 }, 'projectId')
  })
})

describe('parseOptions siweConfig and siwx', () => {
  test('refuses both with the exact spec message', () => {
    assert.throws(
      () => parseOptions({ ...base, siweConfig: {}, siwx: {} }),
      (error: unknown) =>
        error instanceof BaseError &&
        !(error instanceof InvalidOptionsError) &&
        error.code === 'SIWE_AND_SIWX' &&
        error.message === 'Cannot set both `siweConfig` and `siwx` options',
    )
  })

  test('accepts either one alone', () => {
    assert.ok(parseOptions({ ...base, siwx: {} }).siwx)
    assert.ok(parseOptions({ ...base, siweConfig: {} }).siweConfig)
  })
})
