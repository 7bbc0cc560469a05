import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, test } from 'node:test'
import { createModalClient } from '../client/create-modal.js'
import { mainnet } from '../testing/fixtures.js'
import { resetStores } from '../testing/reset-stores.js'
import { until } from '../testing/until.js'
import { $featureRestriction, $features, $remoteConfig } from './project-config.js'
import { featureRestriction, RESTRICTED_TIMEZONES, visitorTimeZone } from './region.js'

afterEach(() => resetStores())

test('restricts only where the project turns the rule on and the zone is listed', () => {
  assert.equal(featureRestriction(undefined, 'Asia/Shanghai'), undefined)
  assert.equal(featureRestriction(false, 'Asia/Hong_Kong'), undefined)
  assert.equal(featureRestriction(true, 'Europe/Paris'), undefined)
  assert.equal(featureRestriction(true, undefined), undefined)
  assert.deepEqual(featureRestriction(true, 'asia/macau'), {
    reason: 'restricted-timezone',
    timeZone: 'asia/macau',
    features: ['swaps', 'onramp'],
  })
  for (const zone of RESTRICTED_TIMEZONES) assert.ok(featureRestriction(true, zone), zone)
})

/** A project server on loopback whose config answer sets the rule as `restricted` says. */
async function configServer(restricted: boolean) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        projectId: 'p',
        name: 'P',
        features: {
          email: true,
          socials: false,
          swaps: true,
          onramp: true,
          activity: true,
          reownBranding: false,
        },
        allowedOrigins: [],
        chains: [],
        ...(restricted ? { restrictedTimezones: true } : {}),
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

async function load(restricted: boolean) {
  const { server, url } = await configServer(restricted)
  try {
    createModalClient({ projectId: 'p', networks: [mainnet], apiUrl: url })
    await until(() => $remoteConfig.get().status === 'loaded', 'the project config')
  } finally {
    server.close()
  }
}

test('turns swap and on-ramp off in $features and says why in $featureRestriction', async () => {
  const zone = process.env.TZ
  process.env.TZ = 'Asia/Hong_Kong'
  try {
    assert.equal(visitorTimeZone(), 'Asia/Hong_Kong')
    await load(false)
    assert.equal($featureRestriction.get(), undefined)
    assert.equal($features.get()?.onramp, true)
    resetStores()
    await load(true)
    assert.deepEqual($featureRestriction.get(), {
      reason: 'restricted-timezone',
      timeZone: 'Asia/Hong_Kong',
      features: ['swaps', 'onramp'],
    })
    assert.equal($features.get()?.onramp, false)
    assert.equal($features.get()?.swaps, false)
    assert.equal($features.get()?.activity, true)
    resetStores()
    process.env.TZ = 'Europe/Paris'
    await load(true)
    assert.equal($featureRestriction.get(), undefined)
    assert.equal($features.get()?.onramp, true)
  } finally {
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  }
})
