// A chain's swap provider, as written in a project's chain entry (`swap`) of
// openmodal.config.json or the CLI. A chain without it answers "Network not supported for Swaps".
// API keys are the server's (environment, see env.ts), never the project file's.
import * as v from 'valibot'

const AddressSchema = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-digit address'),
)

export const SwapChainSchema = v.variant('provider', [
  v.strictObject({
    /** A Uniswap V2 router on this chain (its factory and WETH are read from it). */
    provider: v.literal('uniswap-v2'),
    router: AddressSchema,
    /** ERC-20s offered besides the native currency; default the chain's `tokens`. */
    tokens: v.optional(v.pipe(v.array(AddressSchema), v.maxLength(100))),
    /** Seconds a built swap stays valid on chain (the router's deadline); default 1200. */
    deadlineSeconds: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(30), v.maxValue(86_400)),
    ),
  }),
  /** 1inch Swap API v6 (key: OPENMODAL_1INCH_API_KEY). */
  v.strictObject({ provider: v.literal('1inch') }),
  /** 0x Swap API v2, allowance-holder (key: OPENMODAL_0X_API_KEY); tokens as for uniswap-v2. */
  v.strictObject({
    provider: v.literal('0x'),
    tokens: v.optional(v.pipe(v.array(AddressSchema), v.maxLength(100))),
  }),
])
export type SwapChainConfig = v.InferOutput<typeof SwapChainSchema>

/** Spec §9: the default slippage tolerance, percent. */
export const DEFAULT_SLIPPAGE = 1
/** The most a visitor may accept, percent (1inch's own ceiling). */
export const MAX_SLIPPAGE = 50
