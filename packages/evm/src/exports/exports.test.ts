// The public API of @openmodal/evm: a change here is a change to the package's contract.
import { expect } from '@open-wc/testing'

describe('@openmodal/evm entry point', () => {
  it('exports exactly the public API', async () => {
    const entry = await import('../exports/index.js')
    expect(Object.keys(entry).sort()).to.deep.equal(['INJECTED_CONNECTOR_ID', 'evmAdapter'])
  })
})

describe('@openmodal/evm/safe entry point', () => {
  it('exports exactly the Safe connector API', async () => {
    const entry = await import('../exports/safe.js')
    expect(Object.keys(entry).sort()).to.deep.equal([
      'SAFE_CONNECTOR_ID',
      'SAFE_ORIGINS',
      'parentOrigin',
      'safeConnector',
    ])
  })
})

describe('@openmodal/evm/coinbase entry point', () => {
  it('exports exactly the Coinbase connector API', async () => {
    const entry = await import('../exports/coinbase.js')
    expect(Object.keys(entry).sort()).to.deep.equal([
      'COINBASE_CONNECTOR_ID',
      'COINBASE_EXTENSION_RDNS',
      'coinbaseConnector',
    ])
  })
})

describe('@openmodal/evm/appkit entry point', () => {
  it('exports AppKit’s EVM adapter names, each making the EVM adapter', async () => {
    const entry = await import('../exports/appkit.js')
    expect(Object.keys(entry).sort()).to.deep.equal(['Ethers5Adapter', 'EthersAdapter'])
    const adapter = new entry.EthersAdapter()
    expect(adapter.namespace).to.equal('eip155')
  })
})
