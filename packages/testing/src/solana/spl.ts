// SPL tokens on the local ledger: program ids, associated token addresses, the Mint and token
// Account layouts of the Token program (Token-2022 shares their first 165 bytes), and the
// `jsonParsed` shapes a real RPC node answers for them. Mints and balances are written straight
// into litesvm's accounts, as a test validator loads genesis accounts: they are real Token
// program accounts, so the real program moves them afterwards (transfer, mintTo, close).
import { createHash } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import type { LiteSVM } from 'litesvm'

export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const ASSOCIATED_TOKEN_PROGRAM_ID = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
export const TOKEN_PROGRAMS = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID] as const

/** Bytes of a Mint account and of a token Account (spl-token `state.rs`). */
export const MINT_SIZE = 82
export const TOKEN_ACCOUNT_SIZE = 165

type SvmAddress = Parameters<LiteSVM['getAccount']>[0]
type SvmAccount = Parameters<LiteSVM['setAccount']>[0]

export interface ParsedMint {
  mintAuthority: string | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: string | null
}

export interface ParsedTokenAccount {
  mint: string
  owner: string
  amount: bigint
  delegate: string | null
  state: 'uninitialized' | 'initialized' | 'frozen'
  isNative: bigint | null
  delegatedAmount: bigint
  closeAuthority: string | null
}

const STATES = ['uninitialized', 'initialized', 'frozen'] as const

/** Account data as litesvm returns it (read-only) or as built here. */
export type AccountBytes = Pick<Uint8Array, 'buffer' | 'byteOffset' | 'length'>

const bytesOf = (data: AccountBytes) => new Uint8Array(data.buffer, data.byteOffset, data.length)

function isOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.ExtendedPoint.fromHex(bytes)
    return true
  } catch {
    return false
  }
}

/**
 * `Pubkey::find_program_address`: the first bump from 255 down whose SHA-256 of
 * seeds ‖ bump ‖ program ‖ "ProgramDerivedAddress" is off the ed25519 curve.
 *
 * @example findProgramAddress([owner, program, mint], ASSOCIATED_TOKEN_PROGRAM_ID)
 */
export function findProgramAddress(
  seeds: readonly Uint8Array[],
  programId: string,
): [address: string, bump: number] {
  const program = bs58.decode(programId)
  for (let bump = 255; bump >= 0; bump--) {
    const hash = createHash('sha256')
    for (const seed of seeds) hash.update(seed)
    hash.update(Uint8Array.of(bump)).update(program).update('ProgramDerivedAddress')
    const candidate = new Uint8Array(hash.digest())
    if (!isOnCurve(candidate)) return [bs58.encode(candidate), bump]
  }
  throw new Error('findProgramAddress: no viable bump')
}

/**
 * The associated token account of `owner` for `mint` (what wallets send tokens to).
 *
 * @example associatedTokenAddress(SOLANA_DEV_ADDRESSES[0], mint)
 */
export function associatedTokenAddress(
  owner: string,
  mint: string,
  tokenProgram: string = TOKEN_PROGRAM_ID,
): string {
  return findProgramAddress(
    [bs58.decode(owner), bs58.decode(tokenProgram), bs58.decode(mint)],
    ASSOCIATED_TOKEN_PROGRAM_ID,
  )[0]
}

const optionKey = (data: Uint8Array, offset: number): string | null =>
  new DataView(data.buffer, data.byteOffset).getUint32(offset, true) === 1
    ? bs58.encode(data.subarray(offset + 4, offset + 36))
    : null

function writeOptionKey(data: Uint8Array, offset: number, key: string | null): void {
  new DataView(data.buffer, data.byteOffset).setUint32(offset, key ? 1 : 0, true)
  if (key) data.set(bs58.decode(key), offset + 4)
}

// Token-2022 accounts with extensions carry their type after the first 165 bytes.
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2

/** A Mint account's fields, or undefined when `data` is not one. */
export function parseMint(input: AccountBytes): ParsedMint | undefined {
  const data = bytesOf(input)
  if (data.length < MINT_SIZE || data.length === TOKEN_ACCOUNT_SIZE) return undefined
  if (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== ACCOUNT_TYPE_MINT) {
    return undefined
  }
  const view = new DataView(data.buffer, data.byteOffset, data.length)
  return {
    mintAuthority: optionKey(data, 0),
    supply: view.getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized: data[45] === 1,
    freezeAuthority: optionKey(data, 46),
  }
}

/** A token Account's fields, or undefined when `data` is not one. */
export function parseTokenAccount(input: AccountBytes): ParsedTokenAccount | undefined {
  const data = bytesOf(input)
  if (data.length < TOKEN_ACCOUNT_SIZE) return undefined
  if (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== ACCOUNT_TYPE_ACCOUNT) {
    return undefined
  }
  const view = new DataView(data.buffer, data.byteOffset, data.length)
  return {
    mint: bs58.encode(data.subarray(0, 32)),
    owner: bs58.encode(data.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
    delegate: optionKey(data, 72),
    state: STATES[data[108] ?? 0] ?? 'uninitialized',
    isNative: view.getUint32(109, true) === 1 ? view.getBigUint64(113, true) : null,
    delegatedAmount: view.getBigUint64(121, true),
    closeAuthority: optionKey(data, 129),
  }
}

/** A token amount as the RPC's `UiTokenAmount`: the raw amount and its decimal renderings. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return {
    amount: amount.toString(),
    decimals,
    uiAmount: Number(uiAmountString),
    uiAmountString,
  }
}

const programName = (owner: string) =>
  owner === TOKEN_2022_PROGRAM_ID ? 'spl-token-2022' : 'spl-token'

/**
 * The `jsonParsed` data of a Token program account as Agave renders it, or undefined when the
 * account is not a mint nor a token account (the RPC then falls back to base64).
 */
export function parsedTokenData(
  svm: LiteSVM,
  owner: string,
  data: AccountBytes,
): { program: string; parsed: unknown; space: number } | undefined {
  if (!(TOKEN_PROGRAMS as readonly string[]).includes(owner)) return undefined
  const program = programName(owner)
  const account = parseTokenAccount(data)
  if (account) {
    const mint = readMint(svm, account.mint)
    if (!mint) return undefined
    return {
      program,
      parsed: {
        type: 'account',
        info: {
          isNative: account.isNative !== null,
          mint: account.mint,
          owner: account.owner,
          state: account.state,
          tokenAmount: uiTokenAmount(account.amount, mint.decimals),
          ...(account.delegate
            ? {
                delegate: account.delegate,
                delegatedAmount: uiTokenAmount(account.delegatedAmount, mint.decimals),
              }
            : {}),
          ...(account.closeAuthority ? { closeAuthority: account.closeAuthority } : {}),
        },
      },
      space: data.length,
    }
  }
  const mint = parseMint(data)
  if (!mint) return undefined
  return {
    program,
    parsed: {
      type: 'mint',
      info: {
        decimals: mint.decimals,
        freezeAuthority: mint.freezeAuthority,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority,
        supply: mint.supply.toString(),
      },
    },
    space: data.length,
  }
}

function readMint(svm: LiteSVM, mint: string): ParsedMint | undefined {
  const account = svm.getAccount(mint as SvmAddress)
  return account.exists ? parseMint(account.data) : undefined
}

function put(svm: LiteSVM, address: string, owner: string, data: Uint8Array): void {
  svm.setAccount({
    address,
    programAddress: owner,
    data,
    executable: false,
    lamports: svm.minimumBalanceForRentExemption(BigInt(data.length)),
    space: BigInt(data.length),
  } as unknown as SvmAccount)
}

export interface CreateMintOptions {
  /** Decimal places of the token (0-255); default 6. */
  decimals?: number
  /** Who may mint more with the Token program (base58); default none. */
  mintAuthority?: string | null
  freezeAuthority?: string | null
  /** The mint's address; default a fresh random one. */
  address?: string
  tokenProgram?: (typeof TOKEN_PROGRAMS)[number]
}

/**
 * Writes an initialized Mint account with no supply and returns its address.
 *
 * @example const mint = createMint(ledger.svm, { decimals: 6, mintAuthority: devAddress })
 */
export function createMint(svm: LiteSVM, options: CreateMintOptions = {}): string {
  const decimals = options.decimals ?? 6
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`createMint: decimals must be an integer 0-255, received ${decimals}`)
  }
  const address = options.address ?? bs58.encode(crypto.getRandomValues(new Uint8Array(32)))
  if (bs58.decode(address).length !== 32) throw new RangeError(`createMint: bad address ${address}`)
  const data = new Uint8Array(MINT_SIZE)
  writeOptionKey(data, 0, options.mintAuthority ?? null)
  data[44] = decimals
  data[45] = 1
  writeOptionKey(data, 46, options.freezeAuthority ?? null)
  put(svm, address, options.tokenProgram ?? TOKEN_PROGRAM_ID, data)
  return address
}

/**
 * Credits `amount` (smallest units) of `mint` to `owner`'s associated token account, creating
 * the account when missing, and raises the mint's supply by as much. Returns the token
 * account's address.
 *
 * @example mintTo(ledger.svm, mint, owner, 1_000_000n) // 1 token of 6 decimals
 */
export function mintTo(svm: LiteSVM, mint: string, owner: string, amount: bigint): string {
  if (amount < 0n) throw new RangeError('mintTo: amount must not be negative')
  const mintAccount = svm.getAccount(mint as SvmAddress)
  const parsed = mintAccount.exists ? parseMint(mintAccount.data) : undefined
  if (!mintAccount.exists || !parsed?.isInitialized) {
    throw new Error(`mintTo: ${mint} is not a mint`)
  }
  const tokenProgram = mintAccount.programAddress as string
  const address = associatedTokenAddress(owner, mint, tokenProgram)
  const existing = svm.getAccount(address as SvmAddress)
  let data: Uint8Array
  if (existing.exists) {
    data = bytesOf(existing.data).slice()
  } else {
    data = new Uint8Array(TOKEN_ACCOUNT_SIZE)
    data.set(bs58.decode(mint), 0)
    data.set(bs58.decode(owner), 32)
    data[108] = 1
  }
  const view = new DataView(data.buffer)
  view.setBigUint64(64, view.getBigUint64(64, true) + amount, true)
  put(svm, address, tokenProgram, data)
  const mintData = bytesOf(mintAccount.data).slice()
  new DataView(mintData.buffer).setBigUint64(36, parsed.supply + amount, true)
  put(svm, mint, tokenProgram, mintData)
  return address
}
