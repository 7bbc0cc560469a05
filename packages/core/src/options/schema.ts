// The host's options: one valibot schema, and `parseOptions` that turns whatever the host
// passed into `ResolvedOptions` with every default filled, or throws an error naming the field.
import { DEV } from 'esm-env'
import * as v from 'valibot'
import type { EmbeddedWalletEntry } from '../adapters/embedded-wallet.js'
import type { ChainAdapter } from '../adapters/types.js'
import { isWalletConnectEntry, type WalletConnectEntry } from '../adapters/walletconnect.js'
import { InvalidOptionsError, kitError } from '../errors/errors.js'
import {
  type AccountType,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  DEFAULT_ACCOUNT_TYPES,
  DEFAULT_CAIP_NETWORK_ID,
  NAMESPACES,
} from '../types/network.js'
import { isAddressFor } from '../utils/address.js'
import { isCaipNetworkId, isChainNamespace } from '../utils/caip.js'

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]

export type ThemeMode = 'light' | 'dark'

/** Feature switches, all filled in `ResolvedOptions` (defaults in `DEFAULT_FEATURES`). */
export interface Features {
  receive: boolean
  send: boolean
  email: boolean
  /** Social login providers in display order, or `false` for none. */
  socials: false | readonly SocialProvider[]
  emailShowWallets: boolean
  /** Off unless the host opts in: the kit sends no analytics by default. */
  analytics: boolean
  allWallets: boolean
  swaps: boolean
  onramp: boolean
  activity: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
  networkSwitching: boolean
  allowUnsupportedChain: boolean
  reownBranding: boolean
}

/** Spec §9 feature defaults, except `analytics`, which is opt-in. */
export const DEFAULT_FEATURES: Readonly<Features> = {
  receive: true,
  send: true,
  email: true,
  socials: SOCIAL_PROVIDERS,
  emailShowWallets: true,
  analytics: false,
  allWallets: true,
  swaps: true,
  onramp: true,
  activity: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  networkSwitching: true,
  allowUnsupportedChain: false,
  reownBranding: false,
}

/** The dapp's metadata (extra keys, e.g. WalletConnect's `redirect`, are kept). */
export interface Metadata {
  name: string
  description: string
  /** http(s) URL of the dapp. */
  url: string
  /** https or `data:image/` URLs. */
  icons: readonly string[]
}

/**
 * A wallet to hide. It matches a wallet whose rdns equals `rdns` or whose name equals `name`
 * (case-insensitive); a plain string in the options becomes `{ rdns: s, name: s }`.
 */
export interface ExcludedWallet {
  rdns?: string
  name?: string
}

export interface TokenOption {
  address: string
}

/** The theme variables a host may set (mapped to `--w3m-*` custom properties). */
export interface ThemeVariables {
  '--w3m-font-family'?: string
  '--w3m-accent'?: string
  '--w3m-color-mix'?: string
  /** 0..100. */
  '--w3m-color-mix-strength'?: number
  '--w3m-font-size-master'?: string
  '--w3m-border-radius-master'?: string
  '--w3m-z-index'?: number
  '--w3m-qr-color'?: string
}

/** What a host passes to `createModal`. */
export interface ModalOptions {
  /** Missing or blank: `ResolvedOptions.projectId` is undefined and the caller alerts. */
  projectId?: string
  /** At least one network. */
  networks: readonly CaipNetwork[]
  /** Default: `eip155:1` when configured, else the first network. */
  defaultNetwork?: CaipNetworkId
  metadata?: Metadata
  features?: Partial<Features>
  /** Wallet registry ids to show (others hidden). */
  allowWallets?: readonly string[]
  excludeWallets?: readonly (string | ExcludedWallet)[]
  tokens?: Partial<Record<CaipNetworkId, TokenOption>>
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /** Merged over `DEFAULT_ACCOUNT_TYPES`; `payment` is for bip122 only, and bip122 is payment only. */
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  connectMethodsOrder?: readonly ConnectMethod[]
  /**
   * The modal's language, a BCP 47 tag (`'de'`, `'pt-BR'`). Default here `'en'`; `@openmodal/ui`'s
   * `createModal` picks the page's `<html lang>`, then `navigator.languages`, when it is unset.
   */
  locale?: string
  adapters?: readonly ChainAdapter[]
  /**
   * WalletConnect: `walletConnect({ relayUrl, … })` of `@openmodal/walletconnect/connector`, a
   * small entry whose client loads with `import()` when a visitor picks it.
   */
  walletConnect?: WalletConnectEntry
  /**
   * E-mail login with a self-custodial embedded wallet: `embeddedWallet({ secureOrigin })` of
   * `@openmodal/embedded/connector`, a small entry whose frame loads with `import()`.
   */
  embeddedWallet?: EmbeddedWalletEntry
  enableEmbedded?: boolean
  disableAppendToBody?: boolean
  siwx?: object
  siweConfig?: object
  /**
   * Base URL of the OpenModal server (`apps/server`). Without it the kit runs in local mode: no
   * request to any server (no wallet registry, remote config, balances API or analytics).
   */
  apiUrl?: string
  /**
   * Basic mode: no remote project config, wallet registry or analytics is fetched or sent,
   * and the remote features (email, socials, swaps, onramp, activity, reownBranding) are off.
   */
  basic?: boolean
}

/** The options after validation, with every default filled. */
export interface ResolvedOptions {
  projectId?: string
  networks: readonly [CaipNetwork, ...CaipNetwork[]]
  defaultNetwork: CaipNetworkId
  metadata?: Metadata
  features: Features
  allowWallets?: readonly string[]
  excludeWallets: readonly ExcludedWallet[]
  tokens: Partial<Record<CaipNetworkId, TokenOption>>
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  defaultAccountTypes: Readonly<Record<ChainNamespace, AccountType>>
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  /** Undefined: the UI picks the spec §2 default order. */
  connectMethodsOrder?: readonly ConnectMethod[]
  locale: string
  adapters: readonly ChainAdapter[]
  walletConnect?: WalletConnectEntry
  embeddedWallet?: EmbeddedWalletEntry
  enableEmbedded: boolean
  disableAppendToBody: boolean
  siwx?: object
  siweConfig?: object
  apiUrl?: string
  basic: boolean
}

// --- Messages: every issue reads "expected <plain words>, received <value>" ---

type Message = (issue: v.BaseIssue<unknown>) => string

const quote = (value: string) => JSON.stringify(value)
const oneOf = (values: readonly string[]) =>
  values.length === 2
    ? `${quote(values[0] ?? '')} or ${quote(values[1] ?? '')}`
    : `one of ${values.map(quote).join(', ')}`

const expected =
  (what: string): Message =>
  (issue) =>
    `expected ${what}, received ${issue.received}`

// An object schema reports three things with one message: not an object, a missing key
// (expected `"key"`) and an unknown key (expected `never`).
const objectMessage =
  (what: string, keys: readonly string[]): Message =>
  (issue) => {
    if (issue.expected === 'never') {
      return `unknown key ${issue.received}, expected ${oneOf(keys)}`
    }
    if (issue.expected !== 'Object') return 'required, but missing'
    return `expected ${what}, received ${issue.received}`
  }

// --- Leaf schemas ---

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isUrl(value: unknown, protocols: readonly string[]): boolean {
  if (typeof value !== 'string') return false
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const isHttpUrl = (value: unknown): value is string => isUrl(value, ['http:', 'https:'])
const isImageUrl = (value: unknown): value is string =>
  isUrl(value, ['https:']) || (typeof value === 'string' && value.startsWith('data:image/'))

const leaf = <T>(check: (value: unknown) => boolean, what: string) =>
  v.custom<T>(check, expected(what))

const string = () => leaf<string>((value) => typeof value === 'string', 'a string')
const nonEmptyString = () =>
  leaf<string>((value) => typeof value === 'string' && value.trim() !== '', 'a non-empty string')
const boolean = () => leaf<boolean>((value) => typeof value === 'boolean', 'true or false')
const httpUrl = () => leaf<string>(isHttpUrl, 'an http or https URL')
const imageUrl = () => leaf<string>(isImageUrl, 'an https or data:image URL')
const caipNetworkId = () =>
  leaf<CaipNetworkId>(isCaipNetworkId, 'a CAIP-2 network id such as "eip155:1"')
const numberIn = (min: number, max: number, integer: boolean) =>
  leaf<number>(
    (value) =>
      typeof value === 'number' &&
      (integer ? Number.isInteger(value) : Number.isFinite(value)) &&
      value >= min &&
      value <= max,
    `${integer ? 'an integer' : 'a number'} from ${min} to ${max}`,
  )
const picklist = <const T extends readonly string[]>(values: T) =>
  leaf<T[number]>((value) => typeof value === 'string' && values.includes(value), oneOf(values))
const arrayOf = <T extends v.GenericSchema>(item: T, what: string) =>
  v.array(item, expected(`an array of ${what}`))

const strict = <T extends v.ObjectEntries>(entries: T, what: string) =>
  v.pipe(
    leaf<Record<string, unknown>>(isRecord, what),
    v.strictObject(entries, objectMessage(what, Object.keys(entries))),
  )
const loose = <T extends v.ObjectEntries>(entries: T, what: string) =>
  v.pipe(
    leaf<Record<string, unknown>>(isRecord, what),
    v.looseObject(entries, objectMessage(what, Object.keys(entries))),
  )

// Reports the second occurrence of a key, at that item (and `field` inside it, if given).
function unique<T>(key: (item: T) => string, what: string, field?: string) {
  return v.rawCheck<T[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const seen = new Set<string>()
    dataset.value.forEach((item, index) => {
      const value = key(item)
      if (seen.has(value)) {
        const input = dataset.value as unknown[]
        const arrayItem = {
          type: 'array',
          origin: 'value',
          input,
          key: index,
          value: item,
        } as const
        addIssue({
          message: `expected ${what} listed once, received ${quote(value)} twice`,
          path: field
            ? [
                arrayItem,
                {
                  type: 'object',
                  origin: 'value',
                  input: item as Record<string, unknown>,
                  key: field,
                  value,
                },
              ]
            : [arrayItem],
        })
      }
      seen.add(value)
    })
  })
}

// --- Documentation: the generated options reference (docs/options.md) reads these ---

/**
 * What the options reference says about one option: valibot `description` and `metadata`.
 * (A type, not an interface: valibot's `metadata` takes a record.)
 */
export type OptionDoc = {
  description: string
  /** The spec's own words about the option, with its section. */
  spec?: string
  /** The default in words, where the parsed value alone would not say it. */
  default?: string
}

// Attaches each entry's doc as a valibot `description` + `metadata` pipe (no effect on
// validation). Called as `DEV ? documented(entries, optionDocs()) : entries`, with esm-env's
// DEV, a constant the bundler inlines: production builds drop the call, the docs functions
// and their texts (apps/size checks it), so the docs cost the page nothing.
function documented<T extends v.ObjectEntries>(entries: T, docs: Record<keyof T, OptionDoc>): T {
  return Object.fromEntries(
    Object.entries(entries).map(([key, schema]) => {
      const doc = docs[key as keyof T]
      return [key, v.pipe(schema, v.description(doc.description), v.metadata(doc))]
    }),
  ) as unknown as T
}

// --- Option schemas ---

// The schemas are built by each parse and dropped after it: they run once, at createModal (and
// on an instance setter), and kept at module level they would stay in the page's heap for good.
export function buildSchemas() {
  const networkSchema = v.pipe(
    loose(
      {
        id: leaf<number | string>(
          (value) =>
            (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
            (typeof value === 'string' && value !== ''),
          'a chain id (a non-negative integer or a non-empty string)',
        ),
        chainNamespace: picklist(NAMESPACES),
        caipNetworkId: caipNetworkId(),
        name: nonEmptyString(),
        network: v.optional(string()),
        nativeCurrency: loose(
          { name: nonEmptyString(), symbol: nonEmptyString(), decimals: numberIn(0, 36, true) },
          'an object { name, symbol, decimals }',
        ),
        rpcUrls: loose(
          {
            default: loose(
              {
                http: v.pipe(
                  arrayOf(httpUrl(), 'http(s) URLs'),
                  v.minLength(1, () => 'expected at least one http(s) URL, received none'),
                ),
                webSocket: v.optional(
                  arrayOf(
                    leaf<string>((value) => isUrl(value, ['ws:', 'wss:']), 'a ws or wss URL'),
                    'ws(s) URLs',
                  ),
                ),
              },
              'an object { http: [urls] }',
            ),
          },
          'an object { default: { http: [urls] } }',
        ),
        blockExplorers: v.optional(
          loose(
            {
              default: loose({ name: nonEmptyString(), url: httpUrl() }, 'an object { name, url }'),
            },
            'an object { default: { name, url } }',
          ),
        ),
        testnet: v.optional(boolean()),
        assets: v.optional(
          loose(
            { imageId: v.optional(string()), imageUrl: v.optional(imageUrl()) },
            'an object { imageId?, imageUrl? }',
          ),
        ),
      },
      'a network object',
    ),
    v.forward(
      v.partialCheck(
        [['chainNamespace'], ['caipNetworkId']],
        (network) => network.caipNetworkId.startsWith(`${network.chainNamespace}:`),
        (issue) => {
          const network = issue.input as { chainNamespace: string; caipNetworkId: string }
          return `expected an id in the chainNamespace ${quote(`${network.chainNamespace}:…`)}, received ${quote(network.caipNetworkId)}`
        },
      ),
      ['caipNetworkId'],
    ),
  )

  const featureEntries = {
    receive: v.optional(boolean()),
    send: v.optional(boolean()),
    email: v.optional(boolean()),
    // v.lazy picks the branch by input so an issue inside the list keeps its own path.
    socials: v.optional(
      v.lazy((input) =>
        Array.isArray(input)
          ? v.pipe(
              arrayOf(picklist(SOCIAL_PROVIDERS), 'social providers'),
              unique((provider: SocialProvider) => provider, 'each social provider'),
            )
          : leaf<false>(
              (value) => value === false,
              `false or an array of ${SOCIAL_PROVIDERS.map(quote).join(', ')}`,
            ),
      ),
    ),
    emailShowWallets: v.optional(boolean()),
    analytics: v.optional(boolean()),
    allWallets: v.optional(boolean()),
    swaps: v.optional(boolean()),
    onramp: v.optional(boolean()),
    activity: v.optional(boolean()),
    legalCheckbox: v.optional(boolean()),
    smartSessions: v.optional(boolean()),
    collapseWallets: v.optional(boolean()),
    pay: v.optional(boolean()),
    networkSwitching: v.optional(boolean()),
    allowUnsupportedChain: v.optional(boolean()),
    reownBranding: v.optional(boolean()),
  } satisfies Record<keyof Features, v.GenericSchema>
  const featureSchemas = DEV ? documented(featureEntries, featureDocs()) : featureEntries

  const excludedWalletSchema = v.lazy((input) =>
    isRecord(input)
      ? v.pipe(
          strict(
            { rdns: v.optional(nonEmptyString()), name: v.optional(nonEmptyString()) },
            'an object { rdns?, name? }',
          ),
          v.check(
            (rule) => rule.rdns !== undefined || rule.name !== undefined,
            () => 'expected an object with `rdns` or `name`, received neither',
          ),
          v.transform(
            (rule): ExcludedWallet => ({
              ...(rule.rdns !== undefined ? { rdns: rule.rdns } : {}),
              ...(rule.name !== undefined ? { name: rule.name } : {}),
            }),
          ),
        )
      : v.pipe(
          leaf<string>(
            (value) => typeof value === 'string' && value.trim() !== '',
            'a wallet name or rdns, or an object { rdns?, name? }',
          ),
          v.transform((text): ExcludedWallet => ({ rdns: text, name: text })),
        ),
  )

  const tokensSchema = v.pipe(
    v.record(
      caipNetworkId(),
      strict({ address: nonEmptyString() }, 'an object { address }'),
      expected('an object keyed by CAIP-2 network id'),
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      for (const [id, token] of Object.entries(dataset.value)) {
        const namespace = id.split(':')[0] as ChainNamespace
        if (!token || isAddressFor(namespace, token.address)) continue
        addIssue({
          message: `expected an ${namespace} address, received ${quote(token.address)}`,
          path: [
            { type: 'object', origin: 'value', input: dataset.value, key: id, value: token },
            { type: 'object', origin: 'value', input: token, key: 'address', value: token.address },
          ],
        })
      }
    }),
  )

  const ordinaryAccountType = v.optional(picklist(['eoa', 'smartAccount'] as const))
  const defaultAccountTypesSchema = strict(
    {
      eip155: ordinaryAccountType,
      solana: ordinaryAccountType,
      polkadot: ordinaryAccountType,
      cosmos: ordinaryAccountType,
      bip122: v.optional(picklist(['payment'] as const)),
    } satisfies Record<ChainNamespace, v.GenericSchema>,
    'an object keyed by namespace',
  )

  const themeVariableEntries = {
    '--w3m-font-family': v.optional(string()),
    '--w3m-accent': v.optional(string()),
    '--w3m-color-mix': v.optional(string()),
    '--w3m-color-mix-strength': v.optional(numberIn(0, 100, false)),
    '--w3m-font-size-master': v.optional(string()),
    '--w3m-border-radius-master': v.optional(string()),
    '--w3m-z-index': v.optional(numberIn(-2147483648, 2147483647, true)),
    '--w3m-qr-color': v.optional(string()),
  } satisfies Record<keyof ThemeVariables, v.GenericSchema>
  const themeVariablesSchema = strict(
    DEV ? documented(themeVariableEntries, themeVariableDocs()) : themeVariableEntries,
    'an object of theme variables',
  )

  // Options a host may change after creation (instance setters), validated as at creation.
  const settableSchemas = {
    themeMode: picklist(['light', 'dark'] as const),
    themeVariables: themeVariablesSchema,
    locale: nonEmptyString(),
  }

  const isAdapter = (value: unknown): value is ChainAdapter =>
    isRecord(value) &&
    isChainNamespace(value.namespace) &&
    typeof value.connect === 'function' &&
    typeof value.disconnect === 'function'

  const optionEntries = {
    projectId: v.optional(string()),
    networks: v.pipe(
      arrayOf(networkSchema, 'networks'),
      v.minLength(1, () => 'expected at least one network, received none'),
      unique(
        (network: v.InferOutput<typeof networkSchema>) => network.caipNetworkId,
        'each network',
        'caipNetworkId',
      ),
    ),
    defaultNetwork: v.optional(caipNetworkId()),
    metadata: v.optional(
      loose(
        {
          name: nonEmptyString(),
          description: string(),
          url: httpUrl(),
          icons: arrayOf(imageUrl(), 'https or data:image URLs'),
        },
        'an object { name, description, url, icons }',
      ),
    ),
    features: v.optional(strict(featureSchemas, 'an object of feature switches')),
    allowWallets: v.optional(arrayOf(nonEmptyString(), 'wallet ids')),
    excludeWallets: v.optional(arrayOf(excludedWalletSchema, 'wallet names, rdns or objects')),
    tokens: v.optional(tokensSchema),
    termsConditionsUrl: v.optional(httpUrl()),
    privacyPolicyUrl: v.optional(httpUrl()),
    defaultAccountTypes: v.optional(defaultAccountTypesSchema),
    themeMode: v.optional(settableSchemas.themeMode),
    themeVariables: v.optional(settableSchemas.themeVariables),
    connectMethodsOrder: v.optional(
      v.pipe(
        arrayOf(picklist(CONNECT_METHODS), 'connect methods'),
        unique((method: ConnectMethod) => method, 'each connect method'),
      ),
    ),
    locale: v.optional(settableSchemas.locale),
    adapters: v.optional(
      v.pipe(
        arrayOf(
          leaf<ChainAdapter>(
            isAdapter,
            'an adapter with a known `namespace` and `connect`/`disconnect` functions',
          ),
          'adapters',
        ),
        unique(
          (adapter: ChainAdapter) => adapter.namespace,
          'one adapter per namespace,',
          'namespace',
        ),
      ),
    ),
    walletConnect: v.optional(
      leaf<WalletConnectEntry>(
        isWalletConnectEntry,
        'a WalletConnect entry { id, name, namespaces, load } (walletConnect({ … }))',
      ),
    ),
    embeddedWallet: v.optional(
      // The same shape as a WalletConnect entry (id, name, namespaces, load): one check.
      leaf<EmbeddedWalletEntry>(
        isWalletConnectEntry as unknown as (value: unknown) => value is EmbeddedWalletEntry,
        'an embedded-wallet entry { id, name, namespaces, load } (embeddedWallet({ … }))',
      ),
    ),
    enableEmbedded: v.optional(boolean()),
    disableAppendToBody: v.optional(boolean()),
    siwx: v.optional(leaf<object>(isRecord, 'an object')),
    siweConfig: v.optional(leaf<object>(isRecord, 'an object')),
    apiUrl: v.optional(httpUrl()),
    basic: v.optional(boolean()),
  } satisfies Record<keyof ModalOptions, v.GenericSchema>
  const optionsSchema = strict(
    DEV ? documented(optionEntries, optionDocs()) : optionEntries,
    'an options object',
  )

  return { optionsSchema, settableSchemas }
}

// The docs of the options, the feature switches and the theme variables (development builds
// only: see `documented`).
function optionDocs(): Record<keyof ModalOptions, OptionDoc> {
  return {
    projectId: {
      description:
        "Your project's id on the OpenModal server: the key of its remote config, wallet registry, balances and analytics. Missing or blank, the modal shows the Project ID Not Configured alert.",
      spec: '§5: "Missing projectId raises the Project ID Not Configured alert."',
    },
    networks: {
      description:
        'The networks the dapp supports, at least one, each `caipNetworkId` once. Presets: `@openmodal/evm/networks` and `@openmodal/solana/networks`; any other chain is an object of the same shape.',
    },
    defaultNetwork: {
      description: 'The CAIP-2 id of the network to start on; must be one of `networks`.',
      default: '`eip155:1` when it is in `networks`, else the first network',
      spec: '§9: "Default chain eip155:1."',
    },
    metadata: {
      description:
        "The dapp's name, description, http(s) URL and icons (https or `data:image/`), shown to wallets (WalletConnect). Extra keys are kept.",
    },
    features: {
      description:
        'Feature switches, each optional: see [feature switches](#feature-switches). Email, socials, swaps, onramp, activity and reownBranding are remote features.',
      default: "each switch's own default",
      spec: '§1: "Remote project configuration controls feature flags: email, socials, swaps, onramp, activity, reownBranding."',
    },
    allowWallets: {
      description:
        "Registry wallet ids to show; the registry's other wallets are hidden. Never hides a wallet the browser announces (installed).",
      spec: '§1: "allowed wallet ids"',
    },
    excludeWallets: {
      description:
        'Wallets to hide, by rdns or name (case-insensitive): `{ rdns }`, `{ name }`, or a string that matches either. A string that looks like a registry id also hides that registry wallet.',
      spec: '§1: "excluded wallets (by rdns or name)"',
    },
    tokens: {
      description:
        'A token per network (keyed by CAIP-2 id) whose address must be valid for that namespace. Validated and kept; no view reads it yet.',
    },
    termsConditionsUrl: {
      description: "http(s) link to the dapp's terms, shown in the legal footer of Connect.",
    },
    privacyPolicyUrl: {
      description:
        "http(s) link to the dapp's privacy policy, shown in the legal footer of Connect.",
    },
    defaultAccountTypes: {
      description:
        'Account type per namespace, merged over the defaults: `eoa` or `smartAccount`; `bip122` is `payment` only.',
      default:
        "`{ bip122: 'payment', eip155: 'smartAccount', polkadot: 'eoa', solana: 'eoa', cosmos: 'eoa' }`",
      spec: '§3: "Default account type per namespace: bip122 payment, eip155 smartAccount, polkadot eoa, solana eoa."',
    },
    themeMode: {
      description: 'Light or dark theme; change it later with `modal.setThemeMode()`.',
      spec: '§1: "theme (themeMode light or dark, themeVariables)"',
    },
    themeVariables: {
      description:
        'Theme variables, written as `--w3m-*` custom properties on the modal and the buttons: see [theme variables](#theme-variables). Change them later with `modal.setThemeVariables()`.',
    },
    connectMethodsOrder: {
      description:
        'The order of the connection methods on Connect (`email`, `social`, `wallet`), each once.',
      default:
        'email, social, wallet; wallet first when an installed or announced wallet is visible',
      spec: '§2: "Connection methods default: email, social, wallet. If an injected or announced wallet is visible: wallet, email, social. The host may override."',
    },
    locale: {
      description:
        "The modal's language, a BCP 47 tag (`de`, `pt-BR`); catalogs: en, ar, es, fr, de, pt-BR, zh-CN, ja. Change it later with `modal.setLocale()`.",
      default:
        "`@openmodal/ui`'s `createModal`: the page's `<html lang>`, then `navigator.languages`, then `en`",
    },
    adapters: {
      description:
        'The chain adapters (`evmAdapter()`, `solanaAdapter()`), one per namespace: they find the wallets and connect them.',
    },
    walletConnect: {
      description:
        'WalletConnect: `walletConnect({ relayUrl, … })` from `@openmodal/walletconnect/connector`, a small entry whose client loads with `import()` when a visitor picks it.',
    },
    embeddedWallet: {
      description:
        'E-mail login: `embeddedWallet({ secureOrigin })` from `@openmodal/embedded/connector`, a small entry whose secure frame loads with `import()` when a visitor picks e-mail (or on load after a past e-mail login). Shown when the `email` feature is on.',
    },
    enableEmbedded: {
      description:
        'Render the modal inline where you place `<w3m-modal>`, always open, instead of a dialog.',
      spec: '§2: "The modal element is appended to the page body unless appending is disabled or it is embedded."',
    },
    disableAppendToBody: {
      description: 'Do not append `<w3m-modal>` to `document.body`: place it yourself.',
      spec: '§2: "The modal element is appended to the page body unless appending is disabled or it is embedded."',
    },
    siwx: {
      description:
        'Sign in with a wallet signature (SIWX): a SIWXConfig such as `localSiwx()` or `serverSiwx()` from @openmodal/siwx.',
      spec: '§5: "Setting both siweConfig and siwx throws \'Cannot set both `siweConfig` and `siwx` options\'."',
    },
    siweConfig: {
      description: 'Sign in with Ethereum. Reserved: no code reads it yet; excludes `siwx`.',
      spec: '§5: "Setting both siweConfig and siwx throws \'Cannot set both `siweConfig` and `siwx` options\'."',
    },
    apiUrl: {
      description:
        'Base URL of your OpenModal server (`apps/server`, see [self-hosting](self-hosting.md)). Without it the kit runs in local mode: no request to any server (no wallet registry, remote config, balances API or analytics).',
    },
    basic: {
      description:
        'Basic mode: no remote project config, wallet registry or analytics is fetched or sent, and the remote features (email, socials, swaps, onramp, activity, reownBranding) are off.',
      spec: '§5: "basic mode disables all remote features."',
    },
  }
}

function featureDocs(): Record<keyof Features, OptionDoc> {
  return {
    receive: {
      description:
        "The Account's Receive button and view (eip155 and solana). An OpenModal server may set it in the project config (an extension beyond the spec's remote keys): then the project decides it.",
    },
    send: {
      description:
        "The Account's Send button and view (eip155 and solana). An OpenModal server may set it in the project config (an extension beyond the spec's remote keys): then the project decides it, and `open('WalletSend')` says why Send is off.",
    },
    email: {
      description:
        'E-mail login on Connect, shown only when an embedded-wallet (`AUTH`) connector exists. A remote feature: the project config decides it once loaded, and it is off in local and basic mode.',
    },
    socials: {
      description:
        'Social login providers on Connect, in this order, or `false` for none; shown only with an `AUTH` connector. A remote feature (as `email`).',
      spec: '§1: "social login (google, github, apple, facebook, x, discord; the modal logic also lists farcaster)"',
    },
    emailShowWallets: {
      description: 'Show the wallets beside e-mail login. No view reads it yet.',
    },
    analytics: {
      description:
        'Send usage events to the OpenModal server (`apiUrl`). Off unless set: the kit sends no analytics by default, and never in local or basic mode.',
      default: "`false` (the spec's default is on; here it is opt-in)",
    },
    allWallets: {
      description: 'The "All Wallets" button on Connect, which opens the registry\'s full list.',
    },
    swaps: { description: 'Token swaps. A remote feature. No view reads it yet.' },
    onramp: {
      description:
        'Buying crypto through on-ramp providers. A remote feature. No view reads it yet.',
    },
    activity: {
      description:
        'The Activity tab of Account (transactions from the OpenModal server). A remote feature.',
    },
    legalCheckbox: {
      description: 'A checkbox to accept the legal links before connecting. No view reads it yet.',
    },
    smartSessions: {
      description: 'Smart sessions (ERC-7715 permissions). No view reads it yet.',
    },
    collapseWallets: {
      description: 'Collapse the wallet list on Connect. No view reads it yet.',
    },
    pay: { description: 'Payments. No view reads it yet.' },
    networkSwitching: {
      description:
        'With `allowUnsupportedChain` false, a wallet on a network the dapp does not list opens the UnsupportedChain view.',
      spec: '§2: "The unsupported-chain view shows if network switching is enabled and unsupported chains are not allowed."',
    },
    allowUnsupportedChain: {
      description:
        'Let a wallet stay on a network the dapp does not list, without the UnsupportedChain view.',
    },
    reownBranding: {
      description: 'A branding line in the footer. A remote feature. No view reads it yet.',
    },
  }
}

function themeVariableDocs(): Record<keyof ThemeVariables, OptionDoc> {
  return {
    '--w3m-font-family': {
      description: 'Font family of the modal and the buttons.',
      default: 'the system UI font stack',
    },
    '--w3m-accent': {
      description: 'Accent colour: primary buttons, links, the focus ring.',
      default: '`#1769d1` (light), `#5aa5ff` (dark)',
    },
    '--w3m-color-mix': {
      description:
        'A colour mixed into the backgrounds and surfaces, by `--w3m-color-mix-strength`.',
    },
    '--w3m-color-mix-strength': {
      description: 'How much of `--w3m-color-mix`, in percent.',
      default: '`0`',
      spec: '§2: "default colour-mix strength 0"',
    },
    '--w3m-font-size-master': {
      description: 'Base of the type scale (titles 1.6×, body 1.4×, small 1.2×).',
      default: '`10px`',
      spec: '§2: "font size master 10px"',
    },
    '--w3m-border-radius-master': {
      description: 'Base of the radius scale (1×, 2×, 4×, 9×, 25× for pills).',
      default: '`4px`',
      spec: '§2: "radius master 4px"',
    },
    '--w3m-z-index': {
      description: 'Stacking order of the modal.',
      default: '`999`',
      spec: '§2: "z-index 999"',
    },
    '--w3m-qr-color': {
      description: "Colour of the WalletConnect QR code's modules (on white).",
      default: '`#141414`',
    },
  }
}

type SettableSchemas = ReturnType<typeof buildSchemas>['settableSchemas']
export type SettableOption = keyof SettableSchemas

/**
 * Validates the host's options and fills the defaults. Throws `InvalidOptionsError` naming
 * the dotted path of the first invalid field (the ValiError is its `cause`), or the
 * `SIWE_AND_SIWX` error when both `siweConfig` and `siwx` are set.
 *
 * @example
 * const options = parseOptions({ projectId: 'abc', networks: [mainnet] })
 * options.themeMode // 'light'
 * options.defaultNetwork // 'eip155:1'
 */
export function parseOptions(input: unknown): ResolvedOptions {
  if (!isRecord(input)) {
    throw new InvalidOptionsError('options', `expected an object, received ${describe(input)}`)
  }
  if (input.siweConfig !== undefined && input.siwx !== undefined) throw kitError('SIWE_AND_SIWX')
  const result = v.safeParse(buildSchemas().optionsSchema, input)
  if (!result.success) {
    const [issue] = result.issues
    throw new InvalidOptionsError(
      v.getDotPath(issue) ?? 'options',
      issue.message,
      new v.ValiError(result.issues),
    )
  }
  const options = result.output
  const networks = options.networks as unknown as ResolvedOptions['networks']
  const ids = networks.map((network) => network.caipNetworkId)
  const defaultNetwork =
    options.defaultNetwork ??
    (ids.includes(DEFAULT_CAIP_NETWORK_ID) ? DEFAULT_CAIP_NETWORK_ID : networks[0].caipNetworkId)
  if (!ids.includes(defaultNetwork)) {
    throw new InvalidOptionsError(
      'defaultNetwork',
      `expected one of the configured networks (${ids.map(quote).join(', ')}), received ${quote(defaultNetwork)}`,
    )
  }
  const projectId = options.projectId?.trim() ? options.projectId : undefined
  return {
    ...(projectId !== undefined ? { projectId } : {}),
    networks,
    defaultNetwork,
    ...(options.metadata ? { metadata: options.metadata } : {}),
    features: { ...DEFAULT_FEATURES, ...withoutUndefined(options.features) },
    ...(options.allowWallets ? { allowWallets: options.allowWallets } : {}),
    excludeWallets: options.excludeWallets ?? [],
    tokens: options.tokens ?? {},
    ...(options.termsConditionsUrl ? { termsConditionsUrl: options.termsConditionsUrl } : {}),
    ...(options.privacyPolicyUrl ? { privacyPolicyUrl: options.privacyPolicyUrl } : {}),
    defaultAccountTypes: {
      ...DEFAULT_ACCOUNT_TYPES,
      ...withoutUndefined(options.defaultAccountTypes),
    },
    themeMode: options.themeMode ?? 'light',
    themeVariables: withoutUndefined(options.themeVariables),
    ...(options.connectMethodsOrder ? { connectMethodsOrder: options.connectMethodsOrder } : {}),
    locale: options.locale ?? 'en',
    adapters: options.adapters ?? [],
    ...(options.walletConnect ? { walletConnect: options.walletConnect } : {}),
    ...(options.embeddedWallet ? { embeddedWallet: options.embeddedWallet } : {}),
    enableEmbedded: options.enableEmbedded ?? false,
    disableAppendToBody: options.disableAppendToBody ?? false,
    ...(options.siwx ? { siwx: options.siwx } : {}),
    ...(options.siweConfig ? { siweConfig: options.siweConfig } : {}),
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    basic: options.basic ?? false,
  }
}

// `{ swaps: undefined }` must not spread over a default.
function withoutUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {}
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return quote(value)
  return typeof value === 'function' ? 'a function' : String(value)
}

/**
 * Validates one option a host changes after creation (`setThemeMode`, `setThemeVariables`,
 * `setLocale`) with the same rules as `parseOptions`; throws `InvalidOptionsError` naming it.
 *
 * @example
 * parseSetting('themeMode', 'dark') // 'dark'
 * parseSetting('themeMode', 'blue') // throws: Invalid option `themeMode`: expected "light" or "dark", ...
 */
export function parseSetting<K extends SettableOption>(
  field: K,
  value: unknown,
): v.InferOutput<SettableSchemas[K]> {
  const result = v.safeParse(buildSchemas().settableSchemas[field], value)
  if (result.success) return result.output as v.InferOutput<SettableSchemas[K]>
  const [issue] = result.issues
  const path = v.getDotPath(issue)
  throw new InvalidOptionsError(
    path ? `${field}.${path}` : field,
    issue.message,
    new v.ValiError(result.issues),
  )
}
