import { expect } from '@open-wc/testing'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import { encodeFunctionData, namehash, toHex } from 'viem'
import { packetToBytes } from 'viem/ens'
import { avatarUrl, encodeReverse, encodeTextRecord } from './ens.js'

// The ABIs viem 2.57's getEnsName / getEnsText call the Universal Resolver with.
const reverseAbi = [
  {
    name: 'reverseWithGateways',
    type: 'function',
    stateMutability: 'view',
    inputs: [{ type: 'bytes' }, { type: 'uint256' }, { type: 'string[]' }],
    outputs: [],
  },
] as const
const resolveAbi = [
  {
    name: 'resolveWithGateways',
    type: 'function',
    stateMutability: 'view',
    inputs: [{ type: 'bytes' }, { type: 'bytes' }, { type: 'string[]' }],
    outputs: [],
  },
] as const
const textAbi = [
  {
    name: 'text',
    type: 'function',
    stateMutability: 'view',
    inputs: [{ type: 'bytes32' }, { type: 'string' }],
    outputs: [],
  },
] as const
const gateways = ['x-batch-gateway:true']

describe('hand-encoded ENS calls', () => {
  it('encodes reverseWithGateways exactly as viem does', () => {
    const address = ANVIL_ADDRESSES[3]
    const expected = encodeFunctionData({ abi: reverseAbi, args: [address, 60n, gateways] })
    expect(encodeReverse(address)).to.equal(expected.toLowerCase())
  })

  it('encodes the avatar text lookup exactly as viem does, Unicode and long names included', () => {
    for (const name of ['alice.eth', 'a.b.c.eth', `${'x'.repeat(70)}.eth`, '🦊.eth']) {
      const text = encodeFunctionData({ abi: textAbi, args: [namehash(name), 'avatar'] })
      const expected = encodeFunctionData({
        abi: resolveAbi,
        args: [toHex(packetToBytes(name)), text, gateways],
      })
      expect(encodeTextRecord(name, 'avatar'), name).to.equal(expected)
    }
  })

  it('gives up on a name with an empty label or one over 255 bytes', () => {
    expect(encodeTextRecord('a..eth', 'avatar')).to.equal(undefined)
    expect(encodeTextRecord(`${'x'.repeat(256)}.eth`, 'avatar')).to.equal(undefined)
  })
})

describe('avatarUrl', () => {
  it('keeps https: URLs and data:image URIs of safe types', () => {
    expect(avatarUrl('https://euc.li/alice.eth')).to.equal('https://euc.li/alice.eth')
    expect(avatarUrl('data:image/png;base64,AAAA')).to.equal('data:image/png;base64,AAAA')
  })

  it('drops NFT, IPFS, http: and script avatars', () => {
    for (const record of [
      'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/1',
      'ipfs://QmQ4ZrHNT7mBfaFdYgjnnbkCcCU5N3VKsdyQaSpnYr2Tvb',
      'http://example.com/a.png',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'not a url',
    ]) {
      expect(avatarUrl(record), record).to.equal(undefined)
    }
  })
})
