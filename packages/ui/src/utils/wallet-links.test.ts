import { expect } from '@open-wc/testing'
import { openWalletLink, walletConnectLink } from './wallet-links.js'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'
const ENCODED = encodeURIComponent(URI)

describe('walletConnectLink', () => {
  it('appends wc?uri= with the encoded URI to a universal link, adding the slash', () => {
    for (const link of ['https://metamask.app.link', 'https://metamask.app.link/']) {
      expect(walletConnectLink(link, URI, 'mobile')).to.deep.equal({
        href: `https://metamask.app.link/wc?uri=${ENCODED}`,
        target: '_self',
      })
    }
    expect(walletConnectLink('https://link.trustwallet.com/x', URI, 'mobile')?.href).to.equal(
      `https://link.trustwallet.com/x/wc?uri=${ENCODED}`,
    )
  })

  it('turns a bare native scheme into scheme:// and keeps an app path', () => {
    for (const link of ['rainbow:', 'rainbow', 'rainbow://', 'rainbow:/']) {
      expect(walletConnectLink(link, URI, 'mobile')?.href, link).to.equal(
        `rainbow://wc?uri=${ENCODED}`,
      )
    }
    expect(walletConnectLink('trust://wallet', URI, 'mobile')?.href).to.equal(
      `trust://wallet/wc?uri=${ENCODED}`,
    )
    expect(walletConnectLink('ledgerlive:', URI, 'desktop')).to.deep.equal({
      href: `ledgerlive://wc?uri=${ENCODED}`,
      target: '_self',
    })
  })

  it('opens web pages (desktop https, web apps) in a new tab', () => {
    expect(walletConnectLink('https://app.example.org', URI, 'webapp')).to.deep.equal({
      href: `https://app.example.org/wc?uri=${ENCODED}`,
      target: '_blank',
    })
    expect(walletConnectLink('https://desk.example.org', URI, 'desktop')?.target).to.equal('_blank')
  })

  it('refuses unsafe schemes, http, whitespace tricks and non-https web apps', () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'javascript',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'blob:https://x/y',
      'http://metamask.app.link',
      'intent://scan',
      'https://exa mple.org',
      '',
      '   ',
    ]) {
      expect(walletConnectLink(link, URI, 'mobile'), link).to.equal(undefined)
    }
    expect(walletConnectLink('rainbow:', URI, 'webapp')).to.equal(undefined)
    expect(walletConnectLink(null, URI, 'mobile')).to.equal(undefined)
    expect(walletConnectLink('https://x.org', 'javascript:1', 'mobile')).to.equal(undefined)
  })

  it('openWalletLink opens apps in place and web pages without an opener', () => {
    const calls: unknown[][] = []
    const win = {
      open: (...args: unknown[]) => {
        calls.push(args)
        return null
      },
    }
    openWalletLink({ href: 'rainbow://wc?uri=x', target: '_self' }, win)
    openWalletLink({ href: 'https://a.org/wc?uri=x', target: '_blank' }, win)
    expect(calls).to.deep.equal([
      ['rainbow://wc?uri=x', '_self'],
      ['https://a.org/wc?uri=x', '_blank', 'noopener,noreferrer'],
    ])
  })
})
