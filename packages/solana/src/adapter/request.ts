// Raw Solana requests (spec §7: solana sign message / transaction / all transactions /
// sign-and-send) in the WalletConnect JSON-RPC shapes, routed to wallet-standard features.
// Transactions travel base64, messages and signatures base58.
import {
  type AdapterAccount,
  adapterError,
  base58Decode,
  base58Encode,
  base64Decode,
  base64Encode,
  chainError,
} from '@openmodal/core/internal'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { signatureOf } from '../utils/transaction.js'
import { asError } from './errors.js'

/** The methods `request` accepts. */
export const SOLANA_METHODS = [
  'solana_getAccounts',
  'solana_requestAccounts',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const

export interface RequestContext {
  wallet: Wallet
  chain: `solana:${string}`
  account(address?: string): WalletAccount
  accounts(): readonly AdapterAccount[]
  commitment: 'processed' | 'confirmed' | 'finalized'
}

const invalid = (details: string) =>
  Object.assign(adapterError('INVALID_PARAMS', { details }), {
    rpcCode: -32602,
  })

function featureCall(
  wallet: Wallet,
  name: string,
  method: string,
): (...inputs: unknown[]) => Promise<unknown[]> {
  const feature = (wallet.features as Record<string, Record<string, unknown> | undefined>)[name]
  const fn = feature?.[method]
  if (typeof fn !== 'function') {
    throw chainError('WALLET_FEATURE_MISSING', { values: { feature: name } })
  }
  return async (...inputs) => {
    try {
      const outputs = await fn.apply(feature, inputs)
      if (!Array.isArray(outputs) || outputs.length !== inputs.length) {
        throw chainError('WALLET_UNEXPECTED_ANSWER', { details: `${name}: outputs` })
      }
      return outputs
    } catch (thrown) {
      throw asError(thrown)
    }
  }
}

function transactionParam(value: unknown): Uint8Array {
  const bytes = typeof value === 'string' ? base64Decode(value) : undefined
  if (!bytes?.length) throw invalid('transaction must be a base64 string')
  return bytes
}

function record(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw invalid('params must be an object')
  }
  return params as Record<string, unknown>
}

function signed(output: unknown): Uint8Array {
  const bytes = (output as { signedTransaction?: unknown })?.signedTransaction
  if (!(bytes instanceof Uint8Array)) {
    throw chainError('WALLET_NO_TRANSACTION')
  }
  return bytes
}

/**
 * Runs one raw Solana request against the connected wallet.
 *
 * @example
 * await routeRequest(ctx, 'solana_signMessage', { message: base58Message, pubkey })
 * // { signature: '5h…' }
 */
export async function routeRequest(
  ctx: RequestContext,
  method: string,
  params: unknown,
): Promise<unknown> {
  switch (method) {
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return ctx.accounts().map((a) => ({ pubkey: a.address }))
    case 'solana_signMessage': {
      const { message, pubkey } = record(params)
      const bytes = typeof message === 'string' ? base58Decode(message) : undefined
      if (!bytes) throw invalid('message must be a base58 string')
      const account = ctx.account(typeof pubkey === 'string' ? pubkey : undefined)
      const [output] = await featureCall(
        ctx.wallet,
        'solana:signMessage',
        'signMessage',
      )({
        account,
        message: bytes,
      })
      const signature = (output as { signature?: unknown })?.signature
      if (!(signature instanceof Uint8Array)) {
        throw chainError('WALLET_NO_SIGNATURE')
      }
      return { signature: base58Encode(signature) }
    }
    case 'solana_signTransaction': {
      const { transaction } = record(params)
      const account = ctx.account()
      const [output] = await featureCall(
        ctx.wallet,
        'solana:signTransaction',
        'signTransaction',
      )({
        account,
        transaction: transactionParam(transaction),
        chain: ctx.chain,
      })
      const bytes = signed(output)
      const signature = signatureOf(bytes, Uint8Array.from(account.publicKey))
      if (!signature) throw chainError('WALLET_DID_NOT_SIGN')
      return { signature: base58Encode(signature), transaction: base64Encode(bytes) }
    }
    case 'solana_signAllTransactions': {
      const { transactions } = record(params)
      if (!Array.isArray(transactions) || transactions.length === 0) {
        throw invalid('transactions must be a non-empty array of base64 strings')
      }
      const account = ctx.account()
      const outputs = await featureCall(
        ctx.wallet,
        'solana:signTransaction',
        'signTransaction',
      )(
        ...transactions.map((t) => ({
          account,
          transaction: transactionParam(t),
          chain: ctx.chain,
        })),
      )
      return { transactions: outputs.map((o) => base64Encode(signed(o))) }
    }
    case 'solana_signAndSendTransaction': {
      const { transaction, sendOptions } = record(params)
      const options = (typeof sendOptions === 'object' && sendOptions) || {}
      const account = ctx.account()
      const [output] = await featureCall(
        ctx.wallet,
        'solana:signAndSendTransaction',
        'signAndSendTransaction',
      )({
        account,
        transaction: transactionParam(transaction),
        chain: ctx.chain,
        options: { preflightCommitment: ctx.commitment, ...options },
      })
      const signature = (output as { signature?: unknown })?.signature
      if (!(signature instanceof Uint8Array)) {
        throw chainError('WALLET_NO_SIGNATURE')
      }
      return { signature: base58Encode(signature) }
    }
    default:
      throw Object.assign(
        adapterError('UNSUPPORTED_METHOD', {
          details: `${method} is not one of ${SOLANA_METHODS.join(', ')}`,
        }),
        { rpcCode: 4200 },
      )
  }
}
