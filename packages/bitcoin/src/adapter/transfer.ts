// Builds the PSBT of a transfer for wallets that sign PSBTs but have no transfer method of
// their own (wallet-standard Bitcoin wallets, sats-connect wallets without `sendTransfer`):
// UTXOs and fee rate from the Esplora API, coin selection and change with @scure/btc-signer.
// Loaded with `import()` on the first such transfer only (load-transfer.ts).

import { hexToBytes } from '@noble/hashes/utils'
import { adapterError, buildError } from '@openmodal/core/internal'
import {
  Address,
  NETWORK,
  OutScript,
  p2sh,
  p2wpkh,
  selectUTXO,
  TEST_NETWORK,
} from '@scure/btc-signer'
import type { BitcoinNetworkName } from '../networks/networks.js'
import { esploraGet } from './esplora.js'

const NETWORKS = {
  mainnet: NETWORK,
  testnet: TEST_NETWORK,
  regtest: { ...TEST_NETWORK, bech32: 'bcrt' },
} as const

export interface TransferPsbtParameters {
  esploraUrl: string
  network: BitcoinNetworkName
  /** The paying account: its address, and its public key (hex) for p2sh and p2tr inputs. */
  from: { address: string; publicKey?: string }
  to: string
  amount: bigint
}

/** The account's spendable UTXOs as PSBT inputs, and the API's next-block fee rate (sat/vB). */
async function spendable({
  esploraUrl,
  network,
  from,
}: Pick<TransferPsbtParameters, 'esploraUrl' | 'network' | 'from'>) {
  const net = NETWORKS[network]
  let script: Uint8Array
  try {
    script = OutScript.encode(Address(net).decode(from.address))
  } catch (cause) {
    throw adapterError('INVALID_ADDRESS', { details: from.address, cause })
  }
  const type = OutScript.decode(script).type
  const key = from.publicKey ? hexToBytes(from.publicKey) : undefined
  const extra: Record<string, unknown> = {}
  if (type === 'tr') {
    if (key?.length !== 32) {
      throw buildError('WALLET_NO_TAPROOT_KEY')
    }
    extra.tapInternalKey = key
  } else if (type === 'sh') {
    // p2sh-p2wpkh, the payment address type of several wallets: the redeem script is the key's.
    if (key?.length !== 33) {
      throw buildError('WALLET_NO_P2SH_KEY')
    }
    extra.redeemScript = p2sh(p2wpkh(key, net), net).redeemScript
  } else if (type !== 'wpkh') {
    throw buildError('UNSUPPORTED_ADDRESS_TYPE', { values: { type } })
  }
  const [utxos, rates] = await Promise.all([
    esploraGet(esploraUrl, `/address/${encodeURIComponent(from.address)}/utxo`),
    esploraGet(esploraUrl, '/fee-estimates'),
  ])
  if (!Array.isArray(utxos)) {
    throw buildError('NODE_UNEXPECTED_ANSWER', { details: 'Esplora: utxo list' })
  }
  const rate = (rates as Record<string, unknown> | null)?.['1']
  const feePerByte = BigInt(Math.max(1, Math.ceil(typeof rate === 'number' ? rate : 1)))
  const inputs = utxos.flatMap((u: { txid?: unknown; vout?: unknown; value?: unknown }) =>
    typeof u?.txid === 'string' &&
    /^[0-9a-f]{64}$/i.test(u.txid) &&
    Number.isSafeInteger(u.vout) &&
    Number.isSafeInteger(u.value)
      ? [
          {
            txid: u.txid,
            index: u.vout as number,
            witnessUtxo: { script, amount: BigInt(u.value as number) },
            ...extra,
          },
        ]
      : [],
  )
  return { net, inputs, feePerByte }
}

/**
 * A PSBT paying `amount` sats to `to` from `from`'s UTXOs, change back to `from`, at the API's
 * next-block fee rate; with the indexes of the inputs `from` must sign.
 *
 * @example const { psbt, inputs } = await buildTransferPsbt({ esploraUrl, network: 'mainnet', from, to, amount })
 */
export async function buildTransferPsbt({
  esploraUrl,
  network,
  from,
  to,
  amount,
}: TransferPsbtParameters): Promise<{ psbt: Uint8Array; inputs: number[]; fee: bigint }> {
  const coins = await spendable({ esploraUrl, network, from })
  const selected = select(coins, [{ address: to, amount }], 'default', from.address)
  if (!selected?.tx) {
    // The code the callers know for a transfer that cannot be built (INVALID_TRANSFER).
    throw adapterError('INVALID_TRANSFER', {
      details: `Insufficient funds: ${from.address} cannot pay ${amount} sats plus the fee`,
    })
  }
  return {
    psbt: selected.tx.toPSBT(),
    inputs: selected.inputs.map((_, i) => i),
    fee: selected.fee ?? 0n,
  }
}

/**
 * The fee, in sats, of paying `amount` to `to` as `buildTransferPsbt` would build it; for
 * `amount` 0n the fee of sending everything (every UTXO in, one output, no change), which is
 * what "Max" must leave: balance − this fee is the largest amount `buildTransferPsbt` (and a
 * wallet selecting coins the same way at the same rate) can pay.
 *
 * @example const fee = await estimateTransferFee({ esploraUrl, network: 'regtest', from, to, amount: 0n })
 */
export async function estimateTransferFee(params: TransferPsbtParameters): Promise<bigint> {
  if (params.amount > 0n) return (await buildTransferPsbt(params)).fee
  const coins = await spendable(params)
  const { inputs } = coins
  if (inputs.length === 0) return 0n
  // Everything to the receiver as the "change": the fee of a transfer without change.
  const sweep = select(coins, [], 'all', params.to)
  // Too little to pay its own fee: nothing can be sent.
  return sweep?.fee ?? inputs.reduce((sum, input) => sum + input.witnessUtxo.amount, 0n)
}

/** `selectUTXO` over `coins` at their fee rate; a selection it cannot make is INVALID_TRANSFER. */
function select(
  { net, inputs, feePerByte }: Awaited<ReturnType<typeof spendable>>,
  outputs: Parameters<typeof selectUTXO>[1],
  strategy: Parameters<typeof selectUTXO>[2],
  changeAddress: string,
) {
  try {
    return selectUTXO(inputs, outputs, strategy, {
      changeAddress,
      feePerByte,
      bip69: false,
      createTx: true,
      network: net,
    })
  } catch (cause) {
    throw adapterError('INVALID_TRANSFER', { details: String(cause), cause })
  }
}
