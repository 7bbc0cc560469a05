import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { ChainAdapter } from '../adapters/types.js'
import { adapterContract, ContractViolation } from './adapter-contract.js'
import { mainnet, optimism } from './fixtures.js'
import { createTestAdapter } from './test-adapter.js'

describe('adapter contract with the in-repo test adapter', () => {
  const cases = adapterContract(() => {
    const adapter = createTestAdapter({ knownChainIds: [1, 10] })
    return {
      adapter,
      connectorId: 'dev.openmodal.test',
      network: mainnet,
      otherNetwork: optimism,
      verifySignature: async ({ address, message, signature }) =>
        signature === `signed:${address}:${message}`,
      triggerAccountsChanged: () =>
        adapter.emit({
          type: 'accountsChanged',
          accounts: [
            { address: '0x2222222222222222222222222222222222222222', namespace: 'eip155' },
          ],
        }),
    }
  })
  for (const c of cases) test(c.name, c.run)
})

describe('adapter contract catches broken adapters', () => {
  const broken = (patch: Partial<ChainAdapter>) =>
    adapterContract(() => ({
      adapter: { ...createTestAdapter(), ...patch },
      connectorId: 'dev.openmodal.test',
      network: mainnet,
    }))
  const run = (cases: ReturnType<typeof broken>, name: string) => {
    const found = cases.find((c) => c.name === name)
    assert.ok(found, `no case named ${name}`)
    return found.run()
  }

  test('an unsafe connector icon violates the contract', async () => {
    const cases = broken({
      watchConnectors(onChange) {
        onChange([
          {
            id: 'dev.openmodal.test',
            type: 'ANNOUNCED',
            name: 'X',
            namespaces: ['eip155'],
            imageUrl: 'javascript:alert(1)',
          },
        ])
        return () => {}
      },
    })
    await assert.rejects(
      run(cases, 'discovers connectors with valid fields and safe icons'),
      ContractViolation,
    )
  })

  test('an invalid address violates the contract', async () => {
    const cases = broken({
      connect: async () => ({
        accounts: [{ address: 'not-an-address', namespace: 'eip155' }],
        chainId: 1,
      }),
    })
    await assert.rejects(
      run(cases, 'connects and returns accounts of its namespace and a chain id'),
      ContractViolation,
    )
  })

  test('a balance in the wrong currency violates the contract', async () => {
    const cases = broken({ getBalance: async () => ({ value: 1n, decimals: 6, symbol: 'USDC' }) })
    await assert.rejects(
      run(cases, 'reads the native balance with the network currency'),
      ContractViolation,
    )
  })
})
