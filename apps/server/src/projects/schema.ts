// Validation of project definitions, shared by openmodal.config.json and the CLI.
import { isCaipNetworkId, isOriginAllowed } from '@openmodal/core'
import * as v from 'valibot'
import type { RemoteFeatures, SocialProvider } from '../api-types.js'
import { RecoveryModeSchema } from '../embedded/config.js'
import { SocialConfigSchema } from '../embedded/social/providers.js'
import { OnrampConfigSchema } from '../onramp/config.js'
import { SwapChainSchema } from '../swap/config.js'

export const SOCIAL_PROVIDERS: readonly SocialProvider[] = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
  'telegram',
  'farcaster',
]

export const ProjectIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{3,64}$/, 'Expected a projectId of 3-64 letters, digits, _ or -'),
)

// A pattern is valid when it accepts its own sample origin (each `*` label replaced): that
// reuses core's parser instead of a second grammar that could drift from it.
function sampleOrigin(pattern: string): string {
  return pattern.replace(/:\*$/, '').replace(/(^|[/.])\*(?=[.:]|$)/g, '$1x')
}

/** Whether `pattern` is an origin pattern core's isOriginAllowed understands. */
export function isOriginPattern(pattern: string): boolean {
  return isOriginAllowed(sampleOrigin(pattern), [pattern])
}

export const OriginPatternSchema = v.pipe(
  v.string(),
  v.maxLength(255),
  v.check(
    isOriginPattern,
    (issue) =>
      `Invalid origin pattern ${JSON.stringify(issue.input)}: expected scheme://host[:port] where a whole host label or the port may be *`,
  ),
)

export const HttpUrlSchema = v.pipe(
  v.string(),
  v.maxLength(2048),
  v.url('Expected a URL'),
  v.check((value) => /^https?:\/\//i.test(value), 'Expected an http:// or https:// URL'),
)

export const CaipNetworkIdSchema = v.pipe(
  v.string(),
  v.check(
    (value: string) => isCaipNetworkId(value),
    'Expected a CAIP-2 network id of a known namespace, e.g. eip155:1',
  ),
)

export const EvmAddressSchema = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-digit address'),
)

export const ChainSchema = v.pipe(
  v.object({
    caipNetworkId: CaipNetworkIdSchema,
    rpcUrls: v.pipe(v.array(HttpUrlSchema), v.minLength(1), v.maxLength(10)),
    /**
     * EVM chains: the block the indexer starts at when it has no cursor yet; 'latest' = the head
     * at first start. Default: 0 when every RPC URL is on loopback (a local chain), else 'latest'.
     */
    startBlock: v.optional(
      v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.literal('latest')]),
    ),
    /** EVM chains: false keeps the indexer off for this chain (default true). */
    index: v.optional(v.boolean()),
    /**
     * EVM chains: 'trace_block' also indexes internal transfers (ETH moved by contract calls),
     * read with Parity-style `trace_block`; the RPC must serve it (anvil, Erigon, Nethermind,
     * Reth; rarely public endpoints). Default false.
     */
    internalTransfers: v.optional(v.union([v.literal('trace_block'), v.literal(false)])),
    /** ERC-20 contracts whose balance is always reported (besides tokens seen in the history). */
    tokens: v.optional(v.pipe(v.array(EvmAddressSchema), v.maxLength(100))),
    /** NFT contracts whose transfers are flagged spam (spec §5: spam-only transactions hidden). */
    spamContracts: v.optional(v.pipe(v.array(EvmAddressSchema), v.maxLength(10_000))),
    /** The native currency (default Ether, ETH, 18 decimals). */
    nativeCurrency: v.optional(
      v.strictObject({
        name: v.pipe(v.string(), v.minLength(1), v.maxLength(50)),
        symbol: v.pipe(v.string(), v.minLength(1), v.maxLength(20)),
        decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)),
      }),
    ),
    /**
     * EVM chains: the ENS Universal Resolver the name endpoints ask when our registry has no
     * answer; `false` turns ENS off. Default: viem's mainnet Universal Resolver on eip155:1, none
     * elsewhere.
     */
    ensUniversalResolver: v.optional(v.union([EvmAddressSchema, v.literal(false)])),
    /** EVM chains: the swap provider (swap/config.ts); none = "Network not supported for Swaps". */
    swap: v.optional(SwapChainSchema),
    /**
     * EVM chains: an ERC-4337 v0.7 bundler's JSON-RPC URL. A chain with one is a
     * smart-account-enabled network (spec §7): the embedded wallet offers its smart account there.
     */
    bundlerUrl: v.optional(HttpUrlSchema),
    /**
     * EVM chains with a bundler: what the embedded wallet's smart account is. `erc4337` (default)
     * a Simple v0.7 account at its own address; `eip7702` the visitor's EOA itself, delegated to
     * Simple7702Account (EntryPoint v0.8) on first use: it keeps the EOA's address. The chain
     * must take EIP-7702 transactions (Prague) and the bundler serve EntryPoint v0.8. `safe` a
     * Safe 1.4.1 with Safe4337Module 0.3.0 (EntryPoint v0.7, canonical addresses): it answers
     * ERC-1271, so it signs messages (SIWX), ERC-6492-wrapped while counterfactual.
     */
    smartAccountMode: v.optional(v.picklist(['erc4337', 'eip7702', 'safe'])),
    /**
     * EVM chains with a bundler: an ERC-7677 paymaster service's URL (`pm_getPaymasterStubData`,
     * `pm_getPaymasterData`). The embedded wallet's smart account then has every userOperation
     * sponsored through it and reports `paymasterService` in `wallet_getCapabilities`; a dapp's
     * `paymasterService` capability is honoured only with this URL.
     */
    paymasterUrl: v.optional(HttpUrlSchema),
    /**
     * Solana chains: names and symbols of SPL token mints for the balances (an SPL mint has no
     * name on chain without a metadata program); other mints are named by their address.
     */
    splTokens: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            mint: v.pipe(
              v.string(),
              v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Expected a base58 mint address'),
            ),
            name: v.pipe(v.string(), v.minLength(1), v.maxLength(50)),
            symbol: v.pipe(v.string(), v.minLength(1), v.maxLength(20)),
          }),
        ),
        v.maxLength(100),
      ),
    ),
  }),
  v.check(
    (chain) =>
      chain.ensUniversalResolver === undefined || chain.caipNetworkId.startsWith('eip155:'),
    'ensUniversalResolver is only for eip155 chains',
  ),
  v.check(
    (chain) => !chain.internalTransfers || chain.caipNetworkId.startsWith('eip155:'),
    'internalTransfers is only for eip155 chains',
  ),
  v.check(
    (chain) => chain.swap === undefined || chain.caipNetworkId.startsWith('eip155:'),
    'swap is only for eip155 chains',
  ),
  v.check(
    (chain) => chain.bundlerUrl === undefined || chain.caipNetworkId.startsWith('eip155:'),
    'bundlerUrl is only for eip155 chains',
  ),
  v.check(
    (chain) => chain.smartAccountMode === undefined || chain.bundlerUrl !== undefined,
    'smartAccountMode needs a bundlerUrl',
  ),
  v.check(
    (chain) => chain.paymasterUrl === undefined || chain.bundlerUrl !== undefined,
    'paymasterUrl needs a bundlerUrl',
  ),
  v.check(
    (chain) => chain.splTokens === undefined || chain.caipNetworkId.startsWith('solana:'),
    'splTokens is only for solana chains',
  ),
)

export const SocialsSchema = v.union([
  v.boolean(),
  v.pipe(v.array(v.picklist(SOCIAL_PROVIDERS)), v.maxLength(SOCIAL_PROVIDERS.length)),
])

/** Feature flags as written in the config file and the CLI (`branding` is core's `reownBranding`). */
export const FeaturesInputSchema = v.strictObject({
  email: v.optional(v.boolean()),
  socials: v.optional(SocialsSchema),
  swaps: v.optional(v.boolean()),
  onramp: v.optional(v.boolean()),
  activity: v.optional(v.boolean()),
  branding: v.optional(v.boolean()),
  // OpenModal extension beyond the spec's remote keys: served only when set, so a project
  // that leaves them out leaves Send and Receive to the host's options.
  send: v.optional(v.boolean()),
  receive: v.optional(v.boolean()),
})
export type FeaturesInput = v.InferOutput<typeof FeaturesInputSchema>

/** Spec §9 defaults; branding off as in core's DEFAULT_FEATURES. */
export const DEFAULT_REMOTE_FEATURES: Readonly<RemoteFeatures> = {
  email: true,
  socials: [...SOCIAL_PROVIDERS],
  swaps: true,
  onramp: true,
  activity: true,
  reownBranding: false,
}

/** Applies `input` over `base`; `socials: true` means every provider. */
export function applyFeatures(base: RemoteFeatures, input: FeaturesInput): RemoteFeatures {
  const socials =
    input.socials === undefined
      ? base.socials
      : input.socials === true
        ? [...SOCIAL_PROVIDERS]
        : input.socials === false || input.socials.length === 0
          ? false
          : [...new Set(input.socials)]
  return {
    email: input.email ?? base.email,
    socials,
    swaps: input.swaps ?? base.swaps,
    onramp: input.onramp ?? base.onramp,
    activity: input.activity ?? base.activity,
    reownBranding: input.branding ?? base.reownBranding,
    ...extension('send', input.send ?? base.send),
    ...extension('receive', input.receive ?? base.receive),
  }
}

/** `{ [key]: value }` when the project set it, else nothing (the key stays out of the answer). */
const extension = <K extends 'send' | 'receive'>(key: K, value: boolean | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, boolean>>

/** The default hold of a new device (see `recoveryHoldMs`): 24 h. */
export const DEFAULT_RECOVERY_HOLD_MS = 24 * 3_600_000
const MAX_RECOVERY_HOLD_MS = 30 * 24 * 3_600_000

export const ProjectInputSchema = v.strictObject({
  projectId: ProjectIdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  allowedOrigins: v.optional(v.pipe(v.array(OriginPatternSchema), v.maxLength(100)), []),
  /**
   * Development only: also allow loopback pages (`http://localhost:*`, `http://127.0.0.1:*`)
   * for the public reads (config, registry, balances, RPC proxy, analytics). Never for
   * Sign-In With X or the embedded wallet, which take `allowedOrigins` alone. Default false.
   */
  allowDevOrigins: v.optional(v.boolean(), false),
  features: v.optional(FeaturesInputSchema, {}),
  /**
   * The embedded wallet's recovery: `non-custodial` (default, a passkey or passphrase only the
   * visitor holds) or `custodial` (the operator keeps the recovery share and can rebuild keys).
   */
  recovery: v.optional(RecoveryModeSchema),
  /**
   * How long a device that recovered the embedded wallet on a new device (a new code plus the
   * passkey or passphrase) may not change the recovery factor or the e-mail, in milliseconds:
   * time for the visitor to read the notice mail and lock the wallet. Default 24 h; 0 = off.
   */
  recoveryHoldMs: v.optional(
    v.pipe(
      v.number(),
      v.integer('Expected whole milliseconds'),
      v.minValue(0, 'Expected 0 (off) or more milliseconds'),
      v.maxValue(MAX_RECOVERY_HOLD_MS, 'Expected at most 30 days (2592000000 ms)'),
    ),
  ),
  /** On-ramp providers and their keys (see onramp/config.ts); none when absent. */
  onramp: v.optional(OnrampConfigSchema),
  /**
   * Spec §6's restricted time zones: true asks the kit to hide swap and on-ramp from visitors
   * whose time zone is in core's RESTRICTED_TIMEZONES. Default false.
   */
  restrictedTimezones: v.optional(v.boolean()),
  /**
   * Social login: the project's client at each provider (`{ github: { clientId, clientSecret } }`);
   * endpoints only when they are not the provider's own (a stand-in). See embedded/social.
   */
  social: v.optional(SocialConfigSchema),
  chains: v.optional(
    v.pipe(
      v.array(ChainSchema),
      v.maxLength(100),
      v.check(
        (chains) => new Set(chains.map((c) => c.caipNetworkId)).size === chains.length,
        'Each caipNetworkId may appear once',
      ),
    ),
    [],
  ),
})
export type ProjectInput = v.InferOutput<typeof ProjectInputSchema>

export const ConfigFileSchema = v.strictObject({
  $schema: v.optional(v.string()),
  projects: v.pipe(
    v.array(ProjectInputSchema),
    v.check(
      (projects) => new Set(projects.map((p) => p.projectId)).size === projects.length,
      'Each projectId may appear once',
    ),
  ),
})
export type ConfigFile = v.InferOutput<typeof ConfigFileSchema>
