// Token and NFT metadata, read by eth_call once and cached in token_metadata / nft_metadata.
import {
  type Address,
  ContractFunctionExecutionError,
  ContractFunctionZeroDataError,
  erc20Abi,
  type PublicClient,
} from 'viem'
import { MULTICALL_BATCH_SIZE, MULTICALL3_ADDRESS } from '../blockchain/multicall.js'
import type { Queryable } from '../db/db.js'
import { insertRows } from './sql.js'

export type TokenStandard = 'erc20' | 'erc721' | 'erc1155'

export interface TokenMetadata {
  address: string
  standard: TokenStandard
  name: string | null
  symbol: string | null
  decimals: number | null
}

const NFT_ABI = [
  {
    type: 'function',
    name: 'name',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'string' }],
  },
  {
    type: 'function',
    name: 'symbol',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'string' }],
  },
  {
    type: 'function',
    name: 'tokenURI',
    stateMutability: 'view',
    inputs: [{ type: 'uint256' }],
    outputs: [{ type: 'string' }],
  },
  {
    type: 'function',
    name: 'uri',
    stateMutability: 'view',
    inputs: [{ type: 'uint256' }],
    outputs: [{ type: 'string' }],
  },
] as const

// Long strings from a contract are cut: they are display text, and must not bloat the cache.
const clip = (text: string | null, max: number) =>
  text === null ? null : text.replaceAll('\u0000', '').slice(0, max)

// Some ERC-20s (old MKR, SAI) return bytes32 for name/symbol: those read as null here.
async function read<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call()
  } catch {
    return null
  }
}

type MetadataCall = {
  address: Address
  abi: typeof erc20Abi | typeof NFT_ABI
  functionName: 'name' | 'symbol' | 'decimals'
}

/** The whole Multicall3 call answered no data: the chain has no Multicall3 at its address. */
const noMulticall = (error: unknown) =>
  error instanceof ContractFunctionExecutionError &&
  error.functionName === 'aggregate3' &&
  error.cause instanceof ContractFunctionZeroDataError

/**
 * Each of `calls` answered, or null when it failed (reverted, or answered what its ABI does
 * not decode). All go through Multicall3 (`aggregate3`, chunks of 1024 bytes of calldata:
 * these calls are 4 bytes each, so one `eth_call` asks 256 of them, 85 ERC-20s, instead of
 * one `eth_call` each). On a chain without Multicall3 each call is made on its own, as
 * before; when the node fails the batch, every call of it is null (not cached).
 */
async function readAll(client: PublicClient, calls: readonly MetadataCall[]): Promise<unknown[]> {
  if (calls.length === 0) return []
  type Result = { status: 'success' | 'failure'; result?: unknown; error?: unknown }
  const results: Result[] = await client
    .multicall({
      contracts: calls as never,
      allowFailure: true,
      batchSize: MULTICALL_BATCH_SIZE,
      multicallAddress: MULTICALL3_ADDRESS,
    })
    .catch((error: unknown) => calls.map((): Result => ({ status: 'failure', error })))
  return Promise.all(
    results.map((result, i) => {
      if (result.status === 'success') return result.result
      const call = calls[i] as MetadataCall
      return noMulticall(result.error) ? read(() => client.readContract(call as never)) : null
    }),
  )
}

/**
 * Cached metadata of `addresses` on `chainId`; the ones not cached yet are read (name, symbol,
 * decimals for ERC-20; name, symbol for NFTs) in one Multicall3 batch and stored. A contract that
 * answers none of the calls is not cached (the node may have been down): it is tried again
 * next time.
 *
 * @example
 * const [usdc] = await tokenMetadata(db, client, 'eip155:1', [{ address, standard: 'erc20' }])
 */
export async function tokenMetadata(
  db: Queryable,
  client: PublicClient,
  chainId: string,
  tokens: readonly { address: string; standard: TokenStandard }[],
): Promise<Map<string, TokenMetadata>> {
  const wanted = [...new Map(tokens.map((t) => [t.address.toLowerCase(), t])).values()]
  const found = new Map<string, TokenMetadata>()
  if (wanted.length === 0) return found
  const rows = await db.query<{
    address: string
    standard: TokenStandard
    name: string | null
    symbol: string | null
    decimals: number | null
  }>(
    `select address, standard, name, symbol, decimals from token_metadata
     where chain_id = $1 and address = any($2::text[])`,
    [chainId, wanted.map((t) => t.address.toLowerCase())],
  )
  for (const row of rows) found.set(row.address, row)
  const missing = wanted.filter((t) => !found.has(t.address.toLowerCase()))
  const calls = missing.flatMap(({ address, standard }): MetadataCall[] => {
    const contract = address as Address
    const abi = standard === 'erc20' ? erc20Abi : NFT_ABI
    const call = (functionName: MetadataCall['functionName']) => ({
      address: contract,
      abi,
      functionName,
    })
    return standard === 'erc20'
      ? [call('name'), call('symbol'), call('decimals')]
      : [call('name'), call('symbol')]
  })
  const answers = await readAll(client, calls)
  let next = 0
  const fresh = missing.map(({ address, standard }): TokenMetadata | undefined => {
    const name = (answers[next++] ?? null) as string | null
    const symbol = (answers[next++] ?? null) as string | null
    const decimals = standard === 'erc20' ? ((answers[next++] ?? null) as number | null) : null
    if (name === null && symbol === null && decimals === null) return undefined
    return {
      address: address.toLowerCase(),
      standard,
      name: clip(typeof name === 'string' ? name : null, 200),
      symbol: clip(typeof symbol === 'string' ? symbol : null, 50),
      decimals: decimals === null ? null : Number(decimals),
    }
  })
  const stored = fresh.filter((t): t is TokenMetadata => t !== undefined)
  if (stored.length > 0) {
    await insertRows(
      db,
      'token_metadata',
      ['chain_id', 'address', 'standard', 'name', 'symbol', 'decimals'],
      stored.map((t) => [chainId, t.address, t.standard, t.name, t.symbol, t.decimals]),
      'on conflict (chain_id, address) do nothing',
    )
    for (const t of stored) found.set(t.address, t)
  }
  return found
}

/** ERC-1155 `uri` placeholder: `{id}` is the id as 64 lower-case hex digits (EIP-1155). */
export function expandUri(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'))
}

/**
 * Cached tokenURI (ERC-721) / uri (ERC-1155) of NFTs; missing ones are read and stored (a
 * reverted call is stored as null, so it is not asked again).
 *
 * @example
 * const uris = await nftUris(db, client, 'eip155:1', [{ contract, tokenId: 1n, standard: 'erc721' }])
 */
export async function nftUris(
  db: Queryable,
  client: PublicClient,
  chainId: string,
  nfts: readonly { contract: string; tokenId: bigint; standard: 'erc721' | 'erc1155' }[],
): Promise<Map<string, string | null>> {
  const key = (contract: string, tokenId: bigint | string) => `${contract}:${tokenId}`
  const found = new Map<string, string | null>()
  if (nfts.length === 0) return found
  const rows = await db.query<{ contract: string; token_id: string; token_uri: string | null }>(
    `select contract, token_id::text as token_id, token_uri from nft_metadata
     where chain_id = $1 and (contract, token_id) in
       (select * from unnest($2::text[], $3::numeric[]))`,
    [chainId, nfts.map((n) => n.contract), nfts.map((n) => n.tokenId.toString())],
  )
  for (const row of rows) found.set(key(row.contract, row.token_id), row.token_uri)
  const missing = nfts.filter((n) => !found.has(key(n.contract, n.tokenId)))
  const fresh = await Promise.all(
    missing.map(async (n) => {
      const functionName = n.standard === 'erc721' ? 'tokenURI' : 'uri'
      let uri: string | null = null
      try {
        const raw = await client.readContract({
          address: n.contract as Address,
          abi: NFT_ABI,
          functionName,
          args: [n.tokenId],
        })
        uri = clip(n.standard === 'erc1155' ? expandUri(raw, n.tokenId) : raw, 8192)
      } catch (error) {
        // Only a revert is an answer; a transport failure is asked again next time.
        if (!isRevert(error)) return undefined
      }
      return { ...n, uri }
    }),
  )
  const stored = fresh.filter((n) => n !== undefined)
  if (stored.length > 0) {
    await insertRows(
      db,
      'nft_metadata',
      ['chain_id', 'contract', 'token_id', 'token_uri'],
      stored.map((n) => [chainId, n.contract, n.tokenId.toString(), n.uri]),
      'on conflict (chain_id, contract, token_id) do nothing',
    )
    for (const n of stored) found.set(key(n.contract, n.tokenId), n.uri)
  }
  return found
}

function isRevert(error: unknown): boolean {
  let current = error as { name?: string; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 6; depth++) {
    if (
      current.name === 'ContractFunctionRevertedError' ||
      current.name === 'ContractFunctionZeroDataError' ||
      current.name === 'AbiDecodingZeroDataError'
    ) {
      return true
    }
    current = current.cause as typeof current
  }
  return false
}
