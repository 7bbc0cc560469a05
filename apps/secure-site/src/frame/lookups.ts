// What the approval adds beside the raw values, read by the frame itself from the project's
// server: the name registered for an address (our registry or ENS) and the native token's USD
// price. Never from the host page, which could claim any name; a name is shown beside the
// address, never instead of it. Each read gives up after LOOKUP_TIMEOUT_MS: the approval
// shows without what did not arrive.
import * as v from 'valibot'

export const LOOKUP_TIMEOUT_MS = 1500

const nameAnswer = v.object({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(255)) })
const balanceAnswer = v.object({
  balances: v.array(v.object({ address: v.optional(v.string()), price: v.nullable(v.number()) })),
})

export interface Lookups {
  /** The name of `address` on the CAIP-2 `chainId`, or undefined (none, or no answer). */
  nameOf(address: string, chainId: string): Promise<string | undefined>
  /** USD per native token on `chainId` (read from `account`'s balance), or undefined. */
  nativePrice(account: string, chainId: string): Promise<number | undefined>
}

async function read<S extends v.GenericSchema>(
  url: string,
  schema: S,
): Promise<v.InferOutput<S> | undefined> {
  try {
    const response = await fetch(url, {
      credentials: 'omit',
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    })
    if (!response.ok) return undefined
    const parsed = v.safeParse(schema, await response.json())
    return parsed.success ? parsed.output : undefined
  } catch {
    return undefined
  }
}

/**
 * The lookups of one project's server.
 *
 * @example
 * const lookups = createLookups('https://api.example.com', 'my-project')
 * await lookups.nameOf('0xd8dA…6045', 'eip155:1') // 'vitalik.eth'
 */
export function createLookups(apiUrl: string, projectId: string): Lookups {
  const url = (path: string, chainId: string) => {
    const target = new URL(path, apiUrl)
    target.searchParams.set('projectId', projectId)
    target.searchParams.set('chainId', chainId)
    return target.href
  }
  return {
    async nameOf(address, chainId) {
      const answer = await read(
        url(`/v1/names/reverse/${encodeURIComponent(address)}`, chainId),
        nameAnswer,
      )
      return answer?.name
    },
    async nativePrice(account, chainId) {
      const answer = await read(
        url(`/v1/account/${encodeURIComponent(account)}/balance`, chainId),
        balanceAnswer,
      )
      const price = answer?.balances.find((balance) => balance.address === undefined)?.price
      return typeof price === 'number' && Number.isFinite(price) && price >= 0 ? price : undefined
    },
  }
}
