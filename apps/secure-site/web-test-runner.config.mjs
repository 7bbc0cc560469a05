// Chromium tests of the secure site's browser parts (IndexedDB, WebCrypto).
import { wtrConfig } from '../../tools/wtr-config.mjs'

/**
 * A server that sheds load, for the frame's API client (src/frame/api.browser.test.ts): under
 * `/v1/`, a project named `shed-once` is answered 503 + `Retry-After: 1` (the server's answer
 * while its database is down) the first time and its `/v1/me` answer after; `refuse` is
 * answered 400, `limited` 429 + `Retry-After: 12`. `GET /__stand-in/requests?project=` lists what each project's calls carried.
 */
function shedStandIn() {
  const seen = new Map()
  return async (ctx, next) => {
    if (ctx.path === '/__stand-in/requests') {
      ctx.type = 'json'
      ctx.body = JSON.stringify(seen.get(ctx.query.project) ?? [])
      return
    }
    if (!ctx.path.startsWith('/v1/')) return next()
    const project = ctx.get('openmodal-project')
    const calls = seen.get(project) ?? []
    seen.set(project, calls)
    calls.push({ path: ctx.path, proof: ctx.get('openmodal-proof') })
    ctx.type = 'json'
    if (project === 'limited') {
      ctx.status = 429
      ctx.set('retry-after', '12')
      ctx.body = JSON.stringify({
        error: { code: 'RATE_LIMITED', message: 'Please try again after 12 seconds' },
      })
    } else if (project === 'refuse') {
      ctx.status = 400
      ctx.body = JSON.stringify({ error: { code: 'INVALID_REQUEST', message: 'No such attempt' } })
    } else if (project === 'shed-once' && calls.length === 1) {
      ctx.status = 503
      ctx.set('retry-after', '1')
      ctx.body = JSON.stringify({
        error: { code: 'SERVER_ERROR', message: 'The server is busy; try again shortly' },
      })
    } else {
      ctx.body = JSON.stringify({ user: { id: 'user-1', email: 'a@example.com' }, wallet: null })
    }
  }
}

export default {
  ...wtrConfig({ files: 'src/**/*.browser.test.ts', tsconfig: 'tsconfig.json', timeout: 20000 }),
  middleware: [shedStandIn()],
}
