// The public API of @openmodal/ui: a change here is a change to the package's contract: update
// the list on purpose, never to make the test pass.
import { expect } from '@open-wc/testing'
import * as entry from './index.js'

describe('@openmodal/ui entry point', () => {
  it('exports exactly the public API', () => {
    expect(Object.keys(entry).sort()).to.deep.equal([
      'StoreController',
      'W3mAccountButton',
      'W3mButton',
      'W3mConnectButton',
      'W3mModal',
      'W3mNetworkButton',
      'WuiSelectEvent',
      'createModal',
      'defineElements',
      'dirFor',
      'loadLocale',
      'loadModal',
      'preloadView',
      'registerCatalog',
      'safeImageUrl',
      't',
    ])
  })
})
