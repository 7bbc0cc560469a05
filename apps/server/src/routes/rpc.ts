// (4) The RPC proxy (spec §7, §9): JSON-RPC to the project's upstream RPC URLs of a chain.
import { type Context, Hono } from 'hono'
import { API_LIMITS, JSON_RPC_ERRORS } from '../api-types.js'
import { type AccessControl, type AppEnv, projectIdInQuery } from '../http/access.js'
import { HttpError } from '../http/errors.js'
import { CLOSE_CONNECTION, limitBody } from '../http/middleware.js'
import {
  acceptsUpstream,
  assemble,
  failAll,
  isResponseLike,
  planRpc,
  rpcError,
} from '../rpc/json-rpc.js'
import { settleResentTransactions } from '../rpc/resend.js'
import { describeFailures, forwardToUpstreams, type UpstreamOptions } from '../rpc/upstream.js'

export interface RpcRoutesOptions {
  access: AccessControl
  /** Retry and timeout rules towards the upstreams. */
  upstream: UpstreamOptions
}

const tooLarge = (c: Context<AppEnv>) =>
  c.json(
    rpcError(
      null,
      JSON_RPC_ERRORS.INVALID_REQUEST,
      `Body exceeds ${API_LIMITS.rpcBodyMaxBytes} bytes`,
    ),
    413,
    CLOSE_CONNECTION,
  )

/**
 * `POST /v1/rpc/:projectId/:caipNetworkId` and the "GET-style" `POST /v1/rpc?projectId&chainId`,
 * with their preflights.
 *
 * @example
 * app.route('/', rpcRoutes({ access, upstream: DEFAULT_UPSTREAM_OPTIONS }))
 */
export function rpcRoutes({ access, upstream }: RpcRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  const proxy = async (
    c: Context<AppEnv>,
    projectId: string | undefined,
    chainId: string | undefined,
  ) => {
    const project = await access.access(c, projectId)
    const chain = project.chains.find((candidate) => candidate.caipNetworkId === chainId)
    if (!chain) {
      throw new HttpError(
        404,
        'CHAIN_NOT_CONFIGURED',
        `Project ${project.projectId} has no chain ${String(chainId)}`,
      )
    }
    let body: unknown
    try {
      body = JSON.parse(await c.req.text())
    } catch (error) {
      if ((error as Error).name === 'BodyLimitError') throw error
      return c.json(
        rpcError(null, JSON_RPC_ERRORS.PARSE_ERROR, 'Parse error: the body is not valid JSON'),
        400,
      )
    }
    const parsed = planRpc(body, chain.caipNetworkId.split(':')[0] ?? '')
    if (!parsed.ok) return c.json(parsed.response, parsed.status)
    const { plan } = parsed
    let responses = assemble(plan, [])
    let status: 200 | 502 = 200
    if (plan.forwarded > 0) {
      const result = await forwardToUpstreams(
        JSON.stringify(plan.upstreamPayload),
        chain.rpcUrls,
        acceptsUpstream(plan),
        upstream,
      )
      if (result.ok) {
        responses = await settleResentTransactions(
          plan,
          assemble(plan, result.json),
          async (request) => {
            const answer = await forwardToUpstreams(
              JSON.stringify({ jsonrpc: '2.0', id: 0, ...request }),
              chain.rpcUrls,
              isResponseLike,
              upstream,
            )
            return answer.ok ? answer.json : undefined
          },
        )
      } else {
        responses = failAll(plan, describeFailures(result.failures))
        status = 502
      }
    }
    if (responses.length === 0) return c.body(null, 204)
    return c.json(plan.batch ? responses : responses[0], status)
  }

  app.options(
    '/v1/rpc/:projectId/:caipNetworkId',
    access.preflight((c) => c.req.param('projectId')),
  )
  app.options('/v1/rpc', access.preflight(projectIdInQuery))
  app.post(
    '/v1/rpc/:projectId/:caipNetworkId',
    limitBody(API_LIMITS.rpcBodyMaxBytes, tooLarge),
    (c) => proxy(c, c.req.param('projectId'), c.req.param('caipNetworkId')),
  )
  // Spec §7: the "GET-style" URL with chainId and projectId in the query.
  app.post('/v1/rpc', limitBody(API_LIMITS.rpcBodyMaxBytes, tooLarge), (c) =>
    proxy(c, c.req.query('projectId'), c.req.query('chainId')),
  )
  return app
}
