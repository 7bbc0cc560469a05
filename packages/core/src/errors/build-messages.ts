// The texts of a transfer an adapter builds itself (the Bitcoin adapter's UTXO selection and
// PSBT) and of a node's odd answer to a read it needs (Esplora, the EVM fee): they load with
// that code, never with an EVM or Solana page's initial JS (the pattern: the top of messages.ts).
import { defineErrorTexts } from './base.js'

/** The texts of the transfer-building errors, by code: `buildError(code)` reads it. */
export const BUILD_ERROR_MESSAGES = {
  NODE_UNEXPECTED_ANSWER: 'The network answered in an unexpected shape',
  /** A namespace without tokens: `network` names it (`Bitcoin`). */
  UNSUPPORTED_TOKEN_TRANSFER: 'Token transfers are not supported on {network}',
  UNSUPPORTED_ADDRESS_TYPE: 'Transfers from {type} addresses are not supported',
  WALLET_NO_TAPROOT_KEY: 'The wallet gave no taproot key for its payment address',
  WALLET_NO_P2SH_KEY: 'The wallet gave no public key for its p2sh address',
} as const

/**
 * The BaseError of a transfer-building `code`, reading its text in `BUILD_ERROR_MESSAGES`.
 *
 * @example throw buildError('UNSUPPORTED_ADDRESS_TYPE', { values: { type: 'pkh' } })
 */
export const buildError = /* @__PURE__ */ defineErrorTexts(BUILD_ERROR_MESSAGES)
