// A Bitcoin regtest ledger in process: the UTXO set, a mempool, blocks mined on demand and a
// faucet. Transactions are real Bitcoin transactions (parsed, hashed and checked with
// @scure/btc-signer and @noble/curves); p2wpkh and p2tr key-path spends are accepted after
// their signatures verify, anything else is refused, and so is every double spend. There is
// no proof of work and no coinbase maturity: the ledger serves tests, not consensus.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils'
import { Address, OutScript, RawTx, Script, SigHash, Transaction } from '@scure/btc-signer'
import { hash160 } from '@scure/btc-signer/utils'
import { BITCOIN_GENESIS_HASHES, BTC_NETWORKS } from './networks.js'

/** 50 BTC: the regtest block subsidy before any halving. */
export const BLOCK_SUBSIDY = 5_000_000_000n
/** The smallest fee rate the ledger relays, in sat/vB (Bitcoin Core's default). */
export const MIN_RELAY_FEE_RATE = 1

/** A refused transaction, with Bitcoin Core's reject reason (e.g. `txn-mempool-conflict`). */
export class LedgerError extends Error {
  override name = 'LedgerError'
  constructor(
    readonly reason: string,
    readonly rpcCode = -26,
    options?: { cause?: unknown },
  ) {
    super(reason, options)
  }
}

export interface LedgerOutput {
  value: bigint
  script: Uint8Array
  /** The output's address, or `undefined` for OP_RETURN and unknown scripts. */
  address: string | undefined
  type: string
}

export interface LedgerInput {
  txid: string
  vout: number
  sequence: number
  scriptSig: Uint8Array
  witness: Uint8Array[]
  coinbase: boolean
  /** The output it spends (absent for a coinbase). */
  prevout: LedgerOutput | undefined
}

export interface LedgerTx {
  txid: string
  hex: string
  version: number
  locktime: number
  inputs: LedgerInput[]
  outputs: LedgerOutput[]
  size: number
  weight: number
  fee: bigint
  /** The block that holds it; `undefined` while in the mempool. */
  block: LedgerBlock | undefined
}

export interface LedgerBlock {
  height: number
  hash: string
  time: number
  previous: string
  txids: string[]
}

export interface LedgerUtxo {
  txid: string
  vout: number
  value: bigint
  address: string
  block: LedgerBlock | undefined
}

export interface AddressStats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

export interface BitcoinLedgerOptions {
  /** Fee estimates in sat/vB by confirmation target; default 2 sat/vB for 1-2 blocks, then 1. */
  feeRates?: Record<string, number>
}

const reverseHex = (bytes: Uint8Array) => bytesToHex(Uint8Array.from(bytes).reverse())
const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))
const outpointKey = (txid: string, vout: number) => `${txid}:${vout}`
const DEFAULT_FEE_RATES = { 1: 2, 2: 2, 3: 1, 6: 1, 12: 1, 25: 1, 144: 1, 504: 1, 1008: 1 }
const TXID = /^[0-9a-f]{64}$/
const OP_RETURN = 0x6a

function typeOf(script: Uint8Array): string {
  if (script[0] === OP_RETURN) return 'op_return'
  try {
    const decoded = OutScript.decode(script)
    switch (decoded.type) {
      case 'wpkh':
        return 'v0_p2wpkh'
      case 'wsh':
        return 'v0_p2wsh'
      case 'tr':
        return 'v1_p2tr'
      case 'pkh':
        return 'p2pkh'
      case 'sh':
        return 'p2sh'
      default:
        return 'unknown'
    }
  } catch {
    return 'unknown'
  }
}

/** The merkle root of txids (display order hex), as in a block header. */
function merkleRoot(txids: readonly string[]): Uint8Array {
  let level = txids.map((id) => hexToBytes(id).reverse())
  if (level.length === 0) return new Uint8Array(32)
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array
      next.push(sha256d(concatBytes(left, level[i + 1] ?? left)))
    }
    level = next
  }
  return level[0] as Uint8Array
}

function u32le(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value >>> 0, true)
  return out
}

export type BitcoinLedger = ReturnType<typeof createBitcoinLedger>

/**
 * Creates an empty regtest ledger: the genesis block and nothing else.
 *
 * @example
 * const ledger = createBitcoinLedger()
 * const txid = ledger.faucet('bcrt1q…', 100_000_000n) // mined in a new block
 * ledger.broadcast(signedHex) // into the mempool, after its signatures verify
 * ledger.mine(1)
 */
export function createBitcoinLedger(options: BitcoinLedgerOptions = {}) {
  const network = BTC_NETWORKS.regtest
  const address = Address(network)
  const feeRates = { ...(options.feeRates ?? DEFAULT_FEE_RATES) }
  const genesis: LedgerBlock = {
    height: 0,
    hash: BITCOIN_GENESIS_HASHES.regtest,
    time: 1296688602,
    previous: '0'.repeat(64),
    txids: [],
  }
  const blocks: LedgerBlock[] = [genesis]
  const txs = new Map<string, LedgerTx>()
  const mempool: string[] = []
  /** Every outpoint spent, by the confirmed or mempool transaction that spends it. */
  const spentBy = new Map<string, string>()
  /** Transactions touching an address (funding it or spending from it), oldest first. */
  const byAddress = new Map<string, string[]>()
  let coinbaseCount = 0

  const output = (value: bigint, script: Uint8Array): LedgerOutput => {
    let encoded: string | undefined
    try {
      encoded = script[0] === OP_RETURN ? undefined : address.encode(OutScript.decode(script))
    } catch {
      encoded = undefined
    }
    return { value, script, address: encoded, type: typeOf(script) }
  }

  const index = (tx: LedgerTx) => {
    const touched = new Set<string>()
    for (const o of tx.outputs) if (o.address) touched.add(o.address)
    for (const i of tx.inputs) if (i.prevout?.address) touched.add(i.prevout.address)
    for (const a of touched) {
      const list = byAddress.get(a) ?? []
      list.push(tx.txid)
      byAddress.set(a, list)
    }
  }

  const record = (tx: LedgerTx) => {
    txs.set(tx.txid, tx)
    for (const i of tx.inputs) {
      if (!i.coinbase) spentBy.set(outpointKey(i.txid, i.vout), tx.txid)
    }
    index(tx)
  }

  /** A coinbase-shaped transaction paying `value` to `script` (unique by its counter). */
  const coinbase = (script: Uint8Array, value: bigint): LedgerTx => {
    const raw = RawTx.encode({
      version: 2,
      segwitFlag: false,
      inputs: [
        {
          txid: new Uint8Array(32),
          index: 0xffffffff,
          finalScriptSig: Script.encode([blocks.length, u32le(++coinbaseCount)]),
          sequence: 0xffffffff,
        },
      ],
      outputs: [{ amount: value, script }],
      witnesses: [],
      lockTime: 0,
    })
    const txid = reverseHex(sha256d(raw))
    return {
      txid,
      hex: bytesToHex(raw),
      version: 2,
      locktime: 0,
      inputs: [
        {
          txid: '0'.repeat(64),
          vout: 0xffffffff,
          sequence: 0xffffffff,
          scriptSig: new Uint8Array(),
          witness: [],
          coinbase: true,
          prevout: undefined,
        },
      ],
      outputs: [output(value, script)],
      size: raw.length,
      weight: raw.length * 4,
      fee: 0n,
      block: undefined,
    }
  }

  const scriptOf = (target: string): Uint8Array => {
    try {
      return OutScript.encode(address.decode(target))
    } catch (cause) {
      throw new LedgerError(`Invalid regtest address: ${target}`, -5, { cause })
    }
  }

  /** Checks one input's signature against the output it spends. */
  const verifyInput = (
    tx: Transaction,
    idx: number,
    witness: Uint8Array[],
    prevouts: LedgerOutput[],
  ) => {
    const prevout = prevouts[idx] as LedgerOutput
    const decoded = OutScript.decode(prevout.script)
    if (decoded.type === 'wpkh') {
      const [signature, publicKey] = witness
      if (witness.length !== 2 || !signature || !publicKey || publicKey.length !== 33) {
        throw new LedgerError('mandatory-script-verify-flag-failed (Witness program hash mismatch)')
      }
      if (bytesToHex(hash160(publicKey)) !== bytesToHex(decoded.hash)) {
        throw new LedgerError('mandatory-script-verify-flag-failed (Witness program hash mismatch)')
      }
      const hashType = signature[signature.length - 1] as number
      const scriptCode = OutScript.encode({ type: 'pkh', hash: decoded.hash })
      const digest = tx.preimageWitnessV0(idx, scriptCode, hashType, prevout.value)
      let valid = false
      try {
        const parsed = secp256k1.Signature.fromDER(signature.subarray(0, -1))
        valid =
          !parsed.hasHighS() && secp256k1.verify(parsed.toCompactRawBytes(), digest, publicKey)
      } catch {
        valid = false
      }
      if (!valid) {
        throw new LedgerError(
          'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)',
        )
      }
      return
    }
    if (decoded.type === 'tr') {
      const signature = witness[0]
      if (
        witness.length !== 1 ||
        !signature ||
        (signature.length !== 64 && signature.length !== 65)
      ) {
        throw new LedgerError(
          'mandatory-script-verify-flag-failed (Only key-path spends of taproot outputs are supported)',
        )
      }
      const hashType = signature.length === 65 ? (signature[64] as number) : SigHash.DEFAULT
      if (signature.length === 65 && hashType === SigHash.DEFAULT) {
        throw new LedgerError(
          'mandatory-script-verify-flag-failed (Invalid Schnorr signature hash type)',
        )
      }
      const digest = tx.preimageWitnessV1(
        idx,
        prevouts.map((p) => p.script),
        hashType,
        prevouts.map((p) => p.value),
      )
      let valid = false
      try {
        valid = schnorr.verify(signature.subarray(0, 64), digest, decoded.pubkey)
      } catch {
        valid = false
      }
      if (!valid) {
        throw new LedgerError('mandatory-script-verify-flag-failed (Invalid Schnorr signature)')
      }
      return
    }
    throw new LedgerError(
      `non-mandatory-script-verify-flag (only p2wpkh and p2tr key-path spends are supported, not ${prevout.type})`,
    )
  }

  /** Parses and checks a signed transaction; returns it unrecorded. */
  const check = (hex: string): LedgerTx => {
    if (typeof hex !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(hex)) {
      throw new LedgerError('TX decode failed', -22)
    }
    const raw = hexToBytes(hex.toLowerCase())
    let parsed: ReturnType<typeof RawTx.decode>
    let tx: Transaction
    try {
      parsed = RawTx.decode(raw)
      tx = Transaction.fromRaw(raw, {
        allowUnknownOutputs: true,
        allowUnknownInputs: true,
        disableScriptCheck: true,
      })
    } catch (cause) {
      throw new LedgerError('TX decode failed', -22, { cause })
    }
    // Computed from the bytes: btc-signer's `id` and `vsize` refuse unfinalized inputs.
    const stripped = RawTx.encode({ ...parsed, segwitFlag: false, witnesses: [] })
    const txid = reverseHex(sha256d(stripped))
    const weight = stripped.length * 3 + raw.length
    const vsize = Math.ceil(weight / 4)
    if (txs.has(txid)) throw new LedgerError('txn-already-known', -27)
    if (parsed.inputs.length === 0) throw new LedgerError('bad-txns-vin-empty')
    if (parsed.outputs.length === 0) throw new LedgerError('bad-txns-vout-empty')
    const seen = new Set<string>()
    const prevouts: LedgerOutput[] = []
    for (const input of parsed.inputs) {
      const prevTxid = bytesToHex(input.txid)
      const key = outpointKey(prevTxid, input.index)
      if (seen.has(key)) throw new LedgerError('bad-txns-inputs-duplicate')
      seen.add(key)
      const spender = spentBy.get(key)
      if (spender) {
        const conflict = txs.get(spender)
        // Bitcoin Core: a confirmed spend is a missing input (-25), a mempool one a conflict (-26).
        throw conflict?.block
          ? new LedgerError('bad-txns-inputs-missingorspent', -25)
          : new LedgerError('txn-mempool-conflict', -26)
      }
      const prevout = txs.get(prevTxid)?.outputs[input.index]
      if (!prevout) throw new LedgerError('bad-txns-inputs-missingorspent', -25)
      prevouts.push(prevout)
    }
    const inSum = prevouts.reduce((sum, p) => sum + p.value, 0n)
    const outputs = parsed.outputs.map((o) => output(o.amount, o.script))
    for (const o of outputs) {
      if (o.value < 0n || o.value > 21_000_000n * 100_000_000n) {
        throw new LedgerError('bad-txns-vout-toolarge')
      }
    }
    const outSum = outputs.reduce((sum, o) => sum + o.value, 0n)
    if (outSum > inSum) throw new LedgerError('bad-txns-in-belowout')
    const fee = inSum - outSum
    if (fee < BigInt(vsize * MIN_RELAY_FEE_RATE)) {
      throw new LedgerError(`min relay fee not met, ${fee} < ${vsize * MIN_RELAY_FEE_RATE}`)
    }
    // Scripts last, as Bitcoin Core does: amounts and fees are cheaper to check.
    const witnesses = parsed.witnesses ?? []
    for (let i = 0; i < parsed.inputs.length; i++) {
      if ((parsed.inputs[i]?.finalScriptSig.length ?? 0) > 0) {
        throw new LedgerError('non-mandatory-script-verify-flag (Witness requires empty scriptSig)')
      }
      verifyInput(tx, i, witnesses[i] ?? [], prevouts)
    }
    return {
      txid,
      hex: bytesToHex(raw),
      version: parsed.version,
      locktime: parsed.lockTime,
      inputs: parsed.inputs.map((input, i) => ({
        txid: bytesToHex(input.txid),
        vout: input.index,
        sequence: input.sequence,
        scriptSig: input.finalScriptSig,
        witness: witnesses[i] ?? [],
        coinbase: false,
        prevout: prevouts[i],
      })),
      outputs,
      size: raw.length,
      weight,
      fee,
      block: undefined,
    }
  }

  const mineOne = (payTo?: string): LedgerBlock => {
    const previous = blocks[blocks.length - 1] as LedgerBlock
    const included = mempool.splice(0)
    const fees = included.reduce((sum, id) => sum + (txs.get(id)?.fee ?? 0n), 0n)
    const reward = coinbase(
      payTo ? scriptOf(payTo) : Script.encode(['RETURN', new TextEncoder().encode('openmodal')]),
      payTo ? BLOCK_SUBSIDY + fees : 0n,
    )
    record(reward)
    const txids = [reward.txid, ...included]
    const time = Math.max(previous.time + 1, Math.floor(Date.now() / 1000))
    const header = concatBytes(
      u32le(0x20000000),
      hexToBytes(previous.hash).reverse(),
      merkleRoot(txids),
      u32le(time),
      u32le(0x207fffff),
      u32le(blocks.length),
    )
    const block: LedgerBlock = {
      height: blocks.length,
      hash: reverseHex(sha256d(header)),
      time,
      previous: previous.hash,
      txids,
    }
    for (const id of txids) {
      const tx = txs.get(id)
      if (tx) tx.block = block
    }
    blocks.push(block)
    return block
  }

  const stats = (target: string, confirmed: boolean): AddressStats => {
    const result: AddressStats = {
      funded_txo_count: 0,
      funded_txo_sum: 0,
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: 0,
    }
    for (const id of byAddress.get(target) ?? []) {
      const tx = txs.get(id) as LedgerTx
      if ((tx.block !== undefined) !== confirmed) continue
      result.tx_count++
      for (const o of tx.outputs) {
        if (o.address !== target) continue
        result.funded_txo_count++
        result.funded_txo_sum += Number(o.value)
      }
      for (const i of tx.inputs) {
        if (i.prevout?.address !== target) continue
        result.spent_txo_count++
        result.spent_txo_sum += Number(i.prevout.value)
      }
    }
    return result
  }

  return {
    network,
    /** Fee estimates in sat/vB by confirmation target (Esplora's `/fee-estimates`). */
    feeRates,
    get height(): number {
      return blocks.length - 1
    },
    get tip(): LedgerBlock {
      return blocks[blocks.length - 1] as LedgerBlock
    },
    /** Transaction ids waiting in the mempool, in arrival order. */
    get mempool(): readonly string[] {
      return [...mempool]
    },
    block(heightOrHash: number | string): LedgerBlock | undefined {
      if (typeof heightOrHash === 'number') return blocks[heightOrHash]
      return blocks.find((b) => b.hash === heightOrHash)
    },
    tx(txid: string): LedgerTx | undefined {
      return TXID.test(txid) ? txs.get(txid) : undefined
    },
    /** Mines `count` blocks; the first takes the whole mempool. Coinbases pay `payTo`, if given. */
    mine(count = 1, payTo?: string): LedgerBlock[] {
      if (!Number.isSafeInteger(count) || count < 1) {
        throw new LedgerError(`Invalid block count: ${count}`, -8)
      }
      if (payTo !== undefined) scriptOf(payTo)
      return Array.from({ length: count }, () => mineOne(payTo))
    },
    /** Pays `sats` to `target` in a coinbase-shaped transaction; mined at once unless `mine: false`. */
    faucet(target: string, sats: bigint | number, { mine = true } = {}): string {
      const value = BigInt(sats)
      if (value <= 0n) throw new LedgerError('Invalid amount', -3)
      const tx = coinbase(scriptOf(target), value)
      record(tx)
      mempool.push(tx.txid)
      if (mine) mineOne()
      return tx.txid
    },
    /** Checks a signed transaction (hex) and adds it to the mempool; returns its txid. */
    broadcast(hex: string): string {
      const tx = check(hex)
      record(tx)
      mempool.push(tx.txid)
      return tx.txid
    },
    /** Unspent outputs of `target`, mempool ones included, those spent in the mempool left out. */
    utxos(target: string): LedgerUtxo[] {
      const result: LedgerUtxo[] = []
      for (const id of byAddress.get(target) ?? []) {
        const tx = txs.get(id) as LedgerTx
        tx.outputs.forEach((o, vout) => {
          if (o.address !== target || spentBy.has(outpointKey(id, vout))) return
          result.push({ txid: id, vout, value: o.value, address: target, block: tx.block })
        })
      }
      return result
    },
    /** Confirmed plus mempool balance of `target`, in sats. */
    balance(target: string): bigint {
      return this.utxos(target).reduce((sum, u) => sum + u.value, 0n)
    },
    /** Esplora's `chain_stats` and `mempool_stats` of an address. */
    addressStats(target: string): { chain_stats: AddressStats; mempool_stats: AddressStats } {
      return { chain_stats: stats(target, true), mempool_stats: stats(target, false) }
    },
    /** Transactions touching `target`: mempool ones first, then confirmed, newest first. */
    addressTxs(target: string): LedgerTx[] {
      const list = (byAddress.get(target) ?? []).map((id) => txs.get(id) as LedgerTx)
      const pending = list.filter((t) => !t.block).reverse()
      const confirmed = list.filter((t) => t.block).reverse()
      return [...pending, ...confirmed]
    },
    /** Whether `target` is a valid address on this ledger's network. */
    isAddress(target: string): boolean {
      try {
        address.decode(target)
        return true
      } catch {
        return false
      }
    },
  }
}
