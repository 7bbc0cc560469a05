import type { ReactiveElement } from 'lit'

const isReactive = (element: Element): element is ReactiveElement =>
  'updateComplete' in element && 'isUpdatePending' in element

function collect(root: ParentNode, into: ReactiveElement[]): ReactiveElement[] {
  for (const element of root.querySelectorAll('*')) {
    if (isReactive(element)) into.push(element)
    if (element.shadowRoot) collect(element.shadowRoot, into)
  }
  return into
}

/**
 * Resolves once every Lit element under `root` (through open shadow roots) has no update
 * pending, including elements that those updates created. Gives up after a few rounds so an
 * element that keeps requesting updates cannot hold it forever.
 *
 * @example await subtreeRendered(this.renderRoot)
 */
export async function subtreeRendered(root: ParentNode, rounds = 8): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const pending = collect(root, []).filter((element) => element.isUpdatePending)
    if (pending.length === 0) return
    await Promise.all(pending.map((element) => element.updateComplete))
  }
}
