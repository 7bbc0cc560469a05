// fromSiweConfig: a siweConfig (the older option) driven through the SIWXConfig contract.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ANVIL_PRIVATE_KEYS } from '@openmodal/testing'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { SiwxError } from '../errors.js'
import { createSiweMessage } from '../message/eip4361.js'
import { generateNonce } from '../message/grammar.js'
import { fromSiweConfig, type SIWEConfig } from './siwe-config.js'

const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])

function siweConfig(overrides: Partial<SIWEConfig> = {}) {
  let session: { address: string; chainId: number } | null = null
  const calls: string[] = []
  const config: SIWEConfig = {
    getNonce: async () => generateNonce(),
    getMessageParams: async () => ({
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      statement: 'Sign in',
    }),
    createMessage: ({ address, chainId, nonce, domain, uri, statement }) =>
      createSiweMessage({ address, chainId, nonce, domain, uri, statement }),
    verifyMessage: async ({ message, signature }) => {
      const ok = await verifyMessage({
        address: account.address,
        message,
        signature: signature as `0x${string}`,
      })
      if (ok) session = { address: account.address, chainId: 1 }
      return ok
    },
    getSession: async () => session,
    signOut: async () => {
      calls.push('signOut')
      session = null
      return true
    },
    ...overrides,
  }
  return { config, calls }
}

describe('fromSiweConfig', () => {
  test('signs in, reports the session, revokes only that account', async () => {
    const { config, calls } = siweConfig()
    const siwx = fromSiweConfig(config)
    const message = await siwx.createMessage({
      accountAddress: account.address,
      chainId: 'eip155:1',
    })
    const text = message.toString()
    await siwx.addSession({
      data: message,
      message: text,
      signature: await account.signMessage({ message: text }),
    })
    const [session] = await siwx.getSessions('eip155:1', account.address.toLowerCase())
    assert.equal(session?.message, text)
    await siwx.revokeSession('eip155:1', '0x0000000000000000000000000000000000000001')
    assert.deepEqual(calls, [])
    await siwx.revokeSession('eip155:1', account.address)
    assert.deepEqual(calls, ['signOut'])
    assert.deepEqual(await siwx.getSessions('eip155:1', account.address), [])
  })

  test('a refused signature throws; a non-EIP-4361 message names the field; eip155 only', async () => {
    const siwx = fromSiweConfig(siweConfig().config)
    const message = await siwx.createMessage({
      accountAddress: account.address,
      chainId: 'eip155:1',
    })
    await assert.rejects(
      siwx.addSession({
        data: message,
        message: message.toString(),
        signature: await privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).signMessage({
          message: message.toString(),
        }),
      }),
      (e) => e instanceof SiwxError && e.reason === 'invalid-signature',
    )
    const sloppy = fromSiweConfig(
      siweConfig({
        createMessage: (args) =>
          createSiweMessage(args).replace(args.address, args.address.toLowerCase()),
      }).config,
    )
    await assert.rejects(
      sloppy.createMessage({ accountAddress: account.address, chainId: 'eip155:1' }),
      (e) => e instanceof SiwxError && e.field === 'address',
    )
    await assert.rejects(
      siwx.createMessage({
        accountAddress: account.address,
        chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      }),
      (e) => e instanceof SiwxError && e.reason === 'unsupported-namespace',
    )
  })
  test('refuses a siweConfig without its functions, naming the missing ones', () => {
    const { config } = siweConfig()
    const { getNonce: _, signOut: __, ...partial } = config
    assert.throws(
      () => fromSiweConfig(partial as SIWEConfig),
      (e) =>
        e instanceof TypeError &&
        e.message ===
          'siweConfig: expected the functions getNonce, createMessage, verifyMessage, getSession, signOut; missing getNonce, signOut',
    )
    assert.throws(() => fromSiweConfig(null as unknown as SIWEConfig), TypeError)
  })
})
