import { expect } from '@open-wc/testing'
import { type CoinbasePreference, coinbaseConnector } from './coinbase.js'

describe('coinbaseConnector', () => {
  it('rejects a coinbasePreference outside all / smartWalletOnly / eoaOnly', () => {
    expect(() =>
      coinbaseConnector({ coinbasePreference: 'smartWallet' as CoinbasePreference }),
    ).to.throw('Invalid coinbasePreference: expected one of all, smartWalletOnly, eoaOnly')
  })

  it('accepts each of the three preferences', () => {
    for (const coinbasePreference of ['all', 'smartWalletOnly', 'eoaOnly'] as const) {
      expect(coinbaseConnector({ coinbasePreference }).watch).to.be.a('function')
    }
  })
})

describe('safeConnector', () => {
  it('lists nothing and connects nothing at the top level', async () => {
    const { safeConnector } = await import('./safe.js')
    const source = safeConnector({ allowedOrigins: [window.location.origin] })
    const reports: unknown[][] = []
    const stop = source.watch((entries) => reports.push([...entries]))
    expect(await source.autoConnect?.()).to.equal(undefined)
    stop()
    expect(reports).to.deep.equal([[]])
  })
})
