import { BROWSER } from 'esm-env'

/**
 * Defines `tag` unless something already did (a second copy of the kit, or a host that
 * registered its own): defining twice throws. Where there is no registry (a server whose
 * Lit build brings no DOM shim) it does nothing, so importing an element never throws.
 *
 * @example
 * define('w3m-modal', W3mModal)
 */
export function define(tag: string, element: CustomElementConstructor): void {
  // Browser builds drop this check (BROWSER is `true` there, see create-modal.ts).
  if (!BROWSER && typeof customElements === 'undefined') return
  if (!customElements.get(tag)) customElements.define(tag, element)
}
