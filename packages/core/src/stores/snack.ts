// SnackController of the spec: one toast at a time.
import { map } from 'nanostores'
import type { ToastCode } from '../errors/messages.js'
import { onReset } from './reset.js'

export type SnackVariant = 'success' | 'error' | 'loading'

export interface SnackState {
  message: string
  variant: SnackVariant
  /** Icon name from the UI's icon set. */
  svg?: string
  open: boolean
  autoClose: boolean
  /** Stable code of a spec §8 toast (`TOKEN_BALANCE_UNAVAILABLE`), so the UI can translate it. */
  code?: ToastCode
  /** A link the toast offers (the transaction on the block explorer); http(s) only is shown. */
  link?: { href: string; label: string }
}

/** A new toast waits this long after an open one closes (spec §4). */
export const SNACK_REPLACE_DELAY_MS = 150
/** How long an auto-closing toast stays. */
export const SNACK_DURATION_MS = 2500

export const $snack = map<SnackState>({
  message: '',
  variant: 'success',
  open: false,
  autoClose: true,
})

let showTimer: ReturnType<typeof setTimeout> | undefined
let closeTimer: ReturnType<typeof setTimeout> | undefined

function clearTimers(): void {
  clearTimeout(showTimer)
  clearTimeout(closeTimer)
  showTimer = closeTimer = undefined
}

function display(next: Omit<SnackState, 'open'>): void {
  $snack.set({ ...next, open: true })
  if (next.autoClose) closeTimer = setTimeout(hideSnack, SNACK_DURATION_MS)
}

/**
 * Shows a toast. When one is open it closes and the new one appears 150 ms
 * later. Loading toasts stay until replaced or hidden.
 * @example showSnack('Address copied', { variant: 'success' })
 */
export function showSnack(
  message: string,
  options: {
    variant?: SnackVariant
    svg?: string
    autoClose?: boolean
    code?: ToastCode
    link?: { href: string; label: string }
  } = {},
): void {
  const variant = options.variant ?? 'success'
  const next = {
    message,
    variant,
    autoClose: options.autoClose ?? variant !== 'loading',
    ...(options.svg ? { svg: options.svg } : {}),
    ...(options.code ? { code: options.code } : {}),
    ...(options.link ? { link: options.link } : {}),
  }
  const wasOpen = $snack.get().open || showTimer !== undefined
  clearTimers()
  if (!wasOpen) {
    display(next)
    return
  }
  $snack.setKey('open', false)
  showTimer = setTimeout(() => {
    showTimer = undefined
    display(next)
  }, SNACK_REPLACE_DELAY_MS)
}

/** @example hideSnack() */
export function hideSnack(): void {
  clearTimers()
  $snack.setKey('open', false)
}
onReset(hideSnack)
