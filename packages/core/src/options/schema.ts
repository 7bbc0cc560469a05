// The host's options: one valibot schema, and `parseOptions` that turns whatever the host
// passed into `ResolvedOptions` with every default filled, or throws an error naming the field.
import { DEV } from 'esm-env'
import * as v from 'valibot'
import type { EmbeddedWalletEntry } from '../adapters/embedded-wallet.js'
import type { ChainAdapter } from '../adapters/types.js'
import { isWalletConnectEntry, type WalletConnectEntry } from '../adapters/walletconnect.js'
import { InvalidOptionsError, kitError } from '../errors/errors.js'
import {
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  DEFAULT_ACCOUNT_TYPES,
  DEFAULT_CAIP_NETWORK_ID,
  NAMESPACES,
} from '../types/network.js'
import { isAddressFor } from '../utils/address.js'
import { isCaipNetworkId, isChainNamespace } from '../utils/caip.js'
import { issueWarning } from '../utils/dev.js'
import { documented, featureDocs, optionDocs, themeVariableDocs } from './docs.js'

/** Spec §5: the six social providers, on by default. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/**
 * What `features.socials` may list: the six, and Sign In With Farcaster (a QR code, no popup),
 * which a host turns on by naming it.
 */
export const SOCIAL_LOGINS = [...SOCIAL_PROVIDERS, 'farcaster'] as const
export type SocialProvider = (typeof SOCIAL_LOGINS)[number]

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

/** Spec §9 feature defaults, except `analytics`, which is opt-in. The schema reads them. */
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

/**
 * Account type per namespace, merged over `DEFAULT_ACCOUNT_TYPES`: `eoa` or `smartAccount`;
 * bip122 accounts are `payment` only.
 */
export interface DefaultAccountTypes {
  eip155?: 'eoa' | 'smartAccount'
  solana?: 'eoa' | 'smartAccount'
  polkadot?: 'eoa' | 'smartAccount'
  cosmos?: 'eoa' | 'smartAccount'
  bip122?: 'payment'
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

/**
 * What a host passes to `createModal`. `schema.types.test.ts` ties it field by field to the
 * schema's input type (and `ResolvedOptions` to its output), so the two cannot drift apart.
 */
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
  defaultAccountTypes?: DefaultAccountTypes
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
  defaultAccountTypes: Readonly<Required<DefaultAccountTypes>>
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

// --- Leaf schemas: valibot's own, with the messages above ---

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** A string the check accepts; every failure, not a string included, reads `expected <what>`. */
const stringWhere = (check: (value: string) => boolean, what: string) =>
  v.pipe(v.string(expected(what)), v.check(check, expected(what)))

const string = () => v.string(expected('a string'))
const nonEmptyString = (what = 'a non-empty string') =>
  stringWhere((value) => value.trim() !== '', what)
const boolean = () => v.boolean(expected('true or false'))
const httpUrl = () =>
  stringWhere((value) => isUrl(value, ['http:', 'https:']), 'an http or https URL')
const imageUrl = () =>
  stringWhere(
    (value) => isUrl(value, ['https:']) || value.startsWith('data:image/'),
    'an https or data:image URL',
  )
// v.custom, not a string and a check: the input type is then `CaipNetworkId` for hosts too.
const caipNetworkId = () =>
  v.custom<CaipNetworkId>(isCaipNetworkId, expected('a CAIP-2 network id such as "eip155:1"'))
const numberIn = (min: number, max: number, integer: boolean) => {
  const message = expected(`${integer ? 'an integer' : 'a number'} from ${min} to ${max}`)
  return v.pipe(
    v.number(message),
    integer ? v.safeInteger(message) : v.finite(message),
    v.check((value) => value >= min && value <= max, message),
  )
}
const picklist = <const T extends readonly string[]>(values: T) =>
  v.picklist(values, expected(oneOf(values)))
const arrayOf = <T extends v.GenericSchema>(item: T, what: string) =>
  v.array(item, expected(`an array of ${what}`))

// valibot's object schemas take an array for an object, so a record check runs first: a
// v.custom typed as the object's input, so that the options' input type stays the object's.
const record = <S extends v.GenericSchema>(object: S, what: string) =>
  v.pipe(v.custom<v.InferInput<S>>(isRecord, expected(what)), object)
const strict = <T extends v.ObjectEntries>(entries: T, what: string) =>
  record(v.strictObject(entries, objectMessage(what, Object.keys(entries))), what)
const loose = <T extends v.ObjectEntries>(entries: T, what: string) =>
  record(v.looseObject(entries, objectMessage(what, Object.keys(entries))), what)

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

// --- Option schemas, one builder per group ---

// The schemas are built by each parse and dropped after it: they run once, at createModal (and
// on an instance setter), and kept at module level they would stay in the page's heap for good.

function networkSchema() {
  const chainIdText = 'a chain id (a non-negative integer or a non-empty string)'
  const chainId = expected(chainIdText)
  return v.pipe(
    loose(
      {
        // v.lazy, not v.union: the same result, and valibot's union is not in the page already.
        id: v.lazy((input) =>
          typeof input === 'string'
            ? stringWhere((value) => value !== '', chainIdText)
            : v.pipe(v.number(chainId), v.safeInteger(chainId), v.minValue(0, chainId)),
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
                    stringWhere((value) => isUrl(value, ['ws:', 'wss:']), 'a ws or wss URL'),
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
}

function networksSchema() {
  const network = networkSchema()
  return v.pipe(
    arrayOf(network, 'networks'),
    v.minLength(1, () => 'expected at least one network, received none'),
    unique(
      (item: v.InferOutput<typeof network>) => item.caipNetworkId,
      'each network',
      'caipNetworkId',
    ),
  )
}

function featuresSchema() {
  const on = (feature: Exclude<keyof Features, 'socials'>) =>
    v.optional(boolean(), DEFAULT_FEATURES[feature])
  const entries = {
    receive: on('receive'),
    send: on('send'),
    email: on('email'),
    // v.lazy picks the branch by input so an issue inside the list keeps its own path.
    socials: v.optional(
      v.lazy((input) =>
        Array.isArray(input)
          ? v.pipe(
              arrayOf(picklist(SOCIAL_LOGINS), 'social providers'),
              unique((provider: SocialProvider) => provider, 'each social provider'),
            )
          : // v.custom, not v.literal: the same check, and no literal schema is in the page.
            v.custom<false>(
              (value) => value === false,
              expected(`false or an array of ${SOCIAL_LOGINS.map(quote).join(', ')}`),
            ),
      ),
      // The array schema copies the default: the constant is never handed out.
      DEFAULT_FEATURES.socials as SocialProvider[] | false,
    ),
    emailShowWallets: on('emailShowWallets'),
    analytics: on('analytics'),
    allWallets: on('allWallets'),
    swaps: on('swaps'),
    onramp: on('onramp'),
    activity: on('activity'),
    legalCheckbox: on('legalCheckbox'),
    smartSessions: on('smartSessions'),
    collapseWallets: on('collapseWallets'),
    pay: on('pay'),
    networkSwitching: on('networkSwitching'),
    allowUnsupportedChain: on('allowUnsupportedChain'),
    reownBranding: on('reownBranding'),
  } satisfies Record<keyof Features, v.GenericSchema>
  return strict(DEV ? documented(entries, featureDocs()) : entries, 'an object of feature switches')
}

function excludedWalletSchema() {
  return v.lazy((input) =>
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
          nonEmptyString('a wallet name or rdns, or an object { rdns?, name? }'),
          v.transform((text): ExcludedWallet => ({ rdns: text, name: text })),
        ),
  )
}

function tokensSchema() {
  return v.pipe(
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
}

function accountTypesSchema() {
  const ordinary = (namespace: Exclude<ChainNamespace, 'bip122'>) =>
    v.optional(picklist(['eoa', 'smartAccount'] as const), DEFAULT_ACCOUNT_TYPES[namespace])
  return strict(
    {
      eip155: ordinary('eip155'),
      solana: ordinary('solana'),
      polkadot: ordinary('polkadot'),
      cosmos: ordinary('cosmos'),
      bip122: v.optional(picklist(['payment'] as const), DEFAULT_ACCOUNT_TYPES.bip122),
    } satisfies Record<ChainNamespace, v.GenericSchema>,
    'an object keyed by namespace',
  )
}

function themeVariablesSchema() {
  const entries = {
    '--w3m-font-family': v.optional(string()),
    '--w3m-accent': v.optional(string()),
    '--w3m-color-mix': v.optional(string()),
    '--w3m-color-mix-strength': v.optional(numberIn(0, 100, false)),
    '--w3m-font-size-master': v.optional(string()),
    '--w3m-border-radius-master': v.optional(string()),
    '--w3m-z-index': v.optional(numberIn(-2147483648, 2147483647, true)),
    '--w3m-qr-color': v.optional(string()),
  } satisfies Record<keyof ThemeVariables, v.GenericSchema>
  return strict(
    DEV ? documented(entries, themeVariableDocs()) : entries,
    'an object of theme variables',
  )
}

// Options a host may change after creation (instance setters), validated as at creation.
function settableSchemas() {
  return {
    themeMode: picklist(['light', 'dark'] as const),
    themeVariables: themeVariablesSchema(),
    locale: nonEmptyString(),
  }
}

// Adapters and connector entries carry functions: no valibot object schema says "a function
// named connect" with one message for the whole entry, so these stay type guards (v.custom).
const isAdapter = (value: unknown): value is ChainAdapter =>
  isRecord(value) &&
  isChainNamespace(value.namespace) &&
  typeof value.connect === 'function' &&
  typeof value.disconnect === 'function'

function connectorSchemas() {
  return {
    adapters: v.pipe(
      arrayOf(
        v.custom<ChainAdapter>(
          isAdapter,
          expected('an adapter with a known `namespace` and `connect`/`disconnect` functions'),
        ),
        'adapters',
      ),
      unique(
        (adapter: ChainAdapter) => adapter.namespace,
        'one adapter per namespace,',
        'namespace',
      ),
    ),
    walletConnect: v.custom<WalletConnectEntry>(
      isWalletConnectEntry,
      expected('a WalletConnect entry { id, name, namespaces, load } (walletConnect({ … }))'),
    ),
    // The same shape as a WalletConnect entry (id, name, namespaces, load): one check.
    embeddedWallet: v.custom<EmbeddedWalletEntry>(
      isWalletConnectEntry as unknown as (value: unknown) => value is EmbeddedWalletEntry,
      expected('an embedded-wallet entry { id, name, namespaces, load } (embeddedWallet({ … }))'),
    ),
  }
}

/** The schemas of `parseOptions` (all options) and `parseSetting` (the settable ones). */
export function buildSchemas() {
  const settable = settableSchemas()
  const connectors = connectorSchemas()
  // A SIWX config is a host object of functions; valibot's object schema takes arrays too.
  const hostObject = () => v.custom<object>(isRecord, expected('an object'))
  const entries = {
    projectId: v.optional(string()),
    networks: networksSchema(),
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
    features: v.optional(featuresSchema(), {}),
    allowWallets: v.optional(arrayOf(nonEmptyString(), 'wallet ids')),
    excludeWallets: v.optional(
      arrayOf(excludedWalletSchema(), 'wallet names, rdns or objects'),
      [],
    ),
    tokens: v.optional(tokensSchema(), {}),
    termsConditionsUrl: v.optional(httpUrl()),
    privacyPolicyUrl: v.optional(httpUrl()),
    defaultAccountTypes: v.optional(accountTypesSchema(), {}),
    themeMode: v.optional(settable.themeMode, 'light'),
    themeVariables: v.optional(settable.themeVariables, {}),
    connectMethodsOrder: v.optional(
      v.pipe(
        arrayOf(picklist(CONNECT_METHODS), 'connect methods'),
        unique((method: ConnectMethod) => method, 'each connect method'),
      ),
    ),
    locale: v.optional(settable.locale, 'en'),
    adapters: v.optional(connectors.adapters, []),
    walletConnect: v.optional(connectors.walletConnect),
    embeddedWallet: v.optional(connectors.embeddedWallet),
    enableEmbedded: v.optional(boolean(), false),
    disableAppendToBody: v.optional(boolean(), false),
    siwx: v.optional(hostObject()),
    siweConfig: v.optional(hostObject()),
    apiUrl: v.optional(httpUrl()),
    basic: v.optional(boolean(), false),
  } satisfies Record<keyof ModalOptions, v.GenericSchema>
  const optionsSchema = strict(
    DEV ? documented(entries, optionDocs()) : entries,
    'an options object',
  )
  return { optionsSchema, settableSchemas: settable }
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
  // Every default is the schema's own (`v.optional(schema, default)`); what is left here
  // depends on other fields: the start network, and a blank projectId.
  const { networks, defaultNetwork: chosen, projectId, themeVariables, ...rest } = result.output
  if (DEV && rest.features.pay) {
    issueWarning('pay-not-offered', 'features.pay has no effect: OpenModal offers no Pay flow')
  }
  const ids = networks.map((network) => network.caipNetworkId)
  const defaultNetwork =
    chosen ?? (ids.includes(DEFAULT_CAIP_NETWORK_ID) ? DEFAULT_CAIP_NETWORK_ID : ids[0])
  if (!defaultNetwork || !ids.includes(defaultNetwork)) {
    throw new InvalidOptionsError(
      'defaultNetwork',
      `expected one of the configured networks (${ids.map(quote).join(', ')}), received ${quote(String(defaultNetwork))}`,
    )
  }
  return withoutUndefined({
    ...rest,
    ...(projectId?.trim() ? { projectId } : {}),
    // minLength(1) holds: not empty.
    networks: networks as unknown as ResolvedOptions['networks'],
    defaultNetwork,
    themeVariables: withoutUndefined(themeVariables),
  })
}

// An option passed as `undefined` is left out, as if the host had not written it (only
// optional keys can be undefined here: the type stays).
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T
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
