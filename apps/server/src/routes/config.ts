// (1) Remote project configuration and allowed origins (spec §5).
import { Hono } from 'hono'
import type { ProjectConfigResponse } from '../api-types.js'
import { workingProviders } from '../embedded/social/providers.js'
import type { AccessControl, AppEnv } from '../http/access.js'
import { HttpError } from '../http/errors.js'
import { baseUrlOf } from '../http/params.js'
import type { Project } from '../projects/store.js'

export interface ConfigRoutesOptions {
  access: AccessControl
  /** Base of the chains' proxied RPC URLs; default the request's origin. */
  publicUrl?: string | undefined
  /** The server has Sign In With Farcaster's settings (its chain): farcaster can work. */
  farcaster?: boolean | undefined
}

// A syntactically plain origin (not 'null') can be echoed so an SDK can read config errors.
function isEchoableOrigin(origin: string | undefined): origin is string {
  return origin !== undefined && /^https?:\/\/[^/\s]+$/i.test(origin)
}

/**
 * `GET /v1/projects/:projectId/config` and its preflight. The Origin header is required.
 *
 * @example
 * app.route('/', configRoutes({ access }))
 */
export function configRoutes({ access, publicUrl, farcaster }: ConfigRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const path = '/v1/projects/:projectId/config'

  app.options(
    path,
    access.preflight((c) => c.req.param('projectId')),
  )
  app.get(path, async (c) => {
    const origin = c.req.header('origin')
    let project: Project
    try {
      project = await access.access(c, c.req.param('projectId'), { requireOrigin: true })
    } catch (error) {
      // The SDK must read why it was refused (spec §8 alerts), so errors are readable
      // cross-origin; they carry nothing about the project.
      const http =
        error instanceof HttpError
          ? error
          : new HttpError(500, 'SERVER_ERROR', 'Could not load the project configuration', {
              cause: error,
            })
      if (isEchoableOrigin(origin)) http.headers['access-control-allow-origin'] = origin
      throw http
    }
    const base = baseUrlOf(c, publicUrl)
    const body: ProjectConfigResponse = {
      projectId: project.projectId,
      name: project.name,
      features: project.features,
      allowedOrigins: project.allowedOrigins,
      ...(project.restrictedTimezones ? { restrictedTimezones: true } : {}),
      chains: project.chains.map((chain) => ({
        caipNetworkId: chain.caipNetworkId,
        rpcUrl: `${base}/v1/rpc/${project.projectId}/${chain.caipNetworkId}`,
      })),
      // Only providers that are configured, on, and work end to end: no button that pretends.
      socialProviders: workingProviders(project.features, project.social, { farcaster }),
    }
    return c.json(body, 200, { 'cache-control': 'no-store' })
  })
  return app
}
