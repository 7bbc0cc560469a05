// Catalog entries of core's coded texts: errors, alerts and toasts, keyed by core's codes. Their
// English lives in core (ERROR_MESSAGES, ALERTS, TOAST_MESSAGES); a catalog translates them by
// code, and a code it leaves out reads core's English.
import type { AlertCode, ErrorCode, KitErrorCode, ToastCode } from '@openmodal/core/internal'

export type CodeKey =
  | `error.${ErrorCode}`
  | `alert.${AlertCode}.title`
  | `alert.${AlertCode}.description`
  | `toast.${ToastCode}`

/**
 * A language's translations of core's codes for the modal shell. The codes only one lazily
 * loaded feature shows are translated in that feature's strings (`error.INSUFFICIENT_BALANCE` in
 * features/send/strings/), so they may be left out here; the completeness test checks that the
 * shell and the features together translate every code the kit builds an error from
 * (`KitErrorCode`). The others are `null`: their errors always carry words of their own (a value,
 * a server's or a wallet's message), which are shown as given.
 */
export interface CodeMessages {
  errors: Readonly<
    Partial<Record<KitErrorCode, string>> & Record<Exclude<ErrorCode, KitErrorCode>, null>
  >
  alerts: Readonly<Record<AlertCode, { title: string; description: string }>>
  toasts: Readonly<Record<ToastCode, string>>
}

/**
 * The catalog entries of `messages`.
 *
 * @example codeEntries(arCodes)['error.CONNECTION_REJECTED'] // 'رُفض الاتصال'
 */
export function codeEntries(messages: CodeMessages): Partial<Record<CodeKey, string>> {
  const entries: Partial<Record<CodeKey, string>> = {}
  for (const [code, text] of Object.entries(messages.errors)) {
    if (typeof text === 'string') entries[`error.${code as ErrorCode}`] = text
  }
  for (const [code, { title, description }] of Object.entries(messages.alerts)) {
    entries[`alert.${code as AlertCode}.title`] = title
    entries[`alert.${code as AlertCode}.description`] = description
  }
  for (const [code, text] of Object.entries(messages.toasts)) {
    entries[`toast.${code as ToastCode}`] = text
  }
  return entries
}
