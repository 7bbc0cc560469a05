// ENS identity (spec §5 "name resolution by a name service"): loaded by `import()` on the first
// profile lookup only. Two `eth_call`s to the ENS Universal Resolver, encoded by hand (as
// transfer.ts does for ERC-20) so neither viem's ENS actions nor its ABI coder ship.
//
// Gaps, on purpose (viem's getEnsName/getEnsAvatar cover them at ~100 kB gzip):
// - no CCIP-Read (EIP-3668): a name or avatar served by an offchain gateway is not found;
// - avatars are shown only when the record is an https: URL or a data:image URI of a safe
//   type; NFT (`eip155:1/erc721:…`), ipfs://, ar:// and http: avatars are not resolved.
import { type CaipNetwork, isSafeIcon } from '@openmodal/core/internal'
import type { Address, Hex } from 'viem'
import { bytesToHex, hexToBytes, keccak256, stringToBytes } from 'viem/utils'
import { ENS_UNIVERSAL_RESOLVER } from './ens-address.js'
import { rpcClient } from './rpc-client.js'

// `reverseWithGateways(bytes,uint256,string[])` and `resolveWithGateways(bytes,bytes,string[])`
// of the Universal Resolver, `text(bytes32,string)` of a resolver: the calls viem 2.57 makes.
const REVERSE_SELECTOR = '0xb7d6ca64'
const RESOLVE_SELECTOR = '0xa1472844'
const TEXT_SELECTOR = '0x59d1d43c'
/** SLIP-44 coin type of Ethereum (ENSIP-11): the primary name for mainnet addresses. */
const ETH_COIN_TYPE = 60
/** viem's `localBatchGatewayUrl`; without CCIP-Read it is never contacted. */
const GATEWAY = 'x-batch-gateway:true'
/** Names made of these labels are already ENSIP-15 normalised: no need for the normaliser. */
const NORMALIZED_ASCII_LABEL = /^_*[a-z0-9-]+$/

type Encoded = { word: string } | { tail: string }

const uint = (value: number | bigint) => value.toString(16).padStart(64, '0')
/** A dynamic `bytes` or `string`: its length word, then the data right-padded to whole words. */
const lengthPrefixed = (data: Uint8Array) => {
  const hex = bytesToHex(data).slice(2)
  return uint(data.length) + hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')
}
const dynamic = (data: Uint8Array): Encoded => ({ tail: lengthPrefixed(data) })
/** `string[]` of the one gateway: its length, the offset of its item, the item. */
const GATEWAYS: Encoded = { tail: uint(1) + uint(32) + lengthPrefixed(stringToBytes(GATEWAY)) }

/** ABI calldata: heads (static words, offsets of the dynamic values), then the dynamic values. */
function encodeCall(selector: Hex, args: readonly Encoded[]): Hex {
  let head = ''
  let body = ''
  for (const arg of args) {
    if ('word' in arg) head += arg.word
    else {
      head += uint(args.length * 32 + body.length / 2)
      body += arg.tail
    }
  }
  return `${selector}${head}${body}`
}

/**
 * The word at byte `at` as a number; throws past the end or above 2^32 (a malformed answer).
 * Its errors never reach a visitor: a failed lookup shows no name (`getProfile`).
 */
function readSize(data: Uint8Array, at: number): number {
  if (at + 32 > data.length || data.subarray(at, at + 28).some((byte) => byte !== 0)) {
    throw new Error('Malformed ENS answer')
  }
  return new DataView(data.buffer, data.byteOffset + at + 28, 4).getUint32(0)
}

/** The dynamic `bytes`/`string` whose offset is head word `index` of ABI-encoded `data`. */
function readDynamic(data: Uint8Array, index: number): Uint8Array {
  const offset = readSize(data, index * 32)
  const length = readSize(data, offset)
  if (offset + 32 + length > data.length) throw new Error('Malformed ENS answer')
  return data.subarray(offset + 32, offset + 32 + length)
}

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes)

/**
 * Calldata of `reverseWithGateways(address, 60, [gateway])`: the primary name of `address`,
 * which the Universal Resolver returns only when the name's forward resolution (its `addr`
 * for coin type 60) is `address` again, the check viem's getEnsName relies on too.
 *
 * @example encodeReverse('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // '0xb7d6ca64…'
 */
export function encodeReverse(address: Address): Hex {
  return encodeCall(REVERSE_SELECTOR, [
    dynamic(hexToBytes(address)),
    { word: uint(ETH_COIN_TYPE) },
    GATEWAYS,
  ])
}

/** The DNS wire format of a name (`3foo3eth0`), or undefined when a label is over 255 bytes. */
function dnsEncode(name: string): Uint8Array | undefined {
  const parts: number[] = []
  for (const label of name.split('.')) {
    const bytes = stringToBytes(label)
    if (bytes.length === 0 || bytes.length > 255) return undefined
    parts.push(bytes.length, ...bytes)
  }
  return new Uint8Array([...parts, 0])
}

/** ENS namehash (ENSIP-1) of a normalised name. */
function namehash(name: string): Hex {
  let node: Hex = `0x${'0'.repeat(64)}`
  for (const label of name.split('.').reverse()) {
    node = keccak256(`${node}${keccak256(stringToBytes(label)).slice(2)}`)
  }
  return node
}

/**
 * Calldata of `resolveWithGateways(dnsName, text(namehash, key), [gateway])`, or undefined for
 * a name the DNS format cannot carry.
 *
 * @example encodeTextRecord('alice.eth', 'avatar') // '0xa1472844…'
 */
export function encodeTextRecord(name: string, key: string): Hex | undefined {
  const dnsName = dnsEncode(name)
  if (!dnsName) return undefined
  const text = encodeCall(TEXT_SELECTOR, [
    { word: namehash(name).slice(2) },
    dynamic(stringToBytes(key)),
  ])
  return encodeCall(RESOLVE_SELECTOR, [dynamic(dnsName), dynamic(hexToBytes(text)), GATEWAYS])
}

/**
 * An avatar record the kit may show as an `<img>` source: an https: URL, or a data:image URI
 * of a safe type (as wallet icons). Anything else is undefined.
 *
 * @example avatarUrl('ipfs://Qm…') // undefined
 */
export function avatarUrl(record: string): string | undefined {
  if (isSafeIcon(record)) return record
  try {
    return new URL(record).protocol === 'https:' ? record : undefined
  } catch {
    return undefined
  }
}

/** `name` as ENSIP-15 normalises it; throws when it does not normalise. */
async function normalized(name: string): Promise<string> {
  if (name.split('.').every((l) => NORMALIZED_ASCII_LABEL.test(l) && l.slice(2, 4) !== '--')) {
    return name
  }
  // Non-ASCII names need the Unicode tables (mixed scripts, confusables): loaded only for them.
  const { normalize } = await import('./ens-normalize.js')
  return normalize(name)
}

/**
 * The primary ENS name of `address` and its avatar, read through the ENS Universal Resolver
 * on `network`'s read URLs (an Ethereum mainnet RPC). Throws on any failure; the adapter
 * turns failures into `{}`.
 *
 * @example await lookupEnsProfile({ address, network: mainnet }) // { name: 'vitalik.eth', avatar: 'https://…' }
 */
export async function lookupEnsProfile(params: {
  address: Address
  network: CaipNetwork
}): Promise<{ name?: string; avatar?: string }> {
  const client = rpcClient(params.network.rpcUrls.default.http)
  const read = async (data: Hex) =>
    hexToBytes(
      await client.request({
        method: 'eth_call',
        params: [{ to: ENS_UNIVERSAL_RESOLVER, data }, 'latest'],
      }),
    )
  // (string name, address resolver, address reverseResolver)
  const found = utf8(readDynamic(await read(encodeReverse(params.address)), 0))
  if (!found) return {}
  // A name that does not normalise (ENSIP-15) is not shown.
  const name = await normalized(found)
  const avatar = await readAvatar(name, read).catch(() => undefined)
  return avatar ? { name, avatar } : { name }
}

async function readAvatar(
  name: string,
  read: (data: Hex) => Promise<Uint8Array>,
): Promise<string | undefined> {
  const call = encodeTextRecord(name, 'avatar')
  if (!call) return undefined
  // (bytes resolverAnswer, address resolver); the answer is the ABI-encoded `text` string.
  const answer = readDynamic(await read(call), 0)
  if (answer.length === 0) return undefined
  return avatarUrl(utf8(readDynamic(answer, 0)))
}
