// Rent failures get one clear message. Loaded with the transfer code (transfer.ts), so the
// transfer texts' table is not in the page's first JS.
import { type BaseError, transferError } from '@openmodal/core/internal'

/** SOL with up to 9 decimals, without trailing zeros: 890880n → '0.00089088'. */
export function formatSol(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/**
 * The error for a transfer that would leave an account under the rent-exempt minimum.
 * `who` is the account: the new recipient, or the sender's own.
 */
export function rentError(
  who: 'recipient' | 'sender',
  minimum: bigint,
  cause?: unknown,
): BaseError {
  return transferError(who === 'recipient' ? 'RENT_EXEMPT_MINIMUM' : 'RENT_SENDER_MINIMUM', {
    values: { amount: formatSol(minimum) },
    details:
      who === 'recipient'
        ? `A Solana account must hold the rent-exempt minimum (${minimum} lamports) when it is created.`
        : `An account must keep the rent-exempt minimum (${minimum} lamports) or be emptied entirely.`,
    ...(cause === undefined ? {} : { cause }),
  })
}

/** Account index of an `InsufficientFundsForRent` in an RPC error, its text or its err value. */
export function rentAccountIndex(error: unknown): number | undefined {
  const err = (error as { InsufficientFundsForRent?: { account_index?: unknown } })
    ?.InsufficientFundsForRent
  if (typeof err?.account_index === 'number') return err.account_index
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  const match = /account \((\d+)\) with insufficient funds for rent/.exec(text)
  if (match) return Number(match[1])
  const data = (error as { data?: { err?: unknown } })?.data?.err
  return data === undefined ? undefined : rentAccountIndex(data)
}
