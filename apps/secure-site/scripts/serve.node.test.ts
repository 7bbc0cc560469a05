import assert from 'node:assert/strict'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { buildSecureSite, startSecureSite } from './serve.mjs'

describe('the served secure site', () => {
  let site: { origin: string; close: () => Promise<unknown> }
  let dist: string
  before(async () => {
    dist = await buildSecureSite()
    site = await startSecureSite({
      dist,
      projects: {
        p1: { allowedOrigins: ['https://dapp.example', 'http://localhost:*'] },
        p2: { allowedOrigins: [] },
        p3: { allowedOrigins: [], rpcUrls: { 1: 'https://rpc.example/v1?chainId=1' } },
      },
    })
  })
  after(() => site.close())

  it('serves /frame with script-src self and frame-ancestors from the allowed origins', async () => {
    const response = await fetch(`${site.origin}/frame?projectId=p1`)
    assert.equal(response.status, 200)
    const csp = response.headers.get('content-security-policy') ?? ''
    assert.match(csp, /(^|; )script-src 'self'(;|$)/)
    assert.match(csp, /frame-ancestors https:\/\/dapp\.example http:\/\/localhost:\*/)
    assert.match(csp, /object-src 'none'/)
    const blocked = await fetch(`${site.origin}/frame?projectId=p2`)
    assert.match(blocked.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/)
    const unknown = await fetch(`${site.origin}/frame?projectId=nope`)
    assert.match(unknown.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/)
  })

  it('has no inline or third-party script in its pages', async () => {
    for (const page of ['frame.html', 'loading.html']) {
      const html = await readFile(join(dist, page), 'utf8')
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      assert.ok(scripts.length > 0)
      for (const [, attributes, body] of scripts) {
        assert.equal(body?.trim(), '', `${page}: inline script`)
        assert.match(attributes ?? '', /src="\/assets\//, `${page}: script from elsewhere`)
      }
    }
    const assets = await readdir(join(dist, 'assets'))
    for (const asset of assets.filter((name) => name.endsWith('.js'))) {
      const code = await readFile(join(dist, 'assets', asset), 'utf8')
      assert.doesNotMatch(code, /\beval\(|new Function\(/, `${asset} evaluates strings`)
    }
  })

  it('answers the frame config per project and nothing outside its routes', async () => {
    const config = await (await fetch(`${site.origin}/frame-config?projectId=p1`)).json()
    assert.deepEqual(config, {
      apiUrl: site.origin,
      allowedOrigins: ['https://dapp.example', 'http://localhost:*'],
      rpcUrls: {},
      bundlerUrls: {},
      recovery: 'non-custodial',
    })
    const withRpc = await (await fetch(`${site.origin}/frame-config?projectId=p3`)).json()
    assert.deepEqual(withRpc.rpcUrls, { 1: 'https://rpc.example/v1?chainId=1' })
    const csp = (await fetch(`${site.origin}/frame?projectId=p3`)).headers.get(
      'content-security-policy',
    )
    assert.match(
      csp ?? '',
      new RegExp(`connect-src 'self' ${site.origin} https://rpc\\.example(;|$)`),
    )
    assert.equal((await fetch(`${site.origin}/frame-config?projectId=nope`)).status, 404)
    assert.equal((await fetch(`${site.origin}/assets/../package.json`)).status, 404)
    assert.equal((await fetch(`${site.origin}/frame.html`)).status, 404)
  })
})
