// The blockchain API (issue 8): balances, history, NFTs, gas price and names.
import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import { type Hex, isAddress, type PublicClient } from 'viem'
import type {
  BalanceResponse,
  GasPriceResponse,
  HistoryResponse,
  NameResponse,
  NftsResponse,
} from '../api-types.js'
import type { Db } from '../db/db.js'
import { HttpError, parseInput } from '../http/errors.js'
import { createChainClient, evmChainNumber } from '../indexer/rpc.js'
import { CaipNetworkIdSchema } from '../projects/schema.js'
import type { Project, ProjectChainConfig } from '../projects/store.js'
import {
  type AccountContext,
  accountBalances,
  accountHistory,
  accountNfts,
  decodeHistoryCursor,
} from './account.js'
import { gasPrice } from './gas.js'
import {
  isValidRegisteredName,
  NAME_RULE_MESSAGE,
  registerName,
  resolveName,
  reverseName,
} from './names.js'
import type { PriceSource } from './prices.js'

export const HISTORY_PAGE_SIZE = 20
export const HISTORY_PAGE_MAX = 100
const NAME_BODY_MAX_BYTES = 4 * 1024

// biome-ignore lint/suspicious/noExplicitAny: the host app's Env is opaque here
type AnyContext = Context<any>

export interface BlockchainRoutesOptions {
  db: Db
  prices: PriceSource
  /** The project-scoped access check of the app (projectId, rate limit, Origin). */
  access(c: AnyContext, projectId: string | undefined): Promise<Project>
  /** The app's CORS preflight handler for routes with `projectId` in the query. */
  preflight(c: AnyContext): Promise<Response>
  /** Clock for name timestamps (tests move it). */
  now?: () => number
}

export const AddressSchema = v.pipe(
  v.string('Expected an address'),
  v.check(
    (value) => /^0x[0-9a-fA-F]{40}$/.test(value) && isAddress(value, { strict: true }),
    'Expected a 0x-prefixed 40-hex-digit address (lower case or a valid checksum)',
  ),
)

const ChainQuery = v.pipe(v.string('chainId is required'), CaipNetworkIdSchema)

const LimitSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,3}$/, `Expected a whole number from 1 to ${HISTORY_PAGE_MAX}`),
  v.transform(Number),
  v.minValue(1, `Expected a whole number from 1 to ${HISTORY_PAGE_MAX}`),
  v.maxValue(HISTORY_PAGE_MAX, `Expected a whole number from 1 to ${HISTORY_PAGE_MAX}`),
)

const AccountQuerySchema = v.object({ chainId: ChainQuery })

const HistoryQuerySchema = v.object({
  chainId: ChainQuery,
  cursor: v.optional(v.pipe(v.string(), v.maxLength(100))),
  limit: v.optional(LimitSchema),
})

const NameSchema = v.pipe(
  v.string('Expected a name'),
  v.maxLength(64, 'A name has at most 64 characters'),
  v.check(isValidRegisteredName, NAME_RULE_MESSAGE),
)

const RegisterBodySchema = v.strictObject({
  name: NameSchema,
  address: AddressSchema,
  message: v.pipe(v.string('Expected the signed message'), v.maxLength(300)),
  signature: v.pipe(
    v.string('Expected a signature'),
    v.regex(/^0x[0-9a-fA-F]{130}$/, 'Expected a 65-byte 0x-hex signature'),
  ),
})

/**
 * Adds the routes of the blockchain API to `app`.
 *
 * @example
 * registerBlockchainRoutes(app, { db, prices: staticPriceSource(), access, preflight })
 */
export function registerBlockchainRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: mounted on the host app whatever its Env
  app: Hono<any>,
  options: BlockchainRoutesOptions,
): void {
  const { db, access } = options
  const now = options.now ?? Date.now
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

  /** Access, then the address and chain of an account route. */
  const account = async (c: AnyContext): Promise<AccountContext> => {
    const project = await access(c, c.req.query('projectId'))
    const address = parseInput(AddressSchema, c.req.param('address'), 'address')
    const { chainId } = parseInput(AccountQuerySchema, pickQuery(c, ['chainId']), 'query')
    const chain = evmChain(project, chainId)
    return { db, client: clientFor(chain), chain, address: address.toLowerCase() }
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

  for (const path of [
    '/v1/account/:address/balance',
    '/v1/account/:address/history',
    '/v1/account/:address/nfts',
    '/v1/gas-price',
    '/v1/names',
    '/v1/names/:name',
    '/v1/names/reverse/:address',
  ]) {
    app.options(path, (c) => options.preflight(c))
  }

  app.get('/v1/account/:address/balance', async (c) => {
    const context = await account(c)
    const balances = await upstream('balances', () => accountBalances(context, options.prices))
    return c.json({ balances } satisfies BalanceResponse)
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
    const project = await access(c, c.req.query('projectId'))
    const { chainId } = parseInput(AccountQuerySchema, pickQuery(c, ['chainId']), 'query')
    const chain = evmChain(project, chainId, 'Network not supported for Gas Price')
    const prices = await upstream('the gas price', () => gasPrice(clientFor(chain)))
    return c.json(prices satisfies GasPriceResponse)
  })

  app.post(
    '/v1/names',
    bodyLimit({
      maxSize: NAME_BODY_MAX_BYTES,
      onError: () => {
        throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Body exceeds ${NAME_BODY_MAX_BYTES} bytes`, {
          headers: { connection: 'close' },
        })
      },
    }),
    async (c) => {
      await access(c, c.req.query('projectId'))
      let json: unknown
      try {
        json = JSON.parse(await c.req.text())
      } catch (error) {
        if (error instanceof HttpError) throw error
        throw new HttpError(400, 'BAD_REQUEST', 'Invalid request: the body is not valid JSON')
      }
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
    await access(c, c.req.query('projectId'))
    const address = parseInput(AddressSchema, c.req.param('address'), 'address')
    const found = await reverseName(db, address)
    if (!found) throw new HttpError(404, 'NAME_NOT_FOUND', `No name is registered for ${address}`)
    return c.json(found satisfies NameResponse)
  })

  app.get('/v1/names/:name', async (c) => {
    await access(c, c.req.query('projectId'))
    const name = parseInput(NameSchema, c.req.param('name'), 'name')
    const found = await resolveName(db, name)
    if (!found) throw new HttpError(404, 'NAME_NOT_FOUND', `No address has the name ${name}`)
    return c.json(found satisfies NameResponse)
  })
}

// Only the named parameters (projectId is the access check's); unknown ones are ignored like
// on the other endpoints. Absent ones are present as undefined, so a required one fails with
// its own message ("chainId is required").
function pickQuery(c: AnyContext, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, c.req.query(name)]))
}
