// The SIWXConfig contract (spec §3 "SIWX session: data, message, signature, cacao"; §4 flow):
// what the modal calls around a sign-in, whichever config stores the sessions.
import type { SIWXMessageData, SiwxChainId } from '../message/siwx.js'

/** A CAIP-74 Cacao, kept as the wallet gave it (WalletConnect one-click auth). */
export interface Cacao {
  h: { t: string }
  p: Record<string, unknown>
  s: { t: string; s: string; m?: unknown }
}

/** One signed-in (chain, account): spec §3. */
export interface SIWXSession {
  data: SIWXMessageData
  /** The exact text the wallet signed. */
  message: string
  /** 0x hex on eip155; base58 on solana. */
  signature: string
  cacao?: Cacao | undefined
}

/** What the modal knows when it asks for a message. */
export interface SIWXMessageInput {
  accountAddress: string
  chainId: SiwxChainId
  /** RFC 3339; default: valid at once. */
  notBefore?: string | undefined
}

/** A message about to be signed: its data, and `toString()` the text the wallet signs. */
export interface SIWXMessage extends SIWXMessageData {
  toString(): string
}

/**
 * The contract between the modal and a session store. The modal's flow: `createMessage` →
 * the wallet signs `message.toString()` → `addSession({ data, message, signature })`; on
 * connect `getSessions(chainId, address)` decides whether to ask; sign-out calls
 * `revokeSession(chainId, address)`; `getRequired()` says whether the modal may close without
 * a session.
 */
export interface SIWXConfig {
  createMessage(input: SIWXMessageInput): Promise<SIWXMessage>
  /** Verifies and stores a signed session (replacing one of the same chain and account). */
  addSession(session: SIWXSession): Promise<void>
  /** Removes the session of exactly this chain and account; others stay. */
  revokeSession(chainId: SiwxChainId, address: string): Promise<void>
  /** Replaces every stored session with `sessions` (each verified). */
  setSessions(sessions: readonly SIWXSession[]): Promise<void>
  /** The valid sessions of this chain and account (none: the modal asks to sign). */
  getSessions(chainId: SiwxChainId, address: string): Promise<SIWXSession[]>
  /** True: the modal cannot close until a session exists (spec §4 required mode). */
  getRequired(): boolean
  /** True (default): disconnecting the wallet also revokes its sessions. */
  signOutOnDisconnect?: boolean | undefined
}

/** The message of `data`, with `toString()` giving its text. */
export function toSiwxMessage(data: SIWXMessageData, text: string): SIWXMessage {
  return Object.defineProperty({ ...data }, 'toString', {
    value: () => text,
    enumerable: false,
  }) as SIWXMessage
}

/** Same chain and account (eip155 addresses compare without case). */
export function isSameAccount(
  data: Pick<SIWXMessageData, 'chainId' | 'accountAddress'>,
  chainId: string,
  address: string,
): boolean {
  if (data.chainId !== chainId) return false
  return chainId.startsWith('eip155:')
    ? data.accountAddress.toLowerCase() === address.toLowerCase()
    : data.accountAddress === address
}
