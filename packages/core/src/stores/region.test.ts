import assert from 'node:assert/strict'
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

test('turns swap and on-ramp off in $features and says why in $featureRestriction', async () => {
  const zone = process.env.TZ
  process.env.TZ = 'Asia/Hong_Kong'
  try {
    assert.equal(visitorTimeZone(), 'Asia/Hong_Kong')
    // A closed loopback port: the config request fails, then the test sets the answer.
    createModalClient({ projectId: 'p', networks: [mainnet], apiUrl: 'http://127.0.0.1:9' })
    await until(() => $remoteConfig.get().status === 'error', 'the failed config request')
    const features = {
      email: true,
      socials: false as const,
      swaps: true,
      onramp: true,
      activity: true,
      reownBranding: false,
    }
    const loaded = (restrictedTimezones?: true) =>
      $remoteConfig.set({
        status: 'loaded',
        config: {
          projectId: 'p',
          name: 'P',
          features,
          allowedOrigins: [],
          chains: [],
          ...(restrictedTimezones ? { restrictedTimezones } : {}),
        },
        ignored: [],
      })
    loaded()
    assert.equal($featureRestriction.get(), undefined)
    assert.equal($features.get()?.onramp, true)
    loaded(true)
    assert.deepEqual($featureRestriction.get(), {
      reason: 'restricted-timezone',
      timeZone: 'Asia/Hong_Kong',
      features: ['swaps', 'onramp'],
    })
    assert.equal($features.get()?.onramp, false)
    assert.equal($features.get()?.swaps, false)
    assert.equal($features.get()?.activity, true)
    process.env.TZ = 'Europe/Paris'
    loaded(true)
    assert.equal($featureRestriction.get(), undefined)
    assert.equal($features.get()?.onramp, true)
  } finally {
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  }
})
