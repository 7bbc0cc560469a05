import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { encodeFunctionData, erc20Abi, type Hex, maxUint256, stringToHex } from 'viem'
import { type ApprovalItem, MAX_SHOWN_BYTES } from './approval-view.js'
import {
  describePersonalSign,
  describeTransaction,
  describeTypedData,
  parseTypedData,
} from './describe-evm.js'

const TO = '0x000000000000000000000000000000000000bEEF'
const TOKEN = '0x00000000000000000000000000000000000c0FFE'
const SPENDER = '0x1111111111111111111111111111111111111111'

const field = (items: ApprovalItem[], label: string) =>
  items.find((item) => item.kind === 'field' && item.label === label) as
    | { value: string }
    | undefined

describe('EVM approval content', () => {
  it('shows network, to and value first for a transaction with 10 kB of data, then the whole data', async () => {
    const data = `0xdeadbeef${'ab'.repeat(10_000)}` as Hex
    const view = await describeTransaction(
      { to: TO, value: '0x2386f26fc10000', data, gas: '0x5208', maxFeePerGas: '0x77359400' },
      { chainId: 1 },
    )
    assert.deepEqual(
      view.items.slice(0, 3).map((item) => item.kind === 'field' && [item.label, item.value]),
      [
        ['Network', 'Ethereum (chain 1)'],
        ['To', TO],
        ['Value', '0.01 ETH'],
      ],
    )
    assert.equal(field(view.items, 'Max fee per gas')?.value, '2 gwei')
    assert.equal(field(view.items, 'Max network fee')?.value, '0.000042 ETH')
    assert.match(
      field(view.items, 'Data')?.value ?? '',
      /^10004 bytes, function selector 0xdeadbeef/,
    )
    const raw = view.items.at(-1)
    assert.equal(raw?.kind, 'raw')
    assert.equal(raw?.kind === 'raw' && raw.value, data) // whole, not cut
  })

  it('decodes an ERC-20 transfer, with symbol and decimals read from the token', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [TO, 12_500_000n],
    })
    const calls: string[] = []
    const view = await describeTransaction(
      { to: TOKEN, data },
      {
        chainId: 8453,
        async call(_to, input) {
          calls.push(input.slice(0, 10))
          if (input.startsWith('0x95d89b41')) {
            return ('0x0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000455534443' +
              '00000000000000000000000000000000000000000000000000000000') as Hex
          }
          return '0x0000000000000000000000000000000000000000000000000000000000000006'
        },
      },
    )
    assert.equal(view.title, 'Send tokens')
    assert.equal(field(view.items, 'Token')?.value, `USDC (${TOKEN})`)
    assert.equal(field(view.items, 'Recipient')?.value, TO)
    assert.equal(field(view.items, 'Amount')?.value, '12.5 USDC')
    assert.equal(field(view.items, 'Value')?.value, '0 ETH')
    assert.deepEqual(calls.sort(), ['0x313ce567', '0x95d89b41'])
  })

  it('flags an unlimited ERC-20 approval and shows the raw amount when the token is unknown', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [SPENDER, maxUint256],
    })
    const view = await describeTransaction({ to: TOKEN, data }, { chainId: 1 })
    assert.equal(view.title, 'Allow token spending')
    const warning = view.items.find((item) => item.kind === 'warning')
    assert.match(warning?.kind === 'warning' ? warning.text : '', /^Unlimited approval: 0x1111/)
    assert.equal(field(view.items, 'Allowance')?.value, 'Unlimited')
    assert.equal(field(view.items, 'Spender')?.value, SPENDER)
    assert.equal(field(view.items, 'Token')?.value, `${TOKEN} (symbol unknown)`)

    const limited = await describeTransaction(
      {
        to: TOKEN,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 5n] }),
      },
      { chainId: 1 },
    )
    assert.equal(
      field(limited.items, 'Allowance')?.value,
      "5 (raw units: the token's decimals are unknown)",
    )
    assert.equal(
      limited.items.some((item) => item.kind === 'warning'),
      false,
    )
  })

  it('shows the name the project server knows beside the address, and the fiat value off testnets', async () => {
    const names: Record<string, string> = { [TO]: 'alice.eth', [SPENDER]: 'uniswap-router' }
    const context = {
      chainId: 1,
      nameOf: async (address: Hex) => names[address],
      nativePrice: async () => 2500,
    }
    const view = await describeTransaction({ to: TO, value: '0x2386f26fc10000' }, context)
    assert.equal(field(view.items, 'To')?.value, `alice.eth (${TO})`)
    assert.equal(field(view.items, 'Value')?.value, '0.01 ETH (≈ $25.00)')
    // A test network's token has no price (spec §9); a name lookup that fails shows the address.
    const local = await describeTransaction(
      { to: SPENDER, value: '0x2386f26fc10000' },
      { ...context, chainId: 31337, nameOf: async () => Promise.reject(new Error('down')) },
    )
    assert.equal(field(local.items, 'To')?.value, SPENDER)
    assert.equal(field(local.items, 'Value')?.value, '0.01 ETH')
    // ERC-20: the recipient and the spender are named too.
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 5n] })
    const approval = await describeTransaction({ to: TOKEN, data }, context)
    assert.equal(field(approval.items, 'Spender')?.value, `uniswap-router (${SPENDER})`)
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [TO, 5n] })
    const sent = await describeTransaction({ to: TOKEN, data: transfer }, context)
    assert.equal(field(sent.items, 'Recipient')?.value, `alice.eth (${TO})`)
  })

  it('refuses data over the limit, bad quantities and a transaction for another chain', async () => {
    const data = `0x${'00'.repeat(MAX_SHOWN_BYTES + 1)}` as Hex
    await assert.rejects(describeTransaction({ to: TO, data }, { chainId: 1 }), {
      code: -32602,
      message: /^Request too large to show: the transaction data is 131073 bytes/,
    })
    await assert.rejects(describeTransaction({ to: TO, value: '12' as Hex }, { chainId: 1 }), {
      code: -32602,
      message: 'Invalid params: value must be a hex quantity',
    })
    await assert.rejects(describeTransaction({ to: TO, chainId: '0x2' }, { chainId: 1 }), {
      code: -32602,
      message: 'Invalid params: the transaction is for chain 2, the wallet is on chain 1',
    })
  })

  it('shows personal_sign text as text, and non-text bytes as hex with a warning', () => {
    const text = describePersonalSign(stringToHex('Sign in to dapp.example\nNonce: 1'))
    assert.deepEqual(text.items, [
      { kind: 'text', label: 'Message', value: 'Sign in to dapp.example\nNonce: 1' },
    ])
    const bytes = describePersonalSign('0xff00aa')
    assert.equal(bytes.items[0]?.kind, 'warning')
    assert.deepEqual(bytes.items[1], {
      kind: 'raw',
      label: 'Message (3 bytes, hex)',
      value: '0xff00aa',
    })
    // A right-to-left override reorders what is read: not shown as text.
    assert.equal(describePersonalSign(stringToHex('pay \u202eevil')).items[0]?.kind, 'warning')
    assert.throws(() => describePersonalSign(`0x${'00'.repeat(MAX_SHOWN_BYTES + 1)}`), {
      message: /^Request too large to show: the message/,
    })
  })

  it('shows typed data as domain, primary type and message trees, flagging an unlimited permit', () => {
    const typed = parseTypedData(
      JSON.stringify({
        domain: { name: 'Token', version: '1', chainId: 1, verifyingContract: TOKEN },
        types: {
          Permit: [
            { name: 'owner', type: 'address' },
            { name: 'spender', type: 'address' },
            { name: 'value', type: 'uint256' },
          ],
        },
        primaryType: 'Permit',
        message: { owner: TO, spender: SPENDER, value: maxUint256.toString() },
      }),
    )
    const view = describeTypedData(typed, 1)
    assert.deepEqual(
      view.items.map((item) => item.kind),
      ['field', 'warning', 'tree', 'field', 'tree'],
    )
    assert.deepEqual(view.items.at(-1), {
      kind: 'tree',
      label: 'Message',
      value: { owner: TO, spender: SPENDER, value: maxUint256.toString() },
    })
    assert.equal(field(view.items, 'Primary type')?.value, 'Permit')
    const other = describeTypedData(typed, 10)
    assert.match(other.items[0]?.kind === 'warning' ? other.items[0].text : '', /for chain 1, not/)
    assert.throws(() => parseTypedData('{"types":'), {
      message: 'Invalid params: typed data is not JSON',
    })
    assert.throws(() => parseTypedData(JSON.stringify({ primaryType: 'X', message: {} })), {
      code: -32602,
    })
  })
})
