// (3) The blockchain API (issue 8): balances, history, NFTs, gas price and names.
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { type Address, getAddress, type Hex, type PublicClient } from 'viem'
import type {
  BalanceResponse,
  GasPriceResponse,
  HistoryResponse,
  NameResponse,
  NftsResponse,
} from '../api-types.js'
import { type AccountContext, accountBalances, accountNfts } from '../blockchain/account.js'
import {
  createEnsResolver,
  ENS_NAME_MAX_LENGTH,
  type EnsOptions,
  ensUniversalResolverOf,
  normalizeEnsName,
} from '../blockchain/ens.js'
import { gasPrice } from '../blockchain/gas.js'
import { accountHistory, decodeHistoryCursor } from '../blockchain/history.js'
import { registerName, resolveName, reverseName } from '../blockchain/names.js'
import {
  AccountQuerySchema,
  AddressSchema,
  BalanceQuerySchema,
  HISTORY_PAGE_SIZE,
  HistoryQuerySchema,
  NameQuerySchema,
  NameSchema,
  RegisterBodySchema,
} from '../blockchain/params.js'
import type { PriceSource } from '../blockchain/prices.js'
import { SolanaAddressSchema, solanaBalances } from '../blockchain/solana.js'
import type { Db } from '../db/db.js'
import { type AccessControl, type AppEnv, projectIdInQuery } from '../http/access.js'
import { HttpError, parseInput } from '../http/errors.js'
import { createLogger, type Logger } from '../http/logger.js'
import { CLOSE_CONNECTION, limitBody } from '../http/middleware.js'
import { baseUrlOf, pickQuery, readJsonBody } from '../http/params.js'
import { createChainClient, evmChainNumber } from '../indexer/rpc.js'
import type { Project, ProjectChainConfig } from '../projects/store.js'
import { tokenIconUrl } from '../wallets/icons.js'

const NAME_BODY_MAX_BYTES = 4 * 1024
const BALANCE_NOT_SERVED = (chainId: string) =>
  `Chain ${chainId} is not an EVM or Solana chain; balances are served for eip155 and solana chains`

export interface BlockchainRoutesOptions {
  db: Db
  access: AccessControl
  prices: PriceSource
  /** Clock for name timestamps and the ENS cache (tests move it); default Date.now. */
  now?: (() => number) | undefined
  /** Base of the token icon URLs; default the request's origin. */
  publicUrl?: string | undefined
  /** Where failed ENS lookups are logged; default silent. */
  logger?: Logger | undefined
  /** Timeout and cache of ENS lookups (spec §9 defaults). */
  ens?: EnsOptions | undefined
}

/**
 * The routes of the blockchain API (with their preflights); account data comes from the
 * indexer's tables and the chain's RPC.
 *
 * @example
 * app.route('/', blockchainRoutes({ db, access, prices: staticPriceSource() }))
 */
export function blockchainRoutes(options: BlockchainRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const { db, access } = options
  const now = options.now ?? Date.now
  const ens = createEnsResolver({
    logger: options.logger ?? createLogger('silent'),
    now,
    ...options.ens,
  })
  const clients = new Map<string, PublicClient>()
  const clientFor = (chain: ProjectChainConfig) => {
    const key = chain.rpcUrls.join(' ')
    let client = clients.get(key)
    if (!client) {
      client = createChainClient(chain.rpcUrls)
      clients.set(key, client)
    }
    return client
  }

  const evmChain = (project: Project, chainId: string, notServed?: string) => {
    const chain = project.chains.find((c) => c.caipNetworkId === chainId)
    if (!chain || evmChainNumber(chainId) === undefined) {
      throw new HttpError(
        404,
        'CHAIN_NOT_CONFIGURED',
        notServed ??
          (chain
            ? `Chain ${chainId} is not an EVM chain; balances, activity and NFTs are served for eip155 chains`
            : `Project ${project.projectId} has no chain ${chainId}`),
      )
    }
    return chain
  }

  /** The address and EVM chain of an account route, once access is granted. */
  const evmAccount = (
    c: Context<AppEnv>,
    project: Project,
    chainId: string,
    notServed?: string,
  ): AccountContext => {
    const address = parseInput(AddressSchema, c.req.param('address'), 'address')
    const configured = project.chains.some((candidate) => candidate.caipNetworkId === chainId)
    const chain = evmChain(project, chainId, configured ? notServed : undefined)
    return { db, client: clientFor(chain), chain, address: address.toLowerCase() }
  }

  /** Access, then the address and chain of an account route. */
  const account = async (c: Context<AppEnv>): Promise<AccountContext> => {
    const project = await access.access(c, c.req.query('projectId'))
    const { chainId } = parseInput(AccountQuerySchema, pickQuery(c, ['chainId']), 'query')
    return evmAccount(c, project, chainId)
  }

  /** The chain `chainId` of the project whatever its namespace, or 404. */
  const projectChain = (project: Project, chainId: string) => {
    const chain = project.chains.find((c) => c.caipNetworkId === chainId)
    if (!chain) {
      throw new HttpError(
        404,
        'CHAIN_NOT_CONFIGURED',
        `Project ${project.projectId} has no chain ${chainId}`,
      )
    }
    return chain
  }

  const upstream = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof HttpError) throw error
      throw new HttpError(502, 'UPSTREAM_ERROR', `Could not read ${what} from the chain's RPC`, {
        cause: error,
      })
    }
  }

  /**
   * The balances with the icon set's image of their symbol (spec §3 assets, served by
   * `/v1/assets/tokens/:symbol`) for the native currency and the tokens in `named` (CAIP-10,
   * the chain config's and the host's): a token that only arrived (an airdrop) keeps
   * `iconUrl: null` whatever symbol it claims, so no fake "USDC" shows USDC's icon.
   */
  const withTokenIcons = (
    c: Context<AppEnv>,
    balances: BalanceResponse['balances'],
    named: readonly string[],
  ): BalanceResponse['balances'] => {
    const base = baseUrlOf(c, options.publicUrl)
    const vetted = new Set(named.map((id) => id.toLowerCase()))
    return balances.map((balance) =>
      balance.iconUrl === null &&
      (balance.address === undefined || vetted.has(balance.address.toLowerCase()))
        ? { ...balance, iconUrl: tokenIconUrl(base, balance.symbol) }
        : balance,
    )
  }

  const preflight = access.preflight(projectIdInQuery)
  for (const path of [
    '/v1/account/:address/balance',
    '/v1/account/:address/history',
    '/v1/account/:address/nfts',
    '/v1/gas-price',
    '/v1/names',
    '/v1/names/:name',
    '/v1/names/reverse/:address',
  ]) {
    app.options(path, preflight)
  }

  app.get('/v1/account/:address/balance', async (c) => {
    const project = await access.access(c, c.req.query('projectId'))
    const { chainId, tokens } = parseInput(
      BalanceQuerySchema,
      pickQuery(c, ['chainId', 'tokens']),
      'query',
    )
    const chain = projectChain(project, chainId)
    // Spec §9: balances on eip155 and solana.
    if (chainId.startsWith('solana:')) {
      const address = parseInput(SolanaAddressSchema, c.req.param('address'), 'address')
      for (const mint of tokens) parseInput(SolanaAddressSchema, mint, 'token')
      const balances = await upstream('balances', () =>
        solanaBalances(chain, address, options.prices),
      )
      const named = (chain.splTokens ?? []).map((token) => `${chainId}:${token.mint}`)
      return c.json({ balances: withTokenIcons(c, balances, named) } satisfies BalanceResponse)
    }
    const context = evmAccount(c, project, chainId, BALANCE_NOT_SERVED(chainId))
    const chosen = tokens.map((token) => parseInput(AddressSchema, token, 'token'))
    const balances = await upstream('balances', () =>
      accountBalances(context, options.prices, chosen),
    )
    const named = [...(chain.tokens ?? []), ...chosen].map((token) => `${chainId}:${token}`)
    return c.json({ balances: withTokenIcons(c, balances, named) } satisfies BalanceResponse)
  })

  app.get('/v1/account/:address/history', async (c) => {
    const context = await account(c)
    const query = parseInput(
      HistoryQuerySchema,
      pickQuery(c, ['chainId', 'cursor', 'limit']),
      'query',
    )
    const cursor = query.cursor === undefined ? undefined : decodeHistoryCursor(query.cursor)
    if (query.cursor !== undefined && !cursor) {
      throw new HttpError(400, 'BAD_REQUEST', 'Invalid query: cursor: not a cursor this API issued')
    }
    if (context.chain.index === false) {
      throw new HttpError(
        404,
        'CHAIN_NOT_CONFIGURED',
        `Activity is not indexed for ${context.chain.caipNetworkId}`,
      )
    }
    const page = await upstream('token metadata', () =>
      accountHistory(context, { limit: query.limit ?? HISTORY_PAGE_SIZE, cursor }),
    )
    return c.json(page satisfies HistoryResponse)
  })

  app.get('/v1/account/:address/nfts', async (c) => {
    const context = await account(c)
    const data = await upstream('NFT metadata', () => accountNfts(context))
    return c.json({ data } satisfies NftsResponse)
  })

  app.get('/v1/gas-price', async (c) => {
    const project = await access.access(c, c.req.query('projectId'))
    const { chainId } = parseInput(AccountQuerySchema, pickQuery(c, ['chainId']), 'query')
    const chain = evmChain(project, chainId, 'Network not supported for Gas Price')
    const prices = await upstream('the gas price', () => gasPrice(clientFor(chain)))
    return c.json(prices satisfies GasPriceResponse)
  })

  app.post(
    '/v1/names',
    limitBody(NAME_BODY_MAX_BYTES, () => {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Body exceeds ${NAME_BODY_MAX_BYTES} bytes`, {
        headers: CLOSE_CONNECTION,
      })
    }),
    async (c) => {
      await access.access(c, c.req.query('projectId'))
      const json = await readJsonBody(c, 'request')
      const body = parseInput(RegisterBodySchema, json, 'request')
      const registered = await registerName(
        db,
        { ...body, signature: body.signature as Hex },
        now(),
      )
      return c.json(registered satisfies NameResponse, 201)
    },
  )

  app.get('/v1/names/reverse/:address', async (c) => {
    const project = await access.access(c, c.req.query('projectId'))
    const address = parseInput(AddressSchema, c.req.param('address'), 'address')
    const { chainId } = parseInput(NameQuerySchema, pickQuery(c, ['chainId']), 'query')
    const chain = chainId === undefined ? undefined : projectChain(project, chainId)
    const registered = await reverseName(db, address)
    if (registered) return c.json(registered satisfies NameResponse)
    const resolver = chain && ensUniversalResolverOf(chain)
    if (chain && resolver) {
      const name = await upstream('the ENS name', () =>
        ens.nameOf(chain, resolver, address as Address),
      )
      if (name !== null) {
        return c.json({ name, address: getAddress(address), source: 'ens' } satisfies NameResponse)
      }
    }
    throw new HttpError(404, 'NAME_NOT_FOUND', `No name is registered for ${address}`)
  })

  app.get('/v1/names/:name', async (c) => {
    const project = await access.access(c, c.req.query('projectId'))
    const raw = c.req.param('name')
    const { chainId } = parseInput(NameQuerySchema, pickQuery(c, ['chainId']), 'query')
    if (chainId === undefined) {
      const name = parseInput(NameSchema, raw, 'name')
      const found = await resolveName(db, name)
      if (!found) throw new HttpError(404, 'NAME_NOT_FOUND', `No address has the name ${name}`)
      return c.json(found satisfies NameResponse)
    }
    // With a chain, the name is ours (the registry's rules) or an ENS name (ENSIP-15).
    const registryName = v.is(NameSchema, raw) ? raw : undefined
    const ensName = normalizeEnsName(raw)
    if (registryName === undefined && ensName === undefined) {
      throw new HttpError(
        400,
        'BAD_REQUEST',
        `Invalid name: expected a registered name (letters, digits and hyphens, at least 4 characters) or a valid ENS name of at most ${ENS_NAME_MAX_LENGTH} characters`,
      )
    }
    const chain = projectChain(project, chainId)
    if (registryName !== undefined) {
      const found = await resolveName(db, registryName)
      if (found) return c.json(found satisfies NameResponse)
    }
    const resolver = ensUniversalResolverOf(chain)
    if (ensName !== undefined && resolver) {
      const address = await upstream('the ENS address', () =>
        ens.addressOf(chain, resolver, ensName),
      )
      if (address !== null) {
        return c.json({ name: ensName, address, source: 'ens' } satisfies NameResponse)
      }
    }
    throw new HttpError(404, 'NAME_NOT_FOUND', `No address has the name ${ensName ?? raw}`)
  })
  return app
}
