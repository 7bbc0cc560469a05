import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { base58, base64 } from '@scure/base'
import { describeMessage, describeTransactions } from './solana.js'

const FROM = base58.encode(new Uint8Array(32).fill(1))
const TO = base58.encode(new Uint8Array(32).fill(2))

/** A legacy message: FROM sends `lamports` to TO through the System Program. */
function transferMessage(lamports: bigint, version: 'legacy' | 0 = 'legacy'): Uint8Array {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  return Uint8Array.from([
    ...(version === 0 ? [0x80] : []),
    1,
    0,
    1, // header: 1 signer, 0 read-only signed, 1 read-only unsigned
    3,
    ...base58.decode(FROM),
    ...base58.decode(TO),
    ...new Uint8Array(32), // accounts
    ...new Uint8Array(32).fill(9), // recent blockhash
    1,
    2,
    2,
    0,
    1,
    12,
    ...data, // one instruction: program #2, accounts [0, 1], 12 bytes
    ...(version === 0 ? [0] : []), // no address lookup tables
  ])
}

/** The wire transaction (one empty signature + message), base64. */
function transferTransaction(lamports: bigint, version: 'legacy' | 0 = 'legacy'): string {
  return base64.encode(
    Uint8Array.from([1, ...new Uint8Array(64), ...transferMessage(lamports, version)]),
  )
}

describe('Solana approval content', () => {
  it('decodes a System transfer: from, to and the SOL amount, legacy and v0', () => {
    for (const version of ['legacy', 0] as const) {
      const view = describeTransactions([transferTransaction(1_500_000_000n, version)], true)
      assert.equal(view.title, 'Send a Solana transaction')
      assert.deepEqual(view.items, [
        { kind: 'field', label: 'Fee payer', value: FROM },
        { kind: 'heading', text: 'Instruction 1: SOL transfer' },
        { kind: 'field', label: 'From', value: FROM },
        { kind: 'field', label: 'To', value: TO },
        { kind: 'field', label: 'Amount', value: '1.5 SOL' },
      ])
    }
  })

  it('refuses to sign as a message the bytes of a transaction message (legacy or v0) or a transaction', () => {
    for (const bytes of [
      transferMessage(1n),
      transferMessage(1n, 0),
      base64.decode(transferTransaction(1n)),
    ]) {
      assert.throws(() => describeMessage(bytes), {
        code: -32602,
        message: /^Refused: the message is a Solana transaction/,
      })
    }
  })

  it('shows a text message as text and other bytes as hex with a warning', () => {
    assert.deepEqual(describeMessage(new TextEncoder().encode('Hello Solana')).items, [
      { kind: 'text', label: 'Message', value: 'Hello Solana' },
    ])
    // A transaction message with a byte missing is no transaction: shown as bytes, warned.
    const cut = transferMessage(1n).slice(0, -1)
    const view = describeMessage(cut)
    assert.equal(view.items[0]?.kind, 'warning')
    assert.equal(view.items[1]?.kind, 'raw')
  })
})
