/**
 * Defines `tag` unless something already did (a second copy of the kit, or a host that
 * registered its own): defining twice throws.
 *
 * @example
 * define('w3m-modal', W3mModal)
 */
export function define(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element)
}
