// What the e-mail views share: the e-mail rule, the send throttle, the loaded embedded wallet
// and the code field's styles. They load with the email group (registry.ts).
import {
  $connections,
  $options,
  type ChainNamespace,
  type EmbeddedWalletLoaded,
  frameError,
  storage,
} from '@openmodal/core/internal'
import { css } from 'lit'

/** Spec §5/§9: 30 s between e-mail sends. */
export const EMAIL_SEND_GAP_MS = 30_000
/** Digits of a one-time code. */
export const OTP_LENGTH = 6

// The rule valibot's `email()` applies (the frame checks the same one): what passes here
// passes there.
const EMAIL = /^[\w+-]+(?:\.[\w+-]+)*@[\da-z]+(?:[.-][\da-z]+)*\.[a-z]{2,}$/iu

/**
 * Whether `value` is an e-mail address the frame accepts (spec §5; at most 254 characters).
 *
 * @example isEmail('ada@example.com') // true
 */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value)
}

/**
 * Seconds until another code may be sent (spec §5 "Please try again after N seconds"), from
 * the last send stored under `lastEmailLoginTime`; 0 when one may go now.
 *
 * @example secondsUntilNextSend(Date.now()) // 0 or 1..30
 */
export function secondsUntilNextSend(now: number = Date.now()): number {
  const last = storage.get('lastEmailLoginTime')
  if (last === undefined) return 0
  const left = last + EMAIL_SEND_GAP_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

/** Records a send for the throttle. */
export function recordSend(now: number = Date.now()): void {
  storage.set('lastEmailLoginTime', now)
}

/** The embedded wallet's id and its loaded frame side (loads it on first use). */
export async function embeddedWallet(): Promise<{ id: string; loaded: EmbeddedWalletLoaded }> {
  const entry = $options.get()?.embeddedWallet
  if (!entry) throw frameError('NO_AUTH_CONNECTOR')
  return { id: entry.id, loaded: await entry.load() }
}

/** Saves `email` as the e-mail login's, and shows it on its connections (after an update). */
export function setConnectionEmail(connectorId: string, email: string): void {
  storage.set('email', email)
  for (const [namespace, connection] of Object.entries($connections.get())) {
    if (connection?.connectorId !== connectorId) continue
    $connections.setKey(namespace as ChainNamespace, {
      ...connection,
      wallet: { ...connection.wallet, email },
    })
  }
}

/** Keeps only digits, at most `OTP_LENGTH` (a pasted "123 456" or "123-456" works). */
export const otpDigits = (value: string): string => value.replace(/\D/g, '').slice(0, OTP_LENGTH)

export const emailStyles = css`
  form {
    display: grid;
    gap: 12px;
    padding-block: 8px 16px;
  }

  label {
    font-weight: 600;
  }

  .field {
    display: grid;
    gap: 6px;
  }

  input {
    block-size: 40px;
    padding-inline: 12px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg);
    font: inherit;
    min-inline-size: 0;
  }

  input[aria-invalid='true'] {
    border-color: var(--wui-error);
  }

  input.otp {
    font-size: 1.5em;
    letter-spacing: 0.4em;
    text-align: center;
    font-variant-numeric: tabular-nums;
  }

  .status {
    min-block-size: 1.4em;
    overflow-wrap: anywhere;
  }

  .pending {
    display: flex;
    align-items: center;
    gap: 8px;
    color: var(--wui-fg-muted);
    margin: 0;
  }

  .row {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 8px;
  }

  .link {
    padding: 4px 8px;
    border: 0;
    border-radius: var(--wui-radius-s);
    background: transparent;
    color: var(--wui-accent);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }

  .link:disabled {
    color: var(--wui-fg-muted);
    cursor: default;
  }

  .intro {
    overflow-wrap: anywhere;
  }

  wui-spinner {
    --wui-spinner-size: 16px;
  }
`
