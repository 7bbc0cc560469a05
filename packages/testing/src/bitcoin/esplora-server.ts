// The regtest ledger behind the Esplora HTTP API (the subset wallets and the Bitcoin adapter
// use), on a loopback port. Answers have Esplora's shapes; errors its texts: a refused
// broadcast is a 400 with `sendrawtransaction RPC error: {"code":…,"message":…}`.
//
//   GET  /blocks/tip/height, /blocks/tip/hash, /block/:hash, /block-height/:height
//   GET  /address/:address, /address/:address/utxo, /address/:address/txs
//   GET  /tx/:txid, /tx/:txid/hex, /tx/:txid/status
//   POST /tx (raw hex body)                  GET /fee-estimates
//   POST /regtest/faucet {address, amount}   POST /regtest/mine {blocks?, address?}   (not Esplora)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { bytesToHex } from '@noble/hashes/utils'
import {
  type BitcoinLedger,
  type BitcoinLedgerOptions,
  createBitcoinLedger,
  type LedgerBlock,
  LedgerError,
  type LedgerOutput,
  type LedgerTx,
} from './ledger.js'

export interface StartBitcoinRegtestOptions extends BitcoinLedgerOptions {
  /** Default: a free port on 127.0.0.1. */
  port?: number
}

export interface BitcoinRegtest {
  /** The Esplora base URL, e.g. `http://127.0.0.1:40123` (no trailing slash). */
  url: string
  port: number
  ledger: BitcoinLedger
  /** Pays `sats` to `address` and mines a block; resolves the txid. */
  faucet(address: string, sats: bigint | number): string
  /** Mines `count` blocks (the first takes the mempool). */
  mine(count?: number, payTo?: string): LedgerBlock[]
  stop(): Promise<void>
}

const BODY_LIMIT = 1 << 20

function status(block: LedgerBlock | undefined) {
  return block
    ? {
        confirmed: true,
        block_height: block.height,
        block_hash: block.hash,
        block_time: block.time,
      }
    : { confirmed: false }
}

function outputJson(o: LedgerOutput) {
  return {
    scriptpubkey: bytesToHex(o.script),
    scriptpubkey_type: o.type,
    ...(o.address ? { scriptpubkey_address: o.address } : {}),
    value: Number(o.value),
  }
}

/** A transaction in Esplora's JSON shape. */
export function esploraTx(tx: LedgerTx) {
  return {
    txid: tx.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.inputs.map((i) => ({
      txid: i.txid,
      vout: i.vout,
      prevout: i.prevout ? outputJson(i.prevout) : null,
      scriptsig: bytesToHex(i.scriptSig),
      witness: i.witness.map((w) => bytesToHex(w)),
      is_coinbase: i.coinbase,
      sequence: i.sequence,
    })),
    vout: tx.outputs.map(outputJson),
    size: tx.size,
    weight: tx.weight,
    fee: Number(tx.fee),
    status: status(tx.block),
  }
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > BODY_LIMIT) throw new HttpError(413, 'Payload Too Large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text || '{}') as unknown
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {
    // answered below
  }
  throw new HttpError(400, 'Expected a JSON object')
}

/**
 * Starts a regtest ledger behind the Esplora API on a loopback port.
 *
 * @example
 * const regtest = await startBitcoinRegtest()
 * regtest.faucet('bcrt1q…', 100_000_000n)
 * await fetch(`${regtest.url}/address/bcrt1q…/utxo`)
 * await regtest.stop()
 */
export async function startBitcoinRegtest(
  options: StartBitcoinRegtestOptions = {},
): Promise<BitcoinRegtest> {
  const ledger = createBitcoinLedger(options)

  const route = async (method: string, path: string, req: IncomingMessage) => {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent)
    const [head, id, tail] = parts
    if (method === 'GET') {
      if (path === '/blocks/tip/height') return String(ledger.height)
      if (path === '/blocks/tip/hash') return ledger.tip.hash
      if (path === '/fee-estimates') return ledger.feeRates
      if (head === 'block-height' && id && parts.length === 2) {
        const block = /^\d+$/.test(id) ? ledger.block(Number(id)) : undefined
        if (!block) throw new HttpError(404, 'Block not found')
        return block.hash
      }
      if (head === 'block' && id && parts.length <= 3) {
        const block = ledger.block(id)
        if (!block) throw new HttpError(404, 'Block not found')
        if (tail === 'txids') return block.txids
        if (tail !== undefined) throw new HttpError(404, 'Not Found')
        return {
          id: block.hash,
          height: block.height,
          timestamp: block.time,
          tx_count: block.txids.length,
          previousblockhash: block.previous,
        }
      }
      if (head === 'address' && id && parts.length <= 3) {
        if (!ledger.isAddress(id)) throw new HttpError(400, 'Invalid Bitcoin address')
        if (tail === undefined) return { address: id, ...ledger.addressStats(id) }
        if (tail === 'utxo') {
          return ledger.utxos(id).map((u) => ({
            txid: u.txid,
            vout: u.vout,
            status: status(u.block),
            value: Number(u.value),
          }))
        }
        if (tail === 'txs') return ledger.addressTxs(id).slice(0, 75).map(esploraTx)
      }
      if (head === 'tx' && id && parts.length <= 3) {
        const tx = ledger.tx(id)
        if (!tx) {
          throw new HttpError(/^[0-9a-f]{64}$/.test(id) ? 404 : 400, 'Transaction not found')
        }
        if (tail === undefined) return esploraTx(tx)
        if (tail === 'hex') return tx.hex
        if (tail === 'status') return status(tx.block)
      }
    }
    if (method === 'POST') {
      if (path === '/tx') {
        const hex = (await readBody(req)).trim()
        try {
          return ledger.broadcast(hex)
        } catch (error) {
          if (!(error instanceof LedgerError)) throw error
          throw new HttpError(
            400,
            `sendrawtransaction RPC error: ${JSON.stringify({ code: error.rpcCode, message: error.reason })}`,
          )
        }
      }
      if (path === '/regtest/faucet') {
        const body = parseJson(await readBody(req))
        const { address, amount } = body
        if (typeof address !== 'string' || !ledger.isAddress(address)) {
          throw new HttpError(400, 'Invalid Bitcoin address')
        }
        if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
          throw new HttpError(400, 'amount must be a positive whole number of sats')
        }
        return { txid: ledger.faucet(address, amount) }
      }
      if (path === '/regtest/mine') {
        const body = parseJson(await readBody(req))
        const blocks = body.blocks ?? 1
        const payTo = body.address
        if (typeof blocks !== 'number' || !Number.isSafeInteger(blocks) || blocks < 1) {
          throw new HttpError(400, 'blocks must be a positive whole number')
        }
        if (payTo !== undefined && (typeof payTo !== 'string' || !ledger.isAddress(payTo))) {
          throw new HttpError(400, 'Invalid Bitcoin address')
        }
        return { hashes: ledger.mine(blocks, payTo as string | undefined).map((b) => b.hash) }
      }
    }
    throw new HttpError(404, 'Not Found')
  }

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    // Dapps on any loopback origin read it from the browser, like public Esplora servers.
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'GET, POST' }).end()
      return
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/'
    try {
      const result = await route(req.method ?? 'GET', path, req)
      if (typeof result === 'string') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(result)
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result))
      }
    } catch (error) {
      const code = error instanceof HttpError ? error.status : 500
      const text = error instanceof Error ? error.message : String(error)
      res.writeHead(code, { 'content-type': 'text/plain' }).end(text)
    }
  }

  const server = createServer((req, res) => void onRequest(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    ledger,
    faucet: (address, sats) => ledger.faucet(address, sats),
    mine: (count, payTo) => ledger.mine(count, payTo),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
