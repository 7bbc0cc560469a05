// Focus helpers that see through shadow roots: the modal's content is several shadow trees deep.

/** The focused element, descending into open shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): HTMLElement | null {
  let active = root.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]'

function isTabbable(element: HTMLElement): boolean {
  if (!element.matches(FOCUSABLE) || element.tabIndex < 0) return false
  if (element.closest('[inert]')) return false
  return element.checkVisibility({ visibilityProperty: true })
}

/**
 * Tabbable elements under `root` in composed-tree order: shadow roots and slotted content
 * included, elements with `tabindex="-1"` (roving lists) and hidden ones left out.
 */
export function tabbables(root: Element): HTMLElement[] {
  const found: HTMLElement[] = []
  const visit = (node: Element) => {
    if (node instanceof HTMLElement && isTabbable(node)) found.push(node)
    if (node instanceof HTMLSlotElement) {
      for (const child of node.assignedElements({ flatten: true })) visit(child)
      return
    }
    const children = node.shadowRoot ? node.shadowRoot.children : node.children
    for (const child of Array.from(children)) visit(child)
  }
  visit(root)
  return found
}
