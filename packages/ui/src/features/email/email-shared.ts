// What the e-mail views share: the e-mail rule, the send throttle, the loaded embedded wallet,
// the e-mail field, the status lines, and their styles. They load with the
// email group (registry.ts). The e-mail rule itself is core's `isEmail`, which the frame checks
// too.
import {
  $connections,
  $options,
  BaseError,
  type ChainNamespace,
  type EmbeddedLoginStatus,
  type EmbeddedWalletLoaded,
  frameError,
  MAX_EMAIL_LENGTH,
  storage,
} from '@openmodal/core/internal'
import { css, html, nothing, type TemplateResult } from 'lit'
import '../../components/wui-spinner/wui-spinner.js'
import { tError } from '../../i18n/coded.js'
import { t } from '../../i18n/index.js'

/** Spec §5/§9: 30 s between e-mail sends. */
export const EMAIL_SEND_GAP_MS = 30_000

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

/**
 * The server's 429 through the frame (spec §5) in the visitor's language: "Please try again
 * after N seconds" with the seconds of its Retry-After; undefined for any other error (or a
 * 429 without a wait, which keeps the server's words).
 *
 * @example rateLimitText(error) ?? tError(error)
 */
export function rateLimitText(error: unknown): string | undefined {
  if (!(error instanceof BaseError) || error.code !== 'EMAIL_RATE_LIMITED') return undefined
  const seconds = error.values?.seconds
  return typeof seconds === 'number' && Number.isSafeInteger(seconds) && seconds > 0
    ? t('email.throttled', { seconds })
    : undefined
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

/** EIP-1193 "user rejected" (4001): the visitor cancelled in the secure frame. */
export const isCancel = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001

/**
 * The live line under a field (`#status`, which the fields name in `aria-describedby`): the
 * error when there is one, else a spinner and `pendingText` while a step runs.
 */
export function statusLine(
  message: string | undefined,
  pending: boolean,
  pendingText: string,
): TemplateResult {
  return html`<div class="status" part="status" id="status" aria-live="polite">
    ${
      message
        ? html`<p class="error-text" data-error>${message}</p>`
        : pending
          ? html`<p class="pending" data-pending>
            <wui-spinner aria-hidden="true"></wui-spinner>${pendingText}
          </p>`
          : nothing
    }
  </div>`
}

/**
 * The status line while the secure frame shows its code entry (login and e-mail update): the
 * frame's step in words ("Type the code in the secure window." once the mail left, "Use your
 * passkey or passphrase in the secure window." while it asks for the recovery factor, or
 * `recoveryText`), or the failure (a mail that could not be sent, in the kit's words, translated
 * by code).
 */
export function frameStatusLine(
  status: EmbeddedLoginStatus | undefined,
  error: string | undefined,
  pending: boolean,
  recoveryText: string = t('email.recoveryInFrame'),
): TemplateResult {
  const failed = status === 'mail_failed' ? tError(frameError('EMAIL_SEND_FAILED')) : undefined
  const text =
    status === 'recovery'
      ? recoveryText
      : status === 'verifying' || status === 'ready'
        ? t('email.verifying')
        : status === 'sent'
          ? t('email.typeInFrame')
          : t('email.sending')
  return statusLine(error ?? failed, pending && !failed, text)
}

/**
 * While the secure frame shows its code entry: its status line, and once the visitor closed
 * the entry (nothing pending), Try again (`part="retry-button"`) to show it again.
 */
export function frameCodeStep(
  status: EmbeddedLoginStatus | undefined,
  error: string | undefined,
  pending: boolean,
  retry: () => void,
): TemplateResult {
  return html`${frameStatusLine(status, error, pending)}
    ${
      pending
        ? nothing
        : html`<button class="button-secondary wide" type="button" part="retry-button" @click=${retry}>
          ${t('common.tryAgain')}
        </button>`
    }`
}

/** The e-mail field of the login and update views (at most 254 characters, spec §5). */
export function emailField(field: {
  label: string
  value: string
  pending: boolean
  invalid: boolean
  onInput(value: string): void
  onBlur(): void
}): TemplateResult {
  return html`<div class="field">
    <label for="email">${field.label}</label>
    <input
      id="email"
      part="input"
      type="email"
      name="email"
      autocomplete="email"
      autocapitalize="off"
      spellcheck="false"
      maxlength=${MAX_EMAIL_LENGTH}
      required
      .value=${field.value}
      ?disabled=${field.pending}
      aria-invalid=${field.invalid ? 'true' : 'false'}
      aria-describedby="status"
      @input=${(event: Event) => field.onInput((event.target as HTMLInputElement).value)}
      @blur=${() => field.onBlur()}
    />
  </div>`
}

/** The views' main button (Continue / Verify): submits its form. */
export function submitButton(label: string, disabled: boolean): TemplateResult {
  return html`<button class="button-primary wide" part="submit-button" type="submit" ?disabled=${disabled}>
    ${label}
  </button>`
}

/** The e-mail views' own styles, after `formStyles`: the one-time-code field, links, rows. */
export const emailStyles = css`
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
